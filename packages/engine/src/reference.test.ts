// The engine against a deliberately naive reference: a plain scan over the products, written for
// clarity, on thousands of random small catalogs and queries. Totals, page contents and every
// facet count of the filter tree must be equal.
import type { WireFilterOption } from '@pkg/core-filter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogProduct, EngineFilterOption } from './catalog';
import { englishAnalyzer } from './analyzer';
import { createEngine } from './create-engine';
import type { EngineOptions } from './engine-types';
import { createBuildThread } from './node-build-thread';
import { strategy } from './run-filter';
import { compareNatural, tokenize } from './text';
import { variantStrategy } from './variant-match';
import { minimumShouldMatch } from './text-search';

const VENDORS = ['Acme', 'Globex', 'Initech', 'Umbrella'];
const COLORS = ['Red', 'Blue', 'Green'];
const SIZES = ['S', 'M', 'L', '10'];
const TAGS = ['sale', 'new', 'eco', 'cat:A>B', 'cat:A>C>D'];
const WORDS = ['alpha', 'bravo', 'charlie', 'delta'];
const COLLECTIONS = [
  { id: '1', handle: 'one', title: 'One', description: '', image: null, sortOrder: 2 },
  { id: '2', handle: 'two', title: 'Two', description: '', image: null, sortOrder: 1 },
  { id: '3', handle: 'three', title: 'Three', description: '', image: null, sortOrder: 3 },
];
const TREE: EngineFilterOption[] = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list' },
  { filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'swatch', sortType: 'doc_count-desc' },
  { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'box' },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range' },
  { filterOptionId: 'pf_p_buckets', filterType: 'price', displayType: 'list', manualValues: ['0:30', '31:60', '61:'] },
  { filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating' },
  { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list' },
  { filterOptionId: 'pf_t_tag', filterType: 'tag', displayType: 'list' },
  { filterOptionId: 'pf_t_cat', filterType: 'tag', displayType: 'list', prefix: 'cat:' },
  { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'list' },
];

const productArb = (i: number) =>
  fc.record({
    title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    vendor: fc.constantFrom(...VENDORS.slice(0, 3)),
    tags: fc.subarray(TAGS),
    collections: fc.subarray(['one', 'two', 'three']),
    rating: fc.constantFrom(0, 1, 2.5, 3, 3.9, 4, 4.5, 5),
    sales: fc.nat(100),
    created: fc.nat(1000),
    variants: fc.array(
      fc.record({ color: fc.constantFrom(...COLORS), size: fc.constantFrom(...SIZES), price: fc.integer({ min: 1, max: 100 }), compare: fc.option(fc.integer({ min: 1, max: 150 })), available: fc.boolean() }),
      { minLength: 1, maxLength: 3 },
    ),
  }).map((r): CatalogProduct => ({
    id: String(i + 1),
    handle: `p${i + 1}`,
    title: r.title,
    vendor: r.vendor,
    productType: 'Thing',
    tags: r.tags,
    bodyHtml: '',
    createdAt: new Date(Date.UTC(2024, 0, 1) + r.created * 3600000).toISOString(),
    updatedAt: '2024-01-01T00:00:00.000Z',
    publishedAt: '2024-01-01T00:00:00.000Z',
    images: [],
    options: [{ name: 'Color', values: [...new Set(r.variants.map((v) => v.color))] }, { name: 'Size', values: [...new Set(r.variants.map((v) => v.size))] }],
    variants: r.variants.map((v, j) => ({
      id: `${i + 1}-${j}`, title: '', sku: '', barcode: '', price: v.price, compareAtPrice: v.compare, available: v.available,
      inventoryQuantity: v.available ? 1 : 0, options: [v.color, v.size], weight: 100, image: null, fulfillmentService: 'manual',
    })),
    collections: r.collections,
    rating: r.rating,
    reviewCount: r.rating > 0 ? 1 : 0,
    sales: r.sales,
  }));

const catalogArb = fc.integer({ min: 0, max: 24 }).chain((n) =>
  fc.tuple(...Array.from({ length: n }, (_, i) => productArb(i))).map((products): Catalog => ({ products, collections: COLLECTIONS, filterTree: TREE })),
);

const rangeArb = fc.tuple(fc.option(fc.integer({ min: 0, max: 100 })), fc.option(fc.integer({ min: 0, max: 100 })))
  .filter(([a, b]) => a === null || b === null || a <= b)
  .map(([a, b]) => `${a ?? ''}:${b ?? ''}`);

const queryArb = fc.record(
  {
    'pf_v_vendor[]': fc.subarray(VENDORS, { minLength: 1 }),
    'pf_opt_color[]': fc.subarray(COLORS, { minLength: 1 }),
    pf_opt_color_and_condition: fc.constantFrom('true', 'false'),
    'pf_opt_size[]': fc.subarray(SIZES, { minLength: 1 }),
    pf_p_price: fc.array(rangeArb, { minLength: 1, maxLength: 2 }),
    'pf_r_rating[]': fc.constantFrom('1', '3', '4', '5'),
    'pf_st_stock[]': fc.constantFrom('in-stock', 'out-of-stock'),
    'pf_t_tag[]': fc.subarray(TAGS, { minLength: 1 }),
    'pf_t_cat[]': fc.subarray(TAGS, { minLength: 1 }),
    'pf_c_collection[]': fc.subarray(['1', '2', '3'], { minLength: 1 }),
    tag: fc.subarray(TAGS, { minLength: 1 }),
    tag_mode: fc.constantFrom('1', '2'),
    collection_scope: fc.constantFrom('0', '1', 'two'),
    product_available: fc.constantFrom('true', 'false'),
    variant_available: fc.constantFrom('true', 'false'),
    q: fc.constantFrom(...WORDS, 'alp', 'br', 'charlie delta'),
    sort: fc.constantFrom('manual', 'best-selling', 'price-ascending', 'price-descending', 'title-ascending', 'created-descending', 'sale-descending', 'review-ratings-descending'),
    page: fc.integer({ min: 1, max: 3 }).map(String),
    limit: fc.integer({ min: 1, max: 8 }).map(String),
  },
  { requiredKeys: [] },
);

// ------------------------------------------------------------------ the naive reference

type Q = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);
const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const avail = (p: CatalogProduct) => p.variants.some((v) => v.available);
const priceMin = (p: CatalogProduct) => Math.min(...p.variants.map((v) => v.price));
const percentOff = (p: CatalogProduct) => Math.max(0, ...p.variants.map((v) => (v.compareAtPrice !== null && v.compareAtPrice > v.price ? Math.round(((v.compareAtPrice - v.price) / v.compareAtPrice) * 100) : 0)));
const parseRange = (r: string): [number, number] => {
  const [a = '', b = ''] = r.split(':');
  return [a === '' ? -Infinity : Number(a), b === '' ? Infinity : Number(b)];
};
const inRanges = (x: number, ranges: string[]) => ranges.some((r) => { const [a, b] = parseRange(r); return x >= a && x <= b; });
const optionValues = (p: CatalogProduct, i: number, q: Q) => p.variants.filter((v) => q.variant_available !== 'true' || v.available).map((v) => v.options[i] as string);
const collectionIds = (p: CatalogProduct) => p.collections.map((h) => COLLECTIONS.find((c) => c.handle === h)?.id ?? h);
const textOf = (p: CatalogProduct) => [p.title, p.vendor, p.productType, ...p.tags, ...p.variants.flatMap((v) => v.options)].flatMap((t) => tokenize(t));

