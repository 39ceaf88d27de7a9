// Times the shop bench's text + facet and suggest query classes (scripts/bench-shop.ts) on their
// own, for profiling:
//   pnpm exec tsup scripts/profile-text.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node [--cpu-prof] node_modules/.cache/engine-scripts/profile-text.js [products] [rounds]
// `... profile-text.js 100000 dump` prints a hash of every answer instead (suggest and text, with
// more prefixes than the bench draws), to check that a change leaves every answer as it was.
// ONLY=text or ONLY=suggest times one class alone; COLD=1 draws suggest terms that are all new.
import { createHash } from 'node:crypto';
import { createContext } from '../src/engine-context';
import { filterAnswer } from '../src/endpoints/filter';
import { suggest as suggestOf, suggestTopsStats } from '../src/endpoints/suggest';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';
import { SHOP_BENCH_TREE } from './bench-tree';

const size = Number(process.argv[2] ?? 100000);
const rounds = Number(process.argv[3] ?? 5);
const catalog = generateCatalog({ products: size, seed: 42, profile: 'shop' });
catalog.filterTree = SHOP_BENCH_TREE;
let t0 = performance.now();
// The engine's own endpoints over its context (createEngine's search and suggest), so that the
// precomputed suggest answers can be measured.
const ctx = createContext(catalog, {});
const e = {
  search: (p: Record<string, string | string[]>) => filterAnswer(ctx, ctx.parse(p, true), true),
  suggest: (p: Record<string, string>) => suggestOf(ctx, p),
};
process.stderr.write(`built in ${(performance.now() - t0).toFixed(0)} ms\n`);
if (process.argv[3] !== 'dump') {
  const t = suggestTopsStats(ctx);
  console.log(`suggest: ${t.prefixes} prefixes precomputed in ${t.buildMs.toFixed(0)} ms, ${(t.bytes / 1024).toFixed(1)} KiB`);
}
const rnd = seededRandom(7);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige', 'Pink', 'Brown', 'Teal'];
const words = ['cotton', 'linen', 'wool', 'leather', 'denim', 'shirt', 'jacket', 'sneakers', 'backpack', 'vintage', 'classic', 'summit', 'coastal', 'mug', 'lamp', 'chair', 'merino', 'walnut'];
const text = Array.from({ length: 200 }, () => ({ build_filter_tree: 'true', 'pf_opt_color[]': [pick(colors)], q: pick(words) }));
// COLD=1: every suggest term is new (prefixes of 2-5 letters of the catalogue's title words, each once).
const coldTerms = [...new Set(catalog.products.slice(0, 2000).flatMap((p) => p.title.toLowerCase().split(/\s+/).flatMap((w) => [2, 3, 4, 5].map((l) => w.slice(0, l)))))];
const suggest = process.env.COLD ? coldTerms.map((q) => ({ q })) : Array.from({ length: 200 }, () => ({ q: pick(words).slice(0, 2 + Math.floor(rnd() * 4)) }));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

if (process.argv[3] === 'dump') {
  const extra = ['c', 'co', 'cot', 'cott', 'blue sh', 'blu', 'walnut ch', 'zzq', 'cottn', 'lether', 'vintage leather jacket', 'sneakr', 'a', 'linen sh', 'merino wool', 'x'];
  const h = createHash('sha256');
  for (const w of words) for (let l = 1; l <= w.length; l++) h.update(JSON.stringify(e.suggest({ q: w.slice(0, l) })));
  for (const q of extra) {
    h.update(JSON.stringify(e.suggest({ q })));
    h.update(JSON.stringify(e.search({ q, build_filter_tree: 'true' })));
  }
  for (const q of text.slice(0, 60)) h.update(JSON.stringify(e.search(q)));
  for (const q of words) h.update(JSON.stringify(e.search({ q, sort: 'relevance', limit: '48' })));
  console.log(h.digest('hex'));
} else {
  const seen = new Set<string>();
  const first: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const ts: number[] = [];
    const tt: number[] = [];
    // CPU time of the round's text queries (less sensitive than wall time on a loaded machine).
    let cpu = 0;
    for (let i = 0; i < 200; i++) {
      if (process.env.ONLY !== 'suggest') {
        const c0 = process.cpuUsage();
        t0 = performance.now();
        e.search(text[i] as Record<string, string | string[]>);
        tt.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu += (c.user + c.system) / 1000;
      }
      if (process.env.ONLY !== 'text') {
        t0 = performance.now();
        e.suggest(suggest[(r * 200 + i) % suggest.length] as Record<string, string>);
        ts.push(performance.now() - t0);
        const q = (suggest[(r * 200 + i) % suggest.length] as Record<string, string>).q as string;
        if (!seen.has(q)) first.push(ts[ts.length - 1] as number);
        seen.add(q);
      }
    }
    console.log(`round ${r}: text + facet p50 ${tt.length ? median(tt).toFixed(3) : '-'} ms (CPU ${tt.length ? (cpu / tt.length).toFixed(3) : '-'} ms a query), suggest p50 ${ts.length ? median(ts).toFixed(3) : '-'} ms`);
    if (first.length) console.log(`  suggest p50 of each term's first time (${first.length} terms so far) ${median(first).toFixed(3)} ms, slowest ${Math.max(...first).toFixed(3)} ms`);
  }
}
