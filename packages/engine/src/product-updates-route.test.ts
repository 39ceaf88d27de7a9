import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { importProductsJson, ProductJsonError } from './import-products-json';
import { createProductUpdatesRoute, parseProductWebhook } from './product-updates-route';
import { smallCatalog } from './test-fixtures';

const TOKEN = 'catalog-secret-1';
const shop = (...args: [token?: string | undefined]) => {
  const token = args.length ? args[0] : TOKEN;
  return createEngine(smallCatalog(), { routes: [createProductUpdatesRoute({ token, collections: ['all'] })] });
};
const post = (e: ReturnType<typeof shop>, topic: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  e.handleAsync({ method: 'POST', url: `/api/catalog/products/${topic}`, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

// A product as the platform's products/create and products/update webhooks send it.
const webhookProduct = {
  id: 7001, title: 'Alpaca Poncho', handle: 'alpaca-poncho', vendor: 'Andes', product_type: 'Poncho', status: 'active',
  tags: 'winter, wool', body_html: '<p>Warm.</p>', created_at: '2026-11-01T10:00:00-05:00', updated_at: '2026-11-02T10:00:00-05:00', published_at: '2026-11-01T10:00:00-05:00',
  options: [{ id: 1, product_id: 7001, name: 'Color', position: 1, values: ['Grey', 'Red'] }],
  variants: [
    { id: 70011, product_id: 7001, title: 'Grey', price: '89.00', compare_at_price: null, option1: 'Grey', option2: null, option3: null, sku: 'AP-G', barcode: null, grams: 600, inventory_quantity: 4 },
    { id: 70012, product_id: 7001, title: 'Red', price: '95.00', compare_at_price: '120.00', option1: 'Red', option2: null, option3: null, sku: 'AP-R', barcode: null, grams: 600, inventory_quantity: 0 },
  ],
  images: [{ id: 5, product_id: 7001, src: 'https://cdn.example/poncho.jpg', width: 800, height: 1000, alt: null }],
};

describe('POST /api/catalog/products/{create,update,delete}', () => {
  it('does not exist without a configured token, and answers 401 to a wrong or missing one', async () => {
    expect((await post(shop(undefined), 'create', webhookProduct)).status).toBe(404);
    expect((await post(shop(''), 'create', webhookProduct)).status).toBe(404);
    const e = shop();
    expect((await post(e, 'create', webhookProduct, {})).status).toBe(401);
    expect((await post(e, 'create', webhookProduct, { authorization: 'Bearer catalog-secret-2' })).status).toBe(401);
    expect(e.search({ q: 'poncho' }).total_product).toBe(0);
    expect((await post(e, 'create', webhookProduct)).status).toBe(200);
  });

  it('makes a created, updated and deleted product visible to the next query: counts, text, suggest', async () => {
    const e = shop();
    const vendors = () => e.filter({ build_filter_tree: 'true' }).filter?.options.find((o) => o.filterOptionId === 'pf_v_vendor')?.values;
    const created = (await post(e, 'create', webhookProduct));
    expect(JSON.parse(created.body)).toEqual({ success: true, created: 1, updated: 0, deleted: 0, products: 7 });
    expect(vendors()).toContainEqual({ key: 'Andes', doc_count: 1 });
    expect(e.search({ q: 'alpaca' }).products.map((p) => [p.title, p.price_min, p.available])).toEqual([['Alpaca Poncho', 89, true]]);
    expect(e.suggest({ q: 'alpa' }).products?.map((p) => p.title)).toEqual(['Alpaca Poncho']);

    expect((await post(e, 'update', { ...webhookProduct, title: 'Llama Poncho', vendor: 'Puna' })).status).toBe(200);
    expect(e.search({ q: 'alpaca' }).total_product).toBe(0);
    expect(e.search({ q: 'llama' }).total_product).toBe(1);
    expect(vendors()).not.toContainEqual(expect.objectContaining({ key: 'Andes' }));
    expect(vendors()).toContainEqual({ key: 'Puna', doc_count: 1 });

    // An update to an existing product keeps its collections and sales (the webhook has none).
    expect((await post(e, 'update', { id: 1, title: 'Red Cotton Tee', variants: [{ id: 1, price: '21.00' }] })).status).toBe(200);
    expect(e.catalog.products.find((p) => p.id === '1')).toMatchObject({ title: 'Red Cotton Tee', collections: ['men', 'sale'], sales: 50 });
    expect(e.filter({ collection_scope: 'men', q: '' }).products.map((p) => p.title)).toContain('Red Cotton Tee');

    expect(JSON.parse((await post(e, 'delete', { id: 7001 })).body)).toMatchObject({ deleted: 1, products: 6 });
    expect(e.search({ q: 'llama' }).total_product).toBe(0);
    expect(vendors()).not.toContainEqual(expect.objectContaining({ key: 'Puna' }));
  });

  it('applies a burst of webhooks as one batch, in order of arrival', async () => {
    const e = shop();
    const before = e.catalog;
    const burst = await Promise.all([
      post(e, 'create', webhookProduct),
      post(e, 'update', { ...webhookProduct, title: 'Vicuna Poncho' }),
      post(e, 'delete', { id: 2 }),
      post(e, 'create', { ...webhookProduct, variants: 'none' }),
    ]);
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 400]);
    expect(JSON.parse(burst[0]?.body ?? '')).toEqual({ success: true, created: 1, updated: 1, deleted: 1, products: 6 });
    expect(e.search({ q: 'vicuna' }).total_product).toBe(1);
    expect(before.products).toHaveLength(6);
  });

  it('accepts a product with hundreds of variants (a body well over 64 KB)', async () => {
    const e = shop();
    const variants = Array.from({ length: 400 }, (_, i) => ({ ...webhookProduct.variants[0], id: 80000 + i, title: `Size ${i}`, option1: `Size ${i}`, sku: `AP-${i}`, admin_graphql_api_id: `gid://shop/ProductVariant/${80000 + i}` }));
    const body = JSON.stringify({ ...webhookProduct, options: [{ name: 'Size', values: variants.map((v) => v.option1) }], variants });
    expect(body.length).toBeGreaterThan(100_000);
    expect((await post(e, 'create', body)).status).toBe(200);
    expect(e.filter({ 'pf_opt_size[]': 'Size 399' }).total_product).toBe(1);
  });

  it('takes a draft, archived or unpublished product off the storefront', async () => {
    const e = shop();
    (await post(e, 'create', webhookProduct));
    expect((await post(e, 'update', { ...webhookProduct, status: 'draft' })).status).toBe(200);
    expect(e.search({ q: 'poncho' }).total_product).toBe(0);
    (await post(e, 'create', webhookProduct));
    (await post(e, 'update', { ...webhookProduct, published_at: null }));
    expect(e.search({ q: 'poncho' }).total_product).toBe(0);
  });

  it('answers a bad update with a 400 naming the field, and changes nothing', async () => {
    const e = shop();
    const before = e.catalog;
    const cases: Array<[string, unknown, string]> = [
      ['create', { ...webhookProduct, variants: [{ ...webhookProduct.variants[0], price: 'cheap' }] }, 'product.variants[0].price'],
      ['create', { ...webhookProduct, tags: { a: 1 } }, 'product.tags'],
      ['update', { ...webhookProduct, options: 'Color' }, 'product.options'],
      ['update', { ...webhookProduct, variants: [{ id: 1, available: 'yes' }] }, 'product.variants[0].available'],
      ['create', { title: 'No id' }, 'product.id'],
      ['delete', {}, 'product.id'],
      ['create', [webhookProduct], 'product'],
      ['create', '{not json', 'body'],
    ];
    for (const [topic, body, field] of cases) {
      const res = await post(e, topic, body);
      expect([topic, res.status, JSON.parse(res.body).param]).toEqual([topic, 400, field]);
    }
    expect(JSON.parse((await post(e, 'create', { ...webhookProduct, vendor: ['x'] })).body).message).toMatch(/product\.vendor must be a string or a number, got an array/);
    expect(e.catalog).toBe(before);
    expect((await post(e, 'rename', webhookProduct)).status).toBe(404);
    expect(() => e.handle({ method: 'POST', url: '/api/catalog/products/create', body: JSON.stringify(webhookProduct), headers: { authorization: `Bearer ${TOKEN}` } })).toThrow(/use engine\.handleAsync/);
    expect((await e.handleAsync({ method: 'GET', url: '/api/catalog/products/create', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  });
});

describe('one validation for the importer and the webhooks', () => {
  it('rejects a products JSON of an unknown shape naming the field', () => {
    const wrong = (products: unknown[]) => () => importProductsJson({ products });
    expect(wrong([{ id: 1, variants: [{ price: '1' }, { price: 'free' }] }])).toThrow(/products\[0\]\.variants\[1\]\.price must be a number or a numeric string, got string "free"/);
    expect(wrong([{ id: 1 }, { id: 2, images: [{ src: 3, width: 'wide' }] }])).toThrow(/products\[1\]\.images\[0\]\.width must be a number/);
    expect(wrong([{ id: 1, variants: {} }])).toThrow(/products\[0\]\.variants must be an array, got an object/);
    // The kit's one wording of a wrong value: a long value cut at 40 characters.
    expect(wrong([{ id: 1, variants: [{ price: `${'9'.repeat(39)}x${'9'.repeat(100)}` }] }])).toThrow(`products[0].variants[0].price must be a number or a numeric string, got string "${'9'.repeat(39)}x".`);
    expect(wrong([{ id: 1, variants: [{ available: 'yes' }] }])).toThrow('products[0].variants[0].available must be true or false, got string "yes".');
    expect(wrong([{ id: 1, options: [{ name: 'Size', values: [['S']] }] }])).toThrow(/products\[0\]\.options\[0\]\.values\[0\] must be a string/);
    expect(wrong([{ id: 1 }, 'x'])).toThrow(/^\[@pkg\/engine\] products\[1\] must be an object, got string "x"\.$/);
    // Each list element's path, after good elements and inside another list's element.
    expect(wrong([{ id: 1 }, { id: 2 }, { id: 3, tags: ['a', 'b', 7, { x: 1 }] }])).toThrow(/^\[@pkg\/engine\] products\[2\]\.tags\[3\] must be a string or a number, got an object/);
    expect(wrong([{ id: 1, variants: [{}, {}, { featured_image: 'x.jpg' }] }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.variants\[2\]\.featured_image must be an object/);
    expect(wrong([{ id: 1, variants: [{}, { featured_image: { src: ['x'] } }] }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.variants\[1\]\.featured_image\.src must be/);
    expect(wrong([{ id: 1, images: [{ src: 'a.jpg' }, { src: 'b.jpg', alt: 5 }, { src: 'c.jpg', alt: [] }] }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.images\[2\]\.alt must be/);
    expect(wrong([{ id: 1, options: [{ name: 'Size', values: ['S'] }, { name: 'Color', values: ['Red', null, {}] }] }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.options\[1\]\.values\[2\] must be/);
    expect(wrong([{ id: 1, tags: 5n }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.tags must be a string or a number/);
    expect(wrong([{ id: '' }])).toThrow(/^\[@pkg\/engine\] products\[0\]\.id is required\.$/);
    // Ids from the position when absent: the product's (1-based) and its variants' (`<product>-<n>`).
    const imported = importProductsJson([{ variants: [{}, { id: 7 }, { title: null, option1: 'S' }] }, { id: 2 }, { id: null }]);
    expect(imported[0]?.id).toBe('1');
    expect(imported[0]?.variants.map((v) => [v.id, v.title])).toEqual([['1-1', 'Default Title'], ['7', 'Default Title'], ['1-3', 'S']]);
    expect(imported[2]?.id).toBe('3');
    // A hole among a JavaScript caller's products is no product.
    expect(wrong([{ id: 1 }, , { id: 3 }])).toThrow(/^\[@pkg\/engine\] products\[1\] must be an object, got undefined\.$/);
    try {
      wrong([{ id: 1, title: { en: 'x' } }])();
    } catch (err) {
      expect((err as ProductJsonError).field).toBe('products[0].title');
    }
    // Absent and null fields take their defaults, as before.
    expect(importProductsJson({ products: [{ id: 1, title: null, variants: [{ price: null, compare_at_price: null, barcode: null }] }] })[0]?.variants[0]).toMatchObject({ price: 0, compareAtPrice: null, barcode: '' });
  });

  it('reads a webhook product like the importer reads a products.json product', () => {
    const update = parseProductWebhook('products/update', webhookProduct, { collections: ['all'] });
    expect(update).toEqual({ op: 'upsert', merge: true, product: importProductsJson([webhookProduct], { collections: ['all'] })[0] });
    expect(() => parseProductWebhook('orders/create', webhookProduct)).toThrow(/topic must be one of products\/create/);
  });
});
