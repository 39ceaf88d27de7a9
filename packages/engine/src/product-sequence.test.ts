// catalogFromProductsJson (import-products-json.ts, product-sequence.ts): a catalogue of the
// platform's products JSON whose products the engine's build imports one at a time as it writes
// them. The index is byte for byte the one importProductsJson's products build; a product of a
// wrong shape fails the build with the importer's error; reading `products` imports them once.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogProduct } from './catalog';
import { createEngine } from './create-engine';
import { indexCatalog } from './engine-context';
import { catalogFromProductsJson, importProductsJson, ProductJsonError } from './import-products-json';
import { arraysBuffer, packIndex } from './index-snapshot';
import { createBuildThread } from './node-build-thread';
import type { ProductSequence } from './product-sequence';
import { ProductStore } from './product-store';
import { generateCatalog, toPlatformProduct } from './synthetic-catalog';
import { SHOP_BENCH_TREE } from '../scripts/bench-tree';

const here = dirname(fileURLToPath(import.meta.url));
const hostile = readFileSync(resolve(here, 'fixtures/hostile-input.txt'), 'utf8').split('\n').filter(Boolean);

// More products than the store samples before sizing its buffer (2,000), as platform JSON.
const json = { products: generateCatalog({ products: 2300, seed: 11, profile: 'shop' }).products.map(toPlatformProduct) };
const rest = { filterTree: SHOP_BENCH_TREE, collections: [{ id: '1', handle: 'all', title: 'All', description: '', image: null, sortOrder: 0 }] } satisfies Omit<Catalog, 'products'>;
const options = { collections: ['all'], defaultDate: '2025-03-01T00:00:00.000Z' };

/** The same index: its snapshot's layout and bytes (store, numbers, facet fields, text, warmed histograms). */
const sameIndex = (a: Catalog, b: Catalog, buildThread?: ReturnType<typeof createBuildThread>): void => {
  const options = buildThread ? { buildThread } : {};
  const pa = packIndex(indexCatalog(a, SHOP_BENCH_TREE, options).index);
  const pb = packIndex(indexCatalog(b, SHOP_BENCH_TREE, options).index);
  expect(pa.layout).toEqual(pb.layout);
  expect(Buffer.from(arraysBuffer(pa.arrays)).equals(Buffer.from(arraysBuffer(pb.arrays)))).toBe(true);
};