const stem = englishAnalyzer.stem;

/**
 * The text rule, naively: a query word matches a product word that is the word or its stem or
 * shares its stem, or (the last word, not a number, or a word the catalog does not know) that it
 * begins; a product passes with at least minimumShouldMatch() words, or with one when no product
 * of the catalog reaches that.
 */
function textMatcher(products: readonly CatalogProduct[], term: string): (p: CatalogProduct) => boolean {
  const words = tokenize(term);
  const vocab = new Set(products.flatMap(textOf).flatMap((h) => [h, stem(h)]));
  const wordMatches = (w: string, i: number, h: string) => {
    if (h === w || stem(h) === w || h === stem(w) || stem(h) === stem(w)) return true;
    const known = vocab.has(w) || vocab.has(stem(w));
    const last = i === words.length - 1;
    return (last ? !/^\d+$/.test(w) : !known && w.length >= 2) && h.startsWith(w) && h !== w;
  };
  const hits = (p: CatalogProduct) => {
    const have = textOf(p);
    return words.filter((w, i) => have.some((h) => wordMatches(w, i, h))).length;
  };
  const need = minimumShouldMatch(words.length);
  const reached = products.some((p) => hits(p) >= need);
  return (p) => hits(p) >= (reached ? need : 1);
}

function matchesBase(p: CatalogProduct, q: Q, text: ((p: CatalogProduct) => boolean) | null): boolean {
  const scope = one(q.collection_scope);
  if (scope && scope !== '0') {
    const handle = COLLECTIONS.find((c) => c.id === scope)?.handle ?? scope;
    if (!p.collections.includes(handle)) return false;
  }
  const tags = list(q.tag);
  if (tags.length > 0) {
    const ok = q.tag_mode === '2' ? tags.some((t) => p.tags.includes(t)) : tags.every((t) => p.tags.includes(t));
    if (!ok) return false;
  }
  if (q.product_available === 'true' && !avail(p)) return false;
  if (text && !text(p)) return false;
  return true;
}

