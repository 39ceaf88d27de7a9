import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogProduct } from './catalog';
import { createEngine } from './create-engine';
import { writeNumbers } from './catalog-index';
import { EMPTY_SLOT, OPTIONS, ProductStore, isoMillis, type WrittenIds } from './product-store';
import { productStats } from './product-stats';
import { generateCatalog } from './synthetic-catalog';
import { smallCatalog } from './test-fixtures';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', 'Red', 'Größe', '東京', 'a'.repeat(5000), 'é'.repeat(3000)),
  // Numbers and dates, written compactly when they read back the same.
  fc.constantFrom('0', '7', '0123', '40000001', '999999999999999', '1234567890123456', '-5', '1e3'),
  fc.constantFrom('2024-05-16T17:31:35.774Z', '2024-05-16T17:31:35Z', '1969-12-31T23:59:59.999Z', '+275760-09-13T00:00:00.000Z', '2024-02-30T00:00:00.000Z'));
const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, 19.99, -3, 1e300, 2 ** 60, 0.1 + 0.2, NaN, -12.5));
const variant = fc.record({
  id: text, title: text, sku: text, barcode: text, price: num, compareAtPrice: fc.option(num, { nil: null }), available: fc.boolean(), inventoryQuantity: num,
  options: fc.array(text, { maxLength: 3 }), weight: num, image: fc.option(text, { nil: null }), fulfillmentService: text,
});
const product = fc.record(
  {
    id: text, handle: text, title: text, vendor: text, productType: text, tags: fc.array(text, { maxLength: 8 }), bodyHtml: text,
    createdAt: text, updatedAt: text, publishedAt: text,
    images: fc.array(fc.record({ src: text, width: num, height: num, alt: fc.option(text, { nil: null }) }, { requiredKeys: ['src'] }), { maxLength: 3 }),
    options: fc.array(fc.record({ name: text, values: fc.array(text, { maxLength: 4 }) }), { maxLength: 3 }),
    variants: fc.array(variant, { maxLength: 5 }), collections: fc.array(text, { maxLength: 3 }), rating: num, reviewCount: num, sales: num,
    templateSuffix: fc.option(text, { nil: null }),
    metafields: fc.array(fc.record({ namespace: text, key: text, value: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)) }), { maxLength: 2 }),
  },
  { requiredKeys: ['id', 'handle', 'title', 'vendor', 'productType', 'tags', 'bodyHtml', 'createdAt', 'updatedAt', 'publishedAt', 'images', 'options', 'variants', 'collections', 'rating', 'reviewCount', 'sales'] },
) as fc.Arbitrary<CatalogProduct>;

/** Object.is on every number (NaN and -0 as well: JSON would write both otherwise). */
const same = (p: CatalogProduct) => (p === undefined ? 'undefined' : (JSON.parse(JSON.stringify(p, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v))) as unknown));