describe('catalogFromProductsJson', () => {
  const thread = createBuildThread({ minProducts: 0 });
  afterAll(() => thread.close());

  it('builds byte for byte the index of importProductsJson\'s products, on one thread and with a build thread', () => {
    const objects = { ...rest, products: importProductsJson(json, options) };
    sameIndex(catalogFromProductsJson(json, rest, options), objects);
    sameIndex(catalogFromProductsJson(json, rest, options), objects, thread);
  });

  it('answers searches, filters, suggestions and product reads as an engine of the imported products', () => {
    const a = createEngine({ ...rest, products: importProductsJson(json, options) });
    const catalog = catalogFromProductsJson(json, rest, options);
    const b = createEngine(catalog);
    for (const q of ['shirt', 'blue cotton', 'acme', 'sho', 'S-1000']) {
      const params = { q, build_filter_tree: 'true', limit: '48', sort: 'price-ascending' };
      expect(b.search(params)).toEqual(a.search(params));
      expect(b.suggest({ q })).toEqual(a.suggest({ q }));
    }
    expect(b.filter({ collection_scope: 'all', build_filter_tree: true, page: 3 })).toEqual(a.filter({ collection_scope: 'all', build_filter_tree: true, page: 3 }));
    expect(b.catalog.products).toEqual(a.catalog.products);
    expect(b.catalog.filterTree).toEqual(SHOP_BENCH_TREE);
    // A second engine of the same catalogue reads the JSON again.
    expect(createEngine(catalog).search({ q: 'shirt' })).toEqual(a.search({ q: 'shirt' }));
  });

  it('fails the build with the error importProductsJson throws for a product of a wrong shape, naming the field; the catalogue stays usable', () => {
    const bad = { products: json.products.map((p, i) => (i === 2100 ? { ...p, variants: [{ price: 'about ten' }] } : p)) };
    const expected = (() => {
      try {
        importProductsJson(bad);
      } catch (err) {
        return err as ProductJsonError;
      }
      throw new Error('importProductsJson took a wrong price');
    })();
    expect(expected.field).toBe('products[2100].variants[0].price');
    const catalog = catalogFromProductsJson(bad, rest);
    expect(() => createEngine(catalog)).toThrow(expected);
    expect(() => createEngine(catalog)).toThrow(ProductJsonError);
    // A wrong title, counted as none while the build sizes its arrays, is the import's error too.
    expect(() => createEngine(catalogFromProductsJson([{ id: 1, title: { en: 'x' } }]))).toThrow('products[0].title must be a string or a number, got an object');
    expect(() => createEngine(catalogFromProductsJson([7]))).toThrow('products[0] must be an object, got number 7');
    expect(() => createEngine(catalogFromProductsJson([{ id: 1 }, , { id: 3 }]))).toThrow(new ProductJsonError('products[1]', 'must be an object, got undefined.'));
  });

  it('keeps neither the JSON nor a product once the caller lets the JSON go; the engine answers the same', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let input: typeof json | null = { products: json.products.slice(0, 300).map((p) => structuredClone(p)) };
    const held = new WeakRef(input.products);
    const engine = createEngine(catalogFromProductsJson(input, rest));
    const before = engine.handle({ method: 'GET', url: '/api/search?q=shirt&build_filter_tree=true&limit=50' }).body;
    input = null;
    for (let k = 0; k < 5 && held.deref(); k++) {
      await new Promise((r) => setTimeout(r, 0));
      gc();
    }
    expect(held.deref()).toBeUndefined();
    expect(engine.handle({ method: 'GET', url: '/api/search?q=shirt&build_filter_tree=true&limit=50' }).body).toBe(before);
    expect(engine.catalog.products).toHaveLength(300);
  });

  it('refuses input without a products list at once', () => {
    expect(() => catalogFromProductsJson({ items: [] })).toThrow(new ProductJsonError('products', 'is missing: catalogFromProductsJson expects { products: [...] } as the platform serves it at /products.json.'));
    expect(() => catalogFromProductsJson('[]')).toThrow(ProductJsonError);
  });

  it('imports its products once when they are read (importProductsJson\'s), and a build then takes them; products set take their place', () => {
    const catalog = catalogFromProductsJson(json, rest, options);
    const products = catalog.products;
    expect(products).toEqual(importProductsJson(json, options));
    expect(catalog.products).toBe(products);
    expect(Object.keys(catalog).sort()).toEqual(['collections', 'filterTree', 'products']);
    expect(JSON.parse(JSON.stringify({ ...catalog, products: catalog.products.slice(0, 2) })).products).toHaveLength(2);
    (products[0] as CatalogProduct).title = 'Only in the objects';
    expect(createEngine(catalog).search({ q: 'objects' }).total_product).toBe(1);
    const replaced = catalogFromProductsJson(json, rest);
    replaced.products = products.slice(0, 3);
    expect(createEngine(replaced).filter({}).total_product).toBe(3);
  });

  it('builds the same engine as importProductsJson\'s products, or fails with its error, for products of hostile fields', () => {
    const text = fc.oneof(fc.constantFrom(...hostile), fc.string({ maxLength: 12 }), fc.integer().map(String));
    // (Mostly fields of a shape the import takes, so that most catalogues build.)
    const field = fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: fc.integer(), weight: 3 }, { arbitrary: fc.double(), weight: 2 }, { arbitrary: fc.constant(null), weight: 2 }, fc.boolean(), fc.constant({}), fc.constant([]));
    const variant = fc.record({ price: field, option1: field, sku: field, available: field, inventory_quantity: field, compare_at_price: field }, { requiredKeys: [] });
    const product = fc.record({ id: field, title: field, tags: fc.oneof(field, fc.array(text, { maxLength: 3 })), vendor: field, body_html: field, variants: fc.oneof(fc.array(variant, { maxLength: 3 }), field), options: fc.constant([{ name: 'Size', values: ['S', 'M'] }]) }, { requiredKeys: [] });
    const outcomes = { built: 0, refused: 0 };
    fc.assert(
      fc.property(fc.array(product, { maxLength: 4 }), (list) => {
        let objects: CatalogProduct[] | Error;
        try {
          objects = importProductsJson(list);
        } catch (err) {
          objects = err as Error;
        }
        if (objects instanceof Error) {
          expect(() => createEngine(catalogFromProductsJson(list))).toThrow(objects);
          outcomes.refused++;
          return;
        }
        const a = createEngine({ products: objects });
        const b = createEngine(catalogFromProductsJson(list));
        expect(b.catalog.products).toEqual(a.catalog.products);
        for (const q of ['a', 'script', '']) expect(b.search({ q, limit: 10 })).toEqual(a.search({ q, limit: 10 }));
        outcomes.built++;
      }),
      { numRuns: 200 },
    );
    expect(outcomes.built).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
  });
});

describe('ProductStore.build over a product sequence', () => {
  it('makes each product once, in order, as it writes it, and keeps none: reads decode the records', () => {
    const products = importProductsJson(json.products.slice(0, 50));
    const made: number[] = [];
    const sequence: ProductSequence = {
      length: products.length,
      at: (d) => {
        made.push(d);
        return structuredClone(products[d] as CatalogProduct);
      },
      variantCount: (d) => (products[d] as CatalogProduct).variants.length,
      title: (d) => (products[d] as CatalogProduct).title,
    };
    const written: number[] = [];
    const store = ProductStore.build(sequence, 4, (d) => written.push(d));
    expect(made).toEqual([...products.keys()]);
    expect(written).toEqual(made);
    const objects = ProductStore.build(products, 4);
    expect(objects.get(7)).toBe(products[7]);
    expect(store.get(7)).not.toBe(products[7]);
    expect(store.get(7)).toEqual(objects.get(7));
    expect(store.parts().data).toEqual(objects.parts().data);
  });
});
