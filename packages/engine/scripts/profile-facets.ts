// Times the bench's facet query class (scripts/bench.ts) on its own, for profiling:
//   pnpm exec tsup scripts/profile-facets.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node [--cpu-prof] node_modules/.cache/engine-scripts/profile-facets.js [products] [rounds]
// FRESH=1 draws new queries every round, WARM10K=1 first runs queries on a 10,000-product engine
// (as the bench does), COLLECTIONS=1 runs collection pages instead (a collection scope alone, or
// with one vendor selected), and `... profile-facets.js 100000 dump` prints a hash of 200 answers,
// to check that a change leaves every answer as it was.
import { BENCH_TREE } from './bench-tree';
import { createEngine } from '../src/create-engine';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';

const size = Number(process.argv[2] ?? 100000);
if (process.env.WARM10K) {
  // As in the bench: the same code runs the 10,000-product queries first.
  const small = generateCatalog({ products: 10000, seed: 42 });
  small.filterTree = BENCH_TREE;
  const e10 = createEngine(small);
  const r10 = seededRandom(7);
  const v10 = [...new Set(small.products.map((p) => p.vendor))].slice(0, 20);
  for (let i = 0; i < 200; i++) e10.filter({ build_filter_tree: 'true', 'pf_v_vendor[]': [v10[Math.floor(r10() * 20)]!], 'pf_opt_color[]': ['Black', 'Gray', 'Red'][i % 3]! });
}
const catalog = generateCatalog({ products: size, seed: 42 });
catalog.filterTree = BENCH_TREE;
const e = createEngine(catalog);
const rnd = seededRandom(Number(process.env.SEED ?? 7));
const vc = new Map<string, number>();
for (const p of catalog.products) vc.set(p.vendor, (vc.get(p.vendor) ?? 0) + 1);
const top = [...vc.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([v]) => v);
const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige'];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
const collections = [...new Set(catalog.products.flatMap((p) => p.collections))].sort();
interface Q { vendor: string[]; color: string[]; scope?: string }
const draw = (): Q => process.env.COLLECTIONS
  ? { scope: pick(collections), vendor: rnd() < 0.5 ? [] : [pick(top)], color: [] }
  : { vendor: rnd() < 0.5 ? [pick(top)] : [pick(top), pick(top)], color: [pick(colors)] };
const qs = Array.from({ length: 200 }, draw);
const run = (q: Q) => e.filter({ build_filter_tree: 'true', 'pf_v_vendor[]': q.vendor, 'pf_opt_color[]': q.color, ...(q.scope ? { collection_scope: q.scope } : {}) });
if (process.argv[3] === 'dump') {
  console.log(JSON.stringify(qs.slice(0, 50).map(run)).length);
  const crypto = await import('node:crypto');
  console.log(crypto.createHash('sha1').update(JSON.stringify(qs.map(run))).digest('hex'));
  process.exit(0);
}
for (const q of qs.slice(0, 5)) run(q);
const rounds = Number(process.argv[3] ?? 5);
for (let r = 0; r < rounds; r++) {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  if (process.env.FRESH) qs.splice(0, qs.length, ...Array.from({ length: 200 }, draw));
  for (const q of qs) {
    const t = performance.now();
    run(q);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpu0);
  console.log(`round ${r}: p50 ${times[100]!.toFixed(3)} ms, p95 ${times[190]!.toFixed(3)} ms, cpu/query ${((cpu.user + cpu.system) / 200 / 1000).toFixed(3)} ms`);
}
