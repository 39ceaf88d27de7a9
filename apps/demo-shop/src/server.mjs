// The demo shop server: theme pages, the loader's theme files, the Luma photos, and every API
// route answered by the in-memory engine (@pkg/engine), on one node:http server.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { slugify } from '@pkg/core-filter';
import { createEngine, createMemoryStore } from '@pkg/engine';
import { createProductUpdatesRoute } from '@pkg/engine/import';
import { createInsightsRoute } from '@pkg/engine/insights';
import { readCatalogSnapshot, watchMerchandisingFile, watchProductUpdates, writeAnswer, writeCatalogSnapshot } from '@pkg/engine/node';
import { openStore } from '@pkg/engine/store';
import { loadCatalog } from './catalogs.mjs';
import { themeCollectionPage, themeSearchPage, THEME_GENERATIONS, THEME_TERM_KEY } from './theme-pages.mjs';
import { cartPage, collectionPage, homePage, noResultData, notFoundPage, originalCollectionPage, originalSearchPage, productPage, searchPage } from './pages.mjs';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json', '.json': 'application/json', '.jpg': 'image/jpeg', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** The loader's theme files, named by the manifest its build writes. */
export function themeAssets() {
  const dir = join(dirname(require.resolve('@pkg/loader/package.json')), 'dist/theme');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new Error('[@apps/demo-shop] The loader theme build is missing: run `pnpm --filter @pkg/loader build` (or `pnpm start` at the root).');
  }
  return { dir, js: manifest.js, css: manifest.css };
}

const safeDecode = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '\0'; // never a file: sendFile refuses NUL
  }
};

