// pnpm bench:engine — the engine on catalogues at the density of real shops (generateCatalog with
// profile 'shop': 60 types, 200 vendors specialised by type, ~7.5 tags per product from 1,500 Zipf
// tags, 25 colours x 10 sizes, ~4.9 variants per product) at 10,000 and 100,000 products
// (`-- --1m` adds 1,000,000; `-- --sizes=10000` picks sizes), with a mixed workload: facet, range, text and suggest queries
// interleaved, each a different query, so no answer is served from a cache of an earlier one.
// Prints per size: build time, heap + outside-heap memory, shared arrays included (the catalogue objects the engine is built
// from, and the engine alone once they are let go: its product store and index), p50 / p95 per query class, one live update, a batch of 100, and a snapshot's write and
// load; then the growth of each figure from size to size. Facet counts are checked exactly on every
// query class that has them (a plain scan for facets and ranges, the totals of narrowed queries for
// text). The build uses a build thread (createBuildThread, README "Build thread"; `-- --one-thread`
// builds without). `-- --import` instead times the build including the import from a file (the
// platform's export written to a temporary file, then read back in a fresh process:
// scripts/bench-import.ts). Not part of the test command; the committed output is in the package README.
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogProduct } from '../src/catalog';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../src/catalog-snapshot';
import { createEngine } from '../src/create-engine';
import { createBuildThread } from '../src/node-build-thread';
import type { Engine } from '../src/engine-types';
import { productStats } from '../src/product-stats';
import { generateCatalog } from '../src/synthetic-catalog';
import { benchImport, importChild } from './bench-import';
import { asImported, SHOP_BENCH_TREE, settledMemory } from './bench-tree';
import { type Query, QUERIES_PER_CLASS, type Selection, workload } from './shop-workload';

const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
const SIZES = sizesArg ? sizesArg.slice(8).split(',').map(Number) : process.argv.includes('--1m') ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
// The build's second thread, as a Node server would give it (a thread failure stops the bench).
const buildThread = process.argv.includes('--one-thread') ? undefined : createBuildThread({ onError: (e) => { throw e; } });
/** Queries per class checked against the reference (all of them at 10,000 products). */
const CHECKED = (size: number) => (size <= 10_000 ? QUERIES_PER_CLASS : 25);

const COUNTED = { pf_v_vendor: 'vendor', pf_pt_product_type: 'type', pf_opt_color: 'color', pf_opt_size: 'size', pf_t_tag: 'tags', pf_st_stock: 'stock' } as const;
type Field = (typeof COUNTED)[keyof typeof COUNTED];

// Node counts a SharedArrayBuffer (the build thread's arrays) in `arrayBuffers` but not in
// `external`; other array buffers are in both. The larger of the two is the engine's outside-heap
// memory with the shared arrays in (short of the few MB of non-buffer external memory when shared
// arrays are held).
async function memory(): Promise<number> {
  const m = await settledMemory();
  return m.heapUsed + Math.max(m.external, m.arrayBuffers);
}

interface Flat { vendor: string; type: string; color: string[]; size: string[]; tags: string[]; stock: string; price: number; rating: number }
function flat(p: CatalogProduct): Flat {
  const s = productStats(p);
  const values = (name: string) => {
    const i = p.options.findIndex((o) => o.name === name);
    return i < 0 ? [] : [...new Set(p.variants.map((v) => v.options[i]).filter((x): x is string => !!x))];
  };
  return { vendor: p.vendor, type: p.productType, color: values('Color'), size: values('Size'), tags: p.tags, stock: s.available ? 'in-stock' : 'out-of-stock', price: s.priceMin, rating: p.rating };
}

