// The filter pipeline at a scale where its fast paths run (counting sets given as posting lists,
// per-product value masks, rare-value bitsets built on selection, whole words skipped before a
// page, buffers reused between requests), against a plain scan over a 3,000-product synthetic
// catalog. reference.test.ts covers the same rules on thousands of tiny random catalogs, where
// every set fits in one bitset word.
import type { WireFilterOption } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogProduct, EngineFilterOption } from './catalog';
import { CatalogIndex } from './catalog-index';
import { productStats } from './product-stats';
import { ProductStore } from './product-store';
import { createEngine } from './create-engine';
import { parseFilterQuery } from './filter-query';
import { HISTOGRAM_ENTRY_OVERHEAD, HistogramCache } from './histogram-cache';
import { RequestParams } from './request-params';
import { countDocs, warmHistograms } from './facet-counts';
import { relevanceStrategy } from './page-order';
import { runFilter } from './run-filter';
import { generateCatalog, seededRandom } from './synthetic-catalog';
import { compareNatural } from './text';
import { toWireProduct, WIRE_CACHE, wireProducts, withVariantId } from './to-wire-product';

const TREE: EngineFilterOption[] = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', sortType: 'doc_count-desc' },
  { filterOptionId: 'pf_pt_product_type', filterType: 'product_type', displayType: 'list', sortType: 'key-desc' },
  { filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'swatch' },
  { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'box', sortType: 'doc_count-asc' },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range' },
  { filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating' },
  { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list' },
  { filterOptionId: 'pf_ps_sale', filterType: 'percent_sale', displayType: 'list', manualValues: ['10:20', '20:40', '40:'] },
];

const synthetic = generateCatalog({ products: 3000, seed: 5 });
const catalog: Catalog = { ...synthetic, filterTree: TREE };
const products = catalog.products;

type Q = Record<string, string | string[]>;
const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const optionValues = (p: CatalogProduct, name: string, q: Q) => {
  const i = p.options.findIndex((o) => o.name === name);
  return i < 0 ? [] : p.variants.filter((v) => q.variant_available !== 'true' || v.available).map((v) => v.options[i] as string);
};
const TERMS: Record<string, (p: CatalogProduct, q: Q) => string[]> = {
  pf_v_vendor: (p) => [p.vendor],
  pf_pt_product_type: (p) => [p.productType],
  pf_opt_color: (p, q) => optionValues(p, 'Color', q),
  pf_opt_size: (p, q) => optionValues(p, 'Size', q),
};
/**
 * Variant options: the selected ones (but `skip`, and but one with `_and_condition`) must all hold
 * on one variant; with one of them selected, so must a selected price range (the variant's price).
 */
const VARIANT_OPTIONS: Array<[string, string]> = [['pf_opt_color', 'Color'], ['pf_opt_size', 'Size']];
const optionSelected = (q: Q, skip: string | null) => VARIANT_OPTIONS.some(([id]) => id !== skip && list(q[`${id}[]`]).length > 0 && q[`${id}_and_condition`] !== 'true');
const priceByVariant = (q: Q) => optionSelected(q, null) && list(q.pf_p_price).length > 0;
const variantPasses = (p: CatalogProduct, v: CatalogProduct['variants'][number], q: Q, skip: string | null) =>
  (q.variant_available !== 'true' || v.available) &&
  (skip === 'pf_p_price' || !priceByVariant(q) || list(q.pf_p_price).some((r) => within(v.price, r))) &&
  VARIANT_OPTIONS.every(([id, name]) => {
    const vals = list(q[`${id}[]`]);
    const i = p.options.findIndex((o) => o.name === name);
    return id === skip || vals.length === 0 || q[`${id}_and_condition`] === 'true' || (i >= 0 && vals.includes(v.options[i] as string));
  });
const variantOk = (p: CatalogProduct, q: Q, skip: string | null) =>
  !(optionSelected(q, skip) || (skip !== 'pf_p_price' && priceByVariant(q))) || p.variants.some((v) => variantPasses(p, v, q, skip));
/** An option's values counted variant by variant: those of variants passing the other options. */
const variantValues = (p: CatalogProduct, name: string, q: Q, skip: string) => {
  const i = p.options.findIndex((o) => o.name === name);
  return i < 0 ? [] : p.variants.filter((v) => variantPasses(p, v, q, skip)).map((v) => v.options[i] as string);
};
const statsOf = new Map(products.map((p) => [p, productStats(p)]));
const stats = (p: CatalogProduct) => statsOf.get(p) ?? productStats(p);
const bounds = (r: string): [number, number] => {
  const [a = '', b = ''] = r.split(':');
  return [a === '' ? -Infinity : Number(a), b === '' ? Infinity : Number(b)];
};
const within = (x: number, r: string) => x >= bounds(r)[0] && x <= bounds(r)[1];

/** Does p pass the selection of option `id` (true when it is not selected)? */
function passes(p: CatalogProduct, id: string, q: Q): boolean {
  const vals = list(q[`${id}[]`] ?? q[id]);
  if (vals.length === 0) return true;
  const terms = TERMS[id];
  if (terms) {
    const have = terms(p, q);
    return q[`${id}_and_condition`] === 'true' ? vals.every((v) => have.includes(v)) : vals.some((v) => have.includes(v));
  }
  switch (id) {
    case 'pf_p_price': return priceByVariant(q) ? p.variants.some((v) => vals.some((r) => within(v.price, r))) : vals.some((r) => within(stats(p).priceMin, r));
    case 'pf_ps_sale': return vals.some((r) => within(stats(p).percentSale, r));
    case 'pf_r_rating': return vals.some((k) => p.rating > 0 && p.rating >= Number(k));
    case 'pf_st_stock': return vals.some((v) => (v === 'in-stock') === stats(p).available);
    default: throw new Error(id);
  }
}

function naive(q: Q) {
  const scope = q.collection_scope as string | undefined;
  const base = products.filter((p) => (!scope || p.collections.includes(scope)) && (q.product_available !== 'true' || stats(p).available));
  const ids = TREE.map((o) => o.filterOptionId);
  const result = base.filter((p) => ids.every((id) => passes(p, id, q)) && variantOk(p, q, null));
  const order = q.sort === 'price-ascending' ? [...result].sort((a, b) => stats(a).priceMin - stats(b).priceMin || products.indexOf(a) - products.indexOf(b)) : result;
  const sorted = q.sort_first === 'available' ? [...order.filter((p) => stats(p).available), ...order.filter((p) => !stats(p).available)] : order;
  const page = Number(q.page ?? 1);
  const limit = Number(q.limit ?? 24);
  const keepZero = q.zero_options === 'true';
  const options = TREE.map((cfg): WireFilterOption => {
    const id = cfg.filterOptionId;
    const pool = base.filter((p) => ids.every((other) => other === id || passes(p, other, q)) && variantOk(p, q, id));
    const selected = list(q[`${id}[]`] ?? q[id]);
    const terms = TERMS[id];
    const option = VARIANT_OPTIONS.find(([o]) => o === id);
    const valuesOf = option ? (p: CatalogProduct) => variantValues(p, option[1], q, id) : terms;
    let values: WireFilterOption['values'];
    if (terms) {
      const keys = [...new Set(products.flatMap((p) => terms(p, q)))].sort(compareNatural);
      if (cfg.sortType === 'key-desc') keys.reverse();
      const counted = keys.map((key) => ({ key, doc_count: pool.filter((p) => (valuesOf as (p: CatalogProduct, q: Q) => string[])(p, q).includes(key)).length }))
        .filter((v) => v.doc_count > 0 || keepZero || selected.includes(v.key));
      if (cfg.sortType === 'doc_count-desc') counted.sort((a, b) => b.doc_count - a.doc_count);
      if (cfg.sortType === 'doc_count-asc') counted.sort((a, b) => a.doc_count - b.doc_count);
      values = counted;
    } else if (id === 'pf_p_price') {
      const prices = pool.map((p) => stats(p).priceMin);
      values = prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: 0, max: 0 };
    } else if (id === 'pf_ps_sale') {
      values = (cfg.manualValues ?? []).map((key) => {
        const [from, to] = bounds(key);
        return { key, from, to: to === Infinity ? null : to, doc_count: pool.filter((p) => within(stats(p).percentSale, key)).length };
      }).filter((v) => v.doc_count > 0 || keepZero || selected.includes(v.key));
    } else if (id === 'pf_r_rating') {
      values = [5, 4, 3, 2, 1].map((k) => ({ key: String(k), doc_count: pool.filter((p) => p.rating > 0 && p.rating >= k).length }))
        .filter((v) => v.doc_count > 0 || keepZero || selected.includes(v.key));
    } else {
      const inStock = pool.filter((p) => stats(p).available).length;
      values = [{ key: 'in-stock', doc_count: inStock }, { key: 'out-of-stock', doc_count: pool.length - inStock }]
        .filter((v) => v.doc_count > 0 || keepZero || selected.includes(v.key));
    }
    return { ...cfg, values };
  });
  return { total: result.length, page: sorted.slice((page - 1) * limit, page * limit).map((p) => p.id), options };
}

