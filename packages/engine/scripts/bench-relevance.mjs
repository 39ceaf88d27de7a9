// pnpm bench:relevance — recall and precision at 10 of this engine beside MiniSearch and Orama on
// the demo shop's two catalogs (apps/demo-shop/src/catalogs.mjs), over the hand-written shopper
// queries of relevance-queries.mjs, in one run. Reads the engine's build (dist/): run
// `pnpm turbo run build --filter=@pkg/engine` first (the root script does).
//
// Figures, per query then averaged over the queries:
// - recall: the share of the expected products among the first 50 results (of at most 50
//   expected); a query that expects nothing scores 1 when nothing comes back, else 0;
// - precision@10: the share of the first 10 results that are expected; a query that expects
//   nothing scores 1 when nothing comes back, else 0; a query that expects something and gets
//   nothing scores 0.
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { loadCatalog } from '../../../apps/demo-shop/src/catalogs.mjs';
import { createEngine } from '../dist/index.js';
import { QUERIES } from './relevance-queries.mjs';

const TOP = 50;

const fold = (s) => String(s ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const words = (s) => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
const stripHtml = (h) => String(h ?? '').replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ');

/** The predicate of one `expected` string (see relevance-queries.mjs). */
function expectation(text) {
  if (text === '') return null;
  const alternatives = text.split(' || ').map((alt) =>
    alt.split(' && ').map((cond) => {
      const m = /^(type|tag|vendor|handle|title)(=|~)(.*)$/.exec(cond.trim());
      if (!m) throw new Error(`[bench:relevance] Cannot read condition "${cond}" in "${text}".`);
      const [, field, op, value] = m;
      if (field === 'type') return (p) => p.productType === value;
      if (field === 'tag') return (p) => p.tags.includes(value);
      if (field === 'vendor') return (p) => p.vendor === value;
      if (field === 'handle') return op === '=' ? (p) => p.handle === value : (p) => p.handle.includes(value);
      return (p) => words(p.title).some((w) => w.startsWith(fold(value)));
    }),
  );
  return (p) => alternatives.some((conds) => conds.every((c) => c(p)));
}

const docOf = (p) => ({
  id: p.id,
  title: p.title,
  vendor: p.vendor,
  type: p.productType,
  tags: p.tags.join(' '),
  skus: p.variants.map((v) => v.sku).filter(Boolean).join(' '),
  options: p.options.flatMap((o) => o.values).join(' '),
  description: stripHtml(p.bodyHtml),
});
const FIELDS = ['title', 'vendor', 'type', 'tags', 'skus', 'options', 'description'];

/** The searchers of one catalog: each answers a query with product ids, best first. */
async function searchers(catalog) {
  const engine = createEngine(catalog);
  const ask = (params) => engine.search({ ...params, limit: String(TOP) }).products.map((p) => String(p.id));
  const mini = new MiniSearch({ fields: FIELDS, storeFields: [], idField: 'id' });
  mini.addAll(catalog.products.map(docOf));
  const orama = create({ schema: Object.fromEntries(FIELDS.map((f) => [f, 'string'])) });
  await insertMultiple(orama, catalog.products.map(docOf));
  return [
    // A plain /search?q= with no other parameter: the engine's defaults.
    ['@pkg/engine, plain /search?q=', (q) => ask({ q })],
    // What the project's client sends by default (core-filter settings: fuzzy on,
    // full_min_match=false, no reduce_min_match, + as a separator).
    ['@pkg/engine, client default request', (q) => ask({ q, fuzzy: 'true', full_min_match: 'false', enable_plus_character_search: 'false' })],
    // MiniSearch as its README sets up instant search: prefix and fuzzy 0.2, title boosted.
    ['MiniSearch (prefix, fuzzy 0.2, title x2)', (q) => mini.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 2 } }).slice(0, TOP).map((r) => String(r.id))],
    // Orama's full-text search with typo tolerance 1 and the title boosted.
    ['Orama (tolerance 1, title x2)', async (q) => (await oramaSearch(orama, { term: q, tolerance: 1, boost: { title: 2 }, limit: TOP })).hits.map((h) => String(h.id))],
  ];
}

const rows = new Map();
const perKind = new Map();
const misses = [];
for (const name of ['luma', 'shopify-csv']) {
  const { catalog } = loadCatalog(name);
  const byId = new Map(catalog.products.map((p) => [String(p.id), p]));
  const list = await searchers(catalog);
  for (const [q0, q, kind, expected] of QUERIES.map((x) => [x[0], x[1], x[2], x[3]])) {
    if (q0 !== name) continue;
    const want = expectation(expected);
    const relevant = want ? catalog.products.filter(want).map((p) => String(p.id)) : [];
    if (want && relevant.length === 0) throw new Error(`[bench:relevance] "${q}" on ${name}: no product is what "${expected}" expects.`);
    const wanted = new Set(relevant);
    for (const [engineName, run] of list) {
      const got = await run(q);
      let recall;
      let precision;
      if (!want) {
        recall = precision = got.length === 0 ? 1 : 0;
      } else {
        const top = got.slice(0, TOP);
        recall = top.filter((id) => wanted.has(id)).length / Math.min(TOP, wanted.size);
        const ten = got.slice(0, 10);
        precision = ten.length === 0 ? 0 : ten.filter((id) => wanted.has(id)).length / ten.length;
      }
      const r = rows.get(engineName) ?? { recall: 0, precision: 0, n: 0 };
      r.recall += recall;
      r.precision += precision;
      r.n++;
      rows.set(engineName, r);
      const k = `${engineName}\u0000${kind}`;
      const pk = perKind.get(k) ?? { recall: 0, precision: 0, n: 0 };
      pk.recall += recall;
      pk.precision += precision;
      pk.n++;
      perKind.set(k, pk);
      if (process.env.BENCH_VERBOSE) console.error(`${engineName}\t${name}\t${q}\t${recall.toFixed(2)}\t${precision.toFixed(2)}`);
      if (engineName.startsWith('@pkg/engine, plain') && (recall < 0.5 || precision < 0.5)) {
        misses.push(`${name} "${q}" (${kind}): recall ${recall.toFixed(2)}, precision@10 ${precision.toFixed(2)}; top 3: ${got.slice(0, 3).map((id) => byId.get(id)?.title).join(' / ') || 'nothing'}`);
      }
    }
  }
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(`${QUERIES.length} queries (${QUERIES.filter((q) => q[0] === 'luma').length} Luma, ${QUERIES.filter((q) => q[0] === 'shopify-csv').length} CSV sample), node ${process.version}\n`);
console.log('| search | recall (top 50) | precision@10 |');
console.log('|---|---|---|');
for (const [name, r] of rows) console.log(`| ${name} | ${pct(r.recall / r.n)} | ${pct(r.precision / r.n)} |`);
const kinds = [...new Set(QUERIES.map((q) => q[2]))];
console.log(`\nBy kind of query (recall / precision@10):\n`);
console.log(`| search | ${kinds.map((k) => `${k} (${QUERIES.filter((q) => q[2] === k).length})`).join(' | ')} |`);
console.log(`|---|${kinds.map(() => '---').join('|')}|`);
for (const name of rows.keys()) {
  console.log(`| ${name} | ${kinds.map((k) => { const v = perKind.get(`${name}\u0000${k}`); return `${pct(v.recall / v.n)} / ${pct(v.precision / v.n)}`; }).join(' | ')} |`);
}
console.log(`\nQueries where the plain search scores under 50% on either figure (${misses.length}):`);
for (const m of misses) console.log(`- ${m}`);
