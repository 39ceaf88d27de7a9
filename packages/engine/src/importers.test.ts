import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { importProductCsv } from './import-product-csv';
import type { CatalogProduct } from './catalog';
import { importProductsJson, ProductJsonError } from './import-products-json';
import { parseCsv } from './parse-csv';

const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/shopify-csv');
const csvFiles = ['apparel.csv', 'home-and-garden.csv', 'jewelery.csv'].map((f) => readFileSync(resolve(dataDir, f), 'utf8'));

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, newlines in fields and CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['multi\nline', '']]);
  });
  it('round-trips any table written with quoting', () => {
    fc.assert(fc.property(fc.array(fc.array(fc.string({ maxLength: 6 }), { minLength: 2, maxLength: 3 }), { minLength: 1, maxLength: 5 }), (rows) => {
      const text = rows.map((r) => r.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).join('\n');
      expect(parseCsv(text)).toEqual(rows);
    }));
  });
});

describe('importProductCsv (the platform product CSV export)', () => {
  const products = importProductCsv(csvFiles);
  it('groups rows per Handle: 60 products with variants and images', () => {
    expect(products).toHaveLength(60);
    const top = products.find((p) => p.handle === 'classic-varsity-top');
    expect(top).toMatchObject({ title: 'Classic Varsity Top', vendor: 'partners-demo', tags: ['women'] });
    expect(top?.options).toEqual([{ name: 'Size', values: ['Small', 'Medium', 'Large'] }]);
    expect(top?.variants.map((v) => v.options[0])).toEqual(['Small', 'Medium', 'Large']);
    expect(top?.variants[0]).toMatchObject({ price: 60, available: true });
  });
  it('drops the Default Title option of single-variant products', () => {
    const shirt = products.find((p) => p.handle === 'ocean-blue-shirt');
    expect(shirt?.options).toEqual([]);
    expect(shirt?.variants).toHaveLength(1);
    expect(shirt?.variants[0]?.options).toEqual([]);
    expect(shirt?.images[0]?.src).toMatch(/^https:\/\/burst\.shopifycdn\.com\//);
  });
  it('gives deterministic ids and serves the imported catalog', () => {
    expect(importProductCsv(csvFiles)).toEqual(products);
    const engine = createEngine({ products });
    expect(engine.filter({}).total_product).toBe(60);
    expect(engine.filter({ 'pf_v_vendor[]': ['partners-demo', 'Sterling Ltd'] }).total_product).toBe(26);
    expect(engine.search({ q: 'shirt' }).total_product).toBeGreaterThan(0);
  });
  it('fails fast on a file that is not a product CSV', () => {
    expect(() => importProductCsv('sku,name\n1,x')).toThrow(/\[@pkg\/engine\] importProductCsv/);
  });
});

describe('importProductsJson (the platform products JSON)', () => {
  const json = {
    products: [
      {
        id: 101, title: 'Tee', handle: 'tee', vendor: 'V', product_type: 'Shirt', tags: 'a, b ,a', body_html: '<p>x</p>',
        created_at: '2024-03-01T00:00:00Z', options: [{ name: 'Size', values: ['S', 'M'] }],
        images: [{ src: 'https://cdn/x.jpg', width: 10, height: 20 }],
        variants: [
          { id: 1, title: 'S', option1: 'S', price: '19.99', compare_at_price: '25.00', available: true, grams: 200, sku: 'T-S' },
          { id: 2, title: 'M', option1: 'M', price: '19.99', compare_at_price: null, available: false },
        ],
      },
      { id: 102, title: 'Mug', handle: 'mug', tags: ['kitchen'], variants: [{ id: 3, price: 8, inventory_quantity: 0 }] },
    ],
  };
  it('[S9.21] normalises prices, tags given as a string or array, and inventory fallbacks', () => {
    const [tee, mug] = importProductsJson(json);
    expect(tee).toMatchObject({ id: '101', tags: ['a', 'b'], createdAt: '2024-03-01T00:00:00Z', publishedAt: '2024-03-01T00:00:00Z' });
    expect(tee?.variants.map((v) => [v.price, v.compareAtPrice, v.inventoryQuantity, v.weight])).toEqual([[19.99, 25, 99999, 200], [19.99, null, 0, 0]]);
    expect(mug).toMatchObject({ tags: ['kitchen'], createdAt: '2024-01-01T00:00:00.000Z' });
    expect(mug?.variants[0]).toMatchObject({ available: false, inventoryQuantity: 0 });
    // Numeric strings with white space around them (a spreadsheet's export) are read as numbers.
    const [spaced] = importProductsJson([{ id: 5, variants: [{ price: ' 19.99\n', compare_at_price: '\u00a025 ', grams: '\t300' }] }]);
    expect(spaced?.variants[0]).toMatchObject({ price: 19.99, compareAtPrice: 25, weight: 300 });
  });
  it('fails fast on the wrong shape', () => {
    expect(() => importProductsJson({ items: [] })).toThrow(/\[@pkg\/engine\] products is missing: importProductsJson expects/);
  });
  it('keeps the named options, the images with a source and each variant\'s first option values; a JavaScript caller\'s holes left out, and an engine built of them', () => {
    const options = [{ name: 'Color', values: ['Red', , 'Blue'] }, , { name: '', values: ['x'] }, { name: 'Size', values: ['S'] }];
    const images = [{ src: '' }, { src: '/a.jpg', alt: null }, , { src: '/b.jpg', width: 5 }];
    const variants = [
      { id: 1, option1: 'Red', option2: 'S', option3: 'Extra' },
      ,
      { id: 3, option1: '', option2: 'M', option3: null },
    ];
    const [p] = importProductsJson({ products: [{ id: 7, title: 'Kite', options, images, variants }] });
    expect(p?.options).toStrictEqual([{ name: 'Color', values: ['Red', 'Blue'] }, { name: 'Size', values: ['S'] }]);
    expect(p?.images).toStrictEqual([{ src: '/a.jpg' }, { src: '/b.jpg', width: 5 }]);
    // Two options: option3 is left out, an empty value too; the hole too.
    expect(p?.variants.length).toBe(2);
    expect(p?.variants[0]?.options).toStrictEqual(['Red', 'S']);
    expect(p?.variants[1]?.options).toStrictEqual(['M']);
    expect(p?.variants[1]?.title).toBe('M');
    // (Holes made an engine's build throw a TypeError.)
    const engine = createEngine({ products: [p as CatalogProduct], filterTree: [{ filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'list', label: 'Color' }] });
    const answer = engine.filter({ build_filter_tree: true });
    expect(answer.total_product).toBe(1);
    expect(answer.filter?.options[0]?.values).toContainEqual({ key: 'Red', doc_count: 1 });
    // A hole among the products is no product: refused, naming it.
    expect(() => importProductsJson([{ id: 1 }, , { id: 3 }])).toThrow(new ProductJsonError('products[1]', 'must be an object, got undefined.'));
    // A product without options keeps one value; a value of the wrong type is refused where it is left out too.
    expect(importProductsJson([{ id: 8, variants: [{ option1: 'One', option2: 'Two' }] }])[0]?.variants[0]?.options).toStrictEqual(['One']);
    expect(() => importProductsJson([{ id: 9, variants: [{ option1: 'One', option3: { bad: 1 } }] }])).toThrow('products[0].variants[0].option3 must be a string or a number');
    expect(importProductsJson([{ id: 10, tags: ['b', 'a', 'b', ' ', 'c '] }])[0]?.tags).toStrictEqual(['b', 'a', 'c']);
  });
});
