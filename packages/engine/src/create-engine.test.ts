import type { WireBucketValue, WireCollectionValue, WireFilterOption, WireFilterResponse, WireMultiLevelTagValue, WireTermValue } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from './catalog';
import { createEngine, type Engine } from './create-engine';
import { EngineRequestError } from './engine-request-error';
import { createMemoryStore } from './engine-store';
import { importProductsJson } from './import-products-json';
import { product, smallCatalog, variant } from './test-fixtures';

const engine = (): Engine => createEngine(smallCatalog());
const ids = (r: WireFilterResponse) => r.products.map((p) => String(p.id));
const option = (r: WireFilterResponse, id: string): WireFilterOption => {
  const o = r.filter?.options.find((x) => x.filterOptionId === id);
  if (!o) throw new Error(`no option ${id}`);
  return o;
};
const terms = (r: WireFilterResponse, id: string) => Object.fromEntries((option(r, id).values as WireTermValue[]).map((v) => [v.key, v.doc_count]));
const get = (e: Engine, url: string) => {
  const res = e.handle({ method: 'GET', url });
  return { ...res, json: res.headers['content-type']?.startsWith('application/json') ? (JSON.parse(res.body) as Record<string, unknown>) : null };
};

describe('filter parameters (F7.1)', () => {
  const e = engine();
  it('[F7.1] scopes to a collection by id or handle, 0 meaning all', () => {
    expect(ids(e.filter({ collection_scope: '11' }))).toEqual(['1', '2', '5']);
    expect(ids(e.filter({ collection_scope: 'women' }))).toEqual(['3', '4']);
    expect(e.filter({ collection_scope: '0' }).total_product).toBe(6);
    expect(e.filter({ collection_scope: '999' }).total_product).toBe(0);
  });
  it('[F7.1] filters by tag with tag_mode 1 (all tags) and 2 (any tag)', () => {
    expect(ids(e.filter({ tag: ['summer', 'cotton'] }))).toEqual(['1']);
    expect(ids(e.filter({ tag: 'summer,cotton', tag_mode: 2 }))).toEqual(['1', '3', '5']);
  });
  it('[F7.1, F3.15] ORs values inside an option and ANDs across options, variant options on one variant', () => {
    expect(ids(e.filter({ 'pf_opt_color[]': ['Green', 'White'] }))).toEqual(['3', '6']);
    expect(ids(e.filter({ 'pf_opt_color[]': ['Red'], 'pf_v_vendor[]': ['Acme'] }))).toEqual(['1']);
    // Product 1 is Red/S and Blue/M: no variant of it is both Red and M.
    expect(ids(e.filter({ 'pf_opt_color[]': ['Red'], 'pf_opt_size[]': ['M'] }))).toEqual([]);
    expect(ids(e.filter({ 'pf_opt_color[]': ['Red'], 'pf_opt_size[]': ['S'] }))).toEqual(['1', '4', '5']);
    expect(ids(e.filter({ 'pf_opt_color[]': ['Red', 'Blue'], 'pf_opt_size[]': ['M'] }))).toEqual(['1']);
  });
  it('[F7.1] with variant_available, the variant with every selected option must be in stock', () => {
    // Product 3: Green/M in stock, Green/L sold out.
    expect(ids(e.filter({ 'pf_opt_color[]': 'Green', 'pf_opt_size[]': 'L' }))).toEqual(['3']);
    expect(ids(e.filter({ 'pf_opt_color[]': 'Green', 'pf_opt_size[]': 'L', variant_available: 'true' }))).toEqual([]);
    expect(ids(e.filter({ 'pf_opt_color[]': 'Green', 'pf_opt_size[]': 'M', variant_available: 'true' }))).toEqual(['3']);
    const r = e.filter({ build_filter_tree: true, 'pf_opt_color[]': 'Green', variant_available: 'true' });
    expect(terms(r, 'pf_opt_size')).toEqual({ M: 1 });
  });
  it('[F7.1] a price range beside variant options is the price of the one variant that has them (and is in stock with variant_available); counts agree', () => {
    const base = smallCatalog();
    const v = (id: string, options: string[], price: number, available = true) => variant({ id, options, price, available });
    const e = createEngine({
      ...base,
      products: [
        // M/Red costs 50; the Red at 30 is an S: no variant is M, Red and 20-40.
        product(1, { title: 'One', variants: [v('101', ['Red', 'M'], 50), v('102', ['Red', 'S'], 30), v('103', ['Blue', 'M'], 25)] }),
        product(2, { title: 'Two', variants: [v('201', ['Blue', 'S'], 10), v('202', ['Red', 'M'], 30)] }),
        // M/Red at 35 is sold out: a match only without variant_available.
        product(3, { title: 'Three', variants: [v('301', ['Red', 'M'], 35, false), v('302', ['Red', 'L'], 25)] }),
        product(4, { title: 'Four', variants: [v('401', ['Red', 'M'], 45), v('402', ['Green', 'M'], 39)] }),
      ],
    });
    const q = { 'pf_opt_size[]': 'M', 'pf_opt_color[]': 'Red', pf_p_price: '20:40', build_filter_tree: 'true' };
    const r = e.filter(q);
    expect(r.products.map((p) => [p.id, p.variant_id])).toEqual([[2, 202], [3, 301]]);
    // Counts: Color among the M variants at 20-40 (Red: 2, 3; Blue: 1; Green: 4), Size among the
    // Red ones at 20-40 (M: 2, 3; S: 1; L: 3).
    expect(terms(r, 'pf_opt_color')).toEqual({ Red: 2, Blue: 1, Green: 1 });
    expect(terms(r, 'pf_opt_size')).toEqual({ M: 2, S: 1, L: 1 });
    const inStock = e.filter({ ...q, variant_available: 'true' });
    expect(inStock.products.map((p) => [p.id, p.variant_id])).toEqual([[2, 202]]);
    expect(terms(inStock, 'pf_opt_color')).toEqual({ Red: 1, Blue: 1, Green: 1 });
    // Without a variant option the price stays the product's lowest (25, 10, 25 and 39).
    expect(ids(e.filter({ pf_p_price: '20:40' }))).toEqual(['1', '3', '4']);
    // On the wire: the same answer through /api/filter.
    const wire = get(e, '/api/filter?pf_opt_size[]=M&pf_opt_color[]=Red&pf_p_price=20:40&variant_available=true').json as unknown as WireFilterResponse;
    expect(wire.products.map((p) => [p.id, p.variant_id])).toEqual([[2, 202]]);
    expect(wire.total_product).toBe(1);
  });

  it('[F7.1] counts an option beside one selected value from the variants that have it, in stock with variant_available', () => {
    const e = createEngine({
      ...smallCatalog(),
      products: [
        product(1, { variants: [variant({ options: ['Green', 'M'] }), variant({ options: ['Green', 'L'], available: false })] }),
        product(2, { variants: [variant({ options: ['Red', 'L'] }), variant({ options: ['Green', 'S'], available: false })] }),
      ],
    });
    const sizes = (q: Record<string, string>) => terms(e.filter({ build_filter_tree: 'true', 'pf_opt_color[]': 'Green', ...q }), 'pf_opt_size');
    expect(sizes({})).toEqual({ M: 1, L: 1, S: 1 });
    expect(sizes({ variant_available: 'true' })).toEqual({ M: 1 });
    // Two values, one each: the product needs one variant with both (in stock when asked).
    expect(ids(e.filter({ 'pf_opt_color[]': 'Green', 'pf_opt_size[]': 'L' }))).toEqual(['1']);
    expect(ids(e.filter({ 'pf_opt_color[]': 'Green', 'pf_opt_size[]': 'L', variant_available: 'true' }))).toEqual([]);
    expect(ids(e.filter({ 'pf_opt_color[]': 'Red', 'pf_opt_size[]': 'S' }))).toEqual([]);
  });

  it('[S3.1] names the variant that matched the selected options in variant_id, and none without them', () => {
    const r = e.filter({ 'pf_opt_color[]': 'Blue', 'pf_opt_size[]': ['M', 'L'] });
    expect(r.products.map((p) => [p.id, p.variant_id])).toEqual([[1, 9002], [2, 9003]]);
    expect(e.filter({ 'pf_opt_size[]': 'S' }).products.find((p) => p.id === 5)?.variant_id).toBe(9007);
    expect(e.filter({ 'pf_opt_color[]': 'Red', 'pf_opt_size[]': 'S' }).products.find((p) => p.id === 5)?.variant_id).toBe(9008);
    expect(e.filter({ 'pf_v_vendor[]': 'Acme' }).products.every((p) => p.variant_id === undefined)).toBe(true);
  });
  it('[F7.1] variants_as_products lists each matching variant as a product of its own, paged and counted as such', () => {
    const rows = (r: ReturnType<typeof e.filter>) => r.products.map((p) => `${p.id}/${p.variant_id}`);
    const red = e.filter({ variants_as_products: 'true', 'pf_opt_color[]': 'Red' });
    expect(rows(red)).toEqual(['1/9001', '4/9006', '5/9008']);
    expect(red.total_product).toBe(3);
    expect(red.products[0]).toMatchObject({ title: 'Red Cotton Shirt - Red / S', split_product: true });
    // Every variant: 9 rows over 6 products; in-stock variants only: 7.
    expect(e.filter({ variants_as_products: 'true' }).total_product).toBe(9);
    expect(e.filter({ variants_as_products: 'true', variant_available: 'true' }).total_product).toBe(7);
    expect(rows(e.filter({ variants_as_products: 'true', limit: '4', page: '2' }))).toEqual(['3/9005', '4/9006', '5/9007', '5/9008']);
    // Facet counts stay product counts.
    const tree = e.filter({ variants_as_products: 'true', build_filter_tree: 'true' });
    expect(terms(tree, 'pf_v_vendor')).toEqual(terms(e.filter({ build_filter_tree: 'true' }), 'pf_v_vendor'));
  });
  it('[F3.15] <id>_and_condition makes one option need every value', () => {
    expect(ids(e.filter({ 'pf_opt_color[]': ['Red', 'Blue'], pf_opt_color_and_condition: 'true' }))).toEqual(['1', '5']);
    expect(ids(e.filter({ 'pf_t_tag[]': ['summer', 'cotton'], pf_t_tag_and_condition: true }))).toEqual(['1']);
  });
  it('[F7.1, F3.10] reads ranges min:max with open ends and the from-to key forms', () => {
    expect(ids(e.filter({ pf_p_price: '15:35' }))).toEqual(['1', '3', '5']);
    expect(ids(e.filter({ pf_p_price: ':10' }))).toEqual(['6']);
    expect(ids(e.filter({ pf_p_price: '100:' }))).toEqual(['4']);
    expect(ids(e.filter({ pf_p_price: '*-10' }))).toEqual(['6']);
    expect(ids(e.filter({ pf_p_price: ['0:10', '100:'] }))).toEqual(['4', '6']);
    expect(ids(e.filter({ pf_w_weight: ':400' }))).toEqual(['4', '6']);
  });
  it('[F3.12] treats a rating value as a lower bound, or exact with show_exact_rating', () => {
    expect(ids(e.filter({ 'pf_r_rating[]': '4' }))).toEqual(['1', '4', '6']);
    expect(ids(e.filter({ 'pf_r_rating[]': '4', pf_r_rating_show_exact_rating: 'true' }))).toEqual(['1', '6']);
  });
  it('[F3.12] maps stock in-stock to available and anything else to sold out', () => {
    expect(ids(e.filter({ 'pf_st_stock[]': 'in-stock' }))).toEqual(['1', '3', '4', '5', '6']);
    expect(ids(e.filter({ 'pf_st_stock[]': 'out-of-stock' }))).toEqual(['2']);
  });
  it('[F3.12] filters percent sale by from:to', () => {
    expect(ids(e.filter({ 'pf_ps_sale[]': '31:' }))).toEqual(['4']);
    expect(ids(e.filter({ 'pf_ps_sale[]': '1:30' }))).toEqual(['1']);
  });
  it('[F7.1] filters vendor, product type, title and collection options', () => {
    expect(ids(e.filter({ 'pf_v_vendor[]': 'Globex' }))).toEqual(['2', '5']);
    expect(ids(e.filter({ 'pf_pt_product_type[]': ['Dress', 'Mug'] }))).toEqual(['4', '6']);
    expect(ids(e.filter({ 'pf_ti_title[]': 'Red Silk Dress' }))).toEqual(['4']);
    expect(ids(e.filter({ 'pf_c_collection[]': '13' }))).toEqual(['1', '4']);
  });
  it('[F7.1] a multi-level tag path matches the tag and every tag below it', () => {
    expect(ids(e.filter({ 'pf_t_cat[]': 'Men' }))).toEqual(['1', '2', '5']);
    expect(ids(e.filter({ 'pf_t_cat[]': 'Men>Tops' }))).toEqual(['1', '5']);
  });
  it('[F7.1] product_available and variant_available', () => {
    expect(ids(e.filter({ product_available: 'true' }))).toEqual(['1', '3', '4', '5', '6']);
    // Size L exists on 2 (sold out) and 3 (its L variant sold out): with variant_available neither.
    expect(ids(e.filter({ 'pf_opt_size[]': 'L' }))).toEqual(['2', '3']);
    expect(ids(e.filter({ 'pf_opt_size[]': 'L', variant_available: 'true' }))).toEqual([]);
  });
  it('[F7.1] pages with page and limit', () => {
    expect(ids(e.filter({ limit: 2, page: 2 }))).toEqual(['3', '4']);
    expect(ids(e.filter({ limit: 4, page: 3 }))).toEqual([]);
    expect(e.filter({ limit: 4, page: 3 }).total_product).toBe(6);
  });
  it('[F7.1] sends the filter tree only when build_filter_tree is true', () => {
    expect(e.filter({}).filter).toBeUndefined();
    expect(e.filter({ build_filter_tree: 'false' }).filter).toBeUndefined();
    expect(e.filter({ build_filter_tree: 'true' }).filter?.options.length).toBeGreaterThan(0);
  });
  it('[F7.1] zero_options keeps values whose count is 0', () => {
    const without = terms(e.filter({ build_filter_tree: true, 'pf_v_vendor[]': 'Initech' }), 'pf_opt_color');
    const withZero = terms(e.filter({ build_filter_tree: true, 'pf_v_vendor[]': 'Initech', zero_options: true }), 'pf_opt_color');
    expect(without).toEqual({ Red: 1 });
    expect(withZero).toEqual({ Blue: 0, Green: 0, Red: 1, White: 0 });
  });
  it('[F7.1, F3.13] answers total_product, from_cache and the event_type it was sent', () => {
    const r = e.filter({ event_type: 'page' });
    expect(r).toMatchObject({ total_product: 6, from_cache: false, event_type: 'page' });
  });
});

