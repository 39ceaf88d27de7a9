// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSearchBoxes, type SearchBoxesInstance } from './mount-search-boxes';

const settingsBlock = (json: unknown) => `<script type="application/json" id="pkg-settings">${JSON.stringify(json)}</script>`;
const SETTINGS = { api: { suggestionUrl: 'http://shop.test/api/suggest', filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test' }, filter: { transport: 'fetch' } };

const SUGGEST_ANSWER = {
  query: 'jack',
  total_product: 1,
  suggestions: ['jacket'],
  collections: [],
  pages: [],
  products: [{ id: 7, title: 'Jade Jacket', handle: 'jade-jacket', price_min: 40, price_max: 40, available: true }],
};
const fetchSuggest = () => vi.fn(async (_url: string, _init?: unknown) => new Response(JSON.stringify(SUGGEST_ANSWER), { status: 200 }));

/** Types into a React-controlled input the way a browser does. */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Waits for the mounted combobox, focuses it and types `text`. */
async function typeInMountedBox(text: string): Promise<HTMLInputElement> {
  const input = await vi.waitFor(() => {
    const el = document.querySelector<HTMLInputElement>('input[role="combobox"]');
    if (!el) throw new Error('not mounted yet');
    return el;
  });
  input.focus();
  type(input, text);
  return input;
}

let instance: SearchBoxesInstance | null = null;
afterEach(() => {
  instance?.destroy();
  instance = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('mountSearchBoxes', () => {
  it('[S2.26, S4.8, F5.7] mounts the instant-search box into each .pkg-search-box, skipping disabled ones (the box or the input inside a wrapper marked disable-instant-search) and initialised ones, submitting to the theme form action with the term key', async () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, filter: { transport: 'fetch', searchTermKey: 'term' } });
    document.body.innerHTML = `
      <div id="a" class="pkg-search-box"><form action="/find"><input name="q"></form></div>
      <form id="b" action="/s2"><input class="pkg-search-box" name="q"></form>
      <input id="c" class="pkg-search-box disable-instant-search" name="q">
      <div id="e" class="pkg-search-box"><form action="/search"><input class="disable-instant-search" name="q"></form></div>
      <div id="d" class="pkg-search-box" data-pkg-initialised><span>theirs</span></div>`;
    const fetch = fetchSuggest();
    instance = mountSearchBoxes({ window: null, suggest: { fetch, navigate: () => {}, storage: null } });
    expect(instance?.boxes.map((e) => e.id || e.closest('form')?.id)).toEqual(['a', 'b']);
    await vi.waitFor(() => expect(document.querySelectorAll('[role="combobox"]')).toHaveLength(2));
    const a = document.querySelector('#a form[role="search"]')!;
    expect(a.getAttribute('action')).toBe('/find');
    expect(a.querySelector('input[role="combobox"]')?.getAttribute('name')).toBe('term');
    // An input (or form) cannot hold the box: it goes before the theme form, which is hidden.
    const b = document.getElementById('b')!;
    expect(b.hidden).toBe(true);
    expect(b.previousElementSibling?.className).toBe('pkg-search-box-mount');
    expect(b.previousElementSibling?.querySelector('form')?.getAttribute('action')).toBe('/s2');
    expect(document.getElementById('c')!.hasAttribute('data-pkg-initialised')).toBe(false);
    expect(document.getElementById('d')!.innerHTML).toBe('<span>theirs</span>');
    // A second run takes nothing twice.
    expect(mountSearchBoxes({ window: null, suggest: { fetch } })).toBeNull();
  });

  it('hides the theme form of a taken input even where the theme\'s stylesheet sets its display, and gives it back as it was on destroy', async () => {
    // Themes commonly style their header form (`.site-header form { display: flex }`), which beats the `hidden`
    // attribute: the shopper would see the theme's box beside the loader's, and two search landmarks.
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.head.insertAdjacentHTML('beforeend', '<style id="theme-css">.site-header form { display: flex }</style>');
    document.body.innerHTML = `<div class="site-header"><form id="theme" action="/search" style="gap: 4px"><input class="pkg-search-box" name="q"></form></div>`;
    const theme = document.getElementById('theme')!;
    instance = mountSearchBoxes({ window: null, suggest: { fetch: fetchSuggest(), navigate: () => {}, storage: null } });
    await vi.waitFor(() => expect(document.querySelectorAll('[role="combobox"]')).toHaveLength(1));
    expect([theme.hidden, getComputedStyle(theme).display, theme.style.getPropertyPriority('display')]).toEqual([true, 'none', 'important']);
    instance?.destroy();
    instance = null;
    expect([theme.hidden, getComputedStyle(theme).display, theme.getAttribute('style')]).toEqual([false, 'flex', 'gap: 4px']);
    document.getElementById('theme-css')?.remove();
  });

  it('on a page set up for the original add-on takes its plain input[name=q] fields, as the original scripts do, and a second run takes none twice', async () => {
    // A v2 page: the settings global of snippets/bc-sf-filter.liquid (nkthota/preprodtheme), a
    // header form with a plain input, and one the theme keeps with data-no-bc-search
    // (bc-sf-filter-lib.js initSearchBox takes every input[name="q"] without that attribute).
    const bcSfFilterConfig = { api: { suggestionUrl: 'https://svc.test/bc-sf-filter/search/suggest', filterUrl: 'https://svc.test/bc-sf-filter/filter' }, shop: { domain: 'shop.test' }, general: { template: 'index', collection_id: 0 } };
    document.body.innerHTML = `
      <header><form id="theme" action="/search" method="get"><input type="search" name="q" placeholder="Search"></form></header>
      <form id="kept" action="/search"><input name="q" data-no-bc-search></form>`;
    const fetch = fetchSuggest();
    instance = mountSearchBoxes({ window: { bcSfFilterConfig }, suggest: { fetch, navigate: () => {}, storage: null } });
    expect(instance?.boxes.map((e) => e.closest('form')?.id)).toEqual(['theme']);
    await vi.waitFor(() => expect(document.querySelectorAll('[role="combobox"]')).toHaveLength(1));
    expect(document.getElementById('theme')!.hidden).toBe(true);
    expect(document.getElementById('kept')!.hidden).toBe(false);
    // The box the loader rendered has an input named q too: it is never taken as a theme input.
    expect(mountSearchBoxes({ window: { bcSfFilterConfig }, suggest: { fetch } })).toBeNull();
    // The same markup with only the loader's own settings block: plain inputs stay the theme's.
    instance?.destroy();
    instance = null;
    document.head.innerHTML = settingsBlock(SETTINGS);
    expect(mountSearchBoxes({ window: null, suggest: { fetch } })).toBeNull();
  });

  it('attaches no instant search when the owner turned search off (enableSearch, v2 and v1 globals), whatever enableSuggestion says; the theme\'s forms stay as they are', () => {
    // Both libraries default `search.enableSearch` to true and `search.enableSuggestion` to true.
    const api = { suggestionUrl: 'https://svc.test/bc-sf-filter/search/suggest', filterUrl: 'https://svc.test/bc-sf-filter/filter' };
    const pages: Array<Record<string, unknown>> = [
      { bcSfFilterConfig: { api, shop: { domain: 'shop.test' }, settings: { search: { enableSearch: 'false', enableSuggestion: 'true' } } } },
      { boostPFSAppConfig: { api, shop: { domain: 'shop.test' }, settings: { search: { enableSuggestion: true, enableSearch: false } } } },
      { boostPFSAppConfig: { api, shop: { domain: 'shop.test' } }, boostPFSInstantSearchConfig: { search: { enableSearch: 'false' } } },
    ];
    const markup = '<header><form id="theme" action="/search"><input type="search" name="q"></form></header>';
    for (const globals of pages) {
      document.body.innerHTML = markup;
      const fetch = fetchSuggest();
      expect(mountSearchBoxes({ window: globals, suggest: { fetch } })).toBeNull();
      expect([document.body.innerHTML, fetch.mock.calls.length]).toEqual([markup, 0]);
    }
    // On (the default), the same page takes the theme's input.
    instance = mountSearchBoxes({ window: { bcSfFilterConfig: { api, shop: { domain: 'shop.test' }, settings: { search: { enableSearch: 'true' } } } }, suggest: { fetch: fetchSuggest(), storage: null } });
    expect(instance?.boxes).toHaveLength(1);
  });

  it('[S2.25] asks the suggestion URL of the settings and shows the dropdown in the configured style', async () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, search: { style: 'style3', display: 'list', suggest: { delay: 0 } } });
    document.body.innerHTML = `<div class="pkg-search-box"></div>`;
    const fetch = fetchSuggest();
    instance = mountSearchBoxes({ window: null, suggest: { fetch, navigate: () => {}, storage: null } });
    expect(instance?.search.style).toBe('style3');
    const input = await typeInMountedBox('jack');
    await vi.waitFor(() => expect(document.querySelector('[role="listbox"]')).not.toBeNull());
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^http:\/\/shop\.test\/api\/suggest\?.*q=jack/);
    expect(document.querySelector('.pkg-suggest__dropdown')?.className).toMatch(/pkg-suggest__dropdown--style3 pkg-suggest__dropdown--list/);
    expect(Array.from(document.querySelectorAll('[role="option"]'), (o) => o.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('jacket'), expect.stringContaining('Jade Jacket')]));
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('[S5.8] shows the dropdown as the v2 owner settings say: no match marked (highlightSuggestionResult off), products in a new tab (openProductNewTab on)', async () => {
    const api = { suggestionUrl: 'http://shop.test/api/suggest', filterUrl: 'http://shop.test/api/filter' };
    document.body.innerHTML = '<form action="/search"><input type="search" name="q"></form>';
    const fetch = fetchSuggest();
    instance = mountSearchBoxes({ window: { bcSfFilterConfig: { api, shop: { domain: 'shop.test' }, settings: { search: { highlightSuggestionResult: 'false', openProductNewTab: 'true', suggestionDelay: 0 } } } }, suggest: { fetch, navigate: () => {}, storage: null } });
    await typeInMountedBox('jack');
    await vi.waitFor(() => expect(document.querySelector('.pkg-suggest__product')).not.toBeNull());
    expect(document.querySelectorAll('[role="listbox"] mark')).toHaveLength(0);
    const products = Array.from(document.querySelectorAll('.pkg-suggest__product'));
    expect(products.map((a) => [a.getAttribute('target'), a.getAttribute('rel')])).toEqual(products.map(() => ['_blank', 'noopener noreferrer']));
    expect(document.querySelector('.pkg-suggest__option--suggestion')?.getAttribute('target')).toBeNull();
  });

  it('gives the theme its own forms back on destroy', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div id="a" class="pkg-search-box"><form action="/search"><input name="q"></form></div><form id="b"><input class="pkg-search-box"></form>`;
    instance = mountSearchBoxes({ window: null, suggest: { fetch: fetchSuggest(), storage: null } });
    await vi.waitFor(() => expect(document.querySelectorAll('[role="combobox"]')).toHaveLength(2));
    instance!.destroy();
    instance = null;
    expect(document.body.innerHTML).toBe(`<div id="a" class="pkg-search-box"><form action="/search"><input name="q"></form></div><form id="b"><input class="pkg-search-box"></form>`);
  });

  it('mounts nothing on invalid settings (mountFilter reports them) and warns once when no suggestion URL is set', () => {
    document.body.innerHTML = `<div class="pkg-search-box"><form></form></div>`;
    document.head.innerHTML = settingsBlock({ ...SETTINGS, search: { style: 'style9' } });
    expect(mountSearchBoxes({ window: null })).toBeNull();
    document.head.innerHTML = settingsBlock({ shop: { domain: 'shop.test' } });
    const warn = vi.fn();
    expect(mountSearchBoxes({ window: null, console: { warn } })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/No api\.suggestionUrl/);
    expect(document.body.innerHTML).toBe('<div class="pkg-search-box"><form></form></div>');
  });

  it('[S4.10] draws the JSON block\'s dropdown look: the products column on the left, the header\'s colours and size, the greatest height and width, no loading block', async () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, search: { style: 'style2', productPosition: 'left', header: { color: '#ffffff', background: '#1a3d7c', fontSize: '15px' }, maxHeight: 300, maxWidth: 500, showLoading: false } });
    document.body.innerHTML = `<div class="pkg-search-box"><form action="/search"><input name="q"></form></div>`;
    instance = mountSearchBoxes({ window: null, suggest: { fetch: fetchSuggest(), navigate: () => {}, storage: null } });
    await typeInMountedBox('jack');
    const dropdown = await vi.waitFor(() => {
      const el = document.querySelector<HTMLElement>('.pkg-suggest__dropdown');
      if (!el?.querySelector('[role="listbox"]')) throw new Error('no answer yet');
      return el;
    });
    expect(dropdown).toHaveProperty('className', expect.stringContaining('pkg-suggest__dropdown--products-left'));
    expect(['--pkg-suggest-title-color', '--pkg-suggest-title-bg', '--pkg-suggest-title-size'].map((p) => dropdown.style.getPropertyValue(p))).toEqual(['#ffffff', '#1a3d7c', '15px']);
    expect([dropdown.style.maxHeight, dropdown.style.maxWidth]).toEqual(['300px', '500px']);
    expect(document.querySelector('.pkg-suggest__loading')).toBeNull();
  });

  it('returns null on a page without search boxes', () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<input class="pkg-search-box disable-instant-search">`;
    expect(mountSearchBoxes({ window: null })).toBeNull();
  });
});
