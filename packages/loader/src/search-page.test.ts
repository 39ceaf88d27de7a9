// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountFilter, type LoaderInstance } from './mount-filter';

const settingsBlock = (json: unknown) => `<script type="application/json" id="pkg-settings">${JSON.stringify(json)}</script>`;
const SETTINGS = {
  api: { filterUrl: 'http://shop.test/api/filter', searchUrl: 'http://shop.test/api/search' },
  shop: { domain: 'shop.test', money_format: '${{amount}}' },
  filter: { transport: 'fetch' },
  search: { tips: 'Check the spelling<br>Use fewer words' },
};
const PAGE = `<div class="pkg-search-page-container"><div class="theme-results"><div class="pkg-toolbar-container"></div><div class="pkg-products-container"></div></div></div>`;

const SEARCH = { event_type: 'init', total_product: 1, total_collection: 2, total_page: 0, products: [{ id: 1, title: 'Luma Tee', handle: 'luma-tee', price_min: 10, price_max: 10, available: true }] };
const COLLECTIONS = { total_collection: 2, collections: [{ id: 11, title: 'Luma Yoga', handle: 'luma-yoga' }, { id: 12, title: 'Luma Gear', handle: 'luma-gear' }] };
const EMPTY = { event_type: 'init', total_product: 0, total_collection: 0, total_page: 0, products: [] };

const fetchFor = (search: unknown) =>
  vi.fn(async (url: string, _init?: unknown) => new Response(JSON.stringify(url.startsWith('http://shop.test/api/search/collections') ? COLLECTIONS : search), { status: 200 }));

/** A browser-like window: resize listeners, history and location (for the tab parameter). */
function fakeWindow(href: string) {
  const location = new URL(href);
  const entries: Array<{ url: string; state: unknown }> = [{ url: location.href, state: { kept: true } }];
  let index = 0;
  const popstate = new Set<() => void>();
  const go = (url: string, state: unknown, replace: boolean) => {
    location.href = new URL(url, location.href).href;
    if (!replace) entries.splice(++index, entries.length);
    entries[index] = { url: location.href, state };
  };
  const history = {
    get state() {
      return entries[index]!.state;
    },
    replaceState: vi.fn((s: unknown, _t: string, url: string) => go(url, s, true)),
    pushState: vi.fn((s: unknown, _t: string, url: string) => go(url, s, false)),
  };
  const back = () => {
    location.href = entries[--index]!.url;
    for (const l of [...popstate]) l();
  };
  const addEventListener = (type: string, l: () => void) => void (type === 'popstate' && popstate.add(l));
  const removeEventListener = (_type: string, l: () => void) => void popstate.delete(l);
  return { innerWidth: 1280, addEventListener, removeEventListener, history, location, back } as unknown as { history: typeof history; location: URL; back(): void } & Record<string, unknown> & { innerWidth: number; addEventListener(): void; removeEventListener(): void };
}

const click = (el: Element | null) => el?.dispatchEvent(new MouseEvent('click', { bubbles: true }));