describe('sort keys (F3.19, S9.3)', () => {
  const e = engine();
  const order = (sort: string, extra: Record<string, string> = {}) => ids(e.filter({ sort, ...extra }));
  it('[F3.19, S9.3] orders by every sort key, ties in catalog order', () => {
    expect(order('manual')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(order('best-selling')).toEqual(['4', '6', '1', '3', '2', '5']);
    expect(order('price-ascending')).toEqual(['6', '3', '1', '5', '2', '4']);
    expect(order('price-descending')).toEqual(['4', '2', '5', '1', '3', '6']);
    expect(order('title-ascending')).toEqual(['2', '6', '3', '1', '4', '5']);
    expect(order('title-descending')).toEqual(['5', '4', '1', '3', '6', '2']);
    expect(order('created-ascending')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(order('created-descending')).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(order('published-descending')).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(order('published-ascending')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(order('sale-descending')).toEqual(['4', '1', '2', '3', '5', '6']);
    expect(order('sale-ascending')).toEqual(['2', '3', '5', '6', '1', '4']);
    expect(order('review-ratings-descending')).toEqual(['4', '1', '6', '2', '5', '3']);
    expect(order('review-ratings-ascending')).toEqual(['3', '5', '2', '6', '1', '4']);
    expect(order('relevance')).toEqual(['1', '2', '3', '4', '5', '6']);
  });
  it('[F3.19] relevance ranks a title match above a tag match', () => {
    expect(ids(e.search({ q: 'cotton' }))).toEqual(['1', '5']);
    expect(ids(e.search({ q: 'shirt' })).slice(0, 3)).toEqual(['1', '3', '5']);
  });
  it('[F7.1] sort_first=available puts sold-out products last', () => {
    expect(order('price-descending', { sort_first: 'available' })).toEqual(['4', '5', '1', '3', '6', '2']);
  });
  it('rejects an unknown sort with a 400 naming the parameter', () => {
    expect(() => e.filter({ sort: 'cheapest' })).toThrow(EngineRequestError);
    expect(get(e, '/api/filter?sort=cheapest').json).toMatchObject({ error: 'invalid_parameter', param: 'sort' });
  });
});

describe('filter tree values (F3.5, F3.9)', () => {
  const e = engine();
  const tree = e.filter({ build_filter_tree: true });
  it('[F3.9] list, box and swatch values are [{key, doc_count}] in natural key order (F3.7)', () => {
    expect(option(tree, 'pf_opt_color').values).toEqual([
      { key: 'Blue', doc_count: 3 }, { key: 'Green', doc_count: 1 }, { key: 'Red', doc_count: 3 }, { key: 'White', doc_count: 1 },
    ]);
    expect(option(tree, 'pf_opt_size').values).toEqual([{ key: 'L', doc_count: 2 }, { key: 'M', doc_count: 2 }, { key: 'S', doc_count: 3 }]);
  });
  it('[F3.7] sorts values by doc_count when the option says so', () => {
    const e2 = createEngine({ ...smallCatalog(), filterTree: [{ filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', sortType: 'doc_count-desc' }] });
    expect(option(e2.filter({ build_filter_tree: true }), 'pf_v_vendor').values).toEqual([
      { key: 'Acme', doc_count: 3 }, { key: 'Globex', doc_count: 2 }, { key: 'Initech', doc_count: 1 },
    ]);
  });
  it('[F3.9] a range option answers {min, max}', () => {
    expect(option(tree, 'pf_p_price').values).toEqual({ min: 8, max: 120 });
    expect(option(tree, 'pf_w_weight').values).toEqual({ min: 300, max: 1500 });
  });
  it('[F3.9, F3.12] price and percent-sale buckets answer [{from, to, doc_count}]', () => {
    expect(option(tree, 'pf_p_price_buckets').values as WireBucketValue[]).toEqual([
      { key: '0:19.99', from: 0, to: 19.99, doc_count: 2 },
      { key: '20:49.99', from: 20, to: 49.99, doc_count: 2 },
      { key: '50:', from: 50, to: null, doc_count: 2 },
    ]);
    expect(option(tree, 'pf_ps_sale').values).toEqual([
      { key: '1:30', from: 1, to: 30, doc_count: 1 },
      { key: '31:', from: 31, to: null, doc_count: 1 },
    ]);
  });
  it('[F3.12] rating values are integer lower bounds with at-least counts', () => {
    expect(option(tree, 'pf_r_rating').values).toEqual([
      { key: '5', doc_count: 1 }, { key: '4', doc_count: 3 }, { key: '3', doc_count: 4 }, { key: '2', doc_count: 5 }, { key: '1', doc_count: 5 },
    ]);
  });
  it('[F3.12] stock values are in-stock and out-of-stock', () => {
    expect(option(tree, 'pf_st_stock').values).toEqual([{ key: 'in-stock', doc_count: 5 }, { key: 'out-of-stock', doc_count: 1 }]);
  });
  it('[F3.9] collection values carry key (id), label, handle, doc_count and sort_order', () => {
    expect(option(tree, 'pf_c_collection').values as WireCollectionValue[]).toEqual([
      { key: '12', label: 'Women', handle: 'women', doc_count: 2, sort_order: 1 },
      { key: '11', label: 'Men', handle: 'men', doc_count: 3, sort_order: 2 },
      { key: '13', label: 'Summer Sale', handle: 'sale', doc_count: 2, sort_order: 3 },
    ]);
  });
  it('[F3.9, F4.17] multi-level tags nest subTags three levels deep', () => {
    const v = option(tree, 'pf_t_cat').values as WireMultiLevelTagValue[];
    expect(v.map((x) => x.tag)).toEqual(['Men', 'Women']);
    const men = v[0] as WireMultiLevelTagValue;
    expect(men).toMatchObject({ tag: 'Men', displayName: 'Men', doc_count: 3 });
    expect(men.subTags?.map((s) => [s.tag, s.displayName, s.doc_count])).toEqual([['Men>Outerwear', 'Outerwear', 1], ['Men>Tops', 'Tops', 2]]);
    expect(men.subTags?.[1]?.subTags).toEqual([{ tag: 'Men>Tops>Shirts', displayName: 'Shirts', doc_count: 2 }]);
  });
  it('[F3.2] leaves disabled options out and drops excluded values', () => {
    expect(tree.filter?.options.some((o) => o.filterOptionId === 'pf_ti_title')).toBe(false);
    expect(Object.keys(terms(tree, 'pf_t_tag'))).not.toContain('hidden');
  });
  it('counts disjunctively: an option ignores its own selection, not the others', () => {
    const r = e.filter({ build_filter_tree: true, 'pf_opt_color[]': 'Red', 'pf_v_vendor[]': 'Acme' });
    expect(ids(r)).toEqual(['1']);
    // Colour counts see the vendor filter only; vendor counts see the colour filter only.
    expect(terms(r, 'pf_opt_color')).toEqual({ Blue: 1, Green: 1, Red: 1, White: 1 });
    expect(terms(r, 'pf_v_vendor')).toEqual({ Acme: 1, Globex: 1, Initech: 1 });
    // Sizes are counted over variants that are Red: product 1's Red variant is S only.
    expect(terms(r, 'pf_opt_size')).toEqual({ S: 1 });
  });
  it('keeps a selected value in its option even with a zero count', () => {
    const r = e.filter({ build_filter_tree: true, 'pf_opt_color[]': 'Green', 'pf_v_vendor[]': 'Initech' });
    expect(terms(r, 'pf_v_vendor')).toEqual({ Acme: 1, Initech: 0 });
  });
});

describe('filter types (F3.3)', () => {
  it('[F3.3] reads every filterType of the enumeration from a filter tree', () => {
    const types = ['collection', 'vendor', 'product_type', 'title', 'price', 'variants_price', 'percent_sale', 'review_ratings', 'weight', 'stock', 'tag', 'multi_level_tag', 'location'];
    const tree = types.map((filterType, i) => ({ filterOptionId: `pf_x${i}_${filterType}`, filterType, displayType: filterType === 'multi_level_tag' ? 'multi_level_tag' : 'list' }));
    const e = createEngine({ ...smallCatalog(), filterTree: tree });
    const r = e.filter({ build_filter_tree: true });
    // Location is accepted and left out of the tree: a catalog carries no locations.
    expect(r.filter?.options.map((o) => o.filterType)).toEqual(types.filter((t) => t !== 'location'));
    expect(ids(e.filter({ 'pf_x5_variants_price': '21:22' }))).toEqual(['1']);
    expect(ids(e.filter({ 'pf_x3_title[]': 'Red Silk Dress' }))).toEqual(['4']);
    expect(e.filter({ 'pf_x12_location[]': 'Berlin' }).total_product).toBe(6);
  });
});

/** A bucket option's values in an answer, with whether every bound is finite and how many products they count. */
function bucketsOf(r: WireFilterResponse, id: string): { values: WireBucketValue[]; finite: boolean; counted: number } {
  const values = option(r, id).values as WireBucketValue[];
  const finite = values.every((b) => (b.from === null || Number.isFinite(b.from)) && (b.to === null || Number.isFinite(b.to)));
  return { values, finite, counted: values.reduce((n, b) => n + b.doc_count, 0) };
}

/** An engine over `products` with one bucket option (a list without manualValues: automatic buckets). */
const bucketEngine = (filterOptionId: string, filterType: string, products: CatalogProduct[]) => createEngine({ products, filterTree: [{ filterOptionId, filterType, displayType: 'list' }] as never });

describe('percent off (percent_sale)', () => {
  it('reads a compare-at price above zero only, and never more than 100%, whatever hostile prices a product carries', () => {
    const e = bucketEngine('pf_ps_sale', 'percent_sale', [
      product(1, { variants: [variant({ options: [], price: 8, compareAtPrice: 10 })] }),
      // A negative price against a compare-at price of 0: no percent (it was Infinity).
      product(2, { variants: [variant({ options: [], price: -5, compareAtPrice: 0 })] }),
      // Against a positive one: more than all of the price off is all of it.
      product(3, { variants: [variant({ options: [], price: -5, compareAtPrice: 10 })] }),
      product(4, { variants: [variant({ options: [], price: 30, compareAtPrice: null })] }),
    ]);
    const r = e.filter({ build_filter_tree: true, sort: 'sale-descending' });
    expect(Object.fromEntries(r.products.map((p) => [p.id, p.percent_sale_min]))).toEqual({ 1: 20, 2: 0, 3: 100, 4: 0 });
    expect(r.products.map((p) => String(p.id))).toEqual(['3', '1', '2', '4']);
    // The option's buckets are finite round steps over 0-100 (an Infinity made them [NaN, null]).
    const buckets = bucketsOf(r, 'pf_ps_sale');
    expect(buckets.values.length).toBeGreaterThan(1);
    expect(buckets.finite).toBe(true);
    expect(buckets.counted).toBe(4);
  });
});

describe('automatic price buckets', () => {
  it('bound their buckets in whole cents, so that every product is in one (a price of 0.60 was in none)', () => {
    const e = bucketEngine('pf_p_price', 'price', importProductsJson(['0.10', '0.60', '0.70'].map((price, i) => ({ id: i + 1, title: `P${i}`, variants: [{ price }] }))));
    expect(bucketsOf(e.filter({ build_filter_tree: true }), 'pf_p_price').values.map((b) => [b.key, b.doc_count])).toEqual([['0:0.19', 1], ['0.6:', 2]]);
    expect(e.filter({ pf_p_price: '0.6:' }).total_product).toBe(2);
  });

  it('answers with finite buckets when the prices are a few doubles apart (the bucket loop never ended before)', () => {
    const e = bucketEngine('pf_p_price', 'price', importProductsJson([
      { id: 1, title: 'A', variants: [{ price: '3' }] },
      { id: 2, title: 'B', variants: [{ price: '3.0000000000000004' }] },
    ]));
    const buckets = bucketsOf(e.filter({ build_filter_tree: true }), 'pf_p_price');
    expect(buckets.finite).toBe(true);
    expect(buckets.counted).toBe(2);
  });
});

describe('text search', () => {
  const e = engine();
  it('matches title, vendor, type, tags, SKUs and option values', () => {
    expect(ids(e.search({ q: 'globex' }))).toEqual(['2', '5']);
    expect(ids(e.search({ q: 'dress' }))).toEqual(['4']);
    expect(ids(e.search({ q: 'linen' }))).toEqual(['3']);
    expect(ids(e.search({ q: 'mug-cpp' }))).toEqual(['6']);
    expect(ids(e.search({ q: 'green' }))).toEqual(['3']);
  });
  it('completes the last word as a prefix, and an earlier word the catalog does not know', () => {
    expect(ids(e.search({ q: 'red sil' }))).toEqual(['4']);
    expect(ids(e.search({ q: 'sil red' }))).toEqual(['4']);
  });
  it('tolerates one typo from 4 letters, two from 8, none below 4; fuzzy=false turns it off', () => {
    expect(ids(e.search({ q: 'jackit' }))).toEqual(['2']);
    expect(ids(e.search({ q: 'cermaic' }))).toEqual(['6']); // an adjacent swap is one edit
    expect(ids(e.search({ q: 'cxrxmic' }))).toEqual([]); // two edits in a 7-letter word
    expect(ids(e.search({ q: 'ceramiccc' }))).toEqual(['6']); // 9 letters: 2 edits allowed
    expect(ids(e.search({ q: 'mig' }))).toEqual([]); // 3 letters: exact or prefix only
    expect(ids(e.search({ q: 'jackit', fuzzy: 'false' }))).toEqual([]);
  });
  it('full_min_match=true needs every word, false any word; reduce_min_match retries with fewer words', () => {
    expect(ids(e.search({ q: 'silk jacket', full_min_match: 'true' }))).toEqual([]);
    expect(ids(e.search({ q: 'silk jacket', full_min_match: 'false' })).sort()).toEqual(['2', '4']);
    expect(ids(e.search({ q: 'silk jacket', full_min_match: 'true', reduce_min_match: '1' })).sort()).toEqual(['2', '4']);
    expect(ids(e.search({ q: 'red silk', reduce_min_match: '1' }))).toEqual(['4']);
  });
  it('enable_plus_character_search keeps + inside a word', () => {
    expect(ids(e.search({ q: 'c++', enable_plus_character_search: 'true' }))).toEqual(['6']);
    // Without it, + separates words: "c++" is the word "c", completed as a prefix.
    expect(ids(e.search({ q: 'c++' })).length).toBeGreaterThan(1);
  });
  it('offers did-you-mean terms when nothing matches', () => {
    const r = e.search({ q: 'jaxkzt' });
    expect(r.total_product).toBe(0);
    expect(r.did_you_mean).toEqual(['jacket']); // two edits: beyond search, within did-you-mean
  });
  it('answers total_collection and total_page on search', () => {
    expect(e.search({ q: 'summer' })).toMatchObject({ total_collection: 1, total_page: 0 });
    expect(e.search({ q: 'shirts' })).toMatchObject({ total_page: 1 });
  });
  it('searches inside a collection with filters', () => {
    expect(ids(e.search({ q: 'shirt', collection_scope: 'men', 'pf_v_vendor[]': 'Globex' }))).toEqual(['5']);
  });
});

describe('search panels (S3.6)', () => {
  const e = engine();
  it('[S3.6] collections panel answers {total_collection, collections} with id, title, handle, image, body_html', () => {
    expect(get(e, '/api/search/collections?q=men').json).toEqual({
      total_collection: 1,
      collections: [{ id: 11, title: 'Men', handle: 'men', image: { src: '/images/men.jpg' }, body_html: '<p>For men.</p>' }],
    });
  });
  it('[S3.6] pages panel answers {total_page, pages} with url, title, body_html, id; title matches first', () => {
    expect(get(e, '/api/search/pages?q=ship').json).toEqual({
      total_page: 1,
      pages: [{ id: 21, title: 'Shipping policy', url: '/pages/shipping', image: null, body_html: '<p>We ship shirts worldwide.</p>' }],
    });
    expect((get(e, '/api/search/pages?q=1999').json as { total_page: number }).total_page).toBe(1);
  });
});

describe('suggest (S7.1, S3.4)', () => {
  const e = engine();
  it('[S3.4] answers every key of the suggestion response', () => {
    const r = e.suggest({ q: 'shi' });
    expect(Object.keys(r).sort()).toEqual(['all_empty', 'collections', 'did_you_mean', 'event_type', 'pages', 'products', 'query', 'redirect', 'suggestions', 'suggestions_redirect', 'total_product']);
    expect(r).toMatchObject({ query: 'shi', event_type: 'suggest', total_product: 3, redirect: null, all_empty: false });
    expect(r.suggestions).toContain('Shirt');
    expect(r.pages).toEqual([{ title: 'Shipping policy', url: '/pages/shipping', id: 21 }]);
  });
  it('[S7.1] applies the per-block limits', () => {
    expect(e.suggest({ q: 's', product_limit: 6 }).products).toHaveLength(5);
    expect(e.suggest({ q: 's', product_limit: 2 }).products).toHaveLength(2);
    expect(e.suggest({ q: 'r', suggestion_limit: 1 }).suggestions).toHaveLength(1);
    expect(e.suggest({ q: 'm', collection_limit: 0 }).collections).toEqual([]);
    expect(e.suggest({ q: 'shipping', page_limit: 0 }).pages).toEqual([]);
  });
  it('[S7.1] completes from past queries and from the catalog vocabulary', () => {
    expect(e.suggest({ q: 'red s' }).suggestions[0]).toBe('red shirt');
    expect(e.suggest({ q: 'glo' }).suggestions).toEqual(['Globex']);
  });
  it('[S7.1] suggest_types limits the blocks', () => {
    const r = e.suggest({ q: 'shi', suggest_types: 'products' });
    expect(r.suggestions).toEqual([]);
    expect(r.pages).toEqual([]);
    expect(r.products.length).toBeGreaterThan(0);
  });
  it('[S3.4, S7.1] did-you-mean: suggest_query with its count, then the suggest_dym follow-up with prev_query', () => {
    const first = e.suggest({ q: 'jaxkzt' });
    expect(first).toMatchObject({ total_product: 0, suggest_query: 'jacket', suggest_total_product: 1, did_you_mean: ['jacket'] });
    const follow = e.suggest({ q: 'jacket', event_type: 'suggest_dym', prev_query: 'jaxkzt' });
    expect(follow).toMatchObject({ query: 'jacket', event_type: 'suggest_dym', prev_query: 'jaxkzt', prev_total_product: 0, total_product: 1 });
    expect(e.suggest({ q: 'jaxkzt', dym_limit: 0 }).did_you_mean).toEqual([]);
  });
  it('[S3.4] redirect and suggestions_redirect come from the configuration', () => {
    expect(e.suggest({ q: '  Gift   Card ' }).redirect).toBe('/pages/gift-card');
    const e2 = createEngine({ ...smallCatalog(), redirects: { globex: '/collections/globex' } });
    expect(e2.suggest({ q: 'glob' }).suggestions_redirect).toEqual({ Globex: '/collections/globex' });
  });
  it('[S7.1] counts total_product the same way with and without the products block', () => {
    for (const q of ['s', 'shirt', 'red sh', 'jackit', 'c++', 'zzz', 'blue l']) {
      expect(e.suggest({ q, suggest_types: 'suggestions' }).total_product).toBe(e.suggest({ q }).total_product);
    }
  });
  it('[S3.4] an empty term answers empty blocks with all_empty', () => {
    expect(e.suggest({ q: '  ' })).toMatchObject({ query: '', total_product: 0, products: [], all_empty: true });
  });
  it('[S7.1] enable_default_result=false leaves products empty when nothing matches', () => {
    expect(e.suggest({ q: 'zzzzqqq' }).products.length).toBeGreaterThan(0);
    expect(e.suggest({ q: 'zzzzqqq', enable_default_result: 'false' }).products).toEqual([]);
  });
  it('[S7.1] product_available=true leaves sold-out products out', () => {
    expect(e.suggest({ q: 'jacket', product_available: 'true' }).total_product).toBe(0);
  });
});

describe('shop calls', () => {
  const e = engine();
  it('[S7.2] products by repeated ids, in the order asked, unknown ids skipped', () => {
    const body = JSON.parse(get(e, '/api/products?ids=4&ids=1&ids=404&shop=x.myshopify.com&locale=en').body) as Array<{ id: number }>;
    expect(body.map((p) => p.id)).toEqual([4, 1]);
  });
  it('[S7.3] collection description at {collection path}?view=desc, locale prefix allowed', () => {
    expect(get(e, '/collections/men?view=desc').json).toEqual({ collection: { id: 11, title: 'Men', description: '<p>For men.</p>', handle: 'men', image: { src: '/images/men.jpg' } } });
    expect(get(e, '/fr/collections/men?view=desc').status).toBe(200);
    expect(get(e, '/collections/nope?view=desc').status).toBe(404);
  });
  it('[S7.4] product HTML for up to 20 handles, {products: [{id, html: {value}}]}', () => {
    const r = get(e, '/collections/all/product-1+product-4+missing?view=boost-pfs-product-item').json as { products: Array<{ id: number; html: { value: string } }> };
    expect(r.products.map((p) => p.id)).toEqual([1, 4]);
    expect(r.products[0]?.html.value).toContain('href="/products/product-1"');
    expect(r.products[1]?.html.value).toContain('$120.00');
    const many = Array.from({ length: 21 }, (_, i) => `h${i}`).join('+');
    expect(get(e, `/collections/all/${many}?view=boost-pfs-product-item`).json).toMatchObject({ error: 'too_many_values' });
  });
  it('[S7.4] escapes every catalog string in product HTML and drops unsafe image URLs', () => {
    const cat = smallCatalog();
    const p = cat.products[0]!;
    p.title = '<img src=x onerror=alert(1)>"';
    p.vendor = '<script>alert(1)</script>';
    p.images = [{ src: 'javascript:alert(1)' }];
    const html = createEngine(cat).productHtml(['product-1']).products[0]?.html.value ?? '';
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(html).not.toContain('javascript:');
  });
  it('[S7.5] most popular: best sellers of a collection (all by default)', () => {
    const r = get(e, '/collections/all?view=boost-pfs-most-popular&sort_by=best-selling').json as { products: Array<{ id: number }> };
    expect(r.products.map((p) => p.id)).toEqual([4, 6, 1, 3, 2, 5]);
    const men = get(e, '/collections/men?view=boost-pfs-most-popular&sort_by=best-selling&limit=2').json as { products: Array<{ id: number }> };
    expect(men.products.map((p) => p.id)).toEqual([1, 2]);
  });
  it('[F3.17] cart.js gives an empty token for no cart; add.js creates one and sets the cookie', () => {
    const e2 = engine();
    expect(get(e2, '/cart.js').json).toMatchObject({ token: '', item_count: 0 });
    const add = e2.handle({ method: 'POST', url: '/cart/add.js', body: JSON.stringify({ id: 9001, quantity: 2 }), headers: { 'Content-Type': 'application/json' } });
    const cart = JSON.parse(add.body) as { token: string; item_count: number };
    expect(cart.item_count).toBe(2);
    expect(add.headers['set-cookie']).toBe(`cart=${cart.token}; Path=/; SameSite=Lax`);
    const again = e2.handle({ method: 'GET', url: '/cart.js', headers: { cookie: `x=1; cart=${cart.token}` } });
    expect(JSON.parse(again.body)).toMatchObject({ token: cart.token, item_count: 2 });
    const form = e2.handle({ method: 'POST', url: `/cart/add.js?token=${cart.token}`, body: 'id=9002&quantity=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(JSON.parse(form.body)).toMatchObject({ item_count: 3 });
    const change = e2.handle({ method: 'POST', url: `/cart/change.js?token=${cart.token}`, body: JSON.stringify({ id: 9001, quantity: 0 }) });
    expect(JSON.parse(change.body)).toMatchObject({ item_count: 1 });
    expect(e2.handle({ method: 'POST', url: '/cart/add.js', body: JSON.stringify({ id: 1, quantity: 1 }) }).status).toBe(404);
    expect(e2.handle({ method: 'POST', url: '/cart/add.js', body: JSON.stringify({ id: 9001, quantity: -1 }) }).status).toBe(400);
  });
  it('[F3.16] keeps analytics records and never counts a resent id twice', () => {
    const e2 = engine();
    const rec = { tid: 'x.myshopify.com', ct: 'c1', pid: '1', t: '2024-01-01T00:00:00Z', u: 'view_product', a: 'search', qs: 'q=red', r: '', sid: 's1', id: 'r1' };
    const post = (body: unknown) => e2.handle({ method: 'POST', url: '/api/analytics', body: JSON.stringify(body) });
    expect(JSON.parse(post(rec).body)).toEqual({ success: true, accepted: 1, duplicates: 0 });
    expect(JSON.parse(post([rec, { ...rec, id: 'r2', u: 'add_to_cart' }]).body)).toEqual({ success: true, accepted: 1, duplicates: 1 });
    expect(e2.analyticsRecords().map((r) => r.u)).toEqual(['view_product', 'add_to_cart']);
    expect(JSON.parse(post({ ...rec, u: 'hack' }).body)).toMatchObject({ error: 'unknown_type', param: 'u' });
    expect(post('not json').status).toBe(400);
  });
  it('[F3.16] answers 400 naming the problem to bad analytics input, and keeps none of it', () => {
    const e2 = engine();
    const rec = { tid: 'x', ct: 'c1', pid: '1', t: '2024-01-01T00:00:00Z', u: 'view_product', a: 'search', qs: '', r: '', sid: 's1', id: 'ok' };
    const post = (body: string) => {
      const res = e2.handle({ method: 'POST', url: '/api/analytics', body });
      return { status: res.status, ...(JSON.parse(res.body) as { error: string; param?: string; message: string }) };
    };
    expect(post('{"tid":')).toMatchObject({ status: 400, error: 'invalid_json', param: 'body' });
    expect(post(JSON.stringify({ ...rec, qs: 'x'.repeat(2000), r: 'y'.repeat(2000), sid: 'z'.repeat(2000), t: 't'.repeat(2000), ct: 'c'.repeat(1000) }))).toMatchObject({ status: 400, error: 'body_too_large' });
    expect(post(JSON.stringify({ ...rec, u: 'click' }))).toMatchObject({ status: 400, error: 'unknown_type', param: 'u' });
    const { id: _dropped, ...noId } = rec;
    expect(post(JSON.stringify(noId))).toMatchObject({ status: 400, param: 'id' });
    expect(post(JSON.stringify(noId)).message).toContain('id is missing');
    // One bad record in a batch: nothing of the batch is kept.
    expect(post(JSON.stringify([rec, { ...rec, id: 'b', a: 'nowhere' }]))).toMatchObject({ status: 400, param: 'a' });
    expect(e2.analyticsRecords()).toEqual([]);
    expect(e2.handle({ method: 'GET', url: '/api/analytics' }).status).toBe(405);
  });
  it('accepts back-in-stock requests with a valid email only', () => {
    const e2 = engine();
    const post = (body: unknown) => e2.handle({ method: 'POST', url: '/api/back-in-stock', body: JSON.stringify(body) });
    expect(JSON.parse(post({ email: 'a@b.co', variant_id: 9003 }).body)).toEqual({ success: true, message: 'Thanks! We will notify you when this product becomes available!' });
    expect(JSON.parse(post({ email: 'nope', variant_id: 9003 }).body)).toMatchObject({ message: '[@pkg/engine] Please provide a valid email address.', param: 'email' });
    expect(e2.backInStockRequests()).toEqual([{ email: 'a@b.co', variant_id: 9003, at: expect.any(Number) }]);
  });
  it('keeps carts, analytics and back-in-stock requests in the store it is given, shared by engines over it', () => {
    const store = createMemoryStore();
    const first = createEngine(smallCatalog(), { store, createToken: () => 'tok1' });
    const second = createEngine(smallCatalog(), { store });
    const rec = { tid: 'x', ct: 'c1', pid: '1', t: '2024-01-01T00:00:00Z', u: 'view_product', a: 'search', qs: '', r: '', sid: 's1', id: 'r1' } as const;
    first.cartAdd(null, [{ id: 9001, quantity: 2 }]);
    first.recordAnalytics([rec]);
    first.requestBackInStock({ email: ' a@b.co ', variant_id: 9003 });
    expect(second.cart('tok1')).toMatchObject({ token: 'tok1', item_count: 2 });
    expect(second.recordAnalytics([rec])).toEqual({ accepted: 0, duplicates: 1 });
    expect(store.backInStock.list()).toEqual([{ email: 'a@b.co', variant_id: 9003, at: expect.any(Number) }]);
    expect([...((store.carts.get('tok1') as ReadonlyMap<string, number> | undefined) ?? [])]).toEqual([['9001', 2]]);
  });
});

describe('HTTP surface', () => {
  const e = engine();
  it('[F7.1] answers JSONP when a valid callback is given', () => {
    const r = get(e, '/api/filter?callback=jQuery.cb_1$&limit=1');
    expect(r.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(r.body).toMatch(/^\/\*\*\/jQuery\.cb_1\$\(\{"total_product":6,/);
    expect(r.body.endsWith(');')).toBe(true);
  });
  it('rejects a callback name with anything but letters, digits, _, $ and .', () => {
    for (const cb of ['alert(1)', 'a;b', 'x y', '<script>', 'a-b', 'a'.repeat(129)]) {
      const r = get(e, `/api/filter?callback=${encodeURIComponent(cb)}`);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ error: 'invalid_callback', param: 'callback' });
    }
  });
  it('moves the API with apiBase and answers 404 JSON for unknown routes', () => {
    const e2 = createEngine(smallCatalog(), { apiBase: '/search-api/v1' });
    expect(get(e2, '/search-api/v1/filter').status).toBe(200);
    expect(get(e2, '/api/filter').status).toBe(404);
    expect(get(e2, '/nothing').json).toMatchObject({ error: 'not_found' });
  });
  it('answers CORS preflight; catalogue reads may be cached briefly, the rest is no-store', () => {
    const r = e.handle({ method: 'OPTIONS', url: '/api/filter' });
    expect(r.status).toBe(204);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(get(e, '/api/filter').headers['cache-control']).toBe('public, max-age=30');
    expect(get(e, '/cart.js').headers['cache-control']).toBe('no-store');
    expect(get(e, '/api/filter?page=x').headers['cache-control']).toBe('no-store');
    expect(get(createEngine(smallCatalog(), { cacheMaxAge: 0 }), '/api/suggest?q=a').headers['cache-control']).toBe('no-cache');
    expect(() => createEngine(smallCatalog(), { cacheMaxAge: -1 })).toThrow(/cacheMaxAge must be a whole number/);
  });
  it('engine.fetch is a fetch-compatible function over handle()', async () => {
    const res = await e.fetch('/api/filter?limit=2&pf_v_vendor[]=Globex');
    expect(res.status).toBe(200);
    expect(((await res.json()) as WireFilterResponse).total_product).toBe(2);
    const post = await e.fetch(new Request('http://shop.test/cart/add.js', { method: 'POST', body: JSON.stringify({ id: 9001 }) }));
    const token = ((await post.json()) as { token: string }).token;
    // The in-process cookie jar keeps the cart across calls.
    expect(((await (await e.fetch('/cart.js')).json()) as { token: string }).token).toBe(token);
  });
});

describe('bad input (documented limits)', () => {
  const e = engine();
  const bad = (url: string) => get(e, url).json as { error: string; param?: string; message: string };
  it('rejects non-numeric or absurd page and limit', () => {
    expect(bad('/api/filter?page=abc')).toMatchObject({ error: 'invalid_parameter', param: 'page' });
    expect(bad('/api/filter?page=10001')).toMatchObject({ error: 'out_of_range', param: 'page' });
    expect(bad('/api/filter?page=0')).toMatchObject({ error: 'out_of_range', param: 'page' });
    expect(bad('/api/filter?limit=251')).toMatchObject({ error: 'out_of_range', param: 'limit' });
    expect(get(e, '/api/filter?page=10000&limit=250').status).toBe(200);
  });
  it('rejects huge terms, too many values and too many parameters', () => {
    expect(bad(`/api/search?q=${'a'.repeat(257)}`)).toMatchObject({ error: 'value_too_long', param: 'q' });
    expect(get(e, `/api/search?q=${'a'.repeat(256)}`).status).toBe(200);
    const many = Array.from({ length: 101 }, (_, i) => `pf_t_tag[]=t${i}`).join('&');
    expect(bad(`/api/filter?${many}`)).toMatchObject({ error: 'too_many_values', param: 'pf_t_tag' });
    const params = Array.from({ length: 201 }, (_, i) => `x${i}=1`).join('&');
    expect(bad(`/api/filter?${params}`)).toMatchObject({ error: 'too_many_parameters' });
  });
  it('rejects unknown option families and malformed ranges, ignores unknown plain parameters', () => {
    expect(bad('/api/filter?pf_zz_thing[]=1')).toMatchObject({ error: 'unknown_option', param: 'pf_zz_thing' });
    expect(bad('/api/filter?pf_p_price=abc')).toMatchObject({ error: 'invalid_range', param: 'pf_p_price' });
    expect(bad('/api/filter?pf_p_price=50:10')).toMatchObject({ error: 'invalid_range' });
    expect(bad('/api/filter?pf_r_rating[]=9')).toMatchObject({ param: 'pf_r_rating' });
    expect(bad('/api/filter?product_available=maybe')).toMatchObject({ param: 'product_available' });
    expect(get(e, '/api/filter?utm_source=mail&foo=bar').status).toBe(200);
  });
  it('answers an unknown option id of a known family from the catalog (no tree entry needed)', () => {
    expect(ids(e.filter({ 'pf_opt_colour_name[]': 'Red' }))).toEqual([]);
    expect(ids(e.filter({ 'pf_t_anything[]': 'party' }))).toEqual(['4']);
  });
  it('fails fast on a filter tree with an option it cannot read', () => {
    expect(() => createEngine({ ...smallCatalog(), filterTree: [{ filterOptionId: 'weird', filterType: 'nope', displayType: 'list' }] })).toThrow(/\[@pkg\/engine\] Filter-tree option "weird"/);
    expect(() => createEngine({} as never)).toThrow(/needs a catalog/);
  });
});
