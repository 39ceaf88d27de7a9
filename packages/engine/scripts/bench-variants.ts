// pnpm --filter @pkg/engine bench:variants — the cost of variant-level filtering: filter answers
// with the filter tree on the seeded synthetic catalog (100,000 products by default), with one
// variant option selected (the others counted variant by variant), two (the result narrowed to
// products with one variant that has both), two with a price range (one variant with both in
// range; and with a price range never asked before, as while dragging a slider), and a text
// search with one. Prints p50 / p95 in ms
// and the load average. Not part of the test command; the README keeps the last output.
import { loadavg } from 'node:os';
import { BENCH_TREE } from './bench-tree';
import { createEngine } from '../src/create-engine';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';

const size = Number(process.argv[2] ?? 100_000);
/** Only the query classes whose label contains this (e.g. "price"), when given. */
const only = process.argv[3] ?? '';
const catalog = { ...generateCatalog({ products: size, seed: 42 }), filterTree: BENCH_TREE };
const rnd = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const colors = ['Black', 'White', 'Red', 'Blue', 'Navy', 'Gray'];
const sizes = ['S', 'M', 'L', 'XL'];
const queries = Array.from({ length: 300 }, () => ({ color: pick(colors), size: pick(sizes) }));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;

const t0 = performance.now();
const e = createEngine(catalog);
console.log(`${size} products, index built in ${(performance.now() - t0).toFixed(0)} ms`);
let fresh = 0;
const classes: Array<[string, (q: { color: string; size: string }) => unknown]> = [
  ['one option (Color)', (q) => e.filter({ build_filter_tree: 'true', 'pf_opt_color[]': q.color })],
  ['two options (Color + Size)', (q) => e.filter({ build_filter_tree: 'true', 'pf_opt_color[]': q.color, 'pf_opt_size[]': q.size })],
  ['two options, in-stock variants', (q) => e.filter({ build_filter_tree: 'true', variant_available: 'true', 'pf_opt_color[]': q.color, 'pf_opt_size[]': q.size })],
  ['two options + price 20-60 (the same variant)', (q) => e.filter({ build_filter_tree: 'true', 'pf_opt_color[]': q.color, 'pf_opt_size[]': q.size, pf_p_price: '20:60' })],
  // A range never asked before each time (as while dragging a slider): nothing kept for it.
  ['two options + a new price range each query', (q) => e.filter({ build_filter_tree: 'true', 'pf_opt_color[]': q.color, 'pf_opt_size[]': q.size, pf_p_price: `${15 + (++fresh % 30)}.${fresh % 100}:${50 + (fresh % 40)}` })],
  ['text + one option', (q) => e.search({ build_filter_tree: 'true', q: 'cotton', 'pf_opt_color[]': q.color })],
];
console.log('| query class | p50 ms | p95 ms |\n|---|---|---|');
for (const [label, run] of classes.filter(([l]) => l.includes(only))) {
  for (const q of queries.slice(0, 30)) run(q);
  const times = queries.map((q) => {
    const t = performance.now();
    run(q);
    return performance.now() - t;
  });
  console.log(`| ${label} | ${pct(times, 0.5).toFixed(2)} | ${pct(times, 0.95).toFixed(2)} |`);
}
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (${new Date().toISOString().slice(0, 10)})`);
