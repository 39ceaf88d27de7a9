// A/B of the shop bench's text + facet queries (scripts/bench-shop.ts: one word of 18 and one of 12
// colours, the filter tree with tags) in one process: this working tree against a git ref (default
// main), each side's engine bundled from its own sources over the same 100,000-product shop-density
// catalogue. Each round runs the 200 queries on one side, then on the other (the first side
// alternates), so a loaded machine weighs on both alike; answers are checked equal first.
//   node scripts/ab-query.mjs [--base=main] [--size=100000] [--rounds=30]
// Prints each round's p50 per side, then the medians from round 3 on: p50, process CPU per query
// and the ratio of the two p50s in a round. (Queries interleaved one by one instead would measure
// each side with the other's index in the caches: both came out about 0.93 ms, bench/query-path.md.)
// (Not part of the tests; run from packages/engine after `pnpm turbo run build --filter=@pkg/engine^...`.)
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, baseSources, bundleSource, pkg } from './ab-sources.mjs';

const base = arg('base', 'main');
const size = Number(arg('size', '100000'));
const rounds = Number(arg('rounds', '30'));
const { sha, baseDir, cache } = baseSources('ab-query', base);
// One entry per side: an engine's search over the bench's catalogue and tree, as createEngine answers it.
const ENTRY = `import { createContext } from '../src/engine-context';
import { filterAnswer } from '../src/endpoints/filter';
import { generateCatalog } from '../src/synthetic-catalog';
import { SHOP_BENCH_TREE } from './bench-tree';
export function make(size) {
  const catalog = generateCatalog({ products: size, seed: 42, profile: 'shop' });
  catalog.filterTree = SHOP_BENCH_TREE;
  const ctx = createContext(catalog, {});
  return (p) => filterAnswer(ctx, ctx.parse(p, true), true);
}
`;
const bundle = (root, out) => bundleSource(root, 'ab-query-entry', ENTRY, out);
const sides = {
  base: bundle(baseDir, join(cache, 'base.mjs')),
  this: bundle(pkg, join(cache, 'this.mjs')),
};
const run = {};
for (const [k, file] of Object.entries(sides)) run[k] = (await import(pathToFileURL(file).href)).make(size);

// The bench's draw: a word and a colour per query.
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige', 'Pink', 'Brown', 'Teal'];
const words = ['cotton', 'linen', 'wool', 'leather', 'denim', 'shirt', 'jacket', 'sneakers', 'backpack', 'vintage', 'classic', 'summit', 'coastal', 'mug', 'lamp', 'chair', 'merino', 'walnut'];
const queries = Array.from({ length: 200 }, () => ({ build_filter_tree: 'true', 'pf_opt_color[]': [pick(colors)], q: pick(words) }));
for (const q of queries) if (JSON.stringify(run.base(q)) !== JSON.stringify(run.this(q))) throw new Error(`answers differ on ${JSON.stringify(q)}`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const p50 = { base: [], this: [] };
const cpu = { base: [], this: [] };
console.log(`base ${base} (${sha.slice(0, 12)}) against this tree, ${size} products, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['base', 'this'] : ['this', 'base']) {
    const times = [];
    const c0 = process.cpuUsage();
    for (const q of queries) {
      const t = performance.now();
      run[k](q);
      times.push(performance.now() - t);
    }
    const c = process.cpuUsage(c0);
    cpu[k].push((c.user + c.system) / 1000 / queries.length);
    p50[k].push(median(times));
  }
  console.log(`round ${r}: p50 base ${p50.base[r].toFixed(3)} ms, this ${p50.this[r].toFixed(3)} ms`);
}
const from = Math.min(2, rounds - 1);
const ratio = median(p50.this.slice(from).map((t, i) => t / p50.base[from + i]));
console.log(`rounds ${from + 1}-${rounds}: p50 base ${median(p50.base.slice(from)).toFixed(3)} ms, this ${median(p50.this.slice(from)).toFixed(3)} ms; CPU per query base ${median(cpu.base.slice(from)).toFixed(3)} ms, this ${median(cpu.this.slice(from)).toFixed(3)} ms; this / base p50 (median of rounds) ${ratio.toFixed(3)}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
