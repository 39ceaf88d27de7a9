// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireFilterResponse } from '@pkg/core-filter';
import { mountFilter, type LoaderInstance } from './mount-filter';
import type { DeviceTimers } from './watch-device';
import { fakeResizableWindow } from './test-fakes';

const settingsBlock = (json: unknown) => `<script type="application/json" id="pkg-settings">${JSON.stringify(json)}</script>`;
const SETTINGS = { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test', money_format: '${{amount}}' }, filter: { transport: 'fetch' } };

const ANSWER: WireFilterResponse = {
  total_product: 2,
  products: [
    { id: 1, title: 'Red Shirt', handle: 'red-shirt', price_min: 10, price_max: 10, available: true },
    { id: 2, title: 'Blue Shirt', handle: 'blue-shirt', price_min: 12, price_max: 12, available: true },
  ],
  filter: { options: [{ filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Brand', values: [{ key: 'Acme', doc_count: 2 }] }] },
};


const fetchAnswer = () => vi.fn(async (_url: string, _init?: unknown) => new Response(JSON.stringify(ANSWER), { status: 200, headers: { 'content-type': 'application/json' } }));
const seams = (fetch: ReturnType<typeof fetchAnswer>) => ({ fetch, location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });

let instance: LoaderInstance | null = null;
afterEach(() => {
  instance?.destroy();
  instance = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('mountFilter', () => {
  it('[F4.24] reads the page settings, starts the first load after init and mounts every container', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-tree-vertical"></div><div class="pkg-toolbar-container"></div><div class="pkg-products-container"></div><div class="pkg-pagination-container"></div>`;
    const fetch = fetchAnswer();
    instance = mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetch) });
    expect(instance).not.toBeNull();
    await instance!.ready;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^http:\/\/shop\.test\/api\/filter\?/);
    await vi.waitFor(() => expect(document.querySelectorAll('.pkg-products-container .pkg-product__title')).toHaveLength(2));
    expect(document.querySelector('#pkg-filter-tree .pkg-filter-option__toggle')?.textContent).toContain('Brand');
    expect(document.querySelector('.pkg-toolbar-container .pkg-toolbar__total')?.textContent).toBe('2 products');
    for (const el of document.querySelectorAll('.pkg-tree-vertical, .pkg-toolbar-container, .pkg-products-container, .pkg-pagination-container')) expect(el.hasAttribute('data-pkg-initialised')).toBe(true);
    // A second run finds nothing left to take.
    expect(mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetchAnswer()) })).toBeNull();
  });

  it('[S1.4] the endpoint host appears nowhere in the page: not in text, links, images or attributes', async () => {
    const api = { filterUrl: 'https://filter-api.example-service.test/api/filter', searchUrl: 'https://filter-api.example-service.test/api/search' };
    document.head.innerHTML = settingsBlock({ ...SETTINGS, api });
    document.body.innerHTML = `<div class="pkg-tree-vertical"></div><div class="pkg-toolbar-container"></div><div class="pkg-products-container"></div><div class="pkg-pagination-container"></div>`;
    const fetch = fetchAnswer();
    instance = mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetch) });
    await instance!.ready;
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^https:\/\/filter-api\.example-service\.test\//);
    await vi.waitFor(() => expect(document.querySelectorAll('.pkg-products-container .pkg-product__title')).toHaveLength(2));
    expect(document.body.textContent).not.toContain('example-service');
    const attributes = [...document.body.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${el.tagName} ${a.name}=${a.value}`));
    expect(attributes.length).toBeGreaterThan(20);
    expect(attributes.filter((a) => a.includes('example-service'))).toEqual([]);
  });

  it('[F4.24] calls the legacy hooks: buildProductItem renders sanitised theme items, beforeRender and afterRender around each answer', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-products-container"></div>`;
    const order: string[] = [];
    const win = fakeResizableWindow(1200);
    win.boostPFSFilterCallbacks = {
      beforeInit: () => order.push('beforeInit'),
      afterInit: () => order.push('afterInit'),
      beforeRender: (s: { products: unknown[] }) => order.push(`beforeRender ${s.products.length}`),
      afterRender: (_s: unknown, el: Element) => order.push(`afterRender ${el.querySelectorAll('li').length}`),
      buildProductItem: (p: { title: string }, i: number) => (i === 0 ? `<p class="theme-item" onclick="alert(1)">${p.title}</p><script>alert(2)</script>` : undefined),
    };
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()) });
    await instance!.ready;
    await vi.waitFor(() => expect(order).toContain('afterRender 2'));
    expect(order).toEqual(['beforeInit', 'afterInit', 'beforeRender 2', 'afterRender 2']);
    const item = document.querySelector('.theme-item');
    expect(item?.textContent).toBe('Red Shirt');
    expect(item?.hasAttribute('onclick')).toBe(false);
    expect(document.querySelector('.pkg-products-container script')).toBeNull();
    // The second product had no theme HTML: the default card.
    expect(document.querySelectorAll('.pkg-products-container .pkg-product__title')[0]?.textContent).toBe('Blue Shirt');
  });

  it('[S8.8] a theme library naming its item builder without a function: one warning, the default cards, and the listing and tree work', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-tree-vertical"></div><div class="pkg-products-container"></div>`;
    const win = fakeResizableWindow(1200);
    const rendered = vi.fn();
    win.boostPFSFilterCallbacks = { buildProductGridItem: undefined, afterRender: rendered };
    const warn = vi.fn();
    const error = vi.fn();
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error, warn } });
    await instance!.ready;
    await vi.waitFor(() => expect(document.querySelectorAll('.pkg-products-container .pkg-product__title')).toHaveLength(2));
    expect(warn.mock.calls).toEqual([['[@pkg/loader] Missing buildProductGridItem function in theme lib. The default product cards are shown.']]);
    expect(error).not.toHaveBeenCalled();
    expect(document.querySelector('#pkg-filter-tree .pkg-filter-option__toggle')?.textContent).toContain('Brand');
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledTimes(1));
  });

  it('[S8.8] an older theme library\'s buildProductGridItem builds the items, with no warning', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-products-container"></div>`;
    const win = fakeResizableWindow(1200);
    win.boostPFSFilterCallbacks = { buildProductGridItem: (p: { title: string }) => `<p class="theme-item">${p.title}</p>` };
    const warn = vi.fn();
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn } });
    await instance!.ready;
    await vi.waitFor(() => expect([...document.querySelectorAll('.theme-item')].map((e) => e.textContent)).toEqual(['Red Shirt', 'Blue Shirt']));
    expect(warn).not.toHaveBeenCalled();
  });

  it('explains invalid settings in one console message and mounts nothing', () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, filter: { limit: 'many', colour: 1 } });
    document.body.innerHTML = `<div class="pkg-products-container"></div>`;
    const error = vi.fn();
    const fetch = fetchAnswer();
    expect(mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetch), console: { error, warn: vi.fn() } })).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toMatch(/^\[@pkg\/loader\] The settings in this page are invalid/);
    expect(message).toContain('settings.filter.limit');
    expect(message).toContain('settings.filter.colour');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('.pkg-products-container')?.hasAttribute('data-pkg-initialised')).toBe(false);
  });

  it('returns null without a message on a page with no container', () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    const error = vi.fn();
    expect(mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetchAnswer()), console: { error, warn: vi.fn() } })).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('[F2.3, F9.2] renders mobile-only and desktop-only trees on their device and swaps them 500 ms after a resize', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-tree-vertical pkg-desktop-only"></div><div class="pkg-tree-vertical pkg-mobile-only"></div><div class="pkg-tree-vertical"></div>`;
    const pending: Array<() => void> = [];
    const timers: DeviceTimers = { setTimeout: (fn, ms) => (expect(ms).toBe(500), pending.push(fn)), clearTimeout: () => {} };
    const win = fakeResizableWindow(1200);
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), timers });
    await instance!.ready;
    expect(instance!.renderedTrees()).toEqual(['pkg-filter-tree', 'pkg-filter-tree-3']);
    await vi.waitFor(() => expect(document.querySelector('#pkg-filter-tree .pkg-filter-tree')).not.toBeNull());
    expect(document.querySelector<HTMLElement>('#pkg-filter-tree-2')?.hidden).toBe(true);

    win.resize(375);
    expect(instance!.device()).toBe('desktop'); // not before the debounce fires
    pending.shift()?.();
    expect(instance!.device()).toBe('mobile');
    expect(instance!.renderedTrees()).toEqual(['pkg-filter-tree-2', 'pkg-filter-tree-3']);
    await vi.waitFor(() => expect(document.querySelector('#pkg-filter-tree-2 .pkg-mobile-tree__toggle')).not.toBeNull());
    expect(document.querySelector('#pkg-filter-tree')?.childElementCount).toBe(0);
    expect(document.querySelector<HTMLElement>('#pkg-filter-tree')?.hidden).toBe(true);
  });

  it('[F9.2] takes the theme\'s phone breakpoint (bcSfFilterSettings.general.breakpointMobile "1024px"): a 900 px window is a phone', async () => {
    const win = Object.assign(fakeResizableWindow(900), {
      bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' } },
      bcSfFilterSettings: { general: { breakpointMobile: '1024px' } },
    });
    document.body.innerHTML = `<div id="bc-sf-filter-tree-mobile"></div><div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-products"></div>`;
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
    await instance!.ready;
    expect(instance!.settings.filter.mobileMaxWidth).toBe(1024);
    expect(instance!.device()).toBe('mobile');
    expect(instance!.renderedTrees()).toEqual(['bc-sf-filter-tree-mobile']);
  });

  it('writes the owner\'s display variants (v2 refineByStyle, rangeStyle, swatchStyle) as data-pkg-* attributes on every container it mounts into', async () => {
    const win = Object.assign(fakeResizableWindow(1200), {
      bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' }, settings: { general: { refineByStyle: 'style2', rangeStyle: 'style2', swatchStyle: 'square-list' } } },
    });
    document.body.innerHTML = `<div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-products"></div><div class="theme-other"></div>`;
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
    await instance!.ready;
    const attrs = (sel: string) => ['refine', 'range', 'swatch'].map((k) => document.querySelector(sel)!.getAttribute(`data-pkg-${k}`));
    expect(attrs('#bc-sf-filter-tree')).toEqual(['style2', 'style2', 'square-list']);
    expect(attrs('#bc-sf-filter-products')).toEqual(['style2', 'style2', 'square-list']);
    // Only the containers it mounts into.
    expect(attrs('.theme-other')).toEqual([null, null, null]);
  });

  it('removes its data-pkg-* look attributes and --pkg-look-* properties from the containers on destroy()', async () => {
    const win = Object.assign(fakeResizableWindow(1200), {
      bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' }, settings: { general: { refineByStyle: 'style2', ratingStarItemColor: '#c00' } } },
    });
    document.body.innerHTML = `<div id="bc-sf-filter-tree" style="color: red"></div><div id="bc-sf-filter-products"></div>`;
    instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
    await instance!.ready;
    const tree = document.querySelector<HTMLElement>('#bc-sf-filter-tree')!;
    expect([tree.getAttribute('data-pkg-refine'), tree.getAttribute('data-pkg-star'), tree.style.getPropertyValue('--pkg-look-star')]).toEqual(['style2', '#c00', '#c00']);
    instance!.destroy();
    instance = null;
    for (const el of document.querySelectorAll<HTMLElement>('#bc-sf-filter-tree, #bc-sf-filter-products')) {
      expect(el.getAttributeNames().filter((n) => n.startsWith('data-pkg-'))).toEqual([]);
      expect(el.style.getPropertyValue('--pkg-look-star')).toBe('');
    }
    // The theme's own inline style stays.
    expect(tree.style.color).toBe('red');
  });

  describe("v1's filterTreeVerticalStyle: the desktop vertical tree behind a button", () => {
    const v1 = (general: Record<string, unknown>) =>
      Object.assign(fakeResizableWindow(1280), { boostPFSAppConfig: { api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' }, settings: { general } } });
    const mountV1 = async (general: Record<string, unknown>) => {
      document.body.innerHTML = `<div class="boost-pfs-filter-tree"></div><div class="boost-pfs-filter-products"></div>`;
      instance = mountFilter({ window: v1(general), controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
      await instance!.ready;
      return vi.waitFor(() => {
        const button = document.querySelector<HTMLButtonElement>('.boost-pfs-filter-tree :is(.pkg-mobile-tree__toggle, .pkg-tree-expand__toggle)');
        if (!button) throw new Error('no button yet');
        return button;
      });
    };

    it('style-off-canvas: a Filter button opens the desktop tree in a modal drawer; Escape closes it and focus returns to the button; the owner\'s icons are sanitised', async () => {
      const bad = '<svg class="owner-icon"><path d="M0 0"/></svg><img src="x" onerror="window.__iconRan=1"><script>window.__iconRan=2</script>';
      const button = await mountV1({ filterTreeVerticalStyle: 'style-off-canvas', filterTreeIcon: bad, filterTreeIconClose: '<b class="owner-close">x</b>' });
      expect(button.textContent).toBe('Filter');
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect([button.getAttribute('aria-expanded'), panel.getAttribute('role'), panel.getAttribute('aria-modal'), panel.hidden]).toEqual(['false', 'dialog', 'true', true]);
      button.click();
      await vi.waitFor(() => expect(document.activeElement).toBe(panel));
      expect(button.getAttribute('aria-expanded')).toBe('true');
      // The desktop tree is inside (its Brand option), and the body keeps its scroll position under a no-scroll class.
      expect(panel.querySelector('.pkg-filter-tree')?.textContent).toContain('Brand');
      expect(document.body.classList.contains('pkg-no-scroll')).toBe(true);
      // The icons: sanitised markup before each text, hidden from screen readers; nothing of the markup ran.
      await vi.waitFor(() => expect(button.querySelector('.owner-icon')).not.toBeNull());
      expect(button.querySelector('[aria-hidden="true"] .owner-icon')).not.toBeNull();
      expect(document.querySelector('.boost-pfs-filter-tree script, .boost-pfs-filter-tree [onerror]')).toBeNull();
      await vi.waitFor(() => expect(panel.querySelector('.pkg-mobile-tree__close .owner-close')).not.toBeNull());
      expect((window as { __iconRan?: number }).__iconRan).toBeUndefined();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await vi.waitFor(() => expect(panel.hidden).toBe(true));
      expect([document.activeElement, button.getAttribute('aria-expanded'), document.body.classList.contains('pkg-no-scroll')]).toEqual([button, 'false', false]);
    });

    it('style-expand: the tree opens in the page under a disclosure button, its options in filterHorizontalColumn columns', async () => {
      const button = await mountV1({ filterTreeVerticalStyle: 'style-expand', filterHorizontalColumn: '3' });
      const region = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect([button.textContent, button.getAttribute('aria-expanded'), region.hidden, region.getAttribute('role')]).toEqual(['Filter', 'false', true, null]);
      expect(region.querySelector('.pkg-filter-tree')?.textContent).toContain('Brand');
      button.click();
      await vi.waitFor(() => expect(region.hidden).toBe(false));
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const tree = document.querySelector<HTMLElement>('.boost-pfs-filter-tree')!;
      expect([tree.getAttribute('data-pkg-vertical'), tree.style.getPropertyValue('--pkg-look-columns')]).toEqual(['style-expand', '3']);
      button.click();
      await vi.waitFor(() => expect(region.hidden).toBe(true));
    });

    it('on a phone the mobile tree\'s Filter button carries the owner\'s filterTreeMobileIcon (sanitised), its text kept', async () => {
      document.body.innerHTML = `<div class="boost-pfs-filter-tree-mobile-button"></div><div class="boost-pfs-filter-products"></div>`;
      const win = Object.assign(fakeResizableWindow(390), { boostPFSAppConfig: { api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' }, settings: { general: { filterTreeVerticalStyle: 'style-off-canvas', filterTreeMobileIcon: '<svg class="owner-mobile-icon"></svg><img src="x" onerror="window.__mobileIconRan=1">' } } } });
      instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
      await instance!.ready;
      const button = await vi.waitFor(() => {
        const b = document.querySelector('.boost-pfs-filter-tree-mobile-button .pkg-mobile-tree__toggle');
        if (!b?.querySelector('.owner-mobile-icon')) throw new Error('no icon yet');
        return b;
      });
      expect([button.textContent, button.querySelector('[aria-hidden="true"] .owner-mobile-icon') !== null, button.querySelector('[onerror]')]).toEqual(['Filter', true, null]);
    });

    it('style-default: the tree in the page as before', async () => {
      void mountV1({ filterTreeVerticalStyle: 'style-default' }).catch(() => null);
      await vi.waitFor(() => expect(document.querySelector('.boost-pfs-filter-tree .pkg-filter-tree')?.textContent).toContain('Brand'));
      expect(document.querySelector('.boost-pfs-filter-tree :is(.pkg-mobile-tree__toggle, .pkg-tree-expand__toggle)')).toBeNull();
      expect(document.querySelector('.boost-pfs-filter-tree .pkg-filter-tree')?.closest('[hidden], [role=dialog]')).toBeNull();
    });
  });

  it('on a page with no endpoint says which key is missing, once, and leaves the theme listing as it is', () => {
    const win = Object.assign(fakeResizableWindow(1200), { bcSfFilterConfig: { api: { filterUrl: '' }, shop: { domain: 'shop.test' } } });
    document.body.innerHTML = `<div id="bc-sf-filter-products"><p class="theme-listing">Theme products</p></div>`;
    const error = vi.fn();
    const fetch = fetchAnswer();
    expect(mountFilter({ window: win, controller: seams(fetch), console: { error, warn: vi.fn() } })).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('No api.filterUrl');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('.theme-listing')?.textContent).toBe('Theme products');
  });

  it('mounts into an unchanged v2 theme from its globals, honouring the owner settings', async () => {
    const win = Object.assign(fakeResizableWindow(1200), {
      bcSfFilterConfig: {
        api: { filterUrl: 'http://shop.test/bc-sf-filter/filter' },
        shop: { domain: 'shop.test', money_format: '${{amount}}' },
        general: { current_tags: null, collection_tags: '', isInitFilter: 'true', default_sort_by: 'price-ascending' },
        settings: { general: { showFilterOptionCount: 'false', showRefineBy: 'false', paginationType: 'load_more', customSortingList: 'price-ascending|title-ascending' } },
      },
    });
    document.body.innerHTML = `<div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-top-sorting"></div><div id="bc-sf-filter-products"></div><div id="bc-sf-filter-bottom-pagination"></div>`;
    const fetch = fetchAnswer();
    // A selected value: refine-by would show it, were it not switched off.
    instance = mountFilter({ window: win, controller: { ...seams(fetch), location: { pathname: '/collections/all', search: '?pf_v_vendor=Acme' } }, console: { error: vi.fn(), warn: vi.fn() } });
    await instance!.ready;
    expect(instance!.controller.getSnapshot().options[0]?.selectedValues).toEqual(['Acme']);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^http:\/\/shop\.test\/bc-sf-filter\/filter\?/);
    await vi.waitFor(() => expect(document.querySelector('#bc-sf-filter-tree .pkg-filter-tree--no-counts')).not.toBeNull());
    expect(document.querySelector('#bc-sf-filter-tree .pkg-refine-by')).toBeNull();
    await vi.waitFor(() => expect(Array.from(document.querySelectorAll('#bc-sf-filter-top-sorting option'), (o) => o.getAttribute('value'))).toEqual(['price-ascending', 'title-ascending']));
    expect(document.querySelector('#bc-sf-filter-top-sorting .pkg-toolbar__limit')).toBeNull();
    await vi.waitFor(() => expect(document.querySelectorAll('#bc-sf-filter-products .pkg-product').length).toBe(2));
  });
  it('mounts nothing and sends no request when the owner turned the filter off (enableFilter, from every source), leaving the theme\'s own listing', async () => {
    // boost-pfs-core.js 1.8.x initFilter builds the filter only with `general.enableFilter` on
    // (default true); the v2 library keeps the same default. Each source in its real shape.
    const sources: Array<[Record<string, unknown>, string]> = [
      [{ boostPFSAppConfig: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test' }, settings: { general: { enableFilter: false } } } }, '<div class="boost-pfs-filter-tree boost-pfs-filter-tree-v"></div><div class="boost-pfs-filter-products"><p class="theme-listing">Theme products</p></div>'],
      [{ bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test' }, general: { isInitFilter: 'true' }, settings: { general: { enableFilter: 'false' } } } }, '<div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-products"><p class="theme-listing">Theme products</p></div>'],
      [{ bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/api/filter' } }, bcSfFilterSettings: { general: { enableFilter: 'false' } } }, '<div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-products"><p class="theme-listing">Theme products</p></div>'],
    ];
    for (const [globals, body] of sources) {
      document.body.innerHTML = body;
      const fetch = fetchAnswer();
      const error = vi.fn();
      expect(mountFilter({ window: Object.assign(fakeResizableWindow(1200), globals), controller: seams(fetch), console: { error, warn: vi.fn() } })).toBeNull();
      expect([fetch.mock.calls.length, error.mock.calls.length, document.querySelectorAll('[data-pkg-initialised]').length]).toEqual([0, 0, 0]);
      expect(document.querySelector('.theme-listing')?.textContent).toBe('Theme products');
    }
    // The JSON block's name; on again (the default), the same page mounts.
    document.head.innerHTML = settingsBlock({ ...SETTINGS, filter: { transport: 'fetch', enabled: false } });
    document.body.innerHTML = '<div class="pkg-tree-vertical"></div><div class="pkg-products-container"><p class="theme-listing">Theme products</p></div>';
    const fetch = fetchAnswer();
    expect(mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetch) })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    document.head.innerHTML = settingsBlock(SETTINGS);
    instance = mountFilter({ window: fakeResizableWindow(1200), controller: seams(fetch) });
    await instance!.ready;
    expect(fetch).toHaveBeenCalledTimes(1);
  });
  it('places refine-by as the v1 owner setting separateRefineByFromFilter says: in the theme\'s wrapper (on), or in the tree with the wrapper left alone (off)', async () => {
    const mount = async (separate: string) => {
      const win = Object.assign(fakeResizableWindow(1200), {
        boostPFSAppConfig: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test', money_format: '${{amount}}' } },
        boostPFSFilterConfig: { general: { separateRefineByFromFilter: separate } },
      });
      document.body.innerHTML = `<div class="boost-pfs-filter-refine-by-wrapper-h"></div><div class="boost-pfs-filter-tree boost-pfs-filter-tree-v"></div><div class="boost-pfs-filter-products"></div>`;
      instance = mountFilter({ window: win, controller: { ...seams(fetchAnswer()), location: { pathname: '/collections/all', search: '?pf_v_vendor=Acme' } }, console: { error: vi.fn(), warn: vi.fn() } });
      await instance!.ready;
      await vi.waitFor(() => expect(document.querySelector('.boost-pfs-filter-tree-v .pkg-filter-option__toggle')).not.toBeNull());
      const where = { wrapper: !!document.querySelector('.boost-pfs-filter-refine-by-wrapper-h .pkg-refine-by'), tree: !!document.querySelector('.boost-pfs-filter-tree-v .pkg-refine-by'), taken: document.querySelector('.boost-pfs-filter-refine-by-wrapper-h')!.hasAttribute('data-pkg-initialised') };
      instance!.destroy();
      instance = null;
      return where;
    };
    expect(await mount('true')).toEqual({ wrapper: true, tree: false, taken: true });
    expect(await mount('false')).toEqual({ wrapper: false, tree: true, taken: false });
  });
  it('renders the horizontal layout in a page whose desktop trees are all horizontal (v2 #bc-sf-filter-tree-h, v1 .boost-pfs-filter-tree-h), unless the settings name a layout', async () => {
    const layoutOf = async (body: string, general: Record<string, unknown> = {}) => {
      const win = Object.assign(fakeResizableWindow(1200), { bcSfFilterConfig: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test', money_format: '${{amount}}' }, settings: { general } } });
      document.body.innerHTML = `${body}<div id="bc-sf-filter-products"></div>`;
      instance = mountFilter({ window: win, controller: seams(fetchAnswer()), console: { error: vi.fn(), warn: vi.fn() } });
      await instance!.ready;
      await vi.waitFor(() => expect(document.querySelector('.pkg-filter-tree')).not.toBeNull());
      const layout = [...document.querySelectorAll('.pkg-filter-tree')].map((e) => (e.className.match(/pkg-filter-tree--(vertical|horizontal)/) ?? [])[1]);
      instance!.destroy();
      instance = null;
      return layout;
    };
    expect(await layoutOf('<div id="bc-sf-filter-tree-h"></div><div id="bc-sf-filter-tree-mobile"></div>')).toEqual(['horizontal']);
    expect(await layoutOf('<div class="boost-pfs-filter-tree boost-pfs-filter-tree-h"></div>')).toEqual(['horizontal']);
    expect(await layoutOf('<div id="bc-sf-filter-tree-h"></div>', { filterLayout: 'vertical' })).toEqual(['vertical']);
    expect(await layoutOf('<div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-tree-h"></div>')).toEqual(['vertical', 'vertical']);
  });
});
