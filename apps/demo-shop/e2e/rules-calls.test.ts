// Rules of what the page sends and keeps (analytics records, the session id, the cart call) and of
// the messages it shows (empty listings, the empty search, configured labels), proven on the
// assembled demo shop in Chromium.
// Not observable from outside: [F7.4] the mobile script's ajax replacement is unspecified ("details not shown"); option changes go through the one apply routine these journeys drive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWatched, settled, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const records = async (u: string, pid: string) => (await h.analyticsRecords()).filter((r) => r.u === u && String(r.pid) === pid);
const withLabels = (labels: Record<string, unknown>) => (s: Record<string, unknown>) => void (s.labels = { ...(s.labels as object), ...labels });

describe('calls, storage and messages (Chromium)', () => {
  it('[F3.16] [F7.2] [F3.18] [F9.10] [S9.23] [F3.17] [F7.3] analytics records from the search page and the product page: every field, the session id kept in local storage, the cart token after an add to cart', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const cartCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/cart.js' && cartCalls.push(r.method()));
    await page.goto(`${h.url}/search?q=jacket`);
    await settled(page);
    const link = page.locator('.pkg-products-container .pkg-product__link').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(new RegExp(`${href}$`));
    const pid = (await page.locator('html').getAttribute('data-product-id'))!;
    await expect.poll(async () => (await records('view_product', pid)).length, { timeout: 10_000 }).toBe(1);
    const view = (await records('view_product', pid))[0]!;
    expect(Object.keys(view)).toEqual(expect.arrayContaining(['a', 'ct', 'pid', 'qs', 'r', 'sid', 't', 'tid', 'u']));
    expect([view.tid, view.a, view.ct, view.r]).toEqual(['demo-shop.example', 'search', '', `${h.url}/search?q=jacket`]);
    expect(new Date(String(view.t)).toISOString()).toBe(view.t);
    expect(String(view.sid)).toMatch(V4);
    // F3.18 / F9.10: the session id and the pending list in local storage; sent records leave it.
    const stored = await page.evaluate(() => ({ sid: localStorage.getItem('pkg-analytics:sid'), pending: localStorage.getItem('pkg-analytics:pending') }));
    expect(stored.sid).toBe(view.sid);
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('pkg-analytics:pending'))) ?? '[]')).toEqual([]);
    // F3.17 / F7.3: an add to cart; the cart call's token is the next record's ct, the count shows.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to cart.').waitFor();
    await expect.poll(async () => (await records('add_to_cart', pid)).length, { timeout: 10_000 }).toBe(1);
    const add = (await records('add_to_cart', pid))[0]!;
    const cart = (await (await page.request.get(`${h.url}/cart.js`, { headers: { cookie: (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } })).json()) as { token: string; item_count: number };
    expect(cart.item_count).toBe(1);
    expect(String(cart.token).length).toBeGreaterThan(0);
    expect(add.ct).toBe(cart.token);
    expect(add.sid).toBe(view.sid);
    expect(cartCalls).toContain('GET');
    await expect.poll(() => page.locator('.pkg-minicart__toggle').innerText()).toBe('Cart (1)');

    // F7.2: a quick view from a collection is recorded with source filter.
    await page.goto(`${h.url}/collections/men`);
    await settled(page);
    const item = page.locator('.pkg-products-container .pkg-product-list__item').first();
    const qid = (await item.getAttribute('data-product-id'))!;
    await item.getByRole('button', { name: /^Quick view/ }).click();
    await expect.poll(async () => (await records('quick_view', qid)).length, { timeout: 10_000 }).toBe(1);
    const qv = (await records('quick_view', qid))[0]!;
    // The cart (read on this page load) now has a token: it is the record's ct.
    expect([qv.a, qv.sid, qv.ct]).toEqual(['filter', view.sid, cart.token]);
    await ctx.close();
  });

  it('[S8.5] [F8.5] [F3.20] [S8.10] the empty search: the message with the term in bold, a link to all products, the tips; the no-result data (prices from cents); broken no-result JSON is ignored', async () => {
    const w = await openWatched(h, '/search?q=zzqqxx');
    const view = w.page.locator('.pkg-search-no-result');
    await view.waitFor();
    expect(await view.getByRole('paragraph').first().innerText()).toMatch(/^We are sorry! We couldn't find results for "zzqqxx"\./);
    expect(await view.locator('strong').first().innerText()).toBe('zzqqxx');
    expect(await view.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/collections/all');
    expect(await view.innerText()).toContain("But don't give up – check the spelling or try less specific search terms.");
    // F3.20: the embedded most-popular products, their cents shown as the shop's prices.
    const popular = view.getByRole('listitem').filter({ hasText: 'Chaz Kangeroo Hoodie' });
    expect(await popular.locator('.pkg-price__current').innerText()).toBe('$52.00');
    expect(await view.getByRole('navigation', { name: 'Try searching for' }).getByRole('link').count()).toBeGreaterThan(0);
    await w.page.close();

    // S8.10: the theme's no-result JSON is broken: no terms, no products, no error; the message stays.
    const page = await h.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/\/search\?/, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<script type="application\/json" id="pkg-no-result">)[\s\S]*?(<\/script>)/, '$1{"search_terms": ["x", $2');
      await route.fulfill({ response: res, body: html });
    });
    await page.goto(`${h.url}/search?q=zzqqxx`);
    const broken = page.locator('.pkg-search-no-result');
    await broken.waitFor();
    expect(await broken.locator('strong').first().innerText()).toBe('zzqqxx');
    expect(await broken.getByRole('navigation', { name: 'Try searching for' }).count()).toBe(0);
    expect(await broken.locator('.pkg-product').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('[S8.3] [S8.4] [F8.1] [F8.3] [S8.1] [F9.11] empty listings with and without filters show their messages, default and configured; the translation table words the search box and the dropdown; label defaults', async () => {
    let w = await openWatched(h, '/collections/men?pf_v_vendor=Nobody');
    await expect.poll(() => w.page.locator('.pkg-products-container').innerText()).toContain('Sorry, no products matched your selection');
    // F9.11: the tree's and toolbar's default labels.
    expect(await w.page.locator('#pkg-filter-tree').innerText()).toMatch(/Refine By[\s\S]*Clear All/);
    expect(await w.page.locator('.pkg-toolbar-container').innerText()).toContain('Sort By');
    await w.page.close();
    w = await openWatched(h, '/collections/gear/climate-cool');
    await expect.poll(() => w.page.locator('.pkg-products-container').innerText()).toContain('No products found in this collection');
    await w.page.close();
    // F9.11: the load-more button's default label.
    w = await openWatched(h, '/collections/gear');
    await settled(w.page);
    expect(await w.page.getByRole('button', { name: /^Load more/ }).innerText()).toBe('Load more 12 Products');
    await w.page.close();

    // Configured wording: the two empty messages, the search box placeholder, view all, no suggestion result.
    const labels = withLabels({ noFilterResult: 'Nothing matches these filters', noProducts: 'This collection is empty', searchBoxPlaceholder: 'Find a product', viewAll: 'See the {{ count }} products', resultEmptyWithSuggestion: 'No luck with {{ terms }}' });
    w = await openWatched(h, '/collections/men?pf_v_vendor=Nobody', { settings: labels });
    await expect.poll(() => w.page.locator('.pkg-products-container').innerText()).toContain('Nothing matches these filters');
    const box = w.page.locator('.site-header .pkg-search-box').getByRole('combobox');
    expect(await box.getAttribute('placeholder')).toBe('Find a product');
    await box.click();
    await box.fill('hood');
    await expect.poll(() => w.page.getByRole('option', { name: /^See the \d+ products$/ }).count()).toBe(1);
    await box.fill('zzqqxx');
    await expect.poll(() => w.page.locator('.pkg-suggest__dropdown').innerText()).toContain('No luck with zzqqxx');
    await w.page.close();
    w = await openWatched(h, '/collections/gear/climate-cool', { settings: labels });
    await expect.poll(() => w.page.locator('.pkg-products-container').innerText()).toContain('This collection is empty');
    await w.page.close();
  });

  it('[S7.1] the filter, search, search-panel and suggestion requests carry the session id the analytics queue keeps', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const calls: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/^\/api\/(filter|search|suggest)/.test(u.pathname)) calls.push(u);
    });
    await page.goto(`${h.url}/search?q=jacket`);
    await settled(page);
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    await box.fill('hoodie');
    await page.locator('.site-header [role="listbox"]').first().waitFor();
    await page.goto(`${h.url}/collections/men`);
    await settled(page);
    const sid = await page.evaluate(() => localStorage.getItem('pkg-analytics:sid'));
    expect(sid).toMatch(V4);
    const kinds = new Set(calls.map((u) => u.pathname));
    // The search page's products, its collection and page panels, a suggestion and a collection listing.
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['/api/filter', '/api/search', '/api/suggest']));
    expect(calls.filter((u) => u.searchParams.get('sid') !== sid).map((u) => `${u.pathname}?${u.searchParams}`)).toEqual([]);
    await ctx.close();
  });
});
