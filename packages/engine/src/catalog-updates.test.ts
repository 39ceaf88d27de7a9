import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from './catalog';
import type { ProductUpdate } from './catalog-updates';
import { CatalogIndex } from './catalog-index';
import { createEngine } from './create-engine';
import { applyInPlace } from './live-index';
import type { Engine } from './engine-types';
import { generateCatalog, seededRandom } from './synthetic-catalog';
import { product, smallCatalog, variant, updatedList } from './test-fixtures';

// Queries of every class: whole catalogue (with zero counts too), a selection per option family,
// variant-level counting, ranges, a tag, a collection scope, text with facets, every sort order,
// a check_cache answer, suggest, and the lookups by id, handle and variant id.
const QUERIES: Array<Record<string, string | string[]>> = [
  { build_filter_tree: 'true' },
  { build_filter_tree: 'true', check_cache: 'true' },
  { build_filter_tree: 'true', zero_options: 'true' },
  { build_filter_tree: 'true', 'pf_v_vendor[]': 'Globex' },
  { build_filter_tree: 'true', 'pf_opt_color[]': ['Red', 'Blue'], 'pf_opt_size[]': 'S' },
  { build_filter_tree: 'true', 'pf_opt_color[]': 'Red', 'pf_opt_size[]': 'M', variant_available: 'true' },
  { build_filter_tree: 'true', pf_p_price: '10:40', 'pf_st_stock[]': 'in-stock' },
  { build_filter_tree: 'true', pf_p_price: ['0:10', '100:'], 'pf_r_rating[]': '3.5' },
  { build_filter_tree: 'true', 'pf_t_tag[]': 'summer', sort: 'price-descending' },
  { build_filter_tree: 'true', 'pf_t_cat[]': 'Men>Tops', sort: 'title-ascending' },
  { build_filter_tree: 'true', collection_scope: 'men', 'pf_r_rating[]': '3' },
  { build_filter_tree: 'true', q: 'shirt', 'pf_pt_product_type[]': 'Shirt' },
  { q: 'red linen', sort: 'best-selling' },
  ...['title-descending', 'created-descending', 'published-ascending', 'sale-descending', 'review-ratings-ascending', 'created-ascending', 'manual'].map((sort) => ({ sort, limit: '50' })),
];

const answers = (e: Engine) => [
  ...QUERIES.map((q) => {
    const { from_cache: _cached, ...rest } = q.q ? e.search(q) : e.filter(q);
    return rest;
  }),
  e.suggest({ q: 're' }),
  e.suggest({ q: 'shi' }),
  e.suggest({ q: 'oxf' }),
  e.products(['1', '2', '3', '4', '5', '6', '7', '8', '9']).map((p) => p.id),
  Object.keys(e.productHtml(['product-1', 'product-7', 'same-handle'])),
  VARIANT_IDS.map((id) => {
    try {
      return e.cartAdd(null, [{ id, quantity: 1 }]).items?.map((i) => [i.id, i.product_id, i.price]);
    } catch (err) {
      return (err as Error).message;
    }
  }),
];

const VENDORS = ['Acme', 'Globex', 'Initech', 'Umbrella'];
const COLORS = ['Red', 'Blue', 'Green', 'White'];
const TAGS = ['summer', 'winter', 'cotton', 'linen', 'cat:Men>Tops>Shirts', 'cat:Women>Dresses'];
const WORDS = ['Red', 'Linen', 'Shirt', 'Dress', 'Mug', 'Jacket', 'Oxford', 'oxford'];
// Variant ids from a small pool, so that products share some (the first product keeps the id).
const VARIANT_IDS = ['v1', 'v2', 'v3', 'v4'];

const productArb = (id: number) =>
  fc.record({
    vendor: fc.constantFrom(...VENDORS),
    type: fc.constantFrom('Shirt', 'Dress', 'Mug'),
    title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
    colors: fc.uniqueArray(fc.constantFrom(...COLORS), { minLength: 1, maxLength: 2 }),
    sizes: fc.uniqueArray(fc.constantFrom('S', 'M'), { minLength: 1, maxLength: 2 }),
    price: fc.integer({ min: 5, max: 150 }),
    compareAt: fc.option(fc.integer({ min: 100, max: 200 })),
    available: fc.boolean(),
    rating: fc.constantFrom(0, 2, 3.5, 5),
    sales: fc.integer({ min: 0, max: 3 }),
    day: fc.integer({ min: 1, max: 3 }),
    men: fc.boolean(),
    sameHandle: fc.boolean(),
    vid: fc.constantFrom(...VARIANT_IDS),
  }).map((r): CatalogProduct => product(id, {
    title: r.title.join(' '), vendor: r.vendor, productType: r.type, tags: r.tags, rating: r.rating, sales: r.sales, collections: r.men ? ['men'] : ['women'],
    createdAt: `2024-03-0${r.day}T00:00:00.000Z`, publishedAt: `2024-04-0${4 - r.day}T00:00:00.000Z`,
    ...(r.sameHandle ? { handle: 'same-handle' } : {}),
    options: [{ name: 'Color', values: r.colors }, { name: 'Size', values: r.sizes }],
    variants: r.colors.flatMap((c, i) => r.sizes.map((z, k) => variant({
      ...(i === 0 && k === 0 ? { id: r.vid } : {}),
      options: [c, z], price: r.price + k, compareAtPrice: r.compareAt, available: r.available || k === 1, weight: 100 * (i + 1),
    }))),
  }));