const vendorsBySize = [...new Set(products.map((p) => p.vendor))]
  .map((v) => [v, products.filter((p) => p.vendor === v).length] as const)
  .sort((a, b) => b[1] - a[1]);
const [top, second] = [vendorsBySize[0]![0], vendorsBySize[1]![0]];
const rare = vendorsBySize.filter(([, n]) => n >= 3 && n < 20).map(([v]) => v);

const QUERIES: Q[] = [
  // One selection on each side: each option's counting set is the other's posting list.
  { 'pf_v_vendor[]': top, 'pf_opt_color[]': 'Black' },
  // OR over a single-valued field (disjoint posting lists), with a rare vendor's bitset built on selection.
  { 'pf_v_vendor[]': [top, rare[0]!], 'pf_opt_color[]': 'Gray', page: '2', limit: '7' },
  // The same value twice counts once.
  { 'pf_v_vendor[]': [second, second], 'pf_opt_color[]': 'Navy' },
  // OR over a multi-valued field is not a disjoint union: counted from the bitset.
  { 'pf_opt_color[]': ['Black', 'White'], sort_first: 'available', page: '3', limit: '50' },
  { 'pf_opt_color[]': ['Black', 'White'], pf_opt_color_and_condition: 'true', 'pf_v_vendor[]': rare.slice(1, 4) },
  // Option values of available variants, zero counts kept.
  { 'pf_v_vendor[]': second, variant_available: 'true', zero_options: 'true' },
  { 'pf_opt_size[]': 'M', 'pf_r_rating[]': '4', 'pf_st_stock[]': 'in-stock', pf_ps_sale: '20:40' },
  { 'pf_opt_size[]': ['S', 'XL'], pf_p_price: '20:60', sort: 'price-ascending', sort_first: 'available', page: '2' },
  // A base narrower than the catalog: every counting set is an intersection.
  { collection_scope: 'tops', 'pf_v_vendor[]': top, 'pf_opt_color[]': 'Red' },
  // A collection scope alone (every option counted over its posting list), and with one selection.
  { collection_scope: 'tops' },
  { collection_scope: 'men', 'pf_v_vendor[]': second, sort_first: 'available' },
  // Vendor counted over the union of two colours (not disjoint), colour over one vendor's list.
  { 'pf_opt_color[]': ['Black', 'White'], 'pf_v_vendor[]': top },
  { product_available: 'true', page: '40', limit: '60' },
  { product_available: 'true', 'pf_opt_color[]': 'Olive', sort_first: 'available' },
  // An unknown value selects nothing.
  { 'pf_v_vendor[]': 'No Such Vendor', 'pf_opt_color[]': 'Blue' },
  { page: '3', limit: '250' },
];

