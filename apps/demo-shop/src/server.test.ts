import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShop, type DemoShop } from './server.mjs';

describe('demo shop server', () => {
  let luma: DemoShop;
  let csv: DemoShop;
  beforeAll(async () => {
    [luma, csv] = await Promise.all([startDemoShop({ port: 0 }), startDemoShop({ port: 0, catalog: 'shopify-csv' })]);
  });
  afterAll(async () => {
    await Promise.all([luma?.close(), csv?.close()]);
  });

  const get = async (shop: DemoShop, path: string) => {
    const res = await fetch(shop.url + path);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it('renders theme pages with the settings block, the containers and the hashed loader script, and no React', async () => {
    const page = await get(luma, '/collections/men');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const settings = JSON.parse(/<script type="application\/json" id="pkg-settings">(.*?)<\/script>/.exec(page.text)?.[1] ?? 'null');
    expect(settings.general).toMatchObject({ collection_id: '2001', collection_handle: 'men', template: 'collection', current_tags: [] });
    expect(page.text).toMatch(/<script src="\/assets\/pkg-loader-[a-f0-9]{8}\.js" defer><\/script>/);
    for (const cls of ['collection__sidebar pkg-tree-vertical pkg-desktop-only', 'pkg-tree-vertical pkg-mobile-only', 'pkg-toolbar-container', 'pkg-products-container', 'pkg-pagination-container']) expect(page.text).toContain(`class="${cls}"`);
    expect(page.text).not.toMatch(/react/i);
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1] ?? '';
    const asset = await fetch(luma.url + js);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('[S3.12] renders the search page with its results container, the header search box container and the embedded no-result JSON; serves sized photo names', async () => {
    const page = await get(luma, '/search?q=luma');
    expect(page.text).toContain('<div class="site-header__search pkg-search-box">');
    expect(page.text).toContain('<div class="pkg-search-page-container">');
    const noResult = JSON.parse(/<script type="application\/json" id="pkg-no-result">(.*?)<\/script>/.exec(page.text)?.[1] ?? 'null');
    expect(noResult.search_terms).toEqual(['yoga pants', 'hoodie', 'water bottle', 'backpack', 'running jacket']);
    expect(noResult.products).toHaveLength(4);
    expect(noResult.products[0]).toMatchObject({ handle: 'chaz-kangeroo-hoodie', available: true, images: ['/images/luma/mh01-gray_main.jpg', expect.any(String), expect.any(String)] });
    expect(Number.isInteger(noResult.products[0].price_min)).toBe(true);
    const settings = JSON.parse(/id="pkg-settings">(.*?)<\/script>/.exec(page.text)?.[1] ?? 'null');
    expect(settings.search).toMatchObject({ style: 'style2' });
    expect(settings.api.suggestionUrl).toBe('/api/suggest');
    const sized = await fetch(`${luma.url}/images/luma/mh01-gray_main_200x.jpg`);
    expect(sized.status).toBe(200);
    expect(sized.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${luma.url}/images/luma/no-such_200x.jpg`)).status).toBe(404);
  });

  it('[F8.9] serves the theme\'s own collection view without the add-on for the fallback address', async () => {
    const page = await get(luma, '/collections/men?view=pf-original');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).not.toContain('pkg-settings');
    expect(page.text).not.toMatch(/<script src="\/assets\/pkg-loader/);
    const items = page.text.match(/<li class="original-item">/g) ?? [];
    expect(items.length).toBe(24);
    expect(page.text).toContain('<h1 class="page-title">Men</h1>');
    expect(page.text).toMatch(/href="\/collections\/men\?view=pf-original&amp;page=2"/);
    const second = await get(luma, '/collections/men?view=pf-original&page=2');
    expect(second.text).toMatch(/<a href="\/collections\/men\?view=pf-original&amp;page=2" aria-current="page">2<\/a>/);
    expect((await get(luma, '/collections/nope?view=pf-original')).status).toBe(404);
  });

  it('maps tag slugs to tags, and answers unknown pages with 404', async () => {
    const tag = await get(luma, '/collections/all/eco-friendly');
    expect(JSON.parse(/id="pkg-settings">(.*?)<\/script>/.exec(tag.text)?.[1] ?? 'null').general.current_tags).toEqual(['eco-friendly']);
    expect((await get(luma, '/collections/no-such-thing')).status).toBe(404);
    expect((await get(luma, '/collections/all/no-such-tag')).status).toBe(404);
    expect((await get(luma, '/products/no-such-product')).status).toBe(404);
    expect((await get(luma, '/images/luma/../catalog.json')).status).toBe(404);
    expect((await get(luma, '/images/luma/%E0%A4%A')).status).toBe(404);
    expect((await get(luma, '/collections/%E0%A4%A')).status).toBe(404);
    expect((await get(luma, '/images/luma/mh01-gray_main.jpg')).type).toBe('image/jpeg');
  });

  it('answers the API, the cart and the analytics records through the engine', async () => {
    const filter = JSON.parse((await get(luma, '/api/filter?collection_scope=men&limit=2')).text);
    expect(filter.total_product).toBe(72);
    expect((await get(luma, '/cart.js')).text).toContain('"item_count":0');
    const post = await fetch(`${luma.url}/api/analytics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'r1', tid: 'demo-shop.example', ct: '', pid: '1', t: new Date(0).toISOString(), u: 'view_product', a: 'filter', qs: '', r: '', sid: 's' }) });
    expect(post.status).toBe(200);
    expect(JSON.parse((await get(luma, '/api/analytics')).text)).toHaveLength(1);
  });

  it('serves the CSV catalog when asked, with collections from types or first tags', async () => {
    const all = JSON.parse((await get(csv, '/api/filter?limit=1')).text);
    expect(all.total_product).toBe(60);
    expect((await get(csv, '/collections/men')).status).toBe(200);
    await expect(startDemoShop({ catalog: 'nope' as never })).rejects.toThrow('Unknown catalog "nope"');
  });
});