/** Disjunctive counts by a plain scan: each option counts under every selection but its own. */
function reference(docs: Flat[], s: Selection) {
  const any = (vals: string[], sel?: string[]) => !sel || vals.some((v) => sel.includes(v));
  const keep = (d: Flat, skip: string) =>
    (skip === 'vendor' || any([d.vendor], s.vendor)) && (skip === 'color' || any(d.color, s.color)) && (skip === 'tags' || any(d.tags, s.tags)) &&
    (s.lo === undefined || (d.price >= s.lo && d.price <= (s.hi as number))) && (s.rating === undefined || (d.rating > 0 && d.rating >= s.rating)) && (skip === 'stock' || !s.stock || d.stock === 'in-stock');
  const counts = {} as Record<Field, Map<string, number>>;
  for (const f of Object.values(COUNTED)) {
    const m = new Map<string, number>();
    for (const d of docs) {
      if (!keep(d, f)) continue;
      const v = d[f];
      for (const x of Array.isArray(v) ? v : [v]) m.set(x, (m.get(x) ?? 0) + 1);
    }
    counts[f] = m;
  }
  return { total: docs.filter((d) => keep(d, '')).length, counts };
}

type Answer = ReturnType<Engine['filter']>;
const valuesOf = (a: Answer, id: string) => (a.filter?.options.find((o) => o.filterOptionId === id)?.values ?? []) as Array<{ key: string; doc_count: number }>;

function checkFacets(a: Answer, ref: ReturnType<typeof reference>, s: Selection): string | null {
  if (a.total_product !== ref.total) return `total ${a.total_product} != ${ref.total}`;
  for (const [id, f] of Object.entries(COUNTED)) {
    const got = valuesOf(a, id);
    const want = new Map(ref.counts[f]);
    // A selected value is listed even when nothing else selected leaves it a product.
    for (const v of (f === 'vendor' || f === 'color' || f === 'tags' ? s[f] : undefined) ?? []) if (!want.has(v)) want.set(v, 0);
    if (got.length !== want.size) return `${id}: ${got.length} values != ${want.size}`;
    for (const v of got) if (want.get(v.key) !== v.doc_count) return `${id} ${v.key}: ${v.doc_count} != ${want.get(v.key)}`;
  }
  return null;
}

/** Text: a value's count equals the total of the same search narrowed to that value. */
function checkText(e: Engine, a: Answer, query: Query): string | null {
  for (const v of valuesOf(a, 'pf_opt_color').slice(0, 3)) {
    const t = e.search({ q: query.q as string, 'pf_opt_color[]': v.key }).total_product;
    if (t !== v.doc_count) return `color ${v.key}: ${v.doc_count} != ${t}`;
  }
  for (const v of valuesOf(a, 'pf_v_vendor').slice(0, 3)) {
    const t = e.search({ q: query.q as string, 'pf_opt_color[]': query['pf_opt_color[]'] as string[], 'pf_v_vendor[]': v.key }).total_product;
    if (t !== v.doc_count) return `vendor ${v.key}: ${v.doc_count} != ${t}`;
  }
  return null;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] ?? NaN;
const median = (xs: number[]) => pct(xs, 0.5);
function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

interface Figures { build: number; catalogMB: number; engineMB: number; facets: number; range: number; text: number; suggest: number; suggestFirst: number; suggestTerms: number; suggestBuild: number; p95: Record<string, number>; update: number; batch100: number; snapshotWrite: number; snapshotMB: number; snapshotRead: number; snapshotReady: number; checked: Record<string, string> }

