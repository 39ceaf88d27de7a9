import { createJsonpTransport, TransportError } from '@pkg/core-filter';
import { describe, expect, it, vi } from 'vitest';
import type { StorageLike } from './browser-defaults';
import { createRecentSearches } from './recent-searches';
import { createSuggestController, type SuggestControllerOptions } from './suggest-controller';
import { answeringTransport, deferredTransport, fakeTimers, testSettings, tick, wireAnswer } from './test-fakes';

function setup(extra: Partial<SuggestControllerOptions> = {}) {
  const timers = fakeTimers();
  const { transport, calls } = deferredTransport();
  const navigate = vi.fn<(url: string) => void>();
  const submitSearch = vi.fn<(term: string) => void>();
  const storage: StorageLike = { getItem: () => null, setItem: () => undefined };
  const c = createSuggestController({ settings: testSettings(), transport, timers, now: timers.now, navigate, submitSearch, storage, pathname: '/', ...extra });
  const type = (v: string) => c.setInput(v);
  const answer = async (i: number, extra: Parameters<typeof wireAnswer>[1] = {}) => {
    const call = calls[i];
    if (!call) throw new Error(`no call ${i}`);
    call.resolve(wireAnswer(call.params.get('q') ?? '', extra));
    await tick();
  };
  return { c, timers, calls, navigate, submitSearch, type, answer };
}