describe('the product store (one compact record per product)', () => {
  it('gives back every product exactly as it was given, from its records', () => {
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 6 }), (products) => {
        const store = ProductStore.build(products, 2);
        store.cool();
        products.forEach((p, d) => {
          expect(same(store.get(d))).toEqual(same(p));
          expect([store.id(d), store.handle(d), store.title(d)]).toEqual([p.id, p.handle, p.title]);
        });
        expect(store.get(products.length)).toBe(EMPTY_SLOT);
        expect(store.title(products.length + 1)).toBe('');
      }),
      { numRuns: 150 },
    );
  });

  it('decodes a record with the string ids the writer took, and leanly with all the index reads of the product', () => {
    const ids = (w: WrittenIds) => ({
      lists: w.lists, vendor: w.vendor, type: w.type, tags: w.tags.slice(0, w.tagCount), names: w.names.slice(0, w.nameCount),
      values: w.values.slice(0, w.nameCount ? w.valueEnds[w.nameCount - 1] : 0), valueEnds: w.valueEnds.slice(0, w.nameCount), collections: w.collections.slice(0, w.collectionCount), created: w.created, first: w.first, count: w.count,
    });
    const numbers = (p: CatalogProduct, created: number) => {
      const out = Object.fromEntries(['price', 'priceMax', 'compareAt', 'percentSale', 'weight', 'rating', 'created', 'published', 'sales'].map((k) => [k, new Float64Array(1)])) as Parameters<typeof writeNumbers>[0];
      writeNumbers(out, 0, p, productStats(p), created);
      return same(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v[0]])) as never);
    };
    // What the index reads of a product besides the ids (productStats, writeNumbers, the text index).
    const read = (p: CatalogProduct) => same({ title: p.title, tags: p.tags, bodyHtml: p.bodyHtml, variants: p.variants.map((v) => ({ sku: v.sku, price: v.price, compareAtPrice: v.compareAtPrice, weight: v.weight, available: v.available })) } as never);
    const shop = generateCatalog({ products: 30, seed: 7, profile: 'shop' }).products;
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 6 }), fc.boolean(), (arbitrary, ours) => {
        const products = ours ? shop : arbitrary;
        const written: unknown[] = [];
        ProductStore.build(products, 0, (_d, _p, w) => written.push(ids(w)));
        const staging = ProductStore.appender();
        for (const p of products) staging.add(p);
        const store = staging.finish(2);
        products.forEach((p, d) => {
          expect(same(store.getWithIds(d))).toEqual(same(p));
          expect(ids(store.decodedIds)).toEqual(written[d]);
          const lean = store.getWithIds(d, true);
          expect(ids(store.decodedIds)).toEqual(written[d]);
          expect(read(lean)).toEqual(read(p));
          expect(numbers(lean, store.decodedIds.created)).toEqual(numbers(p, -1));
        });
      }),
      // (The first: a compare-at price of -0, once read back as 0, against a negative price, which then took an infinite percent off.)
      { numRuns: 150, examples: [[[{ ...EMPTY_SLOT, id: '0', createdAt: '2024-05-16T17:31:35.774Z', variants: [{ id: '', title: '', sku: '0', barcode: '', price: -5e-324, compareAtPrice: -0, available: false, inventoryQuantity: 0, options: [], weight: -0, image: null, fulfillmentService: '' }] }], false]] },
    );
  });

  it('gives back products with fields left out or null (plain JavaScript callers) as they were', () => {
    // Each field of its own type, or null, or left out.
    const orNull = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.constant(null));
    const strings = Object.fromEntries(['id', 'handle', 'title', 'vendor', 'productType', 'bodyHtml', 'createdAt', 'updatedAt', 'publishedAt'].map((k) => [k, orNull(text)]));
    const numbers = Object.fromEntries(['rating', 'reviewCount', 'sales'].map((k) => [k, orNull(num)]));
    const loose = fc.record({ ...strings, ...numbers, tags: fc.array(text, { maxLength: 2 }), collections: fc.array(text, { maxLength: 2 }) }, { requiredKeys: [] });
    const partial = fc.record({
      variants: fc.array(fc.record({ id: orNull(text), title: text, sku: text, price: orNull(num), compareAtPrice: num, inventoryQuantity: num, weight: num, available: fc.boolean(), options: fc.array(text, { maxLength: 2 }) }, { requiredKeys: [] }), { maxLength: 3 }),
    }, { requiredKeys: [] });
    fc.assert(
      fc.property(loose, partial, (fields, more) => {
        const p = { ...fields, ...more } as unknown as CatalogProduct;
        const store = ProductStore.build([p], 0);
        store.cool();
        const back = store.get(0);
        for (const [k, v] of Object.entries(p)) expect([k, same((back as unknown as Record<string, unknown>)[k] as never)]).toEqual([k, same(v as never)]);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a date by hand exactly when Date.parse and toISOString give it back, and to the same milliseconds', () => {
    const roundTrip = (s: string) => {
      const ms = s.length === 24 ? Date.parse(s) : NaN;
      return ms >= 0 && new Date(ms).toISOString() === s ? ms : -1;
    };
    // Dates near and far (leap days, month ends, 1970 and 9999), then the same strings with one
    // character changed anywhere (a digit out of range, a separator, a sign).
    const iso = fc.date({ min: new Date(-62e12), max: new Date(253402300799999), noInvalidDate: true }).map((d) => d.toISOString());
    const edited = fc.tuple(iso, fc.nat(23), fc.constantFrom(...'0123456789-+:.TZ x'.split(''))).map(([s, i, c]) => s.slice(0, i) + c + s.slice(i + 1));
    const edges = fc.constantFrom('2024-02-29T00:00:00.000Z', '2023-02-29T00:00:00.000Z', '2100-02-29T00:00:00.000Z', '2000-02-29T12:00:00.000Z', '2024-04-31T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z', '2024-13-01T00:00:00.000Z', '2024-05-16T24:00:00.000Z', '2024-05-16T17:60:00.000Z',
      '2024-05-16T17:31:60.000Z', '2024-05-16T17:31:35.774z', '2024-05-16 17:31:35.774Z', '2024-05-16T17:31:35.77Z', '２024-05-16T17:31:35.774Z');
    fc.assert(fc.property(fc.oneof(iso, edited, edges, fc.string()), (s) => {
      expect(isoMillis(s)).toBe(roundTrip(s));
    }), { numRuns: 3000 });
  });

  it('replaces, empties and fills slots (live updates), and reads the same after taking back old records', () => {
    const products = generateCatalog({ products: 300, seed: 3, descriptions: true }).products;
    const store = ProductStore.build(products, 10);
    store.cool();
    const expected: CatalogProduct[] = [...products, ...Array.from({ length: 10 }, () => EMPTY_SLOT)];
    // Enough rewrites that old records pass half the buffer and are taken back (over 1 MB).
    for (let round = 0; round < 40; round++) {
      for (let d = round % 7; d < expected.length; d += 7) {
        const p = (expected[(d * 13 + round) % products.length] as CatalogProduct);
        const next = d % 11 === 0 ? EMPTY_SLOT : { ...p, id: `${d}-${round}`, title: `${p.title} ${round}`, bodyHtml: `<p>round ${round}</p>` };
        store.set(d, next);
        expected[d] = next;
      }
    }
    expected.forEach((p, d) => expect(store.get(d)).toEqual(p));
    // The variant columns say the same as the records.
    const cols = store.variants();
    const name = (id: number) => (id === 0 ? undefined : store.string(id - 1));
    expected.forEach((p, d) => {
      const f = cols.first[d] as number;
      const rows = Array.from({ length: cols.count[d] as number }, (_, k) => ({
        price: cols.price[f + k], available: cols.available[f + k] === 1,
        options: Array.from({ length: OPTIONS }, (_, i) => name(cols.options[(f + k) * OPTIONS + i] as number)).filter((x) => x !== undefined),
      }));
      expect(rows).toEqual(p.variants.map((v) => ({ price: v.price, available: v.available, options: v.options })));
      expect(Array.from({ length: OPTIONS }, (_, i) => name(cols.names[d * OPTIONS + i] as number)).filter((x) => x !== undefined)).toEqual(p.options.map((o) => o.name));
    });
    expect(store.bytes).toBeLessThan(6e6);
  });

  it('reads the build\'s objects until cooled, then decodes equal ones', () => {
    const products = smallCatalog().products;
    const store = ProductStore.build(products, 1);
    expect(store.get(0)).toBe(products[0]);
    store.cool();
    expect(store.get(0)).not.toBe(products[0]);
    expect(store.get(0)).toEqual(products[0]);
  });
});

describe('the engine and the catalogue objects it is built from', () => {
  it('keeps none of them: once the caller lets them go they are collected, and the engine answers the same', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let catalog: Catalog | null = generateCatalog({ products: 200, seed: 9 });
    const held = new WeakRef(catalog.products[17] as CatalogProduct);
    const heldList = new WeakRef(catalog.products);
    const engine = createEngine(catalog);
    const before = engine.handle({ method: 'GET', url: '/api/filter?build_filter_tree=true&limit=50' }).body;
    catalog = null;
    for (let k = 0; k < 5 && (held.deref() || heldList.deref()); k++) {
      await new Promise((r) => setTimeout(r, 0));
      gc();
    }
    expect([held.deref(), heldList.deref()]).toEqual([undefined, undefined]);
    expect(engine.handle({ method: 'GET', url: '/api/filter?build_filter_tree=true&limit=50' }).body).toBe(before);
    // The catalogue in force is decoded from the store when read.
    expect(engine.catalog.products).toHaveLength(200);
  });
});
