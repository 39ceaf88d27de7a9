import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from './catalog';
import type { ProductUpdate } from './catalog-updates';
import { createEngine } from './create-engine';
import type { Engine } from './engine-types';
import { product, smallCatalog, variant } from './test-fixtures';

// Queries of every class: whole catalogue, a selection per option family, a range, a tag, a
// collection scope, text with facets, a check_cache answer, and suggest.
const QUERIES: Array<Record<string, string | string[]>> = [
  { build_filter_tree: 'true' },
  { build_filter_tree: 'true', check_cache: 'true' },
  { build_filter_tree: 'true', 'pf_v_vendor[]': 'Globex' },
  { build_filter_tree: 'true', 'pf_opt_color[]': ['Red', 'Blue'], 'pf_opt_size[]': 'S' },
  { build_filter_tree: 'true', pf_p_price: '10:40', 'pf_st_stock[]': 'in-stock' },
  { build_filter_tree: 'true', 'pf_t_tag[]': 'summer', sort: 'price-descending' },
  { build_filter_tree: 'true', collection_scope: 'men', 'pf_r_rating[]': '3' },
  { build_filter_tree: 'true', q: 'shirt', 'pf_pt_product_type[]': 'Shirt' },
];

const answers = (e: Engine) => [
  ...QUERIES.map((q) => {
    const { from_cache: _cached, ...rest } = q.q ? e.search(q) : e.filter(q);
    return rest;
  }),
  e.suggest({ q: 're' }),
  e.suggest({ q: 'shi' }),
];

const VENDORS = ['Acme', 'Globex', 'Initech', 'Umbrella'];
const COLORS = ['Red', 'Blue', 'Green', 'White'];
const TAGS = ['summer', 'winter', 'cotton', 'linen', 'cat:Men>Tops>Shirts', 'cat:Women>Dresses'];
const WORDS = ['Red', 'Linen', 'Shirt', 'Dress', 'Mug', 'Jacket', 'Oxford'];

const productArb = (id: number) =>
  fc.record({
    vendor: fc.constantFrom(...VENDORS),
    type: fc.constantFrom('Shirt', 'Dress', 'Mug'),
    title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
    colors: fc.uniqueArray(fc.constantFrom(...COLORS), { minLength: 1, maxLength: 2 }),
    price: fc.integer({ min: 5, max: 150 }),
    available: fc.boolean(),
    rating: fc.constantFrom(0, 2, 3.5, 5),
    men: fc.boolean(),
  }).map((r): CatalogProduct => product(id, {
    title: r.title.join(' '), vendor: r.vendor, productType: r.type, tags: r.tags, rating: r.rating, collections: r.men ? ['men'] : ['women'],
    options: [{ name: 'Color', values: r.colors }, { name: 'Size', values: ['S'] }],
    variants: r.colors.map((c) => variant({ options: [c, 'S'], price: r.price, available: r.available })),
  }));

// Ids 1-6 exist in the small catalogue; 7-9 are new ones.
const updateArb: fc.Arbitrary<ProductUpdate> = fc.oneof(
  fc.integer({ min: 1, max: 9 }).chain((id) => productArb(id)).map((p): ProductUpdate => ({ op: 'upsert', product: p })),
  fc.integer({ min: 1, max: 9 }).map((id): ProductUpdate => ({ op: 'delete', id: String(id) })),
);

/** The products after the updates, by a model independent of the engine: a list kept by id. */
function model(start: readonly CatalogProduct[], updates: readonly ProductUpdate[]): CatalogProduct[] {
  let list = [...start];
  for (const u of updates) {
    if (u.op === 'delete') list = list.filter((p) => p.id !== u.id);
    else if (list.some((p) => p.id === u.product.id)) list = list.map((p) => (p.id === u.product.id ? u.product : p));
    else list = [...list, u.product];
  }
  return list;
}

describe('live catalogue updates (applyProductUpdates)', () => {
  it('answers every query class exactly like a fresh build after any sequence of updates', () => {
    fc.assert(
      fc.property(fc.array(fc.array(updateArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (batches) => {
        const catalog = smallCatalog();
        const live = createEngine(catalog);
        answers(live); // fill the caches (answer cache, wire products, histograms) with the old catalogue
        const applied: ProductUpdate[] = [];
        for (const batch of batches) {
          live.applyProductUpdates(batch);
          applied.push(...batch);
          const fresh = createEngine({ ...catalog, products: model(catalog.products, applied) });
          expect(live.catalog.products.map((p) => p.id)).toEqual(fresh.catalog.products.map((p) => p.id));
          expect(answers(live)).toEqual(answers(fresh));
        }
      }),
      { numRuns: 25 },
    );
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

  it('puts nothing in force when a batch cannot be built', () => {
    const e = createEngine(smallCatalog());
    const before = e.catalog;
    const broken = { ...product(50, {}), variants: null } as unknown as CatalogProduct;
    expect(() => e.applyProductUpdates([{ op: 'upsert', product: product(51, { title: 'Good' }) }, { op: 'upsert', product: broken }])).toThrow();
    expect(e.catalog).toBe(before);
    expect(e.search({ q: 'good' }).total_product).toBe(0);
  });
});