describe('demo shop live catalogue', () => {
  it('takes product webhooks and an update file, and starts a second shop from the first one\'s snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-live-'));
    const updatesFile = join(dir, 'updates.ndjson');
    const snapshot = join(dir, 'catalog.snapshot');
    writeFileSync(updatesFile, '');
    const shop = await startDemoShop({ port: 0, catalogToken: 'owner-catalog-token', updatesFile, snapshotOut: snapshot });
    const replica = await startDemoShop({ port: 0, snapshotIn: snapshot, updatesFile });
    try {
      const poncho = { id: 990001, title: 'Alpaca Trail Poncho', handle: 'alpaca-trail-poncho', vendor: 'Andes', product_type: 'Poncho', tags: 'wool', variants: [{ id: 9900011, price: '89.00', option1: 'Grey' }], options: [{ name: 'Color', values: ['Grey'] }] };
      const post = (token: string) => fetch(`${shop.url}/api/catalog/products/create`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(poncho) });
      expect((await post('wrong')).status).toBe(401);
      expect((await fetch(`${replica.url}/api/catalog/products/create`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await post('owner-catalog-token')).status).toBe(200);
      const search = async (s: DemoShop, q: string) => ((await (await fetch(`${s.url}/api/search?q=${q}`)).json()) as { total_product: number }).total_product;
      expect(await search(shop, 'alpaca')).toBe(1);
      expect((await fetch(`${shop.url}/products/alpaca-trail-poncho`)).status).toBe(200);
      // The replica started from the snapshot answers like the first shop did, and both follow the update file.
      expect(await search(replica, 'alpaca')).toBe(0);
      expect(await search(replica, 'hoodie')).toBe(await search(shop, 'hoodie'));
      appendFileSync(updatesFile, `${JSON.stringify({ topic: 'products/create', product: { ...poncho, id: 990002, title: 'Vicuna Ridge Shawl', handle: 'vicuna-ridge-shawl' } })}\n`);
      const watched = async (s: DemoShop) => {
        for (let i = 0; i < 100 && (await search(s, 'vicuna')) === 0; i++) await new Promise((r) => setTimeout(r, 100));
        return search(s, 'vicuna');
      };
      expect(await watched(shop)).toBe(1);
      expect(await watched(replica)).toBe(1);
      expect((await fetch(`${replica.url}/products/vicuna-ridge-shawl`)).status).toBe(200);
    } finally {
      await Promise.all([shop.close(), replica.close()]);
    }
  });
});