// Ids 1-6 exist in the small catalogue; 7-9 are new ones.
// `reprice`: the product with that id as it stands, with new prices and stock only (its words
// unchanged: the text index is kept), made into an upsert when the batch is applied.
type TestUpdate = ProductUpdate | { op: 'reprice'; id: string; by: number };
const updateArb: fc.Arbitrary<TestUpdate> = fc.oneof(
  fc.integer({ min: 1, max: 9 }).chain((id) => productArb(id)).map((p): TestUpdate => ({ op: 'upsert', product: p })),
  fc.integer({ min: 1, max: 9 }).map((id): TestUpdate => ({ op: 'delete', id: String(id) })),
  fc.record({ id: fc.integer({ min: 1, max: 9 }), by: fc.integer({ min: 1, max: 90 }) }).map(({ id, by }): TestUpdate => ({ op: 'reprice', id: String(id), by })),
);
const repriced = (list: readonly CatalogProduct[], batch: readonly TestUpdate[]): ProductUpdate[] =>
  batch.flatMap((u): ProductUpdate[] => {
    if (u.op !== 'reprice') return [u];
    const p = list.find((q) => q.id === u.id);
    return p ? [{ op: 'upsert', product: { ...p, sales: p.sales + u.by, variants: p.variants.map((v) => ({ ...v, price: v.price + u.by, available: !v.available })) } }] : [];
  });