async function benchSize(size: number): Promise<Figures> {
  // (Flat strings, as an import gives them: see asImported.)
  const generate = () => {
    const c = asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' }));
    c.filterTree = SHOP_BENCH_TREE;
    return c;
  };
  const m0 = await memory();
  let input: ReturnType<typeof generateCatalog> | null = generate();
  const m1 = await memory();
  let engine: Engine | null = null;
  const build = time(() => (engine = createEngine(input as never, buildThread ? { buildThread } : {})));
  // The engine alone: the catalogue objects it was built from let go (it keeps no copy of them).
  input = null;
  const m2 = await memory();
  process.stderr.write(`  ${size}: built in ${(build / 1000).toFixed(2)} s, engine ${((m2 - m0) / 1e6).toFixed(0)} MB\n`);
  // The same catalogue again (the same seed) for the reference counts and the updates.
  const catalog = generate();

  // Queries, reference counts and live updates, in a function of their own: what they hold (the
  // engine, the reference docs, the workload) is let go before the snapshot is timed.
  const { times, suggestFirst, suggestBuild, checked, updates, batch100 } = ((e: Engine) => {
    const docs = catalog.products.map(flat);
    const work = workload(catalog.products, 7);
    const run = (w: (typeof work)[number]) => (w.cls === 'suggest' ? e.suggest(w.query) : w.cls === 'text' ? e.search(w.query) : e.filter(w.query));
    // The first suggest builds what suggest reads (the text index, the completion phrases and the
    // precomputed answers of prefixes with many matches, endpoints/suggest.ts): timed on its own.
    const suggestBuild = time(() => e.suggest({ q: 'a' }));
    for (const w of work.slice(0, 20)) run(w); // warm-up: first-use work (sort orders, scratch buffers)
    const times: Record<string, number[]> = { facets: [], range: [], text: [], suggest: [] };
    // Suggest terms repeat (the dropdown's prefixes do), and a term's matches are kept per index
    // (endpoints/suggest.ts): each term's first time is also reported on its own.
    const seenTerms = new Set(work.slice(0, 20).flatMap((w) => (w.cls === 'suggest' ? [w.query.q as string] : [])));
    const suggestFirst: number[] = [];
    for (const w of work) {
      const t = performance.now();
      run(w);
      const took = performance.now() - t;
      (times[w.cls] as number[]).push(took);
      if (w.cls === 'suggest' && !seenTerms.has(w.query.q as string)) {
        seenTerms.add(w.query.q as string);
        suggestFirst.push(took);
      }
    }
    // Exact counts, outside the timed loop.
    const checked: Record<string, string> = {};
    for (const cls of ['facets', 'range', 'text'] as const) {
      const list = work.filter((w) => w.cls === cls).slice(0, CHECKED(size));
      let failure: string | null = null;
      for (const w of list) {
        const a = run(w) as Answer;
        failure = cls === 'text' ? checkText(e, a, w.query) : checkFacets(a, reference(docs, w.sel), w.sel);
        if (failure) {
          failure = `MISMATCH on ${JSON.stringify(w.query)}: ${failure}`;
          break;
        }
      }
      checked[cls] = failure ?? `${list.length} exact`;
    }
    process.stderr.write(`  ${size}: queries done, counts ${JSON.stringify(checked)}\n`);

    // Live updates: one product changed (price, title, a tag), then a batch of 100.
    const changed = (k: number): CatalogProduct => {
      const p = catalog.products[k] as CatalogProduct;
      return { ...p, title: `${p.title} Edition ${k}`, tags: [...p.tags.slice(1), 'live-update'], variants: p.variants.map((v) => ({ ...v, price: v.price + 1 })) };
    };
    const updates = [1, 2, 3].map((k) => time(() => e.applyProductUpdates([{ op: 'upsert', product: changed(k * 97) }])));
    const batch100 = time(() => e.applyProductUpdates(Array.from({ length: 100 }, (_, k) => ({ op: 'upsert' as const, product: changed(1000 + k) }))));
    if (e.search({ q: `edition ${97}` }).total_product < 1) throw new Error('a live update is not visible');
    return { times, suggestFirst, suggestBuild, checked, updates, batch100 };
  })(engine as unknown as Engine);

  // Snapshot: written after the build, read, and an engine built from it ready to answer.
  const dir = mkdtempSync(join(tmpdir(), 'engine-bench-'));
  const file = join(dir, 'catalog.snapshot');
  let bytes = 0;
  const snapshotWrite = time(() => (bytes = writeCatalogSnapshot(file, catalog)));
  engine = null;
  let read: ReturnType<typeof readCatalogSnapshot> | null = null;
  const snapshotRead = time(() => (read = readCatalogSnapshot(file)));
  const snapshotReady = snapshotRead + time(() => createEngine(read as never));
  rmSync(dir, { recursive: true, force: true });

  return {
    build, catalogMB: (m1 - m0) / 1e6, engineMB: (m2 - m0) / 1e6,
    facets: median(times.facets as number[]), range: median(times.range as number[]), text: median(times.text as number[]), suggest: median(times.suggest as number[]), suggestFirst: median(suggestFirst), suggestTerms: suggestFirst.length, suggestBuild,
    p95: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, pct(v, 0.95)])),
    update: median(updates), batch100, snapshotWrite, snapshotMB: bytes / 1e6, snapshotRead, snapshotReady, checked,
  };
}