let instance: LoaderInstance | null = null;
afterEach(() => {
  instance?.destroy();
  instance = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the search page', () => {
  it('[S2.20, S2.22, S4.12, S2.16] puts the theme product area in the products panel and opens the collections panel from its tab, writing the tab parameter; Back restores the panel', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = PAGE;
    const fetch = fetchFor(SEARCH);
    const win = fakeWindow('http://shop.test/search?q=luma');
    instance = mountFilter({ window: win, controller: { fetch, location: { pathname: '/search', search: '?q=luma' }, window: win as never, sessionStorage: null } });
    await instance!.ready;
    const tabs = await vi.waitFor(() => {
      const found = Array.from(document.querySelectorAll('[role="tab"]'));
      if (found.length < 2) throw new Error('tabs not shown yet');
      return found;
    });
    // Pages has no result, so only products and collections get a tab (S4.12).
    expect(tabs.map((t) => t.textContent)).toEqual([expect.stringMatching(/Products.*1/), expect.stringMatching(/Collections.*2/)]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
    expect(panel.querySelector('.theme-results .pkg-products-container .pkg-product__title')?.textContent).toBe('Luma Tee');

    click(tabs[1]!);
    await vi.waitFor(() => expect(document.querySelectorAll('.pkg-search-panel__link')).toHaveLength(2));
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(Array.from(document.querySelectorAll('.pkg-search-panel__link'), (a) => a.getAttribute('href'))).toEqual(['/collections/luma-yoga', '/collections/luma-gear']);
    expect(String(fetch.mock.calls.at(-1)?.[0])).toMatch(/^http:\/\/shop\.test\/api\/search\/collections\?.*q=luma/);
    // The product area is out of the page while another panel shows, and comes back with its tab.
    expect(document.querySelector('.pkg-products-container')).toBeNull();
    expect(win.location.href).toBe('http://shop.test/search?q=luma&tab=collections');
    expect(win.history.pushState).toHaveBeenLastCalledWith(expect.anything(), '', '/search?q=luma&tab=collections');
    // The panel's request goes to the panel's endpoint; the filter keeps asking for products.
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('http://shop.test/api/search/pages'))).toEqual([]);
    win.back();
    await vi.waitFor(() => expect(document.querySelector('[role="tabpanel"]:not([hidden]) .pkg-product__title')?.textContent).toBe('Luma Tee'));
    expect(win.location.href).toBe('http://shop.test/search?q=luma');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toMatch(/^http:\/\/shop\.test\/api\/search\?.*event_type=history/);
    click(tabs[1]!);
    await vi.waitFor(() => expect(tabs[1]!.getAttribute('aria-selected')).toBe('true'));
    click(tabs[0]!);
    await vi.waitFor(() => expect(document.querySelector('[role="tabpanel"]:not([hidden]) .pkg-product__title')?.textContent).toBe('Luma Tee'));
    expect(win.location.href).toBe('http://shop.test/search?q=luma');
    // The products panel counts with the filter's paging: one product shown of one.
    expect(document.querySelector('[role="tabpanel"]:not([hidden]) .pkg-search-panel__total')?.textContent).toBe('Showing 1–1 of 1 results');
  });

  it('[F5.8, S5.1] resets a bad address to its clean path when the bad part is the tab parameter (the router must see it)', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = PAGE;
    const fetch = fetchFor(SEARCH);
    const win = fakeWindow('http://shop.test/search?q=luma&tab=%3Cb%3E%3Ci%3E');
    instance = mountFilter({ window: win, controller: { fetch, location: { pathname: '/search', search: '?q=luma&tab=%3Cb%3E%3Ci%3E' }, window: win as never, sessionStorage: null } });
    await instance!.ready;
    expect(win.location.href).toBe('http://shop.test/search');
    // A good tab is hidden from the router and put back: the address keeps it.
    instance!.destroy();
    document.body.innerHTML = PAGE;
    const good = fakeWindow('http://shop.test/search?q=luma&tab=collections');
    instance = mountFilter({ window: good, controller: { fetch, location: { pathname: '/search', search: '?q=luma&tab=collections' }, window: good as never, sessionStorage: null } });
    await instance!.ready;
    expect(good.location.href).toBe('http://shop.test/search?q=luma&tab=collections');
  });

  it('[S2.21] opens the panel named by the tab parameter', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = PAGE;
    const fetch = fetchFor(SEARCH);
    instance = mountFilter({ window: null, controller: { fetch, location: { pathname: '/search', search: '?q=luma&tab=collections' }, window: null, sessionStorage: null } });
    await instance!.ready;
    // The filter controller still asks for the products (the panels fetch for themselves).
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^http:\/\/shop\.test\/api\/search\?/);
    await vi.waitFor(() => expect(document.querySelectorAll('.pkg-search-panel__link')).toHaveLength(2));
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toMatch(/Collections/);
  });

  it('[S2.23, S4.21, S3.12] shows the no-result view instead of the product area when the first search finds no product', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    const noResult = { search_terms: ['hoodie', 'yoga pants'], products: [{ id: 5, title: 'Best Seller', handle: 'best-seller', price_min: 2500, price_max: 2500, available: true }] };
    document.body.innerHTML = `${PAGE}<script type="application/json" id="pkg-no-result">${JSON.stringify(noResult)}</script>`;
    instance = mountFilter({ window: null, controller: { fetch: fetchFor(EMPTY), location: { pathname: '/search', search: '?q=zzxq' }, window: null, sessionStorage: null } });
    await instance!.ready;
    await vi.waitFor(() => expect(document.querySelector('.pkg-search-no-result__message')).not.toBeNull());
    expect(document.querySelector('.pkg-search-no-result__message strong')?.textContent).toBe('zzxq');
    expect(Array.from(document.querySelectorAll('.pkg-search-no-result__tips li'), (li) => li.textContent)).toEqual(['Check the spelling', 'Use fewer words']);
    expect(Array.from(document.querySelectorAll('.pkg-search-no-result__terms a'), (a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['hoodie', '/search?q=hoodie'],
      ['yoga pants', '/search?q=yoga%20pants'],
    ]);
    expect(document.querySelector('.pkg-search-no-result__popular')?.textContent).toContain('$25.00');
    // The body class is set by an effect, which runs after the view is on screen.
    await vi.waitFor(() => expect(document.body.classList.contains('pkg-no-result')).toBe(true));
    // Tree, toolbar, list and pagination are not shown (S4.21); no tabs either.
    expect(document.querySelector('.pkg-products-container')).toBeNull();
    expect(document.querySelector('[role="tablist"]')).toBeNull();
  });

  it('[F8.12] shows the message and tips but no terms or products when the embedded no-result JSON is invalid', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `${PAGE}<script type="application/json" id="pkg-no-result">{not json</script>`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    instance = mountFilter({ window: null, controller: { fetch: fetchFor(EMPTY), location: { pathname: '/search', search: '?q=zzxq' }, window: null, sessionStorage: null } });
    await vi.waitFor(() => expect(document.querySelector('.pkg-search-no-result__message strong')?.textContent).toBe('zzxq'));
    expect(document.querySelectorAll('.pkg-search-no-result__tips li')).toHaveLength(2);
    expect(document.querySelector('.pkg-search-no-result__terms')).toBeNull();
    expect(document.querySelector('.pkg-search-no-result__popular')).toBeNull();
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(expect.arrayContaining([expect.stringContaining('Failed to parse notFoundJson.')]));
    warn.mockRestore();
  });

  it('gives the theme its markup back on destroy and ignores the container outside the search page', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = PAGE;
    instance = mountFilter({ window: null, controller: { fetch: fetchFor(SEARCH), location: { pathname: '/search', search: '?q=luma' }, window: null, sessionStorage: null } });
    await instance!.ready;
    await vi.waitFor(() => expect(document.querySelector('[role="tablist"]')).not.toBeNull());
    instance!.destroy();
    instance = null;
    expect(document.querySelector('.pkg-search-page-container > .theme-results > .pkg-products-container')).not.toBeNull();
    expect(document.querySelector('[data-pkg-initialised]')).toBeNull();

    instance = mountFilter({ window: null, controller: { fetch: fetchFor(SEARCH), location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null } });
    await instance!.ready;
    expect(document.querySelector('.pkg-search-page-container')!.hasAttribute('data-pkg-initialised')).toBe(false);
    expect(document.querySelector('[role="tablist"]')).toBeNull();
  });

  it('reports an invalid search section with the other settings problems, in one message', () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, search: { style: 'style9' }, filter: { limit: 'many' } });
    document.body.innerHTML = PAGE;
    const error = vi.fn();
    expect(mountFilter({ window: null, console: { error, warn() {} } })).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toContain('- settings.filter.limit must be');
    expect(error.mock.calls[0]?.[0]).toContain('- settings.search.style must be "style1", "style2" or "style3", got string "style9".');
  });
});