/** Does p pass the selection of one option? (true when the option is not selected) */
function matchesOption(p: CatalogProduct, id: string, q: Q): boolean {
  const vals = list(q[`${id}[]`] ?? q[id]);
  if (vals.length === 0) return true;
  const any = (have: string[]) => (q[`${id}_and_condition`] === 'true' ? vals.every((v) => have.includes(v)) : vals.some((v) => have.includes(v)));
  switch (id) {
    case 'pf_v_vendor': return any([p.vendor]);
    case 'pf_opt_color': return any(optionValues(p, 0, q));
    case 'pf_opt_size': return any(optionValues(p, 1, q));
    // Beside a selected variant option, the price is a variant's: some variant in range (the
    // one-variant match below asks for the same variant).
    case 'pf_p_price': return priceByVariant(q) ? p.variants.some((v) => inRanges(v.price, vals)) : inRanges(priceMin(p), vals);
    case 'pf_r_rating': return vals.some((k) => p.rating > 0 && p.rating >= Number(k));
    case 'pf_st_stock': return vals.some((v) => (v === 'in-stock') === avail(p));
    case 'pf_t_tag': return any(p.tags);
    case 'pf_t_cat': return any(p.tags);
    case 'pf_c_collection': return any(collectionIds(p));
    default: throw new Error(id);
  }
}

/**
 * Variant-level options (Color, Size): the selected ones (but `skip`, and but one asking for
 * every value with `_and_condition`, which stays product-level) must all hold on one variant,
 * available with variant_available. With one of them selected, a selected price range must hold
 * on that same variant (its price).
 */
const VARIANT_OPTIONS: Array<[string, number]> = [['pf_opt_color', 0], ['pf_opt_size', 1]];
const optionSelected = (q: Q, skip: string | null) => VARIANT_OPTIONS.some(([id]) => id !== skip && list(q[`${id}[]`]).length > 0 && q[`${id}_and_condition`] !== 'true');
const priceByVariant = (q: Q) => optionSelected(q, null) && list(q.pf_p_price).length > 0;
const variantPasses = (v: CatalogProduct['variants'][number], q: Q, skip: string | null) =>
  (q.variant_available !== 'true' || v.available) &&
  (skip === 'pf_p_price' || !priceByVariant(q) || inRanges(v.price, list(q.pf_p_price))) &&
  VARIANT_OPTIONS.every(([id, i]) => {
    const vals = list(q[`${id}[]`]);
    return id === skip || vals.length === 0 || q[`${id}_and_condition`] === 'true' || vals.includes(v.options[i] as string);
  });