describe('createSuggestController', () => {
  it('touches nothing and requests nothing when created', () => {
    const { c, calls, timers } = setup();
    expect(calls).toHaveLength(0);
    expect(timers.pending()).toBe(0);
    expect(c.getSnapshot()).toMatchObject({ open: false, status: 'idle', enabled: true, items: [] });
  });

  it('starts with the initial input shown, asks for nothing until focused, then for that term', async () => {
    const { c, calls, answer } = setup({ initialInput: 'red  shoe' });
    expect(c.getSnapshot()).toMatchObject({ typed: 'red  shoe', input: 'red  shoe', term: 'red shoe', open: false, status: 'idle' });
    expect(calls).toHaveLength(0);
    c.open();
    expect(calls.map((x) => x.params.get('q'))).toEqual(['red shoe']);
    await answer(0);
    expect(c.getSnapshot()).toMatchObject({ status: 'success', open: true, term: 'red shoe' });
  });

  it('[S5.1] does not show a bad initial input', () => {
    const { c } = setup({ initialInput: '<img src=x onerror=alert(1)>' });
    expect(c.getSnapshot()).toMatchObject({ typed: '', input: '', term: '' });
  });

  it('[S4.4, S9.8] requests after the 50 ms delay from the last key press', async () => {
    const { c, calls, timers, type, answer } = setup();
    type('s');
    timers.advance(30);
    type('sh');
    timers.advance(30);
    type('sho');
    timers.advance(49);
    expect(calls).toHaveLength(0);
    timers.advance(1);
    expect(calls.map((x) => x.params.get('q'))).toEqual(['sho']);
    expect(c.getSnapshot().status).toBe('loading');
    await answer(0);
    const s = c.getSnapshot();
    expect(s).toMatchObject({ status: 'success', open: true, term: 'sho' });
    expect(s.result?.query).toBe('sho');
    expect(s.items.map((i) => i.kind)).toEqual(['suggestion', 'product']);
  });

  it('[S5.3] collapses whitespace and trims the term before the request and the cache lookup', async () => {
    const { c, calls, timers, type, answer } = setup();
    type('  red    shoe ');
    timers.advance(50);
    expect(calls[0]?.params.get('q')).toBe('red shoe');
    await answer(0);
    type('x');
    timers.advance(50);
    await answer(1);
    type('red shoe   ');
    timers.advance(50);
    expect(calls).toHaveLength(2); // answered from the cache
    expect(c.getSnapshot().result?.query).toBe('red shoe');
    expect(c.getSnapshot().input).toBe('red shoe   ');
  });

  it('[S4.4] sends no request when the term did not change', async () => {
    const { calls, timers, type, answer } = setup();
    type('hat');
    timers.advance(50);
    await answer(0);
    type('hat ');
    timers.advance(50);
    type('hats');
    type('hat');
    timers.advance(50);
    expect(calls).toHaveLength(1);
  });

  it('[S5.1] a bad term closes and clears the dropdown and is neither searched nor saved', async () => {
    const { c, calls, timers, type, answer, submitSearch, navigate } = setup();
    type('shoe');
    timers.advance(50);
    await answer(0);
    expect(c.getSnapshot().open).toBe(true);
    type('<img src=x onerror=alert(1)>');
    timers.advance(100);
    expect(calls).toHaveLength(1);
    expect(c.getSnapshot()).toMatchObject({ open: false, items: [], result: null, term: '' });
    c.submit();
    expect(submitSearch).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(c.recentSearches.all()).toEqual([]);
  });

  it('[S5.1, S4.4] drops the answer of a request made before a bad term', async () => {
    const { c, timers, type, answer } = setup();
    type('shoe');
    timers.advance(50);
    type('document.cookie');
    await answer(0);
    expect(c.getSnapshot()).toMatchObject({ open: false, result: null });
  });

  it('[S4.4] a newer term always wins: an older answer arriving late is dropped', async () => {
    const { c, timers, type, answer } = setup();
    type('sh');
    timers.advance(50);
    type('shoe');
    timers.advance(50);
    await answer(1);
    expect(c.getSnapshot().result?.query).toBe('shoe');
    await answer(0);
    expect(c.getSnapshot().result?.query).toBe('shoe');
  });

  it('[S4.4] makes the did-you-mean follow-up when the answer carries a suggest_query', async () => {
    const { c, calls, timers, type, answer } = setup();
    type('shoo');
    timers.advance(50);
    await answer(0, { total_product: 0, products: [], suggestions: [], suggest_query: 'shoe', did_you_mean: ['shoe'] });
    expect(calls).toHaveLength(2);
    expect([calls[1]?.params.get('q'), calls[1]?.params.get('event_type'), calls[1]?.params.get('prev_query')]).toEqual(['shoe', 'suggest_dym', 'shoo']);
    expect(c.getSnapshot().status).toBe('loading');
    await answer(1, { event_type: 'suggest_dym', total_product: 8, prev_query: 'shoo' });
    const s = c.getSnapshot();
    expect(s.result?.query).toBe('shoo');
    expect(s.result?.dym?.query).toBe('shoe');
    expect(s.items.map((i) => [i.kind, i.text])).toEqual([
      ['didYouMean', 'shoe'],
      ['suggestion', 'shoe sale'],
      ['product', 'shoe product'],
      ['viewAll', 'View all 8 products'],
    ]);
    expect(s.items[3]?.url).toBe('/search?q=shoe');
  });

  it('[S4.5, S9.9] clears the cache when it reaches 25 entries', async () => {
    const { calls, timers, type } = setup();
    const ask = async (t: string) => {
      type(t);
      timers.advance(50);
      const call = calls.at(-1);
      if (call?.params.get('q') === t) {
        call.resolve(wireAnswer(t));
        await tick();
      }
    };
    for (let i = 1; i <= 25; i++) await ask(`t${i}`);
    await ask('t1');
    expect(calls).toHaveLength(25); // 25 entries held: t1 came from the cache
    await ask('t26');
    await ask('t2');
    expect(calls.map((c) => c.params.get('q')).slice(-2)).toEqual(['t26', 't2']); // cleared at 25
  });

  it('[S4.9, F8.10, S7.1, S9.22] turns instant search off after 3 failed attempts', async () => {
    const { c, calls, timers, type } = setup();
    type('bag');
    timers.advance(50);
    for (let i = 0; i < 3; i++) {
      calls[i]?.reject(new Error('network'));
      await tick();
    }
    expect(calls).toHaveLength(3);
    expect(c.getSnapshot()).toMatchObject({ enabled: false, open: false, failures: 3, status: 'error' });
    type('bags');
    timers.advance(100);
    expect(calls).toHaveLength(3);
  });

  it('[S4.9] a term the service refuses (HTTP 400, as for a term over its length limit) is not retried and does not count as a failed attempt; it shows the empty answer (regression: a long pasted term turned instant search off)', async () => {
    const { c, calls, timers, type, answer } = setup();
    const long = 'x'.repeat(300);
    type(long);
    timers.advance(50);
    calls[0]?.reject(new TransportError('http', 'HTTP 400 Bad Request', 400, 'Bad Request'));
    await tick();
    expect(calls).toHaveLength(1);
    expect(c.getSnapshot()).toMatchObject({ enabled: true, failures: 0, status: 'success', open: true, noResult: true, items: [] });
    // Cached: typing it again asks nothing; a shorter term is asked and answered as usual.
    type('bag');
    timers.advance(50);
    await answer(1);
    type(long);
    timers.advance(50);
    expect(calls).toHaveLength(2);
    // Server errors and throttling still count (S4.9): 500, 429 and 408 are failed attempts.
    for (const status of [500, 429, 408]) {
      const s = setup();
      s.type('bag');
      s.timers.advance(50);
      s.calls[0]?.reject(new TransportError('http', `HTTP ${status}`, status));
      await tick();
      expect(s.calls, String(status)).toHaveLength(2);
      expect(s.c.getSnapshot().failures, String(status)).toBe(1);
    }
  });

  it('[S4.7] a submit waiting for a term the service refuses goes through as a search', async () => {
    const { c, calls, type, submitSearch, navigate } = setup();
    type('y'.repeat(300));
    c.submit();
    expect(c.getSnapshot().pendingSubmit).toBe(true);
    calls[0]?.reject(new TransportError('http', 'HTTP 400', 400));
    await tick();
    expect(submitSearch).toHaveBeenCalledWith('y'.repeat(300));
    expect(navigate).not.toHaveBeenCalled();
    expect(c.getSnapshot().pendingSubmit).toBe(false);
  });

  it('[S4.9] a success resets the failure count', async () => {
    const { c, calls, timers, type, answer } = setup();
    type('bag');
    timers.advance(50);
    calls[0]?.reject(new Error('x'));
    await tick();
    calls[1]?.reject(new Error('x'));
    await tick();
    await answer(2);
    expect(c.getSnapshot()).toMatchObject({ enabled: true, failures: 0, status: 'success' });
  });

  it('[S4.7] submit of a cached term goes to its redirect, else submits the form', async () => {
    const { c, timers, type, answer, navigate, submitSearch } = setup();
    type('sale');
    timers.advance(50);
    await answer(0, { redirect: '/collections/sale' });
    expect(c.getSnapshot()).toMatchObject({ open: true, noResult: false });
    c.submit();
    expect(navigate).toHaveBeenCalledWith('/collections/sale');
    type('hat');
    timers.advance(50);
    await answer(1);
    c.submit();
    expect(submitSearch).toHaveBeenCalledWith('hat');
    expect(c.recentSearches.all()).toEqual(['hat', 'sale']);
  });

  it('[S4.7] an uncached term marks the submit pending until its answer, then redirects', async () => {
    const { c, calls, type, answer, navigate, submitSearch } = setup();
    type('gift card');
    c.submit();
    expect(calls).toHaveLength(1); // sent at once, no debounce wait
    expect(c.getSnapshot().pendingSubmit).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    await answer(0, { redirect: 'https://shop.test/gift' });
    expect(navigate).toHaveBeenCalledWith('https://shop.test/gift');
    expect(submitSearch).not.toHaveBeenCalled();
    expect(c.getSnapshot().pendingSubmit).toBe(false);
  });

  it('[S4.7] refuses a redirect that is not http(s) or relative and submits the form instead', async () => {
    const { c, type, answer, navigate, submitSearch } = setup();
    type('x');
    c.submit();
    await answer(0, { redirect: 'javascript:alert(document.domain)' });
    expect(navigate).not.toHaveBeenCalled();
    expect(submitSearch).toHaveBeenCalledWith('x');
  });

  it('[S4.7] follows suggestions_redirect for the submitted term', async () => {
    const { c, type, answer, navigate } = setup();
    type('Red');
    c.submit();
    await answer(0, { suggestions_redirect: { red: '/collections/red' } });
    expect(navigate).toHaveBeenCalledWith('/collections/red');
  });

  it('[S4.7, S4.9] a pending submit still goes through when instant search switches off', async () => {
    const { calls, type, c, submitSearch } = setup();
    type('x');
    c.submit();
    for (let i = 0; i < 3; i++) {
      calls[i]?.reject(new Error('down'));
      await tick();
    }
    expect(submitSearch).toHaveBeenCalledWith('x');
    c.setInput('y');
    c.submit();
    expect(submitSearch).toHaveBeenLastCalledWith('y');
  });

  it('[S8.2] shows the no-result state for an empty answer, and none when a redirect exists', async () => {
    const { c, timers, type, answer } = setup();
    const empty = { total_product: 0, products: [], suggestions: [], all_empty: true };
    type('zzz');
    timers.advance(50);
    await answer(0, empty);
    expect(c.getSnapshot()).toMatchObject({ open: true, noResult: true, items: [] });
    type('contact');
    timers.advance(50);
    await answer(1, { ...empty, redirect: '/pages/contact' });
    expect(c.getSnapshot()).toMatchObject({ open: false, noResult: false });
  });

  it('[S4.6] Down and Up move through the items and the view-all row, the input following, wrapping to none', async () => {
    const { c, timers, type, answer, navigate } = setup();
    type('cap');
    timers.advance(50);
    await answer(0, { total_product: 20 });
    const texts = c.getSnapshot().items.map((i) => i.kind);
    expect(texts).toEqual(['suggestion', 'product', 'viewAll']);
    expect(c.keyDown('ArrowDown')).toBe(true);
    expect(c.getSnapshot()).toMatchObject({ selected: 0, input: 'cap sale' });
    c.keyDown('ArrowDown');
    expect(c.getSnapshot()).toMatchObject({ selected: 1, input: 'cap product' });
    c.keyDown('ArrowDown');
    expect(c.getSnapshot()).toMatchObject({ selected: 2, input: 'cap' });
    c.keyDown('ArrowDown');
    expect(c.getSnapshot()).toMatchObject({ selected: -1, input: 'cap' });
    c.keyDown('ArrowUp');
    c.keyDown('ArrowUp');
    expect(c.getSnapshot()).toMatchObject({ selected: 1, input: 'cap product' });
    expect(c.keyDown('Enter')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/products/cap-product?_pos=1');
    expect(c.getSnapshot().open).toBe(false);
    expect(c.keyDown('ArrowDown')).toBe(false);
  });

  it('[S4.6] Enter on a selected suggestion navigates to its link and saves the term', async () => {
    const { c, timers, type, answer, navigate } = setup();
    type('cap');
    timers.advance(50);
    await answer(0);
    c.keyDown('ArrowDown');
    c.keyDown('Enter');
    expect(navigate).toHaveBeenCalledWith('/search?q=cap%20sale');
    expect(c.recentSearches.shown()).toEqual(['cap sale']);
  });

  it('Escape closes; typing or focus opens again', async () => {
    const { c, timers, type, answer } = setup();
    type('cap');
    timers.advance(50);
    await answer(0);
    expect(c.keyDown('Escape')).toBe(true);
    expect(c.getSnapshot().open).toBe(false);
    c.open();
    expect(c.getSnapshot().open).toBe(true);
    c.close();
    type('cap ');
    expect(c.getSnapshot().open).toBe(true);
  });

  it('[S4.2] hides for an empty term when no on-click suggestion is enabled', async () => {
    const { c, timers, type, answer } = setup();
    type('cap');
    timers.advance(50);
    await answer(0);
    type('  ');
    expect(c.getSnapshot()).toMatchObject({ open: false, items: [], onClick: false });
    c.open();
    expect(c.getSnapshot().open).toBe(false);
  });

  it('[S4.2, S7.2] shows recent searches, popular terms and trending products for an empty term', async () => {
    const storage: StorageLike = { getItem: () => '["boots","hat","scarf","gloves"]', setItem: () => undefined };
    const products = answeringTransport(() => [{ id: 7, title: 'Trend tee', handle: 'trend-tee' }]);
    const { c } = setup({
      settings: testSettings({ general: { current_locale: 'de' } }),
      storage,
      productsTransport: products.transport,
      suggest: { recentSearches: true, popularTerms: ['sale', '<script>x</script>'], trendingProductIds: [7, 'abc'] },
    });
    c.open();
    expect(c.getSnapshot().items.map((i) => i.text)).toEqual(['boots', 'hat', 'scarf', 'sale']);
    await c.idle();
    expect(products.calls[0]?.toString()).toBe('shop=demo.myshopify.com&ids=7&ids=abc&locale=de');
    const s = c.getSnapshot();
    expect(s).toMatchObject({ open: true, onClick: true });
    expect(s.items.map((i) => [i.kind, i.text, i.url])).toEqual([
      ['recent', 'boots', '/search?q=boots'],
      ['recent', 'hat', '/search?q=hat'],
      ['recent', 'scarf', '/search?q=scarf'],
      ['popular', 'sale', '/search?q=sale'],
      ['trending', 'Trend tee', '/products/trend-tee'],
    ]);
    c.setInput('x');
    c.setInput('');
    expect(c.getSnapshot().onClick).toBe(true);
    expect(products.calls).toHaveLength(1); // fetched once
  });

  it('publishes frozen snapshots and notifies subscribers until they unsubscribe', async () => {
    const { c, timers, type, answer } = setup();
    const seen: unknown[] = [];
    const off = c.subscribe(() => seen.push(c.getSnapshot()));
    type('cap');
    timers.advance(50);
    await answer(0);
    const s = c.getSnapshot();
    expect(Object.isFrozen(s) && Object.isFrozen(s.items) && Object.isFrozen(s.items[0]) && Object.isFrozen(s.result)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    off();
    type('x');
    expect(seen.at(-1)).toBe(s);
  });

  it('sends through an injected fetch and screens a bad URL before following it', async () => {
    const engine = vi.fn(async (url: string) => ({ ok: true, status: 200, text: async () => JSON.stringify(wireAnswer(new URL(url).searchParams.get('q') ?? '')) }));
    const c = createSuggestController({ settings: testSettings(), fetch: engine, navigate: () => undefined, storage: null, pathname: '/', suggest: { delay: 0 } });
    c.setInput('mug');
    await c.idle();
    expect(engine).toHaveBeenCalledTimes(1);
    expect(c.getSnapshot().result?.query).toBe('mug');
  });

  it('[S4.9] a stale term failing counts as an attempt but leaves the shown answer alone', async () => {
    const { c, calls, timers, type, answer } = setup();
    type('a1');
    timers.advance(50);
    type('a2');
    timers.advance(50);
    await answer(1);
    calls[0]?.reject(new Error('late failure'));
    await tick();
    expect(calls).toHaveLength(2); // not retried: nobody waits for it
    expect(c.getSnapshot()).toMatchObject({ status: 'success', failures: 1, enabled: true });
    expect(c.getSnapshot().result?.query).toBe('a2');
  });

  it('[S7.1] loads by script tag through the JSONP transport, with callback and sid', async () => {
    const scripts: Array<{ src: string }> = [];
    const global: Record<string, unknown> = {};
    const document = {
      createElement: () => ({ src: '', async: false, onerror: null, remove() {} }),
      head: { appendChild: (s: unknown) => void scripts.push(s as { src: string }) },
    };
    const transport = createJsonpTransport({ document, global, callbackPrefix: 'cb' });
    const { c, timers } = setup({ transport, sid: () => 'session-9' });
    c.setInput('lamp');
    timers.advance(50);
    const url = new URL(scripts[0]?.src ?? '');
    expect([url.origin + url.pathname, url.searchParams.get('q'), url.searchParams.get('sid')]).toEqual(['https://api.test/suggest', 'lamp', 'session-9']);
    const callback = url.searchParams.get('callback') ?? '';
    expect(callback).toMatch(/^cb/);
    (global[callback] as (data: unknown) => void)(wireAnswer('lamp'));
    await tick();
    expect(c.getSnapshot().result?.query).toBe('lamp');
  });

  it('uses the recent-searches store it is given', () => {
    const recentSearches = createRecentSearches({ storage: null });
    const { c } = setup({ recentSearches });
    expect(c.recentSearches).toBe(recentSearches);
  });
});