describe('live catalogue updates (applyProductUpdates)', () => {
  // A first batch of `bulk` creates: 30 fit the free slots after the 6 products (changed in
  // place), 40 do not (a rebuild); later batches then run on either kind of index.
  const bulkOf = (n: number): ProductUpdate[] =>
    Array.from({ length: n }, (_, k) => ({ op: 'upsert', product: product(100 + k, { title: `Bulk Oxford ${k % 3}`, tags: ['summer'], variants: [variant({ options: ['Red', 'S'], price: 5 + k })] }) }));

  it('answers every query class exactly like a fresh build after any sequence of updates, in place or rebuilt', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 0, 30, 40), fc.array(fc.array(updateArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (bulk, more) => {
        const catalog = smallCatalog();
        const live = createEngine(catalog);
        answers(live); // fill the caches (answer cache, wire products, histograms) with the old catalogue
        const applied: ProductUpdate[] = [];
        const batches = bulk > 0 ? [bulkOf(bulk), ...more] : more;
        for (const tests of batches) {
          const batch = repriced(updatedList(catalog.products, applied), tests);
          live.applyProductUpdates(batch);
          applied.push(...batch);
          const fresh = createEngine({ ...catalog, products: updatedList(catalog.products, applied) });
          expect(live.catalog.products.map((p) => p.id)).toEqual(fresh.catalog.products.map((p) => p.id));
          expect(answers(live)).toEqual(answers(fresh));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('keeps counts over large value lists (cached histograms) and text scores exact on a generated catalogue', () => {
    const catalog = generateCatalog({ products: 900, seed: 3, vendors: 4, tags: 12 });
    const live = createEngine(catalog);
    const vendors = [...new Set(catalog.products.map((p) => p.vendor))];
    const calls = [
      ...vendors.map((v) => `/api/filter?build_filter_tree=true&pf_v_vendor[]=${encodeURIComponent(v)}`),
      '/api/filter?build_filter_tree=true&pf_opt_color[]=Red&pf_t_tag[]=summer',
      '/api/filter?build_filter_tree=true&collection_scope=tops&sort=title-ascending',
      '/api/search?q=linen%20shirt&build_filter_tree=true',
      '/api/suggest?q=li',
    ];
    const bodies = (e: Engine) => calls.map((url) => [url, e.handle({ method: 'GET', url }).body]);
    bodies(live); // warm every cache on the old catalogue
    const rnd = seededRandom(11);
    const at = (k: number) => catalog.products[Math.floor(rnd() * k)] as CatalogProduct;
    let list = [...catalog.products];
    for (let round = 0; round < 3; round++) {
      const batch: ProductUpdate[] = [];
      for (let k = 0; k < 12; k++) {
        const p = at(catalog.products.length);
        const changed: CatalogProduct = { ...p, vendor: vendors[k % vendors.length] as string, title: `${p.title} Linen`, tags: [...p.tags.slice(1), `new-${round}`], variants: p.variants.map((v) => ({ ...v, options: v.options.map((o, i) => (i === 0 ? 'Red' : o)), price: v.price + 3 })) };
        batch.push({ op: 'upsert', product: changed });
      }
      for (let k = 0; k < 4; k++) batch.push({ op: 'delete', id: at(catalog.products.length).id });
      for (let k = 0; k < 4; k++) batch.push({ op: 'upsert', product: { ...at(catalog.products.length), id: `new-${round}-${k}`, handle: `new-${round}-${k}` } });
      live.applyProductUpdates(batch);
      list = updatedList(list, batch);
      expect(bodies(live)).toEqual(bodies(createEngine({ ...catalog, products: list })));
    }
  });

  it('counts created, updated and deleted products, and keeps merged fields the platform does not send', () => {
    const e = createEngine(smallCatalog());
    const renamed = product(1, { title: 'Plain Tee', vendor: 'Umbrella', variants: [variant({ options: ['Red', 'S'], price: 9 })] });
    const result = e.applyProductUpdates([
      { op: 'upsert', product: renamed, merge: true },
      { op: 'upsert', product: product(40, { title: 'New Scarf' }) },
      { op: 'delete', id: '2' },
      { op: 'delete', id: 'no-such-id' },
    ]);
    expect(result).toEqual({ created: 1, updated: 1, deleted: 1, products: 6 });
    const tee = e.catalog.products.find((p) => p.id === '1');
    expect(tee).toMatchObject({ title: 'Plain Tee', collections: ['men', 'sale'], rating: 4.5, sales: 50 });
    expect(e.search({ q: 'tee' }).products.map((p) => p.title)).toEqual(['Plain Tee']);
    expect(e.search({ q: 'jacket' }).total_product).toBe(0);
    expect(e.products(['2'])).toEqual([]);
  });

  it('keeps the text index through changes of prices and stock, changes it in place when words change, and builds it again when the average title length moves', () => {
    const index = new CatalogIndex(smallCatalog());
    const p = index.products.get(0);
    const apply = (u: ProductUpdate) => applyInPlace(index, [u], () => undefined, () => undefined);
    const text = index.text;
    const docsOf = (word: string) => {
      const t = text.termId(word);
      return t === -1 ? [] : Array.from(text.textDocs.subarray(text.textStart[t], text.textEnd[t]));
    };
    apply({ op: 'upsert', product: { ...p, sales: 99, variants: p.variants.map((v) => ({ ...v, price: v.price + 5, available: !v.available })) } });
    expect([index.text, text.changes]).toEqual([text, 0]);
    // Each change of words: the same index, the new word found, the word given up gone.
    const changes: Array<[Partial<CatalogProduct>, string, string]> = [
      [{ title: 'Red Cotton Tunic' }, 'tunic', ''], [{ vendor: 'Hooli' }, 'hooli', 'acme'], [{ productType: 'Blouse' }, 'blouse', ''],
      [{ bodyHtml: '<p>watertight</p>' }, 'watertight', ''], [{ tags: [...p.tags, 'festival'] }, 'festival', ''],
      [{ variants: p.variants.map((v) => ({ ...v, sku: `${v.sku}-ZQ` })) }, 'zq', ''], [{ options: p.options.map((o) => ({ ...o, values: [...o.values, 'Teal'] })) }, 'teal', ''],
    ];
    let current = p;
    for (const [change, found, gone] of changes) {
      const before = text.changes;
      current = { ...current, ...change };
      apply({ op: 'upsert', product: current });
      expect([change, index.text === text, text.changes]).toEqual([change, true, before + 1]);
      expect([found, docsOf(found).includes(0)]).toEqual([found, true]);
      if (gone) expect([gone, docsOf(gone).includes(0)]).toEqual([gone, false]);
    }
    expect(text.termId('hooli')).toBeGreaterThanOrEqual(0);
    apply({ op: 'upsert', product: { ...current, vendor: 'Acme' } });
    expect(text.termId('hooli')).toBe(-1); // no live product has it any more
    // A title of five more words moves the average of six titles to another step: built again.
    apply({ op: 'upsert', product: { ...current, title: `${current.title} one two three four five` } });
    expect(index.textBuilt).toBe(false);
  });

  it('puts nothing in force when a batch cannot be built', () => {
    const e = createEngine(smallCatalog());
    const before = e.catalog;
    const broken = { ...product(50, {}), variants: null } as unknown as CatalogProduct;
    expect(() => e.applyProductUpdates([{ op: 'upsert', product: product(51, { title: 'Good' }) }, { op: 'upsert', product: broken }])).toThrow();
    expect(e.catalog).toBe(before);
    expect(e.search({ q: 'good' }).total_product).toBe(0);
  });
});
