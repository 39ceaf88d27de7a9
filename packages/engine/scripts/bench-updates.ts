// pnpm bench:updates — live catalogue updates on the shop-density catalogue (generateCatalog with
// profile 'shop', filter tree with the tags facet) at 100,000 products (`-- --sizes=10000,100000`
// picks sizes). Prints per size p50 / p99 of one update applied alone (engine.applyProductUpdates
// with one product), for each kind: update (price, title and a tag changed), create (a new
// product) and delete; then what the next query pays after an update: a facet query (per-option
// memos dropped by the update are rebuilt on use; the variant tables are brought up to date,
// variant-tables.ts, and on every other sample built again as before, for an A/B in one run), and a text query and a suggestion (the text
// index is changed in place by an update, and the suggestion phrases built again); then a price and stock
// change alone (`reprice`: the text index stays) and the text query after it. Every answer after the run is checked against a fresh
// build of the same products. Then a snapshot (writeCatalogSnapshot) of the catalogue: its
// write time and size, and a replica's start: reading it and making an engine from it, then its
// first answers (checked equal to the built engine's). Not part of the test command; the
// committed output is in bench/updates.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../src/catalog-snapshot';
import type { CatalogProduct } from '../src/catalog';
import type { ProductUpdate } from '../src/catalog-updates';
import { createEngine } from '../src/create-engine';
import type { Engine } from '../src/engine-types';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';
import { variantCarry } from '../src/variant-tables';
import { SHOP_BENCH_TREE } from './bench-tree';

const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
const SIZES = sizesArg ? sizesArg.slice(8).split(',').map(Number) : [100_000];
const roundsArg = process.argv.find((a) => a.startsWith('--rounds='));
const PER_KIND = roundsArg ? Number(roundsArg.slice(9)) : 300;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};
const time = (fn: () => unknown) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const f2 = (x: number) => x.toFixed(x < 10 ? 2 : 0);

function benchSize(size: number): string[] {
  const catalog = generateCatalog({ products: size, seed: 42, profile: 'shop' });
  catalog.filterTree = SHOP_BENCH_TREE;
  const e: Engine = createEngine(catalog);
  const rnd = seededRandom(5);
  const products = catalog.products;
  const some = () => products[Math.floor(rnd() * products.length)] as CatalogProduct;
  const facetQuery = () => ({ build_filter_tree: 'true', 'pf_v_vendor[]': some().vendor, 'pf_opt_color[]': 'Red' });
  // Warm up: sort orders, lookups, histograms, the first text index.
  e.filter({ build_filter_tree: 'true', sort: 'price-ascending' });
  e.filter({ build_filter_tree: 'true', sort: 'title-ascending' });
  e.filter(facetQuery());
  e.search({ q: 'shirt' });
  // (and suggest's phrases and precomputed prefixes, built on the first suggestion)
  e.suggest({ q: 'sh' });
  e.products([products[0]?.id ?? '']);
  const times: Record<'update' | 'create' | 'delete' | 'facets after' | 'facets after, tables built again (before)' | 'text after' | 'suggest after' | 'reprice' | 'text after a reprice' | 'suggest after a reprice', number[]> = {
    update: [], create: [], delete: [], 'facets after': [], 'facets after, tables built again (before)': [], 'text after': [], 'suggest after': [], reprice: [], 'text after a reprice': [], 'suggest after a reprice': [],
  };
  const deleted = new Set<string>();
  let created = 0;
  const apply = (kind: 'update' | 'create' | 'delete', u: ProductUpdate) => times[kind].push(time(() => e.applyProductUpdates([u])));
  for (let k = 0; k < PER_KIND; k++) {
    // A/B in the same run: every other sample (the ten rounds of updates before it), the variant
    // tables are built again on the next query (as before variant-tables.ts) instead of being
    // brought up to date.
    const carry = Math.ceil(k / 10) % 2 === 0;
    variantCarry.on = carry;
    let p = some();
    while (deleted.has(p.id)) p = some();
    apply('update', { op: 'upsert', product: { ...p, title: `${p.title} Edition ${k}`, tags: [...p.tags.slice(1), `live-${k % 7}`], variants: p.variants.map((v) => ({ ...v, price: v.price + 1 })) } });
    const model = some();
    apply('create', { op: 'upsert', product: { ...model, id: `live-${created}`, handle: `live-${created++}`, title: `New ${model.title}` } });
    let gone = some();
    while (deleted.has(gone.id)) gone = some();
    deleted.add(gone.id);
    apply('delete', { op: 'delete', id: gone.id });
    // What the next query pays, on a sample of the rounds.
    if (k % 10 === 0) {
      times[carry ? 'facets after' : 'facets after, tables built again (before)'].push(time(() => e.filter(facetQuery())));
      times['text after'].push(time(() => e.search({ q: 'edition', build_filter_tree: 'true' })));
      times['suggest after'].push(time(() => e.suggest({ q: 'edi' })));
    }
  }
  // Price and stock changes only (the most frequent webhook): the text index stays.
  for (let k = 0; k < PER_KIND / 10; k++) {
    let p = some();
    while (deleted.has(p.id)) p = some();
    times['reprice'].push(time(() => e.applyProductUpdates([{ op: 'upsert', product: { ...p, variants: p.variants.map((v) => ({ ...v, price: v.price + 2, available: !v.available })) } }])));
    times['text after a reprice'].push(time(() => e.search({ q: 'edition', build_filter_tree: 'true' })));
    // A prefix with many matches: its precomputed answer is kept unless the product holds its words.
    times['suggest after a reprice'].push(time(() => e.suggest({ q: 'co' })));
  }
  // The answers after every update equal a fresh build's.
  const fresh = createEngine({ ...catalog, products: e.catalog.products });
  const calls = ['/api/filter?build_filter_tree=true', '/api/filter?build_filter_tree=true&pf_opt_color[]=Red&sort=title-ascending', '/api/search?q=edition&build_filter_tree=true', '/api/suggest?q=new'];
  for (const url of calls) if (e.handle({ method: 'GET', url }).body !== fresh.handle({ method: 'GET', url }).body) throw new Error(`answers differ from a fresh build: ${url}`);
  const rows = Object.entries(times).map(([kind, xs]) => `| ${size.toLocaleString('en')} | ${kind} | ${xs.length} | ${f2(pct(xs, 0.5))} | ${f2(pct(xs, 0.99))} |`);
  snapshots.push(benchSnapshot(size, catalog));
  return rows;
}

