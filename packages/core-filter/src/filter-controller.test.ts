import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouterWindow } from '@pkg/url-state';
import { createMemoryHistory } from '@pkg/url-state/memory';
import type { RequestSpec } from './build-request';
import { createFilterController, type FilterControllerOptions } from './filter-controller';
import { TransportError, type Timers, type Transport } from './transport';
import type { WireFilterResponse } from './wire';

afterEach(() => vi.restoreAllMocks());

const options = [
  { filterOptionId: 'pf_t_color', filterType: 'tag', displayType: 'list', label: 'Color', position: 1, useAndCondition: true, values: [{ key: 'Red', doc_count: 2 }, { key: 'Blue', doc_count: 1 }] },
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'box', label: 'Vendor', selectType: 'single', position: 2, values: [{ key: 'Acme', doc_count: 3 }, { key: 'Bolt', doc_count: 1 }] },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', position: 3, values: { min: 0, max: 100 } },
  { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'list', label: 'Collection', position: 4, values: [{ key: '5', label: 'Hats', handle: 'hats', doc_count: 2 }] },
];
const product = (i: number) => ({ id: i, title: `P${i}`, handle: `p${i}`, price_min: i });
const answer = (total: number, count: number, withTree = true, from = 1): WireFilterResponse => ({
  total_product: total,
  products: Array.from({ length: count }, (_, i) => product(from + i)),
  ...(withTree ? { filter: { options } } : {}),
});