describe('runFilter at scale, against a plain scan', () => {
  const engine = createEngine(catalog);
  const answer = (q: Q) => {
    const got = engine.filter({ ...q, build_filter_tree: 'true' });
    return { total: got.total_product, page: got.products.map((p) => String(p.id)), options: got.filter?.options };
  };

  it('[F7.1, F3.15, F3.7] gives the same totals, pages, disjunctive counts and value orders', () => {
    for (const q of QUERIES) expect({ q, ...answer(q) }).toEqual({ q, ...naive(q) });
  });

  it('answers the same in any order of requests (buffers reused between requests hold no state)', () => {
    const first = QUERIES.map(answer);
    const again = [...QUERIES].reverse().map(answer).reverse();
    expect(again).toEqual(first);
    const fresh = createEngine(catalog);
    expect(fresh.filter({ ...QUERIES[1], build_filter_tree: 'true' })).toEqual(engine.filter({ ...QUERIES[1], build_filter_tree: 'true' }));
  });

  it('[F7.1, F3.15] counts right when one request selects several multi-valued, rating, stock, price and sale options at once', () => {
    const qs: Q[] = [
      { 'pf_v_vendor[]': [top, second], 'pf_opt_color[]': ['Black', 'White'], 'pf_opt_size[]': ['S', 'XL'], 'pf_r_rating[]': '3', 'pf_st_stock[]': 'out-of-stock', pf_p_price: '10:80', pf_ps_sale: ['10:20', '40:'] },
      { 'pf_opt_color[]': ['Black', 'Nope'], pf_opt_color_and_condition: 'true', 'pf_st_stock[]': 'in-stock' },
      { 'pf_st_stock[]': ['in-stock', 'out-of-stock'], 'pf_v_vendor[]': [rare[0]!, rare[1]!], 'pf_r_rating[]': ['2', '4'] },
    ];
    // Twice, with other requests in between: nothing of one request leaks into the next.
    for (let round = 0; round < 2; round++) {
      for (const q of [...qs, ...QUERIES.slice(0, 3)]) expect({ q, ...answer(q) }).toEqual({ q, ...naive(q) });
    }
  });

  it('[F7.1] intersects more selections than it keeps buffers for (16), the same before and after', () => {
    // 18 tag options of the tag family (not in the tree), each an OR of the catalog's commonest tags.
    const tagCounts = new Map<string, number>();
    for (const p of products) for (const t of p.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
    const common = [...tagCounts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    const q: Q = {};
    for (let i = 0; i < 16; i++) q[`pf_t_extra${i}[]`] = common.slice(i % 3, 8);
    // The last two narrow differently: losing either (say, to a reused buffer) changes the answer.
    q['pf_t_extra16[]'] = common.slice(0, 2);
    q['pf_t_extra17[]'] = common.slice(2, 4);
    const passing = (sel: Q) => products.filter((p) => Object.values(sel).every((tags) => (tags as string[]).some((t) => p.tags.includes(t))));
    const want = passing(q);
    expect(want.length).toBeGreaterThan(10);
    for (const drop of ['pf_t_extra16[]', 'pf_t_extra17[]']) {
      const { [drop]: _, ...rest } = q;
      expect(passing(rest).length).toBeGreaterThan(want.length);
    }
    for (let round = 0; round < 2; round++) {
      const got = engine.filter({ ...q, limit: '250' });
      expect(got.total_product).toBe(want.length);
      expect(got.products.map((p) => String(p.id))).toEqual(want.slice(0, 250).map((p) => p.id));
      engine.filter({ 'pf_v_vendor[]': [top, second], 'pf_opt_color[]': ['Black', 'White'], build_filter_tree: 'true' });
    }
  });

  it('[F3.15] gives a price range\'s min and max over a listed set whose prices sit apart from the catalogue\'s ends', () => {
    // A type beside a colour: a set listed while it is built, too large to read member by member
    // first, and for some types priced so that the walk from each end of the price order stops
    // before it meets a member (then the members are read from the list).
    const types = [...new Set(products.map((p) => p.productType))];
    expect(types.length).toBeGreaterThan(8);
    for (const t of types) {
      const q: Q = { 'pf_pt_product_type[]': t, 'pf_opt_color[]': 'Black' };
      expect({ q, ...answer(q) }).toEqual({ q, ...naive(q) });
    }
  });

  it('counts right while more rare values are selected, one after another, than it keeps bitsets for', () => {
    // More distinct rare vendors than the per-field bound (32), twice over, one at a time.
    const vendors = vendorsBySize.filter(([, n]) => n < 94).map(([v]) => v).slice(0, 40);
    expect(vendors.length).toBe(40);
    for (const v of [...vendors, ...vendors]) {
      const got = engine.filter({ 'pf_v_vendor[]': v, 'pf_opt_color[]': 'Black', build_filter_tree: 'true' });
      const want = naive({ 'pf_v_vendor[]': v, 'pf_opt_color[]': 'Black' });
      expect(got.total_product).toBe(want.total);
      expect(got.filter?.options).toEqual(want.options);
    }
  });
});

describe('counting a field over a list of products (countDocs)', () => {
  const shop = generateCatalog({ products: 6000, seed: 3, profile: 'shop' });
  const index = new CatalogIndex(shop);
  /** countDocs over n random products (in increasing order) against a plain count of `values`, on top of `base` in every slot. */
  const agrees = (field: ReturnType<CatalogIndex['field']>, n: number, rnd: () => number, values: (p: CatalogProduct) => string[], base: number) => {
    const picked = new Set<number>();
    while (picked.size < n) picked.add(Math.floor(rnd() * shop.products.length));
    const docs = Uint32Array.from([...picked].sort((a, b) => a - b));
    const counts = new Uint32Array(field.keys.length).fill(base);
    countDocs(field, docs, counts);
    const want = new Map<string, number>();
    for (const d of docs) for (const v of new Set(values(shop.products[d]!))) want.set(v, (want.get(v) ?? 0) + 1);
    field.keys.forEach((k, v) => expect(counts[v], `${n}: ${k}`).toBe(base + (want.get(k) ?? 0)));
  };

  it('[F3.15] counts tags (many values per product) over scattered products (read ahead in chunks) and products close together alike, as a plain scan', () => {
    const field = index.field('tag');
    expect(field.masks).toBeNull();
    const rnd = seededRandom(11);
    // 40 and 300 of 6,000 are scattered (300: more than one chunk of 256); 3,000 are close together.
    for (const n of [1, 40, 300, 3000]) agrees(field, n, rnd, (p) => p.tags, 1);
  });

  it('[F3.15] counts colours and sizes (values as bit masks) over few products bit by bit and over many byte by byte, as a plain scan', () => {
    const rnd = seededRandom(12);
    for (const [name, masks] of [['Color', Uint32Array], ['Size', Uint16Array]] as const) {
      const field = index.field(`option:${name.toLowerCase()}`);
      expect(field.masks).toBeInstanceOf(masks);
      const values = (p: CatalogProduct) => p.variants.map((v) => v.options[p.options.findIndex((o) => o.name === name)]!);
      // 1,023 products are counted bit by bit, 1,024 and more byte by byte.
      for (const n of [40, 1023, 1024, 4000]) agrees(field, n, rnd, values, 2);
    }
  });
});

describe('relevance pages', () => {
  it('[F7.1] are the same from the top list as from sorting every match, with and without filters and availability first', () => {
    const engine = createEngine(catalog);
    const title = (k: number) => (products[k]!.title.toLowerCase().split(' ')[0] as string);
    // One word (one posting list, or merged expansions: scored on demand), two words, a prefix.
    const qs: Q[] = [title(0), title(7), `${title(1)} ${title(2)}`, title(3).slice(0, 3)].flatMap((q) => [
      { q }, { q, 'pf_opt_color[]': 'Black' }, { q, sort_first: 'available', limit: '48', page: '2' },
    ]);
    const run = () => qs.map((q) => engine.search({ ...q, sort: 'relevance' }).products.map((p) => String(p.id)));
    const top = run();
    expect(top.filter((page) => page.length > 1).length).toBeGreaterThan(6);
    const saved = relevanceStrategy.sortPast;
    relevanceStrategy.sortPast = 0;
    try {
      expect(run()).toEqual(top);
    } finally {
      relevanceStrategy.sortPast = saved;
    }
  });
});

describe('wire products', () => {
  it('are the catalog products in the wire format, shared between answers', () => {
    const engine = createEngine(catalog);
    const a = engine.filter({ limit: '3' }).products;
    const b = engine.filter({ limit: '3' }).products;
    expect(a).toEqual(products.slice(0, 3).map((p) => toWireProduct(p, new Map(catalog.collections!.map((c) => [c.handle, c])))));
    expect(b[0]).toBe(a[0]);
    expect(b[2]).toBe(a[2]);
  });

  it(`drops the oldest built first when more than ${WIRE_CACHE} are built, keeping the newer ones as they are`, () => {
    const byHandle = new Map(catalog.collections!.map((c) => [c.handle, c]));
    const many = Array.from({ length: WIRE_CACHE + 40 }, (_, k) => ({ ...products[k % products.length]!, id: String(1_000_000 + k) }));
    const wire = wireProducts(ProductStore.build(many, 0), byHandle);
    const built = many.map((_, d) => wire(d));
    // Products 0..39 were dropped (the oldest); 40.. are still the same objects.
    for (let d = 40; d < many.length; d++) expect(wire(d)).toBe(built[d]);
    for (let d = 0; d < 40; d++) {
      const again = wire(d);
      expect(again).not.toBe(built[d]);
      expect(again).toEqual(built[d]);
    }
    // Building 0..39 again dropped 40..79 in turn, and nothing newer.
    expect(wire(80)).toBe(built[80]);
    expect(wire(79)).not.toBe(built[79]);
  });

  it('name the matched variant as a copy with the same fields in the same order, then variant_id', () => {
    const byHandle = new Map(catalog.collections!.map((c) => [c.handle, c]));
    const plain = toWireProduct(products[0]!, byHandle);
    const withMeta = toWireProduct({ ...products[1]!, metafields: [{ namespace: 'spec', key: 'fit', value: 'slim' }] }, byHandle);
    // Shapes toWireProduct does not make (a field missing, one more, another order) too.
    const { vendor: _vendor, ...missing } = plain;
    const extra = { ...withMeta, html: { value: '<p>x</p>' } };
    const { id, ...rest } = plain;
    const reordered = { ...rest, id };
    for (const p of [plain, withMeta, missing, extra, reordered]) {
      const copy = withVariantId(p, 42);
      const spread = { ...p, variant_id: 42 };
      expect(Object.keys(copy)).toEqual(Object.keys(spread));
      expect(copy).toStrictEqual(spread);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(spread));
      expect(copy).not.toBe(p);
      expect('variant_id' in p).toBe(false);
    }
    // An answer with a variant option selected names each product's first matching variant.
    const engine = createEngine(catalog);
    const a = engine.filter({ 'pf_opt_color[]': 'Black', limit: '5' });
    expect(a.products.length).toBe(5);
    for (const p of a.products) {
      const black = p.variants!.find((v) => v.merged_options?.includes('color:Black'));
      expect(p.variant_id).toBe(black!.id);
    }
  });

  it(`keeps at most ${WIRE_CACHE} of them: an older one is built again, equal`, () => {
    const engine = createEngine({ ...catalog, products: [...products, ...products].map((p, i) => ({ ...p, id: String(1_000_000 + i) })) });
    const first = engine.filter({ limit: '1' }).products[0];
    for (let page = 1; page * 250 <= WIRE_CACHE + 250; page++) engine.filter({ limit: '250', page: String(page) });
    const again = engine.filter({ limit: '1' }).products[0];
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('whole-catalog options', () => {
  it('[F3.15] are computed once per catalog, frozen and shared between answers, and equal to a plain scan', () => {
    const engine = createEngine(catalog);
    const first = engine.filter({ build_filter_tree: 'true' }).filter!.options;
    // A request with a selection in between: its other options are counted over the selection.
    engine.filter({ build_filter_tree: 'true', 'pf_opt_color[]': 'Black' });
    const again = engine.filter({ build_filter_tree: 'true' }).filter!.options;
    expect(again).toEqual(naive({}).options);
    for (let i = 0; i < again.length; i++) {
      expect(again[i]).toBe(first[i]);
      expect(Object.isFrozen(again[i])).toBe(true);
      const values = again[i]!.values as object;
      expect(Object.isFrozen(values) && Object.values(values).every((v) => Object.isFrozen(v))).toBe(true);
    }
    // Answers as JSON text are the same, and a changed copy leaves the next answer as it was.
    const copy = structuredClone(again);
    (copy[0]!.values as Array<{ doc_count: number }>)[0]!.doc_count = -1;
    expect(engine.filter({ build_filter_tree: 'true' }).filter!.options).toEqual(naive({}).options);
  });
});

describe('facet histograms of posting lists (the counts of a field over one value\'s products, cached)', () => {
  const treeById = new Map(TREE.map((o) => [o.filterOptionId, o]));
  /** runFilter on an index the test holds, to look at its histogram cache. */
  const direct = (index: CatalogIndex, q: Q) => {
    const fq = parseFilterQuery(new RequestParams({ ...q, build_filter_tree: 'true' }), { options: treeById, defaultSort: 'manual', defaultLimit: 24, search: false });
    const r = runFilter(index, fq, { tree: TREE });
    return { total: r.total, page: r.docs.map((d) => products[d]!.id), options: r.options };
  };
  const histogramCount = (index: CatalogIndex) => [...index.histograms.lists.values()].reduce((n, byField) => n + byField.size, 0);
  const colours = [...new Set(products.flatMap((p) => optionValues(p, 'Color', {})))].sort();
  const rareVendor = vendorsBySize.find(([, n]) => n < 64)![0];

  it('[F3.15] counts over one selected value\'s products from a histogram kept for it, as a plain scan does', () => {
    const index = new CatalogIndex(catalog);
    const q = { 'pf_opt_color[]': 'Black' };
    expect(direct(index, q)).toEqual(naive(q));
    // Vendor and type counted over Black's posting list (colour itself over the whole catalog; size
    // variant by variant, only Black variants' sizes).
    expect(histogramCount(index)).toBe(2);
    const bytes = index.histograms.bytes;
    // Answered again from the kept histograms, and the same.
    expect(direct(index, q)).toEqual(naive(q));
    expect(histogramCount(index)).toBe(2);
    expect(index.histograms.bytes).toBe(bytes);
  });

  it('[F3.15] counts a collection page\'s options over the collection\'s products, alone and with a selection', () => {
    const index = new CatalogIndex(catalog);
    for (const q of [{ collection_scope: 'tops' }, { collection_scope: 'tops', 'pf_v_vendor[]': top }, { collection_scope: 'kids', product_available: 'true' }]) {
      expect(direct(index, q)).toEqual(naive(q));
    }
    // vendor, type, colour and size over tops; nothing for the collection with availability (an intersection).
    expect(histogramCount(index)).toBe(4);
    expect(direct(index, { collection_scope: 'tops' })).toEqual(naive({ collection_scope: 'tops' }));
  });

  it('[F3.15] sums the histograms of two selected vendors (one vendor per product: disjoint lists)', () => {
    const index = new CatalogIndex(catalog);
    const two = { 'pf_v_vendor[]': [top, second], 'pf_opt_color[]': 'Black' };
    expect(direct(index, two)).toEqual(naive(two));
    // Colour over each vendor's list, vendor over Black's; type and size over the result (an intersection).
    expect(histogramCount(index)).toBe(3);
    // Each vendor alone reads the same histograms, and a vendor too rare to keep one is counted.
    for (const q of [{ 'pf_v_vendor[]': top, 'pf_opt_color[]': 'White' }, { 'pf_v_vendor[]': [second, rareVendor, top], 'pf_opt_color[]': 'Navy' }]) {
      expect(direct(index, q)).toEqual(naive(q));
    }
    expect(histogramCount(index)).toBe(5);
  });

  it('[F3.15] does not sum over two values of a field with several values per product (colours): counted from the set', () => {
    const index = new CatalogIndex(catalog);
    const q = { 'pf_opt_color[]': ['Black', 'White'] };
    expect(direct(index, q)).toEqual(naive(q));
    expect(histogramCount(index)).toBe(0);
    // Vendor over Black OR White is not a sum: only colour over the one vendor's list is kept.
    const withVendor = { 'pf_opt_color[]': ['Black', 'White'], 'pf_v_vendor[]': top };
    expect(direct(index, withVendor)).toEqual(naive(withVendor));
    expect(histogramCount(index)).toBe(1);
  });

  it('stays within its bound, dropping the least recently used histograms, and still counts right', () => {
    const index = new CatalogIndex(catalog);
    // Room for about two vendor histograms.
    const bound = 2 * (vendorsBySize.length * 4 + HISTOGRAM_ENTRY_OVERHEAD) + 100;
    index.histograms = new HistogramCache(bound);
    const qs = colours.map((c) => ({ 'pf_opt_color[]': c, 'pf_v_vendor[]': [top, second] }));
    expect(qs.length).toBeGreaterThan(10);
    for (const q of [...qs, ...[...qs].reverse(), ...qs]) {
      expect(direct(index, q)).toEqual(naive(q));
      expect(index.histograms.bytes).toBeLessThanOrEqual(bound);
    }
    expect(histogramCount(index)).toBeGreaterThan(0);
    expect(index.histograms.lists.size).toBeLessThan(colours.length);
  });

  it('drops the histograms of the least recently used posting list first; one larger than the bound is not kept', () => {
    const entry = 4 * 4 + HISTOGRAM_ENTRY_OVERHEAD;
    const cache = new HistogramCache(3 * entry);
    const lists = { a: new Uint32Array(1), b: new Uint32Array(1), c: new Uint32Array(1), d: new Uint32Array(1), e: new Uint32Array(1) };
    const vendor = {};
    const colour = {};
    const fills: string[] = [];
    const get = (name: keyof typeof lists, field: object = vendor, length = 4) => cache.get(lists[name], field, length, (out) => {
      fills.push(`${name}${field === vendor ? '' : '+colour'}`);
      out.fill(name.charCodeAt(0));
    });
    for (const k of ['a', 'b', 'c', 'a'] as const) get(k);
    expect(fills).toEqual(['a', 'b', 'c']);
    get('d'); // drops b, the least recently used
    expect([cache.lists.size, cache.bytes]).toEqual([3, 3 * entry]);
    for (const k of ['a', 'c', 'd'] as const) get(k);
    expect(fills).toEqual(['a', 'b', 'c', 'd']);
    expect([...get('b')]).toEqual([98, 98, 98, 98]); // built again; drops a
    get('c', colour); // a second histogram over c: drops d, the least recently used list
    expect(fills).toEqual(['a', 'b', 'c', 'd', 'b', 'c+colour']);
    expect([...cache.lists.keys()]).toEqual([lists.b, lists.c]);
    expect(cache.bytes).toBe(3 * entry);
    get('c');
    get('c', colour);
    expect(fills.length).toBe(6);
    expect([...get('e', vendor, 1000)]).toEqual(Array(1000).fill(101));
    expect([cache.lists.size, cache.bytes]).toEqual([0, 0]);
  });

  it('[F3.15] fills histograms at build time equal to counting each list, largest lists first, within its bytes', () => {
    const index = new CatalogIndex(catalog);
    const fields = ['vendor', 'type', 'option:color', 'option:size'].map((f) => index.field(f));
    const selectable = [...fields, index.field('collection')];
    warmHistograms(index, selectable, fields, 1 << 20);
    let kept = 0;
    for (const [list, byField] of index.histograms.lists) {
      for (const [field, h] of byField) {
        const f = field as (typeof fields)[number];
        const want = new Uint32Array(f.keys.length);
        for (const d of list) for (let k = f.offsets[d]!; k < f.offsets[d + 1]!; k++) want[f.vals[k]!]!++;
        expect(h).toEqual(want);
        // Never a field over one of its own values' products (that option's selection is left out).
        expect(f.postings.includes(list)).toBe(false);
        kept++;
      }
    }
    expect(kept).toBeGreaterThan(50);
    // Answers over the warmed index are a plain scan's, and the first requests add no histogram.
    const before = histogramCount(index);
    for (const q of [{ 'pf_opt_color[]': 'Black' }, { 'pf_v_vendor[]': [top, second], 'pf_opt_color[]': 'White' }, { collection_scope: 'tops' }]) {
      expect(direct(index, q)).toEqual(naive(q));
    }
    expect(histogramCount(index)).toBe(before);

    // A small bound keeps the histograms of the longest lists.
    const small = new CatalogIndex(catalog);
    const smallFields = ['vendor', 'type', 'option:color', 'option:size'].map((f) => small.field(f));
    warmHistograms(small, [...smallFields, small.field('collection')], smallFields, 4000);
    expect(small.histograms.bytes).toBeGreaterThan(0);
    expect(small.histograms.bytes).toBeLessThanOrEqual(4000);
    const keptLists = [...small.histograms.lists.keys()];
    const shortestKept = Math.min(...keptLists.map((l) => l.length));
    const longestLeft = Math.max(...[...smallFields, small.field('collection')].flatMap((f) => f.postings).filter((l) => !keptLists.includes(l) && l.length >= 64).map((l) => l.length));
    expect(shortestKept).toBeGreaterThanOrEqual(longestLeft);
  });

  it('[F3.15] fills histograms of a field of many values per product (tags) at build time equal to counting each list', () => {
    const index = new CatalogIndex(catalog);
    const many = [index.field('tag')];
    const fields = ['vendor', 'type', 'option:color', 'option:size'].map((f) => index.field(f));
    // Counted in one pass over both fields' values (countPairs), not list by list.
    expect(many.every((f) => !f.single && !f.masks)).toBe(true);
    warmHistograms(index, [...fields, ...many, index.field('collection')], many, 1 << 22);
    const kept = new Map(many.map((f) => [f, 0]));
    for (const [list, byField] of index.histograms.lists) {
      for (const [field, h] of byField) {
        const f = field as (typeof many)[number];
        const want = new Uint32Array(f.keys.length);
        for (const d of list) for (let k = f.offsets[d]!; k < f.offsets[d + 1]!; k++) want[f.vals[k]!]!++;
        expect(h).toEqual(want);
        kept.set(f, kept.get(f)! + 1);
      }
    }
    expect(kept.get(many[0]!)).toBeGreaterThan(10);
  });

  it('answers the same whatever requests came before', () => {
    const qs: Q[] = [
      { 'pf_opt_color[]': 'Black' },
      { 'pf_v_vendor[]': [top, second], 'pf_opt_color[]': 'Black' },
      { 'pf_v_vendor[]': top, 'pf_opt_color[]': 'Gray', variant_available: 'true' },
      { 'pf_v_vendor[]': top, 'pf_opt_size[]': 'M' },
      { collection_scope: 'tops' },
      { collection_scope: 'tops', 'pf_opt_color[]': 'Black' },
      { 'pf_opt_color[]': ['Black', 'White'], 'pf_v_vendor[]': second },
    ];
    const fresh = qs.map((q) => direct(new CatalogIndex(catalog), q));
    expect(fresh).toEqual(qs.map(naive));
    const shared = new CatalogIndex(catalog);
    for (const order of [[0, 1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1, 0], [3, 0, 5, 1, 6, 2, 4], [4, 4, 1, 1, 0, 2, 6, 5, 3]]) {
      for (const i of order) expect(direct(shared, qs[i]!)).toEqual(fresh[i]);
    }
  });
});
