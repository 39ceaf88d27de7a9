// Times the engine's build at shop density (scripts/bench-shop.ts's catalogue) on its own, and one
// live update after it, for profiling:
//   pnpm exec tsup scripts/profile-build.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node [--cpu-prof] node_modules/.cache/engine-scripts/profile-build.js [products] [builds]
// (scripts/ab-build.mjs runs it for this tree and a git ref in turns.)
// Prints each build's wall and process CPU time and the garbage collections within it, then three single live updates on the last engine.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import type { CatalogProduct } from '../src/catalog';
import { createEngine } from '../src/create-engine';
import { generateCatalog } from '../src/synthetic-catalog';
import { SHOP_BENCH_TREE } from './bench-tree';

const size = Number(process.argv[2] ?? 100000);
const builds = Number(process.argv[3] ?? 2);
const catalog = generateCatalog({ products: size, seed: 42, profile: 'shop' });
catalog.filterTree = SHOP_BENCH_TREE;
// Garbage collections, to count those within each build.
const collections: PerformanceEntry[] = [];
new PerformanceObserver((list) => collections.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
const gcWithin = async (from: number, to: number): Promise<string> => {
  await new Promise((r) => setTimeout(r, 0));
  const inside = collections.filter((e) => e.startTime >= from && e.startTime <= to);
  return `${inside.reduce((t, e) => t + e.duration, 0).toFixed(0)} ms in ${inside.length}`;
};
let engine: ReturnType<typeof createEngine> | null = null;
for (let i = 0; i < builds; i++) {
  engine = null;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  engine = createEngine(catalog);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  process.stdout.write(`build ${i + 1}: wall ${(wall / 1000).toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, garbage collection ${await gcWithin(t0, t0 + wall)}\n`);
}
const e = engine as ReturnType<typeof createEngine>;
const changed = (k: number): CatalogProduct => {
  const p = catalog.products[k] as CatalogProduct;
  return { ...p, title: `${p.title} Edition ${k}`, tags: [...p.tags.slice(1), 'live-update'], variants: p.variants.map((v) => ({ ...v, price: v.price + 1 })) };
};
for (const k of [1, 2, 3]) {
  const t0 = performance.now();
  e.applyProductUpdates([{ op: 'upsert', product: changed(k * 97) }]);
  process.stdout.write(`update ${k}: ${(performance.now() - t0).toFixed(2)} ms\n`);
}