const snapshots: string[] = [];
function benchSnapshot(size: number, catalog: ReturnType<typeof generateCatalog>): string {
  const dir = mkdtempSync(join(tmpdir(), 'engine-bench-snapshot-'));
  try {
    const file = join(dir, 'catalog.snapshot');
    let bytes = 0;
    const write = time(() => (bytes = writeCatalogSnapshot(file, catalog)));
    let read: ReturnType<typeof readCatalogSnapshot> | null = null;
    const load = time(() => (read = readCatalogSnapshot(file)));
    let replica: Engine | null = null;
    const ready = time(() => (replica = createEngine(read as never)));
    const r = replica as unknown as Engine;
    const built = createEngine(catalog);
    const calls = ['/api/filter?build_filter_tree=true', '/api/filter?build_filter_tree=true&pf_t_tag[]=' + encodeURIComponent(catalog.products[0]?.tags[0] ?? ''), '/api/search?q=shirt&build_filter_tree=true', '/api/suggest?q=sh'];
    const first = time(() => r.handle({ method: 'GET', url: calls[0] as string }));
    for (const url of calls) if (r.handle({ method: 'GET', url }).body !== built.handle({ method: 'GET', url }).body) throw new Error(`a replica answers differently: ${url}`);
    return `| ${size.toLocaleString('en')} | ${f2(write)} | ${(bytes / 1e6).toFixed(0)} | ${f2(load)} | ${f2(ready)} | ${f2(load + ready)} | ${f2(first)} |`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[] = [];
for (const size of SIZES) rows.push(...benchSize(size));
const load = loadavg().map((x) => x.toFixed(2)).join(', ');
console.log(`Live updates (pnpm bench:updates), ${cpus().length} cores, load average ${load}, Node ${process.version}\n`);
console.log('| products | step | samples | p50 ms | p99 ms |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log('\nAll answers after the run equal a fresh build of the same products.\n');
console.log('| products | snapshot write ms | MB | read ms | engine from it ms | replica ready ms | first answer ms |\n|---|---|---|---|---|---|---|');
console.log(snapshots.join('\n'));
console.log('\nThe replica answers byte for byte as the engine built from the catalogue.');
