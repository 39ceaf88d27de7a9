// Rules of the instant-search box and its suggestion dropdown proven on the assembled demo shop in
// Chromium: the suggestion call, the dropdown's opening and closing, its items and sizes, the
// suggestion cache, retries, on-click suggestions and recent searches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openWatched, routeWithSettings, settled, startHarness, typeWordsAwaitingCalls, type Harness, searchBox } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
const expanded = (page: Page) => searchBox(page).getAttribute('aria-expanded');
const suggestCalls = (page: Page) => {
  const seen: URL[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/suggest') seen.push(u);
  });
  return seen;
};
const withSearch = (search: Record<string, unknown>) => (s: Record<string, unknown>) => void (s.search = { ...(s.search as object), ...search });

describe('instant search rules (Chromium)', () => {
  it('[S4.1] [S4.2] [S7.1] [S5.3] [S4.11] [S5.8] [S5.5] [S2.10] [S9.20] [F9.8] [S4.10] opening and closing, the suggestion call, the trimmed term, product items with a photo (left unsized off the platform CDN), highlight, SKU, vendor and sale price, view all, sizes and placement', async () => {
    const w = await openWatched(h, '/collections/men', { photos: true });
    const { page } = w;
    await settled(page);
    const box = searchBox(page);
    // S4.1 / S4.2: closed; a click on the empty box opens nothing when no on-click block is on.
    expect(await expanded(page)).toBe('false');
    await box.click();
    expect(await expanded(page)).toBe('false');
    expect(await listbox(page).count()).toBe(0);

    // S5.3: spaces collapsed and trimmed before the call; S7.1: the call's parameters.
    const out = page.waitForRequest((r) => r.url().includes('/api/suggest'));
    await box.fill('  hood  ');
    const call = new URL((await out).url());
    expect(call.searchParams.get('q')).toBe('hood');
    expect(Object.fromEntries(['shop', 'fuzzy', 'full_min_match', 'variants_as_products', 'enable_plus_character_search', 'product_available', 'product_limit', 'dym_limit', 'event_type', 'suggest_types'].map((k) => [k, call.searchParams.get(k)]))).toEqual({
      shop: 'demo-shop.example', fuzzy: 'true', full_min_match: 'false', variants_as_products: 'false', enable_plus_character_search: 'false', product_available: 'false', product_limit: '6', dym_limit: '2', event_type: 'suggest', suggest_types: 'suggestions,collections,pages,products',
    });
    expect(Number(call.searchParams.get('t'))).toBeGreaterThan(1_700_000_000_000);
    await listbox(page).waitFor();
    expect(await expanded(page)).toBe('true');

    // S4.11: a product item is a link with a 200x photo, the highlighted title, SKU, vendor, price;
    // on sale, the compare-at price struck through.
    const products = listbox(page).locator('.pkg-suggest__product');
    expect(await products.count()).toBe(6);
    const first = products.first();
    expect(await first.getAttribute('href')).toMatch(/^\/products\/[a-z0-9-]+(\?_pos=1)?$/);
    // The demo's photos are not on the platform's CDN, so their URL is left as it is (a size
    // suffix would 404 on any other host); on the CDN the 200x suffix is added (unit tests).
    expect(await first.locator('img').getAttribute('src')).toMatch(/^\/images\/luma\/[^_]+_main\.jpg$/);
    expect(await first.locator('mark').first().innerText()).toMatch(/^hood$/i);
    expect(await first.innerText()).toMatch(/SKU: [A-Z0-9-]+/);
    const sale = products.filter({ has: page.locator('s') }).first();
    expect(await sale.locator('s').innerText()).toMatch(/Regular price\s*\$\d+\.\d\d/);
    expect(await sale.innerText()).toMatch(/Sale price\s*\$\d+\.\d\d/);
    expect((await products.locator('.pkg-suggest__vendor').allInnerTexts()).filter((t) => t.trim())).toHaveLength(6);
    // S2.10: term links are /search?q={encoded term}; S5.5: more products than shown: a view-all row.
    const hrefs = await listbox(page).getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(hrefs).toContain('/search?q=Hoodies%20%26%20Sweatshirts');
    expect(await listbox(page).getByRole('option', { name: /^View all \d+ products$/ }).getAttribute('href')).toBe('/search?q=hood');
    // S9.20 / F9.8 / S4.10: style 2 grid: 3 a row, at most 850 wide and 640 high, the configured
    // width (720), products in their own column, 12 px under the box.
    const drop = page.locator('.pkg-suggest__dropdown');
    const style = await drop.evaluate((e) => ({ maxWidth: (e as HTMLElement).style.maxWidth, maxHeight: (e as HTMLElement).style.maxHeight, perRow: (e as HTMLElement).style.getPropertyValue('--pkg-suggest-per-row') }));
    expect(style).toEqual({ maxWidth: '850px', maxHeight: '640px', perRow: '3' });
    const [d, b] = [(await drop.boundingBox())!, (await box.boundingBox())!];
    expect(Math.round(d.width)).toBe(720);
    expect(Math.round(d.y - (b.y + b.height))).toBe(12);
    expect(await listbox(page).locator('.pkg-suggest__column').count()).toBe(2);

    // S4.1: Escape closes; typing opens again; a click outside closes.
    await box.press('Escape');
    expect(await expanded(page)).toBe('false');
    await box.press('e');
    await listbox(page).waitFor();
    await page.getByRole('heading', { name: 'Filter', level: 2 }).first().click();
    await expect.poll(() => expanded(page)).toBe('false');

    // S5.8: a one-letter term is not highlighted.
    await typeWordsAwaitingCalls(page, box, ['j']);
    await box.click();
    await expect.poll(() => listbox(page).locator('.pkg-suggest__product').count()).toBeGreaterThan(0);
    expect(await listbox(page).locator('mark').count()).toBe(0);
    // S4.2: emptying the term closes the dropdown (no on-click blocks).
    await box.fill('');
    await expect.poll(() => expanded(page)).toBe('false');
    await page.close();
  });

  it('[S8.2] [F8.6] [S4.5] [S9.9] [S9.22] [S4.9] a term without results says so with the term in bold; the cache answers repeated terms until its 25th entry clears it; three failed attempts turn instant search off', async () => {
    const page = await h.browser.newPage();
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const calls = suggestCalls(page);
    await page.goto(`${h.url}/collections/men`);
    await settled(page);
    const box = searchBox(page);
    await box.click();
    await typeWordsAwaitingCalls(page, box, ['zzqqxx']);
    await expect.poll(() => page.locator('.pkg-suggest__dropdown').innerText()).toMatch(/zzqqxx/);
    expect(await page.locator('.pkg-suggest__dropdown strong, .pkg-suggest__dropdown b').first().innerText()).toBe('zzqqxx');
    // F8.6: with suggested items below it, the message invites to check them out.
    expect(await page.locator('.pkg-suggest__dropdown').innerText()).toContain('Sorry, nothing found for "zzqqxx". Check out these items instead?');

    // The cache: 24 more terms fill it to 25 entries, each asked once, and a repeat is answered
    // from it; the next new term finds it full and clears it, so an old term is asked again.
    const asked = (q: string) => calls.filter((u) => u.searchParams.get('q') === q).length;
    await typeWordsAwaitingCalls(page, box, Array.from({ length: 24 }, (_, i) => `t${i}`));
    await box.fill('t0');
    await typeWordsAwaitingCalls(page, box, ['zzqqxx1']); // a call after t0's would-be call
    expect(asked('t0')).toBe(1);
    await typeWordsAwaitingCalls(page, box, ['t1']);
    expect(asked('t1')).toBe(2);

    // S9.22 / S4.9: the suggestion endpoint fails: 3 failed attempts, then no more calls.
    // (t1's answer may still be followed by its did-you-mean call, event_type suggest_dym.)
    await page.route(/\/api\/suggest/, (route) => route.fulfill({ status: 500, body: 'down' }));
    const before = calls.length;
    const typed = () => calls.slice(before).filter((u) => u.searchParams.get('event_type') === 'suggest').map((u) => u.searchParams.get('q'));
    await typeWordsAwaitingCalls(page, box, ['fail1']);
    await expect.poll(typed).toEqual(['fail1', 'fail1', 'fail1']);
    // Off now: a new term is not asked, however long the debounce (50 ms) is given (10x here).
    await box.fill('fail2');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    expect(typed()).toEqual(['fail1', 'fail1', 'fail1']);
    expect(await expanded(page)).toBe('false');
    await page.close();
  });

  it('[S4.2] [S3.9] [S9.10] [S7.2] on-click suggestions: recent searches (3 shown, 10 kept), popular terms and trending products from the products call', async () => {
    const ctx = await h.browser.newContext();
    const page = await ctx.newPage();
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const productCalls: URL[] = [];
    page.on('request', (r) => r.url().includes('/api/products') && productCalls.push(new URL(r.url())));
    await page.addInitScript(() => {
      if (!localStorage.getItem('pkg-suggest:recent-searches')) localStorage.setItem('pkg-suggest:recent-searches', JSON.stringify(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10']));
    });
    await routeWithSettings(page, h, withSearch({ suggest: { recentSearches: true, popularTerms: ['hoodie', 'yoga pants'], trendingProductIds: [3, 14] } }));
    await page.goto(`${h.url}/collections/men`);
    await settled(page);
    const box = searchBox(page);
    await box.click();
    await listbox(page).waitFor();
    const texts = await listbox(page).getByRole('option').allInnerTexts();
    expect(texts.slice(0, 3)).toEqual(['r1', 'r2', 'r3']);
    expect(texts).not.toContain('r4');
    expect(texts).toEqual(expect.arrayContaining(['hoodie', 'yoga pants']));
    await expect.poll(() => listbox(page).locator('.pkg-suggest__product').allInnerTexts()).toEqual([expect.stringMatching(/Bruno Compete Hoodie/), expect.stringMatching(/Beaumont Summit Kit/)]);
    const pc = productCalls.at(-1)!;
    expect([pc.searchParams.get('shop'), pc.searchParams.getAll('ids').concat(pc.searchParams.getAll('ids[]'))]).toEqual(['demo-shop.example', ['3', '14']]);
    // A search is kept first; only 10 are kept.
    await box.fill('tent');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=tent/);
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('pkg-suggest:recent-searches')))!) as string[];
    expect(kept).toEqual(['tent', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
    await ctx.close();
  });
});
