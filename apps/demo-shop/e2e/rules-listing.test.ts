// Rules of the listing (toolbar, pagination, address bar, page kinds, page size) proven on the
// assembled demo shop in Chromium: each journey walks one page through several rules, reading what
// the shopper sees, the address bar and the filter calls the page makes.
// Not observable from outside (internal timings; the standards forbid timed assertions): [S9.16] debounces and scroll offsets; [F9.4] the 1 px scroll trigger, 200 ms loading class, 300 ms slider animation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, filterOption, type Harness, openWatched, routeWithFilterSettings, settled, startHarness, titles, total, totalChanges, totalText, type Watched } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const sort = (page: Page) => page.getByLabel('Sort By');
const limit = (page: Page) => page.getByLabel('Show', { exact: true });
const optionValues = (page: Page, select: ReturnType<typeof sort>) => select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
const option = filterOption;
/** Waits for a listing call after `count` calls and for the list to settle. */
async function nextCall(w: Watched, count: number): Promise<URL> {
  await expect.poll(() => w.listingCalls().length).toBeGreaterThan(count);
  await settled(w.page);
  return w.listingCalls().at(-1)!;
}
const keysOf = (page: Page) => [...new URL(page.url()).searchParams.keys()];

describe('listing rules (Chromium)', () => {
  it('[S2.3] [S2.12] [S2.14] [S2.18] [S9.14] [S9.4] [F5.1] [F4.9] a collection page: its scope, toolbar links without page=1, sort/limit reset the page, display and the address bar, each call with its event type', async () => {
    const w = await openWatched(h, '/collections/men?page=2&sort=price-ascending');
    const { page } = w;
    await settled(page);
    // S2.3: /collections/{handle} asks for that collection's products (Men is collection 2001).
    const first = w.listingCalls()[0]!;
    expect(first.pathname).toBe('/api/filter');
    expect(Object.fromEntries(['collection_scope', 'page', 'sort', 'limit', 'display', 'event_type'].map((k) => [k, first.searchParams.get(k)]))).toEqual({ collection_scope: '2001', page: '2', sort: 'price-ascending', limit: '12', display: 'grid', event_type: 'init' });
    expect(await total(page)).toBe(72);
    // S2.12: the pagination's links carry page and sort; page 1 has no page parameter.
    const hrefs = await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toContain('/collections/men?sort=price-ascending');
    expect(hrefs).toContain('/collections/men?page=3&sort=price-ascending');
    expect(hrefs.filter((u) => u?.includes('page=1&') || u?.endsWith('page=1'))).toEqual([]);
    // S9.4: the display starts as grid.
    expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');

    // A new sort goes back to page 1 (S4.16's first half; its in-collection search is not in the loader), event type sort (S2.18).
    let n = w.listingCalls().length;
    await sort(page).selectOption('title-ascending');
    let call = await nextCall(w, n);
    expect([call.searchParams.get('page'), call.searchParams.get('sort'), call.searchParams.get('event_type')]).toEqual(['1', 'title-ascending', 'sort']);
    await expect.poll(() => address(page)).toBe('/collections/men?sort=title-ascending');
    const aToZ = await titles(page);
    expect(aToZ).toEqual([...aToZ].sort((a, b) => a.localeCompare(b)));

    // The next page: event type page, page=2 in the address.
    n = w.listingCalls().length;
    await page.getByRole('link', { name: 'Next' }).click();
    call = await nextCall(w, n);
    expect([call.searchParams.get('page'), call.searchParams.get('event_type')]).toEqual(['2', 'page']);
    await expect.poll(() => address(page)).toBe('/collections/men?page=2&sort=title-ascending');

    // A new limit goes back to page 1 too; S9.14: limit in the address.
    n = w.listingCalls().length;
    await limit(page).selectOption('24');
    call = await nextCall(w, n);
    expect([call.searchParams.get('page'), call.searchParams.get('limit')]).toEqual(['1', '24']);
    await expect.poll(() => address(page)).toBe('/collections/men?limit=24&sort=title-ascending');
    expect(await page.locator('.pkg-products-container .pkg-product').count()).toBe(24);

    // S9.4 / S9.14: the list display, written as display=list, event type display.
    n = w.listingCalls().length;
    await page.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => address(page)).toBe('/collections/men?display=list&limit=24&sort=title-ascending');
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.pkg-product-list--list').count()).toBe(1);
    if (w.listingCalls().length > n) expect(w.listingCalls().at(-1)!.searchParams.get('event_type')).toBe('display');

    // F4.9 / S2.14: from page 2, a filter value goes back to page 1; the address has the pf_ value,
    // sorted keys, defaults (page 1, grid) dropped.
    await page.getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => address(page)).toMatch(/page=2/);
    await settled(page);
    n = w.listingCalls().length;
    const before = await totalText(page);
    await option(page, 'Brand').getByRole('checkbox', { name: /Luma/ }).check();
    await totalChanges(page, before);
    call = await nextCall(w, n);
    expect(call.searchParams.get('page')).toBe('1');
    expect(call.searchParams.getAll('pf_v_vendor[]').concat(call.searchParams.getAll('pf_v_vendor'))).toEqual(['Luma']);
    await expect.poll(() => address(page)).toBe('/collections/men?display=list&limit=24&pf_v_vendor=Luma&sort=title-ascending');
    expect(keysOf(page)).toEqual([...keysOf(page)].sort());

    // S2.18: back is event type history.
    n = w.listingCalls().length;
    await page.goBack();
    call = await nextCall(w, n);
    expect(call.searchParams.get('event_type')).toBe('history');
    await expect.poll(() => address(page)).toBe('/collections/men?display=list&limit=24&page=2&sort=title-ascending');
    await page.close();
  });

  it('[S9.2] [F9.1] [F5.1] [S5.6] [S9.1] page size: 16 and choices 4, 8, 12, 16 by default; a configured limit outside 1..70 asks for 24, 70 is kept; page and limit in the address must be whole numbers, else page 1 and the configured limit (20 in load more)', async () => {
    const load = async (path: string, filter: Record<string, unknown>) => {
      const w = await openWatched(h, path, { settings: (s) => void (s.filter = { ...(s.filter as object), ...filter }) });
      await settled(w.page);
      return w;
    };
    // No limit and no choices in the settings: 16, from 4, 8, 12, 16.
    let w = await load('/collections/all', { limit: undefined, limitChoices: undefined });
    expect(w.listingCalls()[0]!.searchParams.get('limit')).toBe('16');
    expect(await optionValues(w.page, limit(w.page))).toEqual(['4', '8', '12', '16']);
    expect(await w.page.locator('.pkg-products-container .pkg-product').count()).toBe(16);
    await w.page.close();
    // F9.1: 70 is the largest limit kept; 0 and 71 become 24.
    for (const [configured, asked] of [[70, '70'], [0, '24'], [71, '24']] as const) {
      w = await load('/collections/all', { limit: configured });
      expect(w.listingCalls()[0]!.searchParams.get('limit'), `limit ${configured}`).toBe(asked);
      await w.page.close();
    }
    // S5.6: a page or limit in the address that is not a whole number: page 1 and the configured limit.
    w = await load('/collections/all?page=abc&limit=x1', {});
    expect([w.listingCalls()[0]!.searchParams.get('page'), w.listingCalls()[0]!.searchParams.get('limit')]).toEqual(['1', '12']);
    await w.page.close();
    // Load more (gear): the address's page 2 asks for limit x page from page 1.
    w = await load('/collections/gear?page=2', {});
    expect([w.listingCalls()[0]!.searchParams.get('page'), w.listingCalls()[0]!.searchParams.get('limit')]).toEqual(['1', '24']);
    await w.page.close();
    // S5.6 / S9.1: in load more, an address limit that is not a whole number in 1..70 asks for 20, not the configured 12.
    for (const bad of ['abc', '500']) {
      w = await load(`/collections/gear?limit=${bad}`, {});
      expect(w.listingCalls()[0]!.searchParams.get('limit'), bad).toBe('20');
      expect(await w.page.locator('.pkg-products-container .pkg-product').count(), bad).toBe(20);
      await w.page.close();
    }
  });

  it('[S2.4] [S2.5] [S5.11] [F5.3] [S9.13] [F4.4] [S2.7] [S2.13] vendor and type pages move q into pf_v_vendor / pf_pt_product_type and hide their own option; tag and sub-category pages ask for the tag', async () => {
    let w = await openWatched(h, '/collections/vendors?q=Luma');
    await settled(w.page);
    let call = w.listingCalls()[0]!;
    expect([call.searchParams.getAll('pf_v_vendor[]'), call.searchParams.get('q'), call.searchParams.get('collection_scope')]).toEqual([['Luma'], null, '0']);
    expect(await total(w.page)).toBe(69);
    expect(new Set(await w.page.locator('.pkg-products-container .pkg-product__vendor').allInnerTexts())).toEqual(new Set(['Luma']));
    expect(await option(w.page, 'Brand').count()).toBe(0);
    expect(await option(w.page, 'Product type').count()).toBe(1);
    await w.page.close();

    w = await openWatched(h, '/collections/types?q=Jackets');
    await settled(w.page);
    call = w.listingCalls()[0]!;
    expect([call.searchParams.getAll('pf_pt_product_type[]'), call.searchParams.get('q')]).toEqual([['Jackets'], null]);
    expect(await option(w.page, 'Product type').count()).toBe(0);
    expect(await option(w.page, 'Brand').count()).toBe(1);
    await w.page.close();

    // S2.7 / S2.13: /collections/{handle}/{slug} is the collection narrowed to the tag.
    w = await openWatched(h, '/collections/men/climate-cool');
    await settled(w.page);
    call = w.listingCalls()[0]!;
    expect([call.searchParams.get('collection_scope'), call.searchParams.get('tag')]).toEqual(['2001', 'climate:Cool']);
    const tagged = await total(w.page);
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThan(72);
    // The collection tree links each collection's sub-category pages by slug.
    const hrefs = await option(w.page, 'Collection').getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toContain('/collections/eco-friendly/climate-indoor');
    await w.page.close();
  });

  it('[S2.6] [S5.12] [S9.3] the search page asks /api/search for q sorted by relevance without the manual sort; collections default to best selling and offer the sorting list but relevance (no term to be relevant to); the term key is configurable', async () => {
    let w = await openWatched(h, '/collections/all');
    await settled(w.page);
    expect(w.listingCalls()[0]!.searchParams.get('sort')).toBe('best-selling');
    expect(await sort(w.page).inputValue()).toBe('best-selling');
    expect(await optionValues(w.page, sort(w.page))).toEqual(['best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending']);
    await w.page.close();

    w = await openWatched(h, '/search?q=jacket');
    await settled(w.page);
    let call = w.listingCalls()[0]!;
    expect([call.pathname, call.searchParams.get('q'), call.searchParams.get('sort')]).toEqual(['/api/search', 'jacket', 'relevance']);
    expect(await sort(w.page).inputValue()).toBe('relevance');
    expect(await optionValues(w.page, sort(w.page))).not.toContain('manual');
    expect(await total(w.page)).toBe(25);
    await w.page.close();

    // The shop names its term key `term`: /search?term=... is the search page's term.
    w = await openWatched(h, '/search?term=hoodie', { settings: (s) => void (s.filter = { ...(s.filter as object), searchTermKey: 'term' }) });
    await settled(w.page);
    call = w.listingCalls()[0]!;
    expect([call.pathname, call.searchParams.get('q')]).toEqual(['/api/search', 'hoodie']);
    const links = await w.page.getByRole('navigation', { name: 'Pagination' }).getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    // Page links are built from the state (the same address a click writes): on /search, with the term.
    if (links.length) expect(links.map((u) => [new URL(u ?? '', 'http://x').pathname, new URL(u ?? '', 'http://x').searchParams.get('term')])).toEqual(links.map(() => ['/search', 'hoodie']));
    await w.page.close();
  });

  it('[S4.14] load previous page: from page 2 of a load-more collection, a button brings page 1 above and hides itself; the pages are kept in session storage', async () => {
    const w = await openWatched(h, '/collections/gear?page=2', { settings: (s) => void (s.filter = { ...(s.filter as object), loadPreviousPage: true }) });
    const { page } = w;
    await settled(page);
    const pageTwo = await titles(page);
    expect(pageTwo).toHaveLength(12);
    const stored = () => page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage).filter(([k]) => k.startsWith('pkg-core-filter:') && /Page|Event/.test(k))));
    expect(await stored()).toEqual({ 'pkg-core-filter:currentPage': '2', 'pkg-core-filter:nextPage': '3', 'pkg-core-filter:previousPage': '1', 'pkg-core-filter:previousEvent': 'false' });
    const previous = page.getByRole('button', { name: 'Load previous page' });
    const n = w.listingCalls().length;
    await previous.click();
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count()).toBe(24);
    expect(w.listingCalls().at(-1)!.searchParams.get('page')).toBe('1');
    expect(w.listingCalls().length).toBe(n + 1);
    expect((await titles(page)).slice(12)).toEqual(pageTwo);
    await expect.poll(() => previous.count()).toBe(0);
    expect((await stored())['pkg-core-filter:previousEvent']).toBe('true');
    await page.close();
  });

  it('[S4.15] [S3.8] keep scroll position: the place of a clicked product is stored (product id, page, position, offset, url) and restored on return, then cleared', async () => {
    const w = await openWatched(h, '/collections/men?limit=48');
    const { page } = w;
    await settled(page);
    const item = page.locator('.pkg-products-container .pkg-product-list__item').nth(30);
    await item.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);
    const id = await item.getAttribute('data-product-id');
    await item.locator('.pkg-product__link').click();
    await page.waitForURL(/\/products\//);
    const record = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pkg-core-filter:scroll')))!) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(['offset', 'page', 'position', 'productId', 'url']);
    expect([String(record.productId), record.page]).toEqual([id, 1]);
    expect(String(record.url)).toContain('/collections/men?limit=48');
    await page.goBack();
    await settled(page);
    // Back on the listing, scrolled far down again, with the product clicked in view (the exact
    // offset moves with what renders above it first, so the shopper's view is what is checked).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect
      .poll(() => page.evaluate((pid) => {
        const r = document.querySelector(`.pkg-products-container [data-product-id="${pid}"]`)?.getBoundingClientRect();
        return !!r && r.bottom > 0 && r.top < window.innerHeight;
      }, id))
      .toBe(true);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('pkg-core-filter:scroll'))).toBeNull();
    await page.close();
  });

  it('[S4.18] [S5.10] [S9.19] the loading placeholder: with the setting on, a row of placeholder items (ratio 1.4 unless a positive ratio is set) until the products arrive', async () => {
    const load = async (filter: Record<string, unknown>) => {
      const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/api\/filter/, async (route) => {
        const real = await route.fetch();
        await held;
        await route.fulfill({ response: real });
      });
      await routeWithFilterSettings(page, h, filter);
      const asked = page.waitForRequest(/\/api\/filter/);
      await page.goto(`${h.url}/collections/men`);
      await asked;
      await page.locator('.pkg-products-container[data-pkg-initialised]').waitFor({ state: 'attached' });
      return { page, release };
    };
    const skeleton = (page: Page) => page.locator('.pkg-products-container .pkg-product-list--skeleton > li');
    for (const [ratio, shown] of [[undefined, '1 / 1.4'], [0, '1 / 1.4'], [1.2, '1 / 1.2']] as const) {
      const { page, release } = await load({ showPlaceholder: true, ...(ratio === undefined ? {} : { placeholderRatio: ratio }) });
      await skeleton(page).first().waitFor();
      expect(await skeleton(page).count()).toBeGreaterThan(1);
      expect(new Set(await skeleton(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).style.aspectRatio)))).toEqual(new Set([shown]));
      release();
      await settled(page);
      expect(await skeleton(page).count()).toBe(0);
      await page.close();
    }
    // The setting off: nothing while the products are on their way.
    const { page, release } = await load({ showPlaceholder: false });
    expect(await skeleton(page).count()).toBe(0);
    release();
    await settled(page);
    await page.close();
  });

  it('[F3.19] every sort key the service knows can be offered in the toolbar and is asked for (all but relevance on a collection without a term)', async () => {
    const keys = ['best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending', 'published-descending', 'published-ascending', 'sale-descending', 'sale-ascending', 'relevance', 'review-ratings-ascending', 'review-ratings-descending'];
    const w = await openWatched(h, '/collections/men', { settings: (s) => void (s.filter = { ...(s.filter as object), sortingList: keys }) });
    await settled(w.page);
    expect(await optionValues(w.page, sort(w.page))).toEqual(keys.filter((k) => k !== 'relevance'));
    for (const key of ['sale-descending', 'published-descending', 'review-ratings-descending']) {
      const n = w.listingCalls().length;
      await sort(w.page).selectOption(key);
      const call = await nextCall(w, n);
      expect(call.searchParams.get('sort')).toBe(key);
      await expect.poll(() => address(w.page)).toBe(`/collections/men?sort=${key}`);
    }
    // sale-descending put the biggest discount first: its first item is on sale.
    await sort(w.page).selectOption('sale-descending');
    await settled(w.page);
    expect(await w.page.locator('.pkg-products-container .pkg-product').first().locator('s').count()).toBe(1);
    await w.page.close();
  });

  it('[S3.7] search panels follow their config: label, active and page size (read as a whole number, 25 by default)', async () => {
    let w = await openWatched(h, '/search?q=jacket');
    await settled(w.page);
    expect(await w.page.getByRole('tab').allInnerTexts()).toEqual(['Products (25)', 'Collections (2)']);
    await w.page.getByRole('tab', { name: /Collections/ }).click();
    await expect.poll(() => w.calls.filter((u) => u.pathname === '/api/search/collections').length).toBe(1);
    expect(w.calls.find((u) => u.pathname === '/api/search/collections')!.searchParams.get('limit')).toBe('25');
    await w.page.close();

    w = await openWatched(h, '/search?q=jacket', { settings: (s) => void (s.filter = { ...(s.filter as object), panels: { products: { label: 'Items' }, collections: { label: 'Ranges', pageSize: '1' } } }) });
    await settled(w.page);
    expect(await w.page.getByRole('tab').allInnerTexts()).toEqual(['Items (25)', 'Ranges (2)']);
    await w.page.getByRole('tab', { name: /Ranges/ }).click();
    const panel = w.page.getByRole('tabpanel', { name: /Ranges/ });
    await expect.poll(() => panel.locator('li a').count()).toBe(1);
    expect(await panel.innerText()).toContain('Showing 1–1 of 2 results');
    expect(w.calls.find((u) => u.pathname === '/api/search/collections')!.searchParams.get('limit')).toBe('1');
    await panel.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => w.calls.filter((u) => u.pathname === '/api/search/collections').at(-1)!.searchParams.get('page')).toBe('2');
    await w.page.close();

    w = await openWatched(h, '/search?q=jacket', { settings: (s) => void (s.filter = { ...(s.filter as object), panels: { collections: { active: false } } }) });
    await settled(w.page);
    expect(await w.page.getByRole('tab').allInnerTexts()).toEqual(['Products (25)']);
    await w.page.close();
  });
});
