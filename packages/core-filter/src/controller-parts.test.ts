// createFilterControllerWith leaves out what it is not given (settings checks, JSONP, the product
// reader, the failure fallback, the collection actions, the English texts, the listing messages,
// the value texts, structural sharing, how a tree shows each option); createFilterController passes all of it. It is longer than
// 300 lines because each part has its test here, with the part, without it and on the full page.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@pkg/url-state/memory';
import { syncAddressBar } from './address-bar';
import { createErrorFallback } from './error-fallback';
import { createFilterController, createFilterControllerWith } from './filter-controller';
import { createSettings } from './create-settings';
import { collectionKind } from './kind-collection';
import { listKind } from './kind-list';
import { rangeKind } from './kind-range';
import { ratingKind } from './kind-rating';
import { CONTROLLER_SETTING_DEFAULTS, DEFAULT_LABELS, VIEW_SETTING_DEFAULTS } from './default-settings';
import { optionViews } from './option-view';
import { checkOptionTypes } from './option-checks';
import { shareOptions } from './share-options';
import { valueTexts } from './value-texts';
import { sortLabel } from './listing-labels';
import { collectionActions } from './filter-state';
import { listingMessage } from './filter-snapshot';
import { mergeSettings } from './merge-settings';
import { normalizeFilterAnswer } from './normalize-product';
import { readFilterAnswer } from './read-answer';
import { createSessionRecords } from './session-records';
import type { SettingsInput } from './settings';
import { resolveFetchTransport } from './resolve-transport';
import { createFetchTransport, type JsonpDocument, type JsonpScript } from './transport';

const wire = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Brand', values: [{ key: 'Acme', doc_count: 2 }] },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', values: { min: 5, max: 120 } },
];
const answer = { total_product: 1, products: [{ id: 7, title: 'Tee', handle: 'tee', price_min: '12.5', variants: [] }], filter: { options: wire }, banners: [{ id: 'b', position: 1, text: 'Sale', image: 'https://x.example/b.png' }] };

/** A document whose script tags record their addresses (never loaded). */
function scriptDocument(): { doc: JsonpDocument; srcs: string[] } {
  const srcs: string[] = [];
  const doc: JsonpDocument = {
    createElement: () => ({ src: '', async: false, onerror: null }) as JsonpScript,
    head: { appendChild: (node) => srcs.push((node as JsonpScript).src) },
  };
  return { doc, srcs };
}

// A lean page passes its transport part: here fetch with the settings' timeout and retries.
const page = { location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null, resolveTransport: resolveFetchTransport } as const;

