// The index built from objects or from the product store's records (the build step of
// importProductsFile), on the same normalised products: `node ab-staged.js <products> <objects|records>`
// in a fresh process per run. `objects`: createEngine over the
// products (ProductStore.build writes each record and indexes the object). `records`: the products
// written into a store first (catalogFromProducts), the objects let go, then createEngine indexes
// each product read back from its record. Prints the build's wall and process CPU seconds. Run:
//   pnpm exec tsup scripts/ab-staged.ts --no-config --format esm --platform node --target node20 --out-dir node_modules/.cache/engine-scripts --silent
//   node --expose-gc --max-old-space-size=8192 node_modules/.cache/engine-scripts/ab-staged.js 100000 records
import type { Catalog } from '../src/catalog';
import { createEngine } from '../src/create-engine';
import { catalogFromProducts } from '../src/staged-products';
import { generateCatalog } from '../src/synthetic-catalog';
import { asImported, SHOP_BENCH_TREE, settledMemory } from './bench-tree';

const size = Number(process.argv[2] ?? 100_000);
const mode = process.argv[3] === 'records' ? 'records' : 'objects';
let catalog: Catalog = asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' }));
catalog.filterTree = SHOP_BENCH_TREE;
let stagingCpu = 0;
if (mode === 'records') {
  const c0 = process.cpuUsage();
  const staged = await catalogFromProducts(catalog.products, { filterTree: SHOP_BENCH_TREE, collections: catalog.collections ?? [] });
  const c = process.cpuUsage(c0);
  stagingCpu = (c.user + c.system) / 1e6;
  catalog = staged;
}
await settledMemory();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const engine = createEngine(catalog);
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ size, mode, wall: +wall.toFixed(2), cpu: +((cpu.user + cpu.system) / 1e6).toFixed(2), stagingCpu: +stagingCpu.toFixed(2), products: engine.catalog.products.length }));