async function main() {
  const out: string[] = [];
  out.push(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average at start ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min; a shared machine); build ${buildThread ? `with a build thread (from ${buildThread.minProducts.toLocaleString('en')} products)` : 'on one thread'}`);
  const all: Array<[number, Figures]> = [];
  for (const size of SIZES) {
    process.stderr.write(`catalogue of ${size}\n`);
    all.push([size, await benchSize(size)]);
  }
  const rows: Array<[string, (f: Figures) => number, string]> = [
    ['build (index, from normalised products)', (f) => f.build / 1000, 's'],
    ['catalogue objects given to the engine (heap + outside-heap buffers)', (f) => f.catalogMB, 'MB'],
    ['engine alone, those objects let go (heap + outside-heap buffers, shared ones included)', (f) => f.engineMB, 'MB'],
    ['facets p50 (vendor x colour [x tag])', (f) => f.facets, 'ms'],
    ['price + rating + stock p50', (f) => f.range, 'ms'],
    ['text + facet p50', (f) => f.text, 'ms'],
    ['suggest p50', (f) => f.suggest, 'ms'],
    ["suggest p50, each term's first time", (f) => f.suggestFirst, 'ms'],
    ['first suggest after build (text index, phrases, precomputed prefixes)', (f) => f.suggestBuild, 'ms'],
    ['one live update', (f) => f.update, 'ms'],
    ['a batch of 100 live updates', (f) => f.batch100, 'ms'],
    ['snapshot write', (f) => f.snapshotWrite, 'ms'],
    ['snapshot size', (f) => f.snapshotMB, 'MB'],
    ['snapshot read', (f) => f.snapshotRead, 'ms'],
    ['snapshot read + engine ready', (f) => f.snapshotReady, 'ms'],
  ];
  const head = all.map(([s]) => s.toLocaleString('en'));
  const growth = all.slice(1).map(([s], i) => `${(all[i] as [number, Figures])[0] / 1000}k→${s / 1000}k`);
  const cells = (xs: string[]) => `| ${xs.join(' | ')} |`;
  out.push('', cells(['figure', ...head, ...growth.map((g) => `growth ${g}`)]), cells(['---', ...head.map(() => '---'), ...growth.map(() => '---')]));
  for (const [label, get, unit] of rows) {
    const vals = all.map(([, f]) => get(f));
    const digits = unit === 'ms' ? 2 : unit === 's' ? 2 : 0;
    out.push(cells([label, ...vals.map((v) => `${v.toFixed(digits)} ${unit}`), ...vals.slice(1).map((v, i) => `${(v / (vals[i] as number)).toFixed(1)}x`)]));
  }
  out.push('', 'p95 (ms): ' + all.map(([s, f]) => `${s.toLocaleString('en')}: ${Object.entries(f.p95).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`).join('; '));
  out.push('', 'Suggest terms timed for the first time: ' + all.map(([s, f]) => `${s.toLocaleString('en')}: ${f.suggestTerms} of ${QUERIES_PER_CLASS}`).join('; ') + '.');
  out.push('', 'Facet counts against the reference: ' + all.map(([s, f]) => `${s.toLocaleString('en')}: ${Object.entries(f.checked).map(([k, v]) => `${k} ${v}`).join(', ')}`).join('; '));
  out.push('', `Load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' / ')}.`);
  console.log(out.join('\n'));
  if (all.some(([, f]) => Object.values(f.checked).some((v) => v.startsWith('MISMATCH')))) process.exitCode = 1;
}

const child = process.argv.find((a) => a.startsWith('--import-child='));
const mode = (['whole', 'parsed', 'json'] as const).find((m) => process.argv.includes(`--mode=${m}`)) ?? 'stream';
if (child) void importChild(child.slice('--import-child='.length), mode, buildThread ? { buildThread } : {});
else if (process.argv.includes('--import')) benchImport(SIZES);
else void main();