const variantSelected = (q: Q, skip: string | null) => optionSelected(q, skip) || (skip !== 'pf_p_price' && priceByVariant(q));
const variantOk = (p: CatalogProduct, q: Q, skip: string | null) => !variantSelected(q, skip) || p.variants.some((v) => variantPasses(v, q, skip));
/** The variant a product card shows: the first that matches every selected option. */
const shownVariant = (p: CatalogProduct, q: Q) => (variantSelected(q, null) ? p.variants.find((v) => variantPasses(v, q, null))?.id : undefined);

const SELECTABLE = ['pf_v_vendor', 'pf_opt_color', 'pf_opt_size', 'pf_p_price', 'pf_r_rating', 'pf_st_stock', 'pf_t_tag', 'pf_t_cat', 'pf_c_collection'];
const sortKey: Record<string, (p: CatalogProduct) => number | string> = {
  manual: () => 0,
  'best-selling': (p) => -p.sales,
  'price-ascending': priceMin,
  'price-descending': (p) => -priceMin(p),
  'title-ascending': (p) => p.title,
  'created-descending': (p) => -Date.parse(p.createdAt),
  'sale-descending': (p) => -percentOff(p),
  'review-ratings-descending': (p) => -p.rating,
};

function reference(catalog: Catalog, q: Q) {
  const products = catalog.products;
  const term = one(q.q);
  const text = term ? textMatcher(products, term) : null;
  const base = products.filter((p) => matchesBase(p, q, text));
  const result = base.filter((p) => SELECTABLE.every((id) => matchesOption(p, id, q)) && variantOk(p, q, null));
  const key = sortKey[one(q.sort) ?? 'manual'] ?? sortKey.manual!;
  const sorted = result
    .map((p, i) => ({ p, i, k: key(p) }))
    .sort((a, b) => (typeof a.k === 'string' ? compareNatural(a.k, b.k as string) : a.k - (b.k as number)) || a.i - b.i)
    .map((x) => x.p.id);
  const page = Number(one(q.page) ?? 1);
  const limit = Number(one(q.limit) ?? 24);
  const options: WireFilterOption[] = TREE.map((cfg) => {
    const id = cfg.filterOptionId;
    const pool = base.filter((p) => SELECTABLE.every((other) => other === id || matchesOption(p, other, q)) && variantOk(p, q, id));
    // An option's values, counted variant by variant: those of variants passing the other options.
    const variantValues = (i: number) => (p: CatalogProduct) => p.variants.filter((v) => variantPasses(v, q, id)).map((v) => v.options[i] as string);
    const selected = list(q[`${id}[]`] ?? q[id]);
    const termValues = (valuesOf: (p: CatalogProduct) => string[], byCount = false) => {
      const keys = new Set(products.flatMap(id.startsWith('pf_opt_') ? (p) => optionValues(p, id === 'pf_opt_color' ? 0 : 1, q) : valuesOf));
      const out = [...keys]
        .map((key) => ({ key, doc_count: pool.filter((p) => valuesOf(p).includes(key)).length }))
        .filter((v) => v.doc_count > 0 || selected.includes(v.key));
      return out.sort((a, b) => (byCount ? b.doc_count - a.doc_count : 0) || compareNatural(a.key, b.key));
    };
    let values: WireFilterOption['values'];
    switch (id) {
      case 'pf_v_vendor': values = termValues((p) => [p.vendor]); break;
      case 'pf_opt_color': values = termValues(variantValues(0), true); break;
      case 'pf_opt_size': values = termValues(variantValues(1)); break;
      case 'pf_t_tag': values = termValues((p) => p.tags); break;
      // A tag option with a prefix lists only the tags with it.
      case 'pf_t_cat': values = termValues((p) => p.tags.filter((t) => t.startsWith('cat:'))); break;
      case 'pf_p_price': {
        const prices = pool.map(priceMin);
        values = prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: 0, max: 0 };
        break;
      }
      case 'pf_p_buckets':
        values = ['0:30', '31:60', '61:']
          .map((key) => { const [a, b] = parseRange(key); return { key, from: a, to: b === Infinity ? null : b, doc_count: pool.filter((p) => inRanges(priceMin(p), [key])).length }; })
          .filter((v) => v.doc_count > 0);
        break;
      case 'pf_r_rating':
        values = [5, 4, 3, 2, 1].map((k) => ({ key: String(k), doc_count: pool.filter((p) => p.rating > 0 && p.rating >= k).length })).filter((v) => v.doc_count > 0 || selected.includes(v.key));
        break;
      case 'pf_st_stock':
        values = [{ key: 'in-stock', doc_count: pool.filter(avail).length }, { key: 'out-of-stock', doc_count: pool.filter((p) => !avail(p)).length }].filter((v) => v.doc_count > 0 || selected.includes(v.key));
        break;
      case 'pf_c_collection':
        values = COLLECTIONS.map((c) => ({ key: c.id, label: c.title, handle: c.handle, doc_count: pool.filter((p) => p.collections.includes(c.handle)).length, sort_order: c.sortOrder }))
          .filter((v) => v.doc_count > 0 || (selected.includes(v.key) && products.some((p) => p.collections.includes(v.handle))))
          .sort((a, b) => a.sort_order - b.sort_order);
        break;
      default: throw new Error(id);
    }
    return { ...cfg, values };
  });
  const shown = new Map(result.map((p) => [p.id, shownVariant(p, q)]));
  return { total: result.length, page: sorted.slice((page - 1) * limit, page * limit), options, shown };
}