describe('createFilterControllerWith: the parts it is given', () => {
  it('[F7.1] sends through the transport its resolveTransport part picks (fetch with resolveFetchTransport), where createFilterController uses script tags for filter.transport jsonp', async () => {
    const fetched: string[] = [];
    const fetch = async (input: string) => {
      fetched.push(input);
      return new Response(JSON.stringify(answer));
    };
    const settings = createSettings({ api: { filterUrl: 'https://f.example/filter' }, filter: { transport: 'jsonp', retries: 0 } });
    const jsonpPage = scriptDocument();
    const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings, document: jsonpPage.doc, jsonpGlobal: {} });
    const globalFetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => fetch(String(input)));
    await lean.init();
    globalFetch.mockRestore();
    expect(fetched).toHaveLength(1);
    expect(jsonpPage.srcs).toEqual([]);
    lean.destroy();

    const full = scriptDocument();
    const every = createFilterController({ ...page, settings, document: full.doc, jsonpGlobal: {}, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
    void every.init();
    expect(full.srcs).toHaveLength(1);
    expect(new URL(full.srcs[0] ?? '').searchParams.get('callback')).toMatch(/^pkgCoreFilterCb/);
    every.destroy();
  });

  it('[S3.5] keeps products as the service sent them by default, and reads them into Product with readAnswer: normalizeFilterAnswer', async () => {
    const fetch = async () => new Response(JSON.stringify(answer));
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch });
    await lean.init();
    expect(lean.getSnapshot().products).toEqual(answer.products);
    expect(lean.getSnapshot().banners).toEqual([]);
    expect(lean.getSnapshot().options.map((o) => o.kind)).toEqual(['list', 'range']);
    lean.destroy();

    const read = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch, readAnswer: normalizeFilterAnswer });
    await read.init();
    const [product] = read.getSnapshot().products;
    expect([product?.id, product?.title, product?.price]).toEqual([7, 'Tee', 12.5]);
    expect(read.getSnapshot().banners).toHaveLength(1);
    read.destroy();
  });

  it('[S1.5] sends a price range in the shop currency with in-browser conversion, whether or not the reader converts the answer', async () => {
    // The service answers in the shop's currency; at rate 0.5 (shop -> shown) its 20-100 range is 10-50 shown.
    const sent: string[] = [];
    const fetch = async (input: string) => {
      sent.push(new URL(input).searchParams.getAll('pf_p_price[]').join(','));
      return new Response(JSON.stringify({ total_product: 0, products: [], filter: { options: [{ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', values: { min: 20, max: 100 } }] } }));
    };
    const settings = createSettings({ api: { filterUrl: 'https://f.example/filter' }, general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { multiCurrency: true, convertPriceInBrowser: true } });
    const bounds = (c: { getSnapshot(): { options: readonly { id: string; range?: { min: number; max: number } }[] } }) => {
      const r = c.getSnapshot().options.find((o) => o.id === 'pf_p_price')?.range;
      return [r?.min, r?.max];
    };

    // The lean reader shows the service's amounts: a selection made on them is already in the shop's currency.
    const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch });
    await lean.init();
    expect(bounds(lean)).toEqual([20, 100]);
    await lean.setRange('pf_p_price', 20, 60);
    lean.destroy();

    // normalizeFilterAnswer shows them in the shopper's currency, and the request converts the selection back.
    const full = createFilterController({ ...page, settings, fetch });
    await full.init();
    expect(bounds(full)).toEqual([10, 50]);
    await full.setRange('pf_p_price', 10, 30);
    full.destroy();

    expect(sent).toEqual(['', '20:60', '', '20:60']);
  });

  it('[S1.5, S1.7] formats amounts in the currency its reader shows them in: the shop\'s for the lean reader, the shopper\'s with its rounding rule when converted', async () => {
    const fetch = async () => new Response(JSON.stringify({ total_product: 0, products: [], filter: { options: [{ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', values: { min: 12.3, max: 100 } }] } }));
    // Shop in USD, shopper in JPY (no decimals) at 150 yen a dollar, yen rounded up to hundreds; euros to .95.
    const input = (current: string, rate: number) => createSettings({ api: { filterUrl: 'https://f.example/filter' }, shop: { currency: 'USD', money_format: '{{amount}}' }, general: { current_currency: current, currency_rate: rate }, filter: { multiCurrency: true, convertPriceInBrowser: true, currencyRoundingRules: { jpy: 100, eur: 0.95 } } });
    const chip = (c: { getSnapshot(): { options: readonly { id: string; chips: readonly { text: string }[] }[] } }) => c.getSnapshot().options.find((o) => o.id === 'pf_p_price')?.chips[0]?.text;
    for (const [current, rate, leanText, fullText] of [
      ['JPY', 150, '12.30-40.00', '1,900-6,000'],
      ['EUR', 0.5, '12.30-40.00', '6.95-20.95'],
    ] as const) {
      const settings = input(current, rate);
      // The lean reader: the service's amounts, in US dollars, with their decimals and no yen or euro rule.
      const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch });
      await lean.init();
      await lean.setRange('pf_p_price', 12.3, 40);
      expect([chip(lean), lean.formatPrice(1234.5), lean.formatPrice(1234.5, true), lean.formatPrice(1234.5, false, true)]).toEqual([leanText, '1,234.50', '1.2K', '1,235']);
      lean.destroy();
      // normalizeFilterAnswer: converted to the shopper's currency, formatted with its decimals and rounding rule.
      const full = createFilterController({ ...page, settings, fetch });
      await full.init();
      await full.setRange('pf_p_price', 12.3 * rate, 40 * rate);
      expect(chip(full)).toBe(fullText);
      full.destroy();
    }
    // Without conversion in the browser the service converts: both controllers format in the shopper's currency.
    const served = createSettings({ api: { filterUrl: 'https://f.example/filter' }, shop: { currency: 'USD', money_format: '{{amount}}' }, general: { current_currency: 'JPY', currency_rate: 150 }, filter: { multiCurrency: true, currencyRoundingRules: { jpy: 100 } } });
    for (const c of [createFilterControllerWith([listKind, rangeKind], { ...page, settings: served, fetch }), createFilterController({ ...page, settings: served, fetch })]) expect(c.formatPrice(1234.5)).toBe('1,300');
  });

  it('[F8.9] falls back to the theme view only when given createErrorFallback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fail = async (): Promise<Response> => {
      throw new Error('down');
    };
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { retries: 0 } };
    const options = { location: { pathname: '/collections/shirts', search: '' }, window: null, sessionStorage: null, fetch: fail, resolveTransport: resolveFetchTransport, userAgent: 'Mozilla/5.0 (X11; Linux) Chrome/120 Safari/537' };
    const navigate = vi.fn();
    const lean = createFilterControllerWith([listKind], { ...options, settings, navigate });
    await lean.init();
    expect(lean.getSnapshot().status).toBe('error');
    expect(navigate).not.toHaveBeenCalled();
    const withFallback = createFilterControllerWith([listKind], { ...options, settings, navigate, errorFallback: createErrorFallback });
    await withFallback.init();
    expect(navigate).toHaveBeenCalledWith('/collections/shirts?view=pf-original');
  });

  it('[S3.8, S4.15] keeps scroll-restore and page records only when given records: createSessionRecords', async () => {
    const storage = new Map<string, string>();
    const sessionStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    const fetch = async () => new Response(JSON.stringify(answer));
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { paginationType: 'load_more' as const, loadPreviousPage: true } };
    const options = { ...page, settings, fetch, sessionStorage, location: { pathname: '/collections/all', search: '?page=2' } };
    const lean = createFilterControllerWith([listKind], options);
    await lean.init();
    lean.recordProductClick(7, 1, 100);
    expect([...storage.keys()]).toEqual([]);
    expect(lean.takeScrollRecord('/collections/all?page=2')).toBeNull();
    lean.destroy();

    const kept = createFilterControllerWith([listKind], { ...options, records: createSessionRecords });
    await kept.init();
    expect(storage.get('pkg-core-filter:currentPage')).toBe('2');
    kept.recordProductClick(7, 1, 100);
    expect(kept.takeScrollRecord('/collections/all?page=2')).toMatchObject({ productId: '7', position: 1, offset: 100 });
    kept.destroy();
  });

  it('[S2.14, S2.16] writes each committed state to the address bar, keeping foreign parameters, and restores it on back only when given address: syncAddressBar', async () => {
    const sent: string[] = [];
    const fetch = async (input: string) => {
      sent.push(new URL(input).searchParams.get('event_type') ?? '');
      return new Response(JSON.stringify(answer));
    };
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const history = createMemoryHistory('/collections/all?utm_source=mail');
    const synced = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch, history, address: syncAddressBar });
    await synced.init();
    await synced.select('pf_v_vendor', 'Acme');
    expect(history.entries()).toEqual({ urls: ['/collections/all?utm_source=mail', '/collections/all?pf_v_vendor=Acme&utm_source=mail'], index: 1 });
    expect(synced.href({ page: 2 })).toBe('/collections/all?page=2&pf_v_vendor=Acme&utm_source=mail');
    history.go(-1);
    await vi.waitFor(() => expect(synced.getSnapshot().status).toBe('success'));
    expect(synced.getSnapshot().state.filters).toEqual({});
    expect(sent).toEqual(['init', 'filter', 'history']);
    synced.destroy();
  });

  it('keeps the states in memory without address: syncAddressBar: the address read once, no history write or listener even in a browser, links still built', async () => {
    const calls: string[] = [];
    const browser = {
      location: { pathname: '/collections/all', search: '?pf_v_vendor=Acme&utm_source=mail', hash: '' },
      history: { state: null, pushState: () => void calls.push('pushState'), replaceState: () => void calls.push('replaceState') },
      addEventListener: () => void calls.push('addEventListener'),
      removeEventListener: () => {},
    };
    vi.stubGlobal('window', browser);
    vi.stubGlobal('location', browser.location);
    try {
      const fetch = async () => new Response(JSON.stringify(answer));
      const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { paginationType: 'load_more' as const } };
      const lean = createFilterControllerWith([listKind, rangeKind], { settings, fetch, resolveTransport: resolveFetchTransport, sessionStorage: null });
      await lean.init();
      expect(lean.getSnapshot().state.filters).toEqual({ pf_v_vendor: ['Acme'] });
      await lean.clear('all');
      await lean.setSort('price-ascending');
      await lean.loadMore();
      expect([lean.getSnapshot().state.filters, lean.getSnapshot().state.sort]).toEqual([{}, 'price-ascending']);
      expect(calls).toEqual([]);
      // Links are built at the address the page was loaded at, by the same builder the part uses.
      expect(lean.href({ page: 3 })).toBe('/collections/all?page=3&sort=price-ascending&utm_source=mail');
      lean.destroy();

      const synced = createFilterControllerWith([listKind, rangeKind], { settings, fetch, resolveTransport: resolveFetchTransport, sessionStorage: null, address: syncAddressBar });
      await synced.init();
      await synced.setSort('price-ascending');
      expect(calls).toContain('pushState');
      expect(calls).toContain('addEventListener');
      synced.destroy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('[F5.8] reads a bad address as the clean state without address: syncAddressBar, and leaves the address to the page (the part resets it)', async () => {
    const sent: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      sent.push(String(url));
      return new Response(JSON.stringify(answer));
    };
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const location = { pathname: '/collections/all', search: '?pf_v_vendor=Acme&q=%3Cscript%3Ealert(1)%3C/script%3E' };
    const lean = createFilterControllerWith([listKind, rangeKind], { settings, fetch, resolveTransport: resolveFetchTransport, sessionStorage: null, location, window: null });
    await lean.init();
    // Nothing of the bad address is read: no term, not even its good filter.
    expect([lean.getSnapshot().state.filters, lean.getSnapshot().state.q]).toEqual([{}, '']);
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!).searchParams.has('q')).toBe(false);
    expect(new URL(sent[0]!).searchParams.has('pf_v_vendor[]')).toBe(false);
    expect(location.search).toBe('?pf_v_vendor=Acme&q=%3Cscript%3Ealert(1)%3C/script%3E');
    // Links are built at the clean path: nothing of the bad query travels on in them.
    expect(lean.href({ page: 2 })).toBe('/collections/all?page=2');
    lean.destroy();

    // With the part, the address itself is reset to its clean path.
    const history = createMemoryHistory(`/collections/all${location.search}`);
    const synced = createFilterControllerWith([listKind, rangeKind], { settings, fetch, resolveTransport: resolveFetchTransport, sessionStorage: null, address: syncAddressBar, history });
    await synced.init();
    expect(synced.getSnapshot().state.filters).toEqual({});
    expect(`${history.location().pathname}${history.location().search}`).toBe('/collections/all');
    synced.destroy();
  });

  it('refuses the address-bar seams without address: syncAddressBar in development builds, saying what to pass', () => {
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const fetch = async () => new Response(JSON.stringify(answer));
    const message = new TypeError(
      '[@pkg/core-filter] createFilterControllerWith writes the address bar only with its address part: pass address: syncAddressBar with history, window or setTitle, or leave them out to keep the states in memory.',
    );
    expect(() => createFilterControllerWith([listKind], { ...page, settings, fetch, history: createMemoryHistory('/collections/all') })).toThrow(message);
    expect(() => createFilterControllerWith([listKind], { ...page, settings, fetch, setTitle: () => {} })).toThrow(message);
    createFilterControllerWith([listKind], { ...page, settings, fetch, history: createMemoryHistory('/collections/all'), setTitle: () => {}, address: syncAddressBar }).destroy();
  });

  it('refuses to be made without a transport or a resolver, saying what to pass; a given transport is used as it is', async () => {
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const { resolveTransport: _, ...bare } = page;
    expect(() => createFilterControllerWith([listKind], { ...bare, settings })).toThrow(
      new TypeError('[@pkg/core-filter] createFilterControllerWith needs a transport: pass transport (e.g. createFetchTransport({ fetch })) or resolveTransport (resolveFetchTransport for fetch with retries, resolveTransport for script tags per filter.transport).'),
    );
    // A `fetch` seam alone picks nothing: the resolver is the part that reads it.
    expect(() => createFilterControllerWith([listKind], { ...bare, settings, fetch: async () => new Response('{}') })).toThrow(/needs a transport/);
    const sent: string[] = [];
    const own = createFilterControllerWith([listKind, rangeKind], { ...bare, settings, transport: createFetchTransport({ fetch: async (input) => (sent.push(input), new Response(JSON.stringify(answer))) }) });
    await own.init();
    expect([sent.length, own.getSnapshot().totalProduct, own.getSnapshot().options.map((o) => o.kind)]).toEqual([1, 1, ['list', 'range']]);
    own.destroy();
  });

  it('without fetch, the first load through resolveFetchTransport ends in an error state that says what to pass', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const saved = globalThis.fetch;
    // @ts-expect-error: a runtime without fetch (an old browser or worker)
    delete globalThis.fetch;
    try {
      const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings: { api: { filterUrl: 'https://f.example/filter' }, filter: { retries: 0 } } });
      await lean.init();
      expect(lean.getSnapshot().status).toBe('error');
      expect(lean.getSnapshot().error?.message).toBe('[@pkg/core-filter] No fetch available; pass options.fetch.');
      lean.destroy();
    } finally {
      globalThis.fetch = saved;
    }
  });

  it('[S8.3, S8.4] writes a message in place of an empty listing or a refused request only with messages: listingMessage (createFilterController always); without it message stays null', async () => {
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { retries: 0 } };
    const empty = async () => new Response(JSON.stringify({ total_product: 0, products: [], filter: { options: wire } }));
    const refused = async () => new Response('{"error":"term too long"}', { status: 400 });
    const messageOf = async (c: ReturnType<typeof createFilterControllerWith>) => {
      await c.init();
      const { message, status } = c.getSnapshot();
      c.destroy();
      return { message, status };
    };
    const at = { ...page, location: { pathname: '/search', search: '?q=tee' } };
    expect(await messageOf(createFilterControllerWith([listKind], { ...page, settings, labels: DEFAULT_LABELS, fetch: empty }))).toEqual({ message: null, status: 'success' });
    expect(await messageOf(createFilterControllerWith([listKind], { ...page, settings, labels: DEFAULT_LABELS, fetch: empty, messages: listingMessage }))).toEqual({ message: { key: 'noProducts', text: 'No products found in this collection' }, status: 'success' });
    expect(await messageOf(createFilterControllerWith([listKind], { ...at, settings, labels: DEFAULT_LABELS, fetch: refused }))).toEqual({ message: null, status: 'error' });
    const withPart = await messageOf(createFilterControllerWith([listKind], { ...at, settings, labels: DEFAULT_LABELS, fetch: refused, messages: listingMessage }));
    expect(withPart).toEqual({ message: { key: 'requestRefused', text: DEFAULT_LABELS.requestRefused, terms: 'tee' }, status: 'error' });
    expect(await messageOf(createFilterController({ ...at, settings, fetch: refused }) as unknown as ReturnType<typeof createFilterControllerWith>)).toEqual(withPart);
  });

  it('[S8.3, S8.4] holds only the texts it is given: the English ones with labels: DEFAULT_LABELS, the shop\'s own over them', async () => {
    const empty = { total_product: 0, products: [], filter: { options: wire } };
    const fetch = async () => new Response(JSON.stringify(empty));
    const at = (filters: string) => ({ ...page, location: { pathname: '/collections/all', search: filters } });
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { retries: 0 }, labels: { noFilterResult: 'Nichts gefunden' } };

    const lean = createFilterControllerWith([listKind, rangeKind], { ...at(''), settings, fetch, messages: listingMessage });
    expect(lean.getSnapshot().settings.labels).toEqual({ noFilterResult: 'Nichts gefunden', sorting: {} });
    // The sort texts stay an object, for views that look a sort's text up (the key is the text then).
    expect(createFilterControllerWith([listKind], { ...page, settings: {} }).getSnapshot().settings.labels).toEqual({ sorting: {} });
    await lean.init();
    // S8.4's message keeps its key; its text is the shop's to give.
    expect(lean.getSnapshot().message).toEqual({ key: 'noProducts', text: '' });
    lean.destroy();
    const filtered = createFilterControllerWith([listKind, rangeKind], { ...at('?pf_v_vendor=Acme'), settings, fetch, messages: listingMessage });
    await filtered.init();
    expect(filtered.getSnapshot().message).toEqual({ key: 'noFilterResult', text: 'Nichts gefunden' });
    filtered.destroy();

    const english = createFilterControllerWith([listKind, rangeKind], { ...at(''), settings, fetch, labels: DEFAULT_LABELS, messages: listingMessage });
    expect(english.getSnapshot().settings.labels).toEqual({ ...DEFAULT_LABELS, noFilterResult: 'Nichts gefunden' });
    await english.init();
    expect(english.getSnapshot().message).toEqual({ key: 'noProducts', text: 'No products found in this collection' });
    english.destroy();
    // createFilterController (and settings from createSettings or mergeSettings) keep the English texts.
    const full = createFilterController({ ...at(''), settings, fetch });
    expect(full.getSnapshot().settings.labels).toEqual({ ...DEFAULT_LABELS, noFilterResult: 'Nichts gefunden' });
    full.destroy();
    expect(createFilterControllerWith([listKind], { ...page, settings: mergeSettings(settings) }).getSnapshot().settings.labels.noProducts).toBe('No products found in this collection');
  });

  it('[F8.11] warns about option types the service should not send with checks: checkOptionTypes (createFilterController always), and reads them as lists either way', async () => {
    const odd = { total_product: 0, products: [], filter: { options: [{ filterOptionId: 'pf_x_odd', filterType: 'no_such_type', displayType: 'carousel', label: 'Odd', values: [{ key: 'a', doc_count: 1 }] }] } };
    const fetch = async () => new Response(JSON.stringify(odd));
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const warned = () => spy.mock.calls.map((c) => String(c[0])).filter((t) => /Wrong (filter tree|display) type/.test(t));
    const lean = createFilterControllerWith([listKind], { ...page, settings, fetch });
    await lean.init();
    expect([lean.getSnapshot().options.map((o) => [o.kind, o.displayType]), warned()]).toEqual([[['list', 'list']], []]);
    lean.destroy();
    const checked = createFilterControllerWith([listKind], { ...page, settings, fetch, checks: checkOptionTypes });
    await checked.init();
    expect(warned()).toEqual(["[@pkg/core-filter] Wrong filter tree type 'no_such_type' for option pf_x_odd; treated as a list of values.", "[@pkg/core-filter] Wrong display type 'carousel' for option pf_x_odd; shown as a list."]);
    checked.destroy();
    spy.mockClear();
    const full = createFilterController({ ...page, settings, fetch });
    await full.init();
    expect(warned()).toHaveLength(2);
    full.destroy();
  });

  it('[F4.22, F4.23] keeps unchanged option objects across answers only with share: shareOptions (createFilterController always); the options read the same either way', async () => {
    const fetch = async () => new Response(JSON.stringify(answer));
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    const twice = async (c: ReturnType<typeof createFilterControllerWith>) => {
      await c.init();
      const first = c.getSnapshot().options;
      await c.refresh();
      const second = c.getSnapshot().options;
      c.destroy();
      return { first, second };
    };
    const lean = await twice(createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch }));
    expect(lean.second).toEqual(lean.first);
    expect(lean.second).not.toBe(lean.first);
    expect(lean.second.map((o, i) => o === lean.first[i])).toEqual([false, false]);
    const shared = await twice(createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch, share: shareOptions }));
    expect(shared.second).toBe(shared.first);
    expect(shared.first).toEqual(lean.first);
    const full = await twice(createFilterController({ ...page, settings, fetch }) as unknown as ReturnType<typeof createFilterControllerWith>);
    expect(full.second).toBe(full.first);
  });

  it('[F4.10] sets the collection scope only with collections: collectionActions (createFilterController always); development builds refuse the collection kinds without it', async () => {
    const collection = { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'list', label: 'Collection', values: [{ key: '9', label: 'Shirts', handle: 'shirts', doc_count: 3 }] };
    const fetch = async () => new Response(JSON.stringify({ ...answer, filter: { options: [...wire, collection] } }));
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    // Off collection pages a click on a collection sets the scope (F4.10).
    const home = { ...page, location: { pathname: '/', search: '' } };
    expect(() => createFilterControllerWith([listKind, collectionKind], { ...home, settings, fetch })).toThrow(
      new TypeError('[@pkg/core-filter] The option kinds collection need the collection actions: pass collections: collectionActions to createFilterControllerWith.'),
    );
    const clicks = async (c: ReturnType<typeof createFilterControllerWith>) => {
      await c.init();
      await c.select('pf_c_collection', '9');
      const afterSelect = c.getSnapshot().state;
      await c.selectCollection('pf_c_collection', '12');
      const afterCollection = c.getSnapshot().state;
      c.destroy();
      return [afterSelect.collectionScope, afterSelect.filters, afterCollection.collectionScope];
    };
    expect(await clicks(createFilterControllerWith([listKind, collectionKind], { ...home, settings, fetch, collections: collectionActions }))).toEqual(['9', {}, '12']);
    expect(await clicks(createFilterController({ ...home, settings, fetch }) as unknown as ReturnType<typeof createFilterControllerWith>)).toEqual(['9', {}, '12']);
    // A page without the collection kinds reads the option as a list: a click toggles its value,
    // and selectCollection, left out with its part, changes nothing.
    expect(await clicks(createFilterControllerWith([listKind], { ...home, settings, fetch }))).toEqual(['', { pf_c_collection: ['9'] }, '']);
  });

  it('writes value labels as the option and the owner say only with texts: valueTexts (createFilterController always); without it each shows its text, markup stripped', async () => {
    const option = { filterOptionId: 'pf_t_fit', filterType: 'tag', displayType: 'list', label: 'Fit', prefix: 'fit-', replaceTextFilterValues: 'slim:narrow', values: [{ key: 'fit-slim <b>cut</b>', doc_count: 2 }] };
    const fetch = async () => new Response(JSON.stringify({ ...answer, filter: { options: [option] } }));
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { capitalizeFilterOptionValues: true } };
    const labels = async (c: ReturnType<typeof createFilterControllerWith>) => {
      await c.init();
      const shown = c.getSnapshot().options.map((o) => o.items.map((i) => i.label));
      c.destroy();
      return shown;
    };
    expect(await labels(createFilterControllerWith([listKind], { ...page, settings, fetch }))).toEqual([['fit-slim cut']]);
    expect(await labels(createFilterControllerWith([listKind], { ...page, settings, fetch, texts: valueTexts }))).toEqual([['Narrow Cut']]);
    expect(await labels(createFilterController({ ...page, settings, fetch }) as unknown as ReturnType<typeof createFilterControllerWith>)).toEqual([['Narrow Cut']]);
  });

  it('[F9.3, S9.7] gives each option how a tree shows it, and the view settings their defaults, only with view: optionViews (createFilterController always)', async () => {
    const settings = { api: { filterUrl: 'https://f.example/filter' }, filter: { retries: 0, transport: 'fetch' as const, startViewMore: { list: 7 }, showRefineBy: false } };
    const fetch = async () => new Response(JSON.stringify(answer));
    const lean = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch });
    await lean.init();
    const [brand, price] = lean.getSnapshot().options;
    // What the option is, its values and chips; none of the fields that say how a tree shows it.
    expect(brand).toMatchObject({ id: 'pf_v_vendor', kind: 'list', visible: true, items: [{ key: 'Acme', docCount: 2 }] });
    expect(price).toMatchObject({ id: 'pf_p_price', kind: 'range', range: { min: 5, max: 120 } });
    for (const field of ['showMoreType', 'showSearchBox', 'collapsed', 'tooltip', 'columns', 'viewMoreCount', 'showCount', 'openLevels']) expect(brand).not.toHaveProperty(field);
    // The controller's settings with their defaults; the settings only views read only as given.
    const leanFilter = lean.getSnapshot().settings.filter;
    expect([leanFilter.filterPrefix, leanFilter.limit, leanFilter.showRefineBy, leanFilter.startViewMore, leanFilter.mobileMaxWidth]).toEqual(['pf_', 16, false, { list: 7 }, undefined]);
    expect(Object.keys(leanFilter).sort()).toEqual([...Object.keys(CONTROLLER_SETTING_DEFAULTS.filter), 'showRefineBy', 'startViewMore'].sort());
    lean.destroy();

    const viewed = createFilterControllerWith([listKind, rangeKind], { ...page, settings, fetch, view: optionViews });
    const full = createFilterController({ ...page, settings, fetch });
    await viewed.init();
    await full.init();
    // With the part, the options and the settings are createFilterController's.
    expect(viewed.getSnapshot().options).toEqual(full.getSnapshot().options);
    expect(viewed.getSnapshot().options[0]).toMatchObject({ viewMoreCount: 7, showCount: true, showMoreType: 'scrollbar', columns: 1, collapsed: { pc: false, mobile: false } });
    const { labels: _viewedLabels, ...viewedSettings } = viewed.getSnapshot().settings;
    const { labels: _fullLabels, ...fullSettings } = full.getSnapshot().settings;
    expect(viewedSettings).toEqual(fullSettings);
    expect([viewedSettings.filter.mobileMaxWidth, viewedSettings.filter.startViewMore, viewedSettings.filter.showRefineBy]).toEqual([767, { list: 7, box: 3, swatch: 10 }, false]);
    viewed.destroy();
    full.destroy();
  });

  it('splits every default between the controller\'s settings and the view settings: no key in both, together the defaults mergeSettings merges over', () => {
    const merged = mergeSettings({});
    for (const section of ['api', 'shop', 'general', 'filter'] as const) {
      const controller = Object.keys(CONTROLLER_SETTING_DEFAULTS[section]);
      const view = Object.keys(VIEW_SETTING_DEFAULTS[section]);
      expect(controller.filter((k) => view.includes(k))).toEqual([]);
      expect([...controller, ...view].sort()).toEqual(Object.keys(merged[section]).sort());
    }
  });

  it('refuses a kind that writes texts the settings do not hold, naming them', () => {
    const settings = { api: { filterUrl: 'https://f.example/filter' } };
    expect(() => createFilterControllerWith([listKind, ratingKind], { ...page, settings })).toThrow(
      new TypeError("[@pkg/core-filter] The 'rating' option kind writes the texts star, stars, andUp: give them in settings.labels, or pass labels: DEFAULT_LABELS for the English ones."),
    );
    expect(() => createFilterControllerWith([listKind, ratingKind], { ...page, settings: { ...settings, labels: { star: 'Stern', stars: 'Sterne' } } })).toThrow(/writes the texts andUp:/);
    const rated = createFilterControllerWith([listKind, ratingKind], { ...page, settings: { ...settings, labels: { star: 'Stern', stars: 'Sterne', andUp: 'und mehr' } } });
    expect(rated.getSnapshot().settings.labels.andUp).toBe('und mehr');
    rated.destroy();
    createFilterControllerWith([ratingKind], { ...page, settings, labels: DEFAULT_LABELS }).destroy();
  });

  it('merges settings input unchecked: createSettings still throws on what mergeSettings keeps', () => {
    const input = { filter: { limit: 'many' as unknown as number, paginationType: 'load_more' as const } };
    expect(() => createSettings(input)).toThrow(/settings\.filter\.limit/);
    const merged = mergeSettings(input);
    expect([merged.filter.limit, merged.filter.paginationType]).toEqual([16, 'load_more']);
    expect(Object.isFrozen(merged.filter.panels)).toBe(true);
  });

  it('[S9.1, S5.6, S5.10, F8.11] mergeSettings applies the rules of the values and reads numeric strings where numbers are due', () => {
    const input = fc.record(
      {
        general: fc.record({ collection_id: fc.oneof(fc.integer({ min: 0 }), fc.constantFrom('12', null)), currency_rate: fc.constantFrom(1, '1.25', 0.8) }, { requiredKeys: [] }),
        filter: fc.record(
          {
            limit: fc.integer({ min: -5, max: 90 }),
            limitChoices: fc.array(fc.integer({ min: 1, max: 70 }).map(String), { maxLength: 3 }),
            placeholderRatio: fc.double({ min: -1, max: 3, noNaN: true }),
            filterLayout: fc.constantFrom('vertical', 'horizontal', 'sideways'),
            panels: fc.record({ pages: fc.record({ pageSize: fc.integer({ min: -2, max: 60 }) }, { requiredKeys: [] }) }, { requiredKeys: [] }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(input, (i) => {
        const s = mergeSettings(i as unknown as SettingsInput);
        const f = i.filter ?? {};
        expect(s.filter.limit).toBe(f.limit === undefined ? 16 : f.limit >= 1 && f.limit <= 70 ? f.limit : 24);
        expect(s.filter.limitChoices).toEqual(f.limitChoices ? f.limitChoices.map(Number) : [4, 8, 12, 16]);
        expect(s.filter.placeholderRatio).toBe(f.placeholderRatio !== undefined && f.placeholderRatio > 0 ? f.placeholderRatio : 1.4);
        expect(s.filter.filterLayout).toBe(f.filterLayout === 'horizontal' ? 'horizontal' : 'vertical');
        const size = f.panels?.pages?.pageSize;
        expect(s.filter.panels.pages.pageSize).toBe(size !== undefined && size > 0 ? size : 25);
        expect(s.general.currency_rate).toBe(Number(i.general?.currency_rate ?? 1));
        expect(s.general.collection_id).toBe(i.general?.collection_id ?? 0);
      }),
    );
    const labelled = mergeSettings({ general: { current_locale: 'fr' }, labels: { apply: 'Go', sorting: { manual: 'Ours' } }, labelTranslations: { fr: { clearAll: 'Tout effacer' } }, swatches: { 'pfs-swatch-red': { type: 'one_color', colorCodes: '#f00' } } });
    expect([labelled.labels.apply, labelled.labels.clearAll, sortLabel(labelled.labels, 'manual'), sortLabel(labelled.labels, 'best-selling'), labelled.labels.sorting['best-selling']]).toEqual(['Go', 'Tout effacer', 'Ours', 'Best selling', undefined]);
    expect(Object.keys(labelled.swatches)).toEqual(['red']);
  });

  it('readFilterAnswer never throws and reads the total and options of any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const a = readFilterAnswer(raw);
        expect(a.totalProduct).toBeGreaterThanOrEqual(0);
        expect(a.filterOptions === null || Array.isArray(a.filterOptions)).toBe(true);
      }),
    );
  });
});