function sendFile(req, res, root, rel, cache) {
  const base = resolve(root);
  const file = resolve(base, rel);
  if (!file.startsWith(base + sep) || rel.includes('\0')) return false;
  let st;
  try {
    st = statSync(file);
  } catch {
    return false;
  }
  if (!st.isFile()) return false;
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': st.size, 'cache-control': cache, 'x-content-type-options': 'nosniff' });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

/** The dashboard's build (apps/insights), served at /insights. */
const insightsDir = resolve(appDir, '..', 'insights', 'dist');

/**
 * Starts the shop. Options: `port` (0 = a free one), `host` (default 127.0.0.1), `catalog`
 * ('luma' | 'shopify-csv'), `dataDir` (keep carts, analytics, the search log and back-in-stock
 * requests in SQLite there) or `databaseUrl` (in PostgreSQL; wins over dataDir), neither: in
 * memory; `insightsToken` (the owner's token for /api/insights; none: no insights route);
 * `catalogToken` (the owner's token for the live updates at /api/catalog/products/*; none: no
 * such route); `updatesFile` (an NDJSON file of product webhooks, applied as it grows);
 * `snapshotIn` (start from this catalogue snapshot instead of the catalog's files) and
 * `snapshotOut` (write the catalogue built at start to this snapshot file);
 * `merchandisingFile` (the owner's synonyms and rules, watched while the shop runs; default
 * `merchandising.json` beside this app's package.json for the Luma catalog, none for the others;
 * null: none). Resolves to `{ url, port, engine, close() }`.
 */
export async function startDemoShop({ port = 0, host = '127.0.0.1', catalog: catalogName = 'luma', dataDir, databaseUrl, insightsToken, catalogToken, updatesFile, snapshotIn, snapshotOut, merchandisingFile } = {}) {
  const loaded = loadCatalog(catalogName);
  const { title, imagesDir } = loaded;
  const catalog = snapshotIn ? readCatalogSnapshot(snapshotIn) : loaded.catalog;
  if (snapshotOut) writeCatalogSnapshot(snapshotOut, catalog);
  const store = dataDir || databaseUrl ? await openStore({ dataDir, databaseUrl }) : createMemoryStore();
  // cacheMaxAge 0: the browser keeps catalogue answers but asks again each time (a 304 when
  // unchanged), so a changed merchandising file or a live catalogue update shows on the next request.
  const engine = createEngine(catalog, { store, cacheMaxAge: 0, routes: [createInsightsRoute({ token: insightsToken }), createProductUpdatesRoute({ token: catalogToken, collections: ['all'] })] });
  const watch = updatesFile ? watchProductUpdates(engine, updatesFile, { collections: ['all'], onError: (e) => console.error(e.message) }) : null;
  // The owner's rules name Luma's products: in force on the Luma catalog unless told otherwise.
  const rulesFile = merchandisingFile === undefined ? (catalogName === 'luma' ? join(appDir, 'merchandising.json') : null) : merchandisingFile;
  const rules = rulesFile ? watchMerchandisingFile(engine, rulesFile) : null;
  const assets = themeAssets();
  const collections = [...(catalog.collections ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  const byHandle = new Map(collections.map((c) => [c.handle, c]));
  // Product pages and tag pages read the catalogue in force (live updates replace it).
  let seen = null;
  let list = [];
  let products = new Map();
  let tagsBySlug = new Map();
  const current = () => {
    if (seen !== engine.catalog) {
      seen = engine.catalog;
      // The engine decodes its product list when asked and does not keep it: held here while in force.
      list = seen.products;
      products = new Map(list.map((p) => [p.handle, p]));
      tagsBySlug = new Map();
      for (const p of seen.products) for (const t of p.tags ?? []) if (!tagsBySlug.has(slugify(t))) tagsBySlug.set(slugify(t), t);
    }
    return { list, products, tagsBySlug };
  };
  const topLevel = ['men', 'women', 'gear', 'collections-sale', 'new'].map((h) => byHandle.get(h)).filter(Boolean);
  // The shop owner's swatch settings (colours per value) go into the settings block of listing pages.
  const shop = { title, domain: 'demo-shop.example', nav: topLevel.length ? topLevel : collections.slice(0, 4), swatches: catalog.swatches ?? {} };
  // What the theme embeds in its search page for the no-result view (S3.12): the shop's popular
  // queries and a few products as the most popular.
  const noResult = noResultData((catalog.popularQueries ?? []).map((q) => q.query), catalog.products.slice(0, 4));
  const themeCss = readFileSync(join(appDir, 'src/theme.css'));
  // Per-collection theme options, as a shop owner would set them: Gear with "load more", women's tops with infinite scroll.
  // A collection rendered the way an older theme does: legacy settings globals and hooks.
  const legacyThemed = new Set(['erin-recommends']);
  // Per-collection filter settings that show what an owner can switch: load more, infinite
  // scroll, and the theme's own product items (S7.4) on Watches.
  const collectionFilter = { gear: { paginationType: 'load_more' }, 'tops-women': { paginationType: 'infinite' }, watches: { themeProductView: 'boost-pfs-product-item' } };
  // Collections whose theme shows the header from the collection's own view and a most-popular
  // slider (S7.3, S7.5).
  const themeViewCollections = new Set(['fitness-equipment']);
  // Collections whose theme builds its product items from its own templates (S4.17).
  const itemTemplateCollections = new Set(['tanks-men']);

  const html = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
  const api = (req, res, body) => {
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    // Answered once the store has committed what the request wrote; compressed, with ETag/304.
    engine.handleAsync({ method: req.method ?? 'GET', url: req.url ?? '/', body, headers }).then((answer) => writeAnswer(req, res, answer), () => res.destroy());
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop.local');
    const path = url.pathname;
    const segs = path.split('/').filter(Boolean).map((s) => (safeDecode(s) === '\0' ? s : safeDecode(s)));
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (isGet && path.startsWith('/assets/') && sendFile(req, res, assets.dir, path.slice('/assets/'.length), 'public, max-age=31536000, immutable')) return;
    // The photos, also under the platform CDN's path a shop's own files have (`/cdn/shop/files/`,
    // where the demo's collection photos are): there the components ask for sized names.
    const photoDir = ['/images/luma/', '/cdn/shop/files/'].find((d) => path.startsWith(d));
    if (isGet && imagesDir && photoDir) {
      // Sized names (`name_200x.jpg`, as the suggestion dropdown and the panels ask a CDN for) get
      // the original photo: this server does not resize.
      const name = safeDecode(path.slice(photoDir.length));
      if (sendFile(req, res, imagesDir, name, 'public, max-age=3600') || sendFile(req, res, imagesDir, name.replace(/_(\d+x\d*|x\d+)(\.\w+)$/, '$2'), 'public, max-age=3600')) return;
    }
    if (isGet && path === '/theme.css') {
      res.writeHead(200, { 'content-type': TYPES['.css'], 'cache-control': 'no-store' });
      res.end(themeCss);
      return;
    }
    if (isGet && path === '/favicon.ico') {
      res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
      res.end();
      return;
    }
    // Dev and test only: the analytics records the engine kept, so a test can see them arrive.
    if (req.method === 'GET' && path === '/api/analytics') {
      Promise.resolve(engine.store.analytics.list()).then((records) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(records));
      }, () => res.destroy());
      return;
    }
    // The owner's insights dashboard (apps/insights); its data comes from /api/insights with the token.
    if (isGet && (path === '/insights' || path === '/insights/')) {
      if (!sendFile(req, res, insightsDir, 'index.html', 'no-store')) html(res, 404, notFoundPage({ shop, assets, what: 'The insights dashboard is not built: run `pnpm --filter @apps/insights build`.' }));
      return;
    }
    if (isGet && path.startsWith('/insights/') && sendFile(req, res, insightsDir, safeDecode(path.slice('/insights/'.length)), 'public, max-age=31536000, immutable')) return;
    // The cart page reads the shopper's cart from the engine with the request's cookie.
    if (isGet && path === '/cart') {
      engine.handleAsync({ method: 'GET', url: '/cart.js', headers: { cookie: req.headers.cookie ?? '' } }).then((answer) => html(res, 200, cartPage({ shop, assets, cart: JSON.parse(answer.body) })), () => res.destroy());
      return;
    }
    // F8.9: the add-on falls back to the theme's own view when the filter service fails.
    if (isGet && segs[0] === 'collections' && segs.length === 2 && url.searchParams.get('view') === 'pf-original') {
      const handle = segs[1];
      const collection = handle === 'all' ? null : byHandle.get(handle);
      if (handle !== 'all' && !collection) {
        html(res, 404, notFoundPage({ shop, assets, what: `No collection "${handle}".` }));
        return;
      }
      const page = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
      const limit = 24;
      const answer = engine.filter({ collection_scope: collection ? collection.id : 0, page, limit });
      html(res, 200, originalCollectionPage({ shop, assets, heading: collection ? collection.title : 'All products', products: answer.products ?? [], page, pageCount: Math.max(1, Math.ceil((answer.total_product ?? 0) / limit)), path }));
      return;
    }
    // F8.9 on the search page: the theme's own search results, rendered here without the add-on.
    // A term the engine refuses (too long, malformed) gets a page that says so, with the search box.
    if (isGet && segs[0] === 'search' && segs.length === 1 && url.searchParams.get('view') === 'pf-original') {
      const q = url.searchParams.get('q') ?? '';
      const page = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
      const limit = 24;
      const answer = engine.handle({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}` });
      const body = JSON.parse(answer.body);
      const refused = answer.status >= 400 ? (typeof body.message === 'string' ? body.message.replace(/^\[@pkg\/engine\]\s*/, '') : 'The search could not be run.') : null;
      html(res, 200, originalSearchPage({ shop, assets, q, products: refused ? [] : (body.products ?? []), total: refused ? 0 : (body.total_product ?? 0), page, limit, refused, path }));
      return;
    }
    const page = isGet && !url.searchParams.has('view') && !path.startsWith('/api/') && !path.endsWith('.js') ? routePage(segs, url) : null;
    if (page) {
      html(res, page[0], page[1]);
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => api(req, res, Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => res.destroy());
  });

  function routePage(segs, url) {
    const nf = (what) => [404, notFoundPage({ shop, assets, what })];
    if (segs.length === 0) return [200, homePage({ shop, assets, collections, featured: current().list.slice(0, 8), themes: Object.entries(THEME_GENERATIONS).map(([handle, t]) => ({ handle, title: t.title })) })];
    // The search page of the theme with its own term key (theme-pages.mjs), when the address carries that key.
    if (segs[0] === 'search' && segs.length === 1 && url.searchParams.has(THEME_TERM_KEY) && !url.searchParams.has('q')) return [200, themeSearchPage({ shop, assets, term: url.searchParams.get(THEME_TERM_KEY) ?? '' })];
    if (segs[0] === 'search' && segs.length === 1) return [200, searchPage({ shop, assets, q: url.searchParams.get('q') ?? '', noResult })];
    if (segs[0] === 'products' && segs.length === 2) {
      const product = current().products.get(segs[1]);
      return product ? [200, productPage({ shop, assets, product, variant: url.searchParams.get('variant') })] : nf(`No product "${segs[1]}".`);
    }
    if (segs[0] === 'collections') {
      if (segs.length === 1) return [200, homePage({ shop, assets, collections, featured: [] })];
      if (segs[2] === 'products' && segs.length === 4) {
        const product = current().products.get(segs[3]);
        return product ? [200, productPage({ shop, assets, product, variant: url.searchParams.get('variant') })] : nf(`No product "${segs[3]}".`);
      }
      const handle = segs[1];
      if (handle === 'vendors' || handle === 'types') {
        const q = url.searchParams.get('q') ?? '';
        return [200, collectionPage({ shop, assets, collection: null, vendorOrType: { kind: handle, value: q } })];
      }
      const collection = handle === 'all' ? null : byHandle.get(handle);
      if (handle !== 'all' && !collection) return nf(`No collection "${handle}".`);
      // Collections rendered as unchanged themes of the original add-on, one per settings source.
      if (segs.length === 2 && collection && THEME_GENERATIONS[handle]) return [200, themeCollectionPage({ shop, assets, collection, ownerOff: url.searchParams.get('owner') === 'off', look: url.searchParams.get('look') })];
      if (segs.length === 2) return [200, collectionPage({ shop, assets, collection, filter: collectionFilter[handle] ?? {}, legacy: legacyThemed.has(handle), themeViews: themeViewCollections.has(handle), itemTemplates: itemTemplateCollections.has(handle) })];
      if (segs.length === 3) {
        const tag = current().tagsBySlug.get(segs[2]);
        return tag ? [200, collectionPage({ shop, assets, collection, tag })] : nf(`No tag "${segs[2]}".`);
      }
    }
    return null;
  }

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const actual = server.address().port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    port: actual,
    engine,
    close: () =>
      new Promise((ok, fail) => {
        rules?.stop();
        watch?.close();
        server.closeAllConnections?.();
        server.close((err) => (err ? fail(err) : ok()));
      }).then(() => store.close()),
  };
}