describe('engine against the naive reference', () => {
  const agrees = (numRuns: number, seed: number, options: EngineOptions = {}) =>
    fc.assert(
      fc.property(catalogArb, queryArb, (catalog, q) => {
        const engine = createEngine(catalog, options);
        // Relevance needs scores the reference does not model: compare with an explicit sort.
        const query: Q = { ...q, sort: q.sort ?? 'manual', build_filter_tree: 'true' } as Q;
        const got = engine.search(query as Record<string, string | string[]>);
        const want = reference(catalog, query);
        expect(got.total_product).toBe(want.total);
        expect(got.products.map((p) => String(p.id))).toEqual(want.page);
        expect(got.products.map((p) => (p.variant_id === undefined ? undefined : String(p.variant_id)))).toEqual(want.page.map((id) => want.shown.get(id)));
        expect(got.filter?.options).toEqual(want.options);
      }),
      { numRuns, seed },
    );

  it('[F7.1, F3.15, F3.19] gives the same totals, pages, matching variants and disjunctive facet counts (variant options matched on one variant) on random catalogs', () => {
    agrees(2500, 20240601);
  }, 60_000);

  // Variants are read from precomputed pair sets (the default run above), from the selected
  // value's variant list or product by product, by size: each of the last two is forced in turn.
  it.each([
    ['from the variant list of a selected value', Infinity],
    ['product by product', 0],
  ])('[F7.1, F3.15] gives the same answers when variants are read %s', (_, driver) => {
    const saved = { ...variantStrategy };
    Object.assign(variantStrategy, { driver, pairs: false });
    try {
      agrees(600, 20261125);
    } finally {
      Object.assign(variantStrategy, saved);
    }
  }, 60_000);

  it('[F7.1, F3.15] gives the same answers when the build inverts the text postings on a build thread', async () => {
    const buildThread = createBuildThread({ minProducts: 0, onError: (e) => { throw e; } });
    try {
      agrees(400, 20261126, { buildThread });
    } finally {
      await buildThread.close();
    }
  }, 60_000);

  // Small catalogs would mostly take one way of intersecting selections: each is forced in turn.
  it.each([
    ['bit tests per member of the smallest posting lists', Infinity],
    ['a word-by-word AND of bitsets', 0],
  ])('[F7.1, F3.15] gives the same answers when every intersection is built by %s', (_, sparse) => {
    const saved = strategy.sparse;
    strategy.sparse = sparse;
    try {
      agrees(1000, 20261122);
    } finally {
      strategy.sparse = saved;
    }
  }, 60_000);
});