/** A transport whose answers the test hands out; requests are recorded. */
function scripted() {
  const calls: Array<{ req: RequestSpec; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const transport: Transport = (req) => new Promise((resolve, reject) => calls.push({ req, resolve, reject }));
  const param = (i: number, key: string) => calls[i]?.req.params.find(([k]) => k === key)?.[1];
  return { transport, calls, param };
}

function fakeWindow(pathname = '/collections/shirts', search = '') {
  const loc = { pathname, search, hash: '' };
  const pushes: string[] = [];
  const listeners = new Set<() => void>();
  const win: RouterWindow = {
    location: loc,
    history: {
      state: null,
      pushState: (_d, _u, url) => {
        const u = new URL(String(url), 'https://shop.example');
        loc.pathname = u.pathname;
        loc.search = u.search;
        pushes.push(String(url));
      },
      replaceState: (_d, _u, url) => {
        const u = new URL(String(url), 'https://shop.example');
        loc.pathname = u.pathname;
        loc.search = u.search;
      },
    },
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
  };
  const back = (url: string) => {
    const u = new URL(url, 'https://shop.example');
    loc.pathname = u.pathname;
    loc.search = u.search;
    for (const l of listeners) l();
  };
  return { win, pushes, back, loc };
}

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(extra: Partial<FilterControllerOptions> = {}, settings: FilterControllerOptions['settings'] = {}, path = '/collections/shirts', search = '') {
  const s = scripted();
  const w = fakeWindow(path, search);
  const storage = memoryStorage();
  const c = createFilterController({
    settings: { shop: { name: 'Shop' }, general: { collection_id: 3, collection_count: 10 }, ...settings },
    transport: s.transport,
    location: w.loc,
    window: w.win,
    sessionStorage: storage,
    now: () => 1000,
    navigate: () => {},
    ...extra,
  });
  return { c, ...s, ...w, storage };
}

describe('createFilterController', () => {
  it('[F4.22, F4.24] starts not fetched, loads with init, then is fetched with options and products', async () => {
    const { c, calls, param } = setup();
    expect(c.getSnapshot().fetched).toBe(false);
    const done = c.init();
    expect(c.getSnapshot().status).toBe('loading');
    expect(param(0, 'event_type')).toBe('init');
    calls[0]?.resolve(answer(3, 3));
    await done;
    const snap = c.getSnapshot();
    expect(snap.fetched).toBe(true);
    expect(snap.eventType).toBe('init');
    expect(snap.options.map((o) => o.id)).toEqual(['pf_t_color', 'pf_v_vendor', 'pf_p_price', 'pf_c_collection']);
    expect(snap.products.map((p) => p.title)).toEqual(['P1', 'P2', 'P3']);
    expect(snap.tree.rebuilt).toBe(true);
  });

  it('snapshots are immutable and listeners hear every change', async () => {
    const { c, calls } = setup();
    const seen: string[] = [];
    const off = c.subscribe(() => seen.push(c.getSnapshot().status));
    const p = c.init();
    calls[0]?.resolve(answer(1, 1));
    await p;
    expect(seen).toEqual(['loading', 'success']);
    const snap = c.getSnapshot();
    expect(Object.isFrozen(snap)).toBe(true);
    expect(Object.isFrozen(snap.products[0])).toBe(true);
    expect(() => ((snap as { status: string }).status = 'x')).toThrow();
    off();
  });

  it('[S4.18] loading flags: skeleton before each filter application, cleared when data arrives', async () => {
    const { c, calls } = setup();
    const p = c.init();
    expect(c.getSnapshot().loading).toEqual({ products: true, more: false, previous: false, skeleton: true });
    calls[0]?.resolve(answer(1, 1));
    await p;
    expect(c.getSnapshot().loading.skeleton).toBe(false);
    const { c: c2 } = setup({}, { filter: { showPlaceholder: false } });
    void c2.init();
    expect(c2.getSnapshot().loading.skeleton).toBe(false);
  });

  it('[F4.7, F4.9, S2.14, F7.4] a vertical click applies at once: page 1, AND flag, history push, event filter', async () => {
    const { c, calls, param, pushes } = setup({}, {}, '/collections/shirts', '?page=2');
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    const q = c.select('pf_t_color', 'Red');
    expect(param(1, 'event_type')).toBe('filter');
    expect(param(1, 'page')).toBe('1');
    expect(calls[1]?.req.params.filter(([k]) => k.startsWith('pf_t_color'))).toEqual([['pf_t_color[]', 'Red'], ['pf_t_color_and_condition', 'true']]);
    expect(pushes).toEqual(['/collections/shirts?pf_t_color=Red&pf_t_color_and_condition=true']);
    calls[1]?.resolve(answer(2, 2));
    await q;
    expect(c.getSnapshot().options[0]?.items.find((i) => i.key === 'Red')?.selected).toBe(true);
    expect(c.getSnapshot().clearAllVisible).toBe(true);
  });

  it('[F4.7, F4.21] horizontal multi-select clicks stay pending until Apply commits them', async () => {
    const { c, calls } = setup({}, { filter: { filterLayout: 'horizontal' } });
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    await c.select('pf_t_color', 'Red');
    await c.select('pf_t_color', 'Blue');
    expect(calls).toHaveLength(1);
    expect(c.getSnapshot().pending?.filters).toEqual({ pf_t_color: ['Red', 'Blue'] });
    expect(c.getSnapshot().options[0]?.items.filter((i) => i.selected).map((i) => i.key)).toEqual(['Blue', 'Red']);
    const applied = c.apply();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(answer(1, 1));
    await applied;
    expect(c.getSnapshot().pending).toBeNull();
    expect(c.getSnapshot().state.filters).toEqual({ pf_t_color: ['Red', 'Blue'] });
    await c.select('pf_t_color', 'Red');
    c.discard();
    expect(c.getSnapshot().pending).toBeNull();
    // single select applies at once even in horizontal layouts (F4.9)
    void c.select('pf_v_vendor', 'Acme');
    expect(calls).toHaveLength(3);
  });

  it('[F4.21] in a horizontal layout a clear waits for Apply like a choice, which then sends event clear; with requestInstantly it applies at once', async () => {
    const { c, calls, param, pushes } = setup({}, { filter: { filterLayout: 'horizontal' } }, '/collections/shirts', '?pf_t_color=Red&pf_t_color=Blue');
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    await c.clear('value', 'pf_t_color', 'Red');
    await c.clear('all');
    expect(calls).toHaveLength(1);
    expect(pushes).toEqual([]);
    expect(c.getSnapshot().pending?.filters).toEqual({});
    expect(c.getSnapshot().options[0]?.items.some((i) => i.selected)).toBe(false);
    const applied = c.apply();
    expect([param(1, 'event_type'), calls[1]?.req.params.some(([k]) => k.startsWith('pf_t_color'))]).toEqual(['clearAll', false]);
    calls[1]?.resolve(answer(3, 3));
    await applied;
    // A choice among the waiting clears makes Apply a filter event.
    await c.select('pf_t_color', 'Red');
    const again = c.apply();
    calls[2]?.resolve(answer(2, 2));
    await again;
    await c.clear('option', 'pf_t_color');
    await c.select('pf_t_color', 'Blue');
    void c.apply();
    expect(param(3, 'event_type')).toBe('filter');
    // requestInstantly: the clear goes out at once.
    const now = setup({}, { filter: { filterLayout: 'horizontal', requestInstantly: true } }, '/collections/shirts', '?pf_t_color=Red');
    const q = now.c.init();
    now.calls[0]?.resolve(answer(3, 3));
    await q;
    void now.c.clear('option', 'pf_t_color');
    expect([now.calls.length, now.param(1, 'event_type'), now.c.getSnapshot().pending]).toEqual([2, 'clear', null]);
  });

  it('[F4.18, F5.5] range from the slider and from typed inputs; bad input reverts without a request', async () => {
    const { c, calls, param } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.setRange('pf_p_price', 10, 50);
    expect(calls[1]?.req.params.find(([k]) => k === 'pf_p_price[]')?.[1]).toBe('10:50');
    calls[1]?.resolve(answer(1, 1));
    await tick();
    expect(await c.setRangeFromInputs('pf_p_price', '80', '20')).toEqual({ ok: false, min: 10, max: 50 });
    expect(calls).toHaveLength(2);
    const r = c.setRangeFromInputs('pf_p_price', '1,5', '250');
    expect(param(2, 'pf_p_price[]')).toBe('1.5:100');
    calls[2]?.resolve(answer(1, 1));
    expect(await r).toEqual({ ok: true, min: 1.5, max: 100 });
  });

  it('[F4.19] clear value/option/all send event clear or clearAll with page 1', async () => {
    const { c, calls, param } = setup({}, {}, '/collections/shirts', '?pf_t_color=Red&pf_t_color=Blue&pf_v_vendor=Acme&page=3');
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.clear('value', 'pf_t_color', 'Red');
    expect([param(1, 'event_type'), param(1, 'page')]).toEqual(['clear', '1']);
    calls[1]?.resolve(answer(3, 3));
    await tick();
    void c.clear('all');
    expect(param(2, 'event_type')).toBe('clearAll');
    expect(calls[2]?.req.params.some(([k]) => k.startsWith('pf_'))).toBe(false);
  });

  it('[F4.22] events that only page, sort, change limit or display leave the tree unchanged', async () => {
    const { c, calls, param } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(40, 16));
    await p;
    const before = c.getSnapshot().options;
    const s = c.setSort('price-ascending');
    expect([param(1, 'event_type'), param(1, 'build_filter_tree'), param(1, 'page')]).toEqual(['sort', 'false', '1']);
    calls[1]?.resolve(answer(40, 16, false));
    await s;
    expect(c.getSnapshot().tree.rebuilt).toBe(false);
    expect(c.getSnapshot().options).toEqual(before);
  });

  it('[F4.23] partial rebuild: with partial render on, only the options other than the clicked one re-render', async () => {
    const { c, calls } = setup({}, { filter: { partialRender: true } });
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    const q = c.select('pf_t_color', 'Red');
    // The new answer has other values for every option, the clicked one too.
    const changed = options.map((o) => (Array.isArray(o.values) ? { ...o, values: o.values.map((v) => ({ ...v, doc_count: 9 })) } : o));
    calls[1]?.resolve({ ...answer(2, 2), filter: { options: changed } });
    await q;
    expect(c.getSnapshot().tree).toEqual({ rebuilt: true, partial: true, optionIds: ['pf_v_vendor', 'pf_p_price', 'pf_c_collection'] });
    // The clicked option keeps the values it was clicked in, with its new selection; the others re-render.
    const color = c.getSnapshot().options.find((o) => o.id === 'pf_t_color')!;
    expect(color.items.map((i) => [i.key, i.docCount, i.selected])).toEqual([['Blue', 1, false], ['Red', 2, true]]);
    expect(c.getSnapshot().options.find((o) => o.id === 'pf_v_vendor')!.items.map((i) => i.docCount)).toEqual([9, 9]);
  });

  it('[F4.22, F4.23] an answer that keeps the tree keeps the options array and every option object', async () => {
    const { c, calls } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(40, 16));
    await p;
    const before = c.getSnapshot().options;
    const s = c.setSort('price-ascending');
    expect(c.getSnapshot().status).toBe('loading');
    expect(c.getSnapshot().options).toBe(before);
    calls[1]?.resolve(answer(40, 16, false));
    await s;
    expect(c.getSnapshot().tree.rebuilt).toBe(false);
    expect(c.getSnapshot().options).toBe(before);
    const pg = c.setPage(2);
    calls[2]?.resolve(answer(40, 16, false, 17));
    await pg;
    expect(c.getSnapshot().products[0]?.id).toBe(17);
    expect(c.getSnapshot().options).toBe(before);
  });

  it('keeps the answer\'s banners and how many products come before the shown page, for placing them', async () => {
    const { c, calls } = setup();
    const p = c.init();
    calls[0]?.resolve({ ...answer(40, 16), banners: [{ id: 'sale', position: 20, text: 'Sale', image: null, link: 'javascript:x' }] });
    await p;
    expect(c.getSnapshot().productOffset).toBe(0);
    const pg = c.setPage(2);
    calls[1]?.resolve({ ...answer(40, 16, false, 17), banners: [{ id: 'sale', position: 20, text: 'Sale', image: null, link: 'javascript:x' }] });
    await pg;
    expect(c.getSnapshot().productOffset).toBe(16);
    expect(c.getSnapshot().banners).toEqual([{ id: 'sale', position: 20, text: 'Sale', name: 'Sale', image: '', link: '' }]);
  });

  it('a page past the last one asks for the last page once the total is known', async () => {
    const { c, calls } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(40, 16));
    await p;
    expect(c.getSnapshot().pagination.lastPage).toBe(3);
    const pg = c.setPage(9);
    expect(calls[1]?.req.params.find(([k]) => k === 'page')?.[1]).toBe('3');
    calls[1]?.resolve(answer(40, 8, false, 33));
    await pg;
    expect(c.getSnapshot().state.page).toBe(3);
  });

  it('[S1.8] formats amounts with the shop money format, the one formatter of range bounds and chips; short shortens with K and M', () => {
    const { c } = setup({}, { shop: { name: 'Shop', money_format: '€{{amount_with_comma_separator}}' } });
    expect(c.formatPrice(1234.5)).toBe('€1.234,50');
    expect(c.formatPrice(2500, true)).toMatch(/^€2[.,]5K$/);
  });

  it('a first address past the last page asks for the last page and puts it in the address bar', async () => {
    const { c, calls, loc } = setup({}, {}, '/collections/shirts', '?page=9');
    const p = c.init();
    expect(calls[0]?.req.params.find(([k]) => k === 'page')?.[1]).toBe('9');
    calls[0]?.resolve({ ...answer(40, 16), products: [] });
    await p;
    await vi.waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]?.req.params.find(([k]) => k === 'page')?.[1]).toBe('3');
    expect(loc.search).toBe('?page=3');
    calls[1]?.resolve(answer(40, 8, true, 33));
    await vi.waitFor(() => expect(c.getSnapshot().status).toBe('success'));
    expect(c.getSnapshot().state.page).toBe(3);
    expect(c.getSnapshot().products).toHaveLength(8);
    expect(c.getSnapshot().pagination).toMatchObject({ currentPage: 3, lastPage: 3 });
  });

  it('[F4.22, F4.23] selecting a value gives only the changed option a new identity', async () => {
    const { c, calls } = setup({}, { filter: { partialRender: true } });
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    const before = c.getSnapshot().options;
    const byId = (id: string) => c.getSnapshot().options.find((o) => o.id === id);
    const [color, vendor, price, collection] = ['pf_t_color', 'pf_v_vendor', 'pf_p_price', 'pf_c_collection'].map(byId);
    const q = c.select('pf_t_color', 'Red');
    // The loading snapshot already shows the selection: a new array, the other options kept.
    expect(c.getSnapshot().options).not.toBe(before);
    expect(byId('pf_t_color')).not.toBe(color);
    expect(byId('pf_t_color')?.selectedValues).toEqual(['Red']);
    expect(byId('pf_v_vendor')).toBe(vendor);
    // The answer rebuilds the tree from new wire objects with the same content: still kept.
    calls[1]?.resolve(JSON.parse(JSON.stringify(answer(2, 2))));
    await q;
    expect(c.getSnapshot().tree.rebuilt).toBe(true);
    expect(byId('pf_v_vendor')).toBe(vendor);
    expect(byId('pf_p_price')).toBe(price);
    expect(byId('pf_c_collection')).toBe(collection);
    expect(byId('pf_t_color')).not.toBe(color);
    expect(byId('pf_t_color')?.items.find((i) => i.key === 'Red')?.selected).toBe(true);
    // An answer with changed counts for one option gives that option, and only it, a new object.
    const changed = JSON.parse(JSON.stringify(answer(2, 2))) as WireFilterResponse & { filter: { options: Array<{ values: Array<{ doc_count: number }> }> } };
    changed.filter.options[1]!.values[0]!.doc_count = 1;
    const vendorBefore = byId('pf_v_vendor');
    const colorBefore = byId('pf_t_color');
    const r = c.refresh();
    calls[2]?.resolve(changed);
    await r;
    expect(byId('pf_v_vendor')).not.toBe(vendorBefore);
    expect(byId('pf_v_vendor')?.items[0]?.docCount).toBe(1);
    expect(byId('pf_t_color')).toBe(colorBefore);
    expect(byId('pf_p_price')).toBe(price);
  });

  it('a newer request always wins over an older answer', async () => {
    const { c, calls } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.setSort('price-ascending');
    void c.setSort('title-ascending');
    calls[2]?.resolve(answer(1, 1, false, 100));
    await tick();
    calls[1]?.resolve(answer(5, 5, false, 200));
    await tick();
    expect(c.getSnapshot().products.map((x) => x.id)).toEqual([100]);
    expect(c.getSnapshot().state.sort).toBe('title-ascending');
  });

  it('[S2.16] a Back move while a request is pending aborts that request; the moved-to entry\'s answer is shown even when the older one resolves last', async () => {
    const signals: Array<AbortSignal | undefined> = [];
    const s = scripted();
    const transport: Transport = (req, init) => {
      signals.push(init?.signal);
      return s.transport(req, init);
    };
    const { c, back } = setup({ transport });
    const { calls, param } = s;
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.select('pf_t_color', 'Red');
    expect(signals[1]?.aborted).toBe(false);
    back('/collections/shirts?pf_t_color=Blue');
    expect([param(2, 'event_type'), param(2, 'pf_t_color[]')]).toEqual(['history', 'Blue']);
    // The click's request is cancelled at the move, not merely ignored later.
    expect(signals[1]?.aborted).toBe(true);
    expect(signals[2]?.aborted).toBe(false);
    calls[2]?.resolve(answer(1, 1, true, 100));
    await tick();
    // A transport that answers despite the abort (a custom one) is still not heard.
    calls[1]?.resolve(answer(5, 5, true, 200));
    await tick();
    expect(c.getSnapshot().products.map((x) => x.id)).toEqual([100]);
    expect(c.getSnapshot().state.filters).toEqual({ pf_t_color: ['Blue'] });
    expect(c.getSnapshot().status).toBe('success');
    c.destroy();
  });

  it('[S2.16, S4.16] a Back move drops the in-collection search still waiting out its 300 ms', async () => {
    let next = 0;
    const waiting = new Map<unknown, () => void>();
    const timers: Timers = { setTimeout: (fn) => (waiting.set(++next, fn), next), clearTimeout: (id) => void waiting.delete(id) };
    const { c, calls, param, back, pushes } = setup({ timers });
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    c.search('linen');
    back('/collections/shirts?pf_t_color=Blue');
    for (const fn of [...waiting.values()]) fn();
    // Only the move's request: no search request, and no new entry written over the moved-to one.
    expect(calls.map((_, i) => param(i, 'event_type'))).toEqual(['init', 'history']);
    expect(pushes).toEqual([]);
    expect(c.getSnapshot().state.q).toBeFalsy();
    c.destroy();
  });

  it('[S2.16, F9.9] popstate re-reads the address and refetches with event history', async () => {
    const { c, calls, param, back } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    back('/collections/shirts?pf_t_color=Blue&sort=price-descending');
    expect(param(1, 'event_type')).toBe('history');
    expect(param(1, 'pf_t_color[]')).toBe('Blue');
    expect(param(1, 'sort')).toBe('price-descending');
    c.destroy();
  });

  it('[F5.8] a bad address is reset and the state read as empty', async () => {
    const { c, calls, loc } = setup({}, {}, '/collections/shirts', '?q=%3Cscript%3Ealert(1)%3C/script%3E');
    void c.init();
    expect(loc.search).toBe('');
    expect(calls[0]?.req.params.find(([k]) => k === 'q')).toBeUndefined();
  });

  it('[S4.13] default pagination: a page click sets the page and refetches one page', async () => {
    const { c, calls, param } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(40, 16));
    await p;
    expect(c.getSnapshot().pagination).toMatchObject({ type: 'default', currentPage: 1, lastPage: 3 });
    const q = c.setPage(2);
    expect([param(1, 'event_type'), param(1, 'page'), param(1, 'limit')]).toEqual(['page', '2', '16']);
    calls[1]?.resolve(answer(40, 16, false, 17));
    await q;
    expect(c.getSnapshot().products[0]?.id).toBe(17);
  });

  it('[S4.13] load-more appends the next page and hides at the last page', async () => {
    const { c, calls, param } = setup({}, { filter: { paginationType: 'load_more', limit: 10 } });
    const p = c.init();
    calls[0]?.resolve(answer(25, 10));
    await p;
    expect(c.getSnapshot().pagination).toMatchObject({ hasMore: true, nextPage: 2 });
    const m = c.loadMore();
    expect([param(1, 'page'), param(1, 'limit')]).toEqual(['2', '10']);
    expect(c.getSnapshot().loading.more).toBe(true);
    calls[1]?.resolve(answer(25, 10, false, 11));
    await m;
    const m2 = c.loadMore();
    calls[2]?.resolve(answer(25, 5, false, 21));
    await m2;
    expect(c.getSnapshot().products).toHaveLength(25);
    expect(c.getSnapshot().pagination).toMatchObject({ hasMore: false, nextPage: null, currentPage: 3 });
    await c.loadMore();
    expect(calls).toHaveLength(3);
  });

  it('[S5.6, F5.1] load-more opened at page 3 asks limit x page from page 1', async () => {
    const { c, param } = setup({}, { filter: { paginationType: 'infinite', limit: 10 } }, '/collections/shirts', '?page=3');
    void c.init();
    expect([param(0, 'page'), param(0, 'limit')]).toEqual(['1', '30']);
  });

  it('[S4.14] load-previous: opened at page 3 it loads that page, prepends earlier pages, hides below page 2 and stores pages', async () => {
    const { c, calls, param, storage } = setup({}, { filter: { paginationType: 'load_more', limit: 10, loadPreviousPage: true } }, '/collections/shirts', '?page=3');
    const p = c.init();
    expect([param(0, 'page'), param(0, 'limit')]).toEqual(['3', '10']);
    calls[0]?.resolve(answer(50, 10, true, 21));
    await p;
    expect(c.getSnapshot().pagination).toMatchObject({ previousPage: 2, canLoadPrevious: true });
    expect(storage.getItem('pkg-core-filter:currentPage')).toBe('3');
    expect(storage.getItem('pkg-core-filter:previousPage')).toBe('2');
    expect(storage.getItem('pkg-core-filter:nextPage')).toBe('4');
    const prev = c.loadPrevious();
    expect([param(1, 'event_type'), param(1, 'page')]).toEqual(['previous', '2']);
    calls[1]?.resolve(answer(50, 10, false, 11));
    await prev;
    expect(c.getSnapshot().products[0]?.id).toBe(11);
    expect(storage.getItem('pkg-core-filter:previousEvent')).toBe('true');
    const prev2 = c.loadPrevious();
    calls[2]?.resolve(answer(50, 10, false, 1));
    await prev2;
    expect(c.getSnapshot().pagination).toMatchObject({ previousPage: null, canLoadPrevious: false });
  });

  it('[S3.8, S4.15] keeps a scroll-restore record and clears it after reading for the matching URL', async () => {
    const { c, calls } = setup({}, {}, '/collections/shirts', '?page=2');
    const p = c.init();
    calls[0]?.resolve(answer(40, 16));
    await p;
    c.recordProductClick(17, 3, 420);
    expect(c.takeScrollRecord('/other')).toBeNull();
    c.recordProductClick(17, 3, 420);
    expect(c.takeScrollRecord('/collections/shirts?page=2')).toEqual({ productId: '17', page: 2, position: 3, offset: 420, url: '/collections/shirts?page=2' });
    expect(c.takeScrollRecord('/collections/shirts?page=2')).toBeNull();
  });

  it('[S8.3, S8.4, S8.5, S2.23, S4.17, F8.2] listing messages: filtered empty, unfiltered empty, in-collection search empty and search no-result', async () => {
    const a = setup({}, {}, '/collections/shirts', '?pf_t_color=Red');
    const p = a.c.init();
    a.calls[0]?.resolve(answer(0, 0));
    await p;
    expect(a.c.getSnapshot().message).toEqual({ key: 'noFilterResult', text: 'Sorry, no products matched your selection' });
    const b = setup({}, { general: { collection_count: 0 } });
    const q = b.c.init();
    b.calls[0]?.resolve(answer(0, 0));
    await q;
    expect(b.c.getSnapshot().message).toEqual({ key: 'noProducts', text: 'No products found in this collection' });
    // F8.2: the in-collection search box's words found nothing in this collection.
    const k = setup({}, { general: { collection_count: 0 } }, '/collections/shirts', '?q=zzz');
    const kp = k.c.init();
    k.calls[0]?.resolve(answer(0, 0));
    await kp;
    expect(k.c.getSnapshot().message).toEqual({ key: 'noSearchResult', text: 'Sorry, no products matched the keyword', terms: 'zzz' });
    const s = setup({}, {}, '/search', '?q=zzz');
    const r = s.c.init();
    s.calls[0]?.resolve(answer(0, 0));
    await r;
    expect(s.c.getSnapshot().noResult).toBe(true);
    expect(s.c.getSnapshot().message).toEqual({ key: 'searchEmptyResult', text: "We are sorry! We couldn't find results for \"zzz\".", terms: 'zzz', allProductsUrl: '/collections/all' });
  });

  it('[F8.9] failure after retries redirects to the same page with the original-view parameter, keeping the term', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const navigate = vi.fn();
    const { c, calls } = setup({ navigate, userAgent: 'Mozilla/5.0 (X11; Linux) Chrome/120 Safari/537' }, {}, '/search', '?q=hat&pf_t_color=Red');
    const p = c.init();
    calls[0]?.reject(new TransportError('network', 'script error'));
    await p;
    expect(c.getSnapshot().status).toBe('error');
    expect(c.getSnapshot().error?.kind).toBe('network');
    expect(navigate).toHaveBeenCalledWith('/search?q=hat&view=pf-original');
  });

  it('[F8.9] a request the service refuses (HTTP 400: a term over its length limit) does not fall back: it shows why, on the same page', async () => {
    const navigate = vi.fn();
    const { c, calls } = setup({ navigate, userAgent: 'Mozilla/5.0 (X11; Linux) Chrome/120 Safari/537' }, {}, '/search', '?q=hat');
    const p = c.init();
    calls[0]?.reject(new TransportError('http', 'HTTP 400', 400));
    await p;
    const s = c.getSnapshot();
    expect(navigate).not.toHaveBeenCalled();
    expect([s.status, s.products.length, s.noResult, s.message?.key, s.message?.terms]).toEqual(['error', 0, false, 'requestRefused', 'hat']);
    expect(s.message?.text).toBe(s.settings.labels.requestRefused);
  });

  it('[F8.9] no redirect on iOS, Safari, back-button navigation or when already on the original view', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [ua, search] of [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile', ''],
      ['Mozilla/5.0 (Macintosh) Version/17.0 Safari/605', ''],
      ['Chrome/120', '?view=pf-original'],
    ] as const) {
      const navigate = vi.fn();
      const { c, calls } = setup({ navigate, userAgent: ua }, {}, '/collections/shirts', search);
      const p = c.init();
      calls[0]?.reject(new TransportError('timeout', 't'));
      await p;
      expect(navigate).not.toHaveBeenCalled();
    }
    const navigate = vi.fn();
    const { c, calls, back } = setup({ navigate, userAgent: 'Chrome/120' });
    const p = c.init();
    calls[0]?.resolve(answer(1, 1));
    await p;
    back('/collections/shirts?sort=price-ascending');
    calls[1]?.reject(new TransportError('network', 'x'));
    await tick();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('[F8.9] an empty product list on the first load of a non-empty collection falls back too', async () => {
    const navigate = vi.fn();
    const { c, calls } = setup({ navigate, userAgent: 'Chrome/120' });
    const p = c.init();
    calls[0]?.resolve(answer(0, 0));
    await p;
    expect(navigate).toHaveBeenCalledWith('/collections/shirts?view=pf-original');
  });

  it('[F9.2, F8.9] with the default transport a failing request is retried twice 2000 ms apart before the fallback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let now = 0;
    const tasks: Array<{ at: number; fn: () => void }> = [];
    const timers: Timers = { setTimeout: (fn, ms) => tasks.push({ at: now + ms, fn }), clearTimeout: () => {} };
    const fetch = vi.fn(async () => ({ ok: false, status: 500, text: async () => '' }));
    const navigate = vi.fn();
    const w = fakeWindow();
    const c = createFilterController({ settings: { api: { filterUrl: 'https://svc.example/filter' } }, fetch, timers, location: w.loc, window: w.win, navigate, userAgent: 'Chrome/120', sessionStorage: null });
    const p = c.init();
    for (let i = 0; i < 20 && fetch.mock.calls.length < 3; i++) {
      await tick();
      const due = tasks.filter((t) => t.at - now === 2000);
      if (due.length) {
        now += 2000;
        tasks.splice(tasks.indexOf(due[0] as (typeof tasks)[number]), 1);
        due[0]?.fn();
      }
    }
    await p;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('[F4.10, F7.4] a collection item off collection pages sets the collection scope with event collection', async () => {
    const { c, calls, param } = setup({}, {}, '/search', '?q=hat');
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.select('pf_c_collection', '5');
    expect([param(1, 'event_type'), param(1, 'collection_scope')]).toEqual(['collection', '5']);
  });

  it('[F4.15, S2.19] a multi-level collection click on a collection page changes the path and title', async () => {
    const setTitle = vi.fn();
    const ml = [{ filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', label: 'Cat', values: [{ key: '9', label: 'Boots', handle: 'boots', doc_count: 2 }] }];
    const { c, calls, param, pushes } = setup({ setTitle });
    const p = c.init();
    calls[0]?.resolve({ total_product: 1, products: [], filter: { options: ml } });
    await p;
    void c.selectCollection('pf_c_collection', '9');
    expect(pushes[0]).toBe('/collections/boots');
    expect(setTitle).toHaveBeenCalledWith('Boots - Shop');
    expect([param(1, 'event_type'), param(1, 'collection_scope'), param(1, 'page')]).toEqual(['collection', '9', '1']);
  });

  it('[S4.16] in-collection search is debounced 300 ms and sends q with page 1', async () => {
    const fired: Array<() => void> = [];
    const timers: Timers = { setTimeout: (fn, ms) => (ms === 300 ? fired.push(fn) : 0), clearTimeout: () => {} };
    const { c, calls, param } = setup({ timers });
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    c.search(' Linen ');
    expect(calls).toHaveLength(1);
    fired.at(-1)?.();
    expect([param(1, 'event_type'), param(1, 'q'), param(1, 'incollection_search'), param(1, 'page')]).toEqual(['incollection_search', 'linen', 'true', '1']);
  });

  it('[S2.18] limit, display and resend carry their event types', async () => {
    const { c, calls, param } = setup();
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.setLimit(8);
    void c.setDisplay('list');
    void c.refresh();
    expect([param(1, 'event_type'), param(1, 'limit'), param(2, 'event_type'), param(2, 'display'), param(3, 'event_type')]).toEqual(['limit', '8', 'display', 'list', 'resend']);
  });

  it('[S2.21, S2.22] the tab parameter selects a panel (default products); switching writes the address', async () => {
    const { c, pushes } = setup({}, {}, '/search', '?q=hat&tab=pages');
    void c.init();
    expect(c.getSnapshot().state.tab).toBe('pages');
    c.setTab('collections');
    expect(c.getSnapshot().state.tab).toBe('collections');
    expect(pushes.at(-1)).toBe('/search?q=hat&tab=collections');
    c.setTab('nonsense');
    expect(c.getSnapshot().state.tab).toBe('collections');
  });

  it('[S2.15] scheme 0 never touches the address bar; the separate scheme applies outside collection pages', async () => {
    const a = setup({}, { filter: { urlScheme: 0 } }, '/collections/shirts', '?pf_t_color=Red');
    const p = a.c.init();
    expect(a.param(0, 'pf_t_color[]')).toBe('Red');
    a.calls[0]?.resolve(answer(3, 3));
    await p;
    void a.c.select('pf_t_color', 'Blue');
    expect(a.pushes).toEqual([]);
    const b = setup({}, { filter: { urlScheme: 1, urlSchemeNonCollection: 0 } }, '/', '');
    const q = b.c.init();
    b.calls[0]?.resolve(answer(3, 3));
    await q;
    void b.c.select('pf_t_color', 'Blue');
    expect(b.pushes).toEqual([]);
    const c = setup({}, { filter: { urlScheme: 2 } });
    const r = c.c.init();
    c.calls[0]?.resolve(answer(3, 3));
    await r;
    void c.c.select('pf_t_color', 'Blue');
    void c.c.select('pf_t_color', 'Red');
    expect(c.pushes.at(-1)).toBe('/collections/shirts?pf_t_color=Blue,Red&pf_t_color_and_condition=true');
  });

  it('[S2.15] scheme 0 on collections with a separate scheme of 1: a search page writes its filters', async () => {
    const history = createMemoryHistory('/search?q=hat');
    const { c, calls } = setup({ history }, { filter: { urlScheme: 0, urlSchemeNonCollection: 1 } }, '/search', '?q=hat');
    const p = c.init();
    calls[0]?.resolve(answer(3, 3));
    await p;
    void c.select('pf_t_color', 'Red');
    expect(history.entries().urls.at(-1)).toBe('/search?pf_t_color=Red&pf_t_color_and_condition=true&q=hat');
  });

  it('[S2.16, S2.19, F4.15] back and forward after a multi-level collection move restore its scope, path and title; foreign parameters stay', async () => {
    const ml = [
      { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', label: 'Cat', values: [{ key: '9', label: 'Boots', handle: 'boots', doc_count: 2 }] },
      ...options.filter((o) => o.filterOptionId === 'pf_v_vendor'),
    ];
    const history = createMemoryHistory('/collections/shirts?utm_source=mail');
    history.title('Shirts - Shop');
    const { c, calls, param } = setup({ history }, {}, '/collections/shirts', '?utm_source=mail');
    const tree = { total_product: 3, products: [], filter: { options: ml } };
    const p = c.init();
    calls[0]?.resolve(tree);
    await p;
    const q = c.selectCollection('pf_c_collection', '9');
    calls[1]?.resolve(tree);
    await q;
    expect([history.title(), param(1, 'collection_scope')]).toEqual(['Boots - Shop', '9']);
    const r = c.select('pf_v_vendor', 'Acme');
    calls[2]?.resolve(tree);
    await r;
    expect(history.entries().urls).toEqual(['/collections/shirts?utm_source=mail', '/collections/boots?utm_source=mail', '/collections/boots?pf_v_vendor=Acme&utm_source=mail']);
    history.go(-1);
    expect([param(3, 'event_type'), param(3, 'collection_scope'), param(3, 'pf_v_vendor[]')]).toEqual(['history', '9', undefined]);
    expect(history.title()).toBe('Boots - Shop');
    calls[3]?.resolve(tree);
    history.go(-1);
    expect([param(4, 'collection_scope'), history.title()]).toEqual(['3', 'Shirts - Shop']);
    history.go(2);
    expect([param(5, 'collection_scope'), param(5, 'pf_v_vendor[]'), history.title()]).toEqual(['9', 'Acme', 'Boots - Shop']);
  });

  it('uses the JSONP transport through the injected document and global', async () => {
    const scripts: Array<{ src: string }> = [];
    const g: Record<string, unknown> = {};
    const doc = { createElement: () => ({ src: '', async: false, onerror: null, remove() {} }), head: { appendChild: (n: unknown) => scripts.push(n as { src: string }) } };
    const w = fakeWindow();
    const c = createFilterController({ settings: { api: { filterUrl: 'https://svc.example/filter' } }, document: doc, jsonpGlobal: g, location: w.loc, window: w.win, sessionStorage: null });
    const p = c.init();
    await tick();
    const cb = new URL(scripts[0]?.src ?? '').searchParams.get('callback') ?? '';
    (g[cb] as (d: unknown) => void)(answer(2, 2));
    await p;
    expect(c.getSnapshot().products).toHaveLength(2);
  });

  it('never throws on arbitrary or malformed answers (fast-check)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ total_product: fc.anything(), products: fc.anything(), filter: fc.oneof(fc.anything(), fc.record({ options: fc.array(fc.anything()) })) }, { requiredKeys: [] })), async (raw) => {
        const s = scripted();
        const c = createFilterController({ settings: {}, transport: s.transport, location: { pathname: '/collections/all' }, window: null, sessionStorage: null, navigate: () => {} });
        const p = c.init();
        s.calls[0]?.resolve(raw);
        await p;
        expect(c.getSnapshot().status).toBe('success');
      }),
      { numRuns: 150 },
    );
  }, 60000);

  it('works headless with no window (history sync off) and never touches browser globals', async () => {
    const s = scripted();
    const c = createFilterController({ settings: {}, transport: s.transport, location: { pathname: '/collections/all', search: '?pf_t_color=Red' }, window: null, sessionStorage: null });
    void c.init();
    expect(s.param(0, 'pf_t_color[]')).toBe('Red');
  });

  it('warns on an unknown option id and does nothing', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { c, calls } = setup();
    await c.select('pf_nope', 'x');
    expect(calls).toHaveLength(0);
    expect(spy.mock.calls[0]?.[0]).toBe("[@pkg/core-filter] Unknown filter option 'pf_nope'.");
  });
});
