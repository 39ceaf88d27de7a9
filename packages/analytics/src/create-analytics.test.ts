import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIONS, SOURCES } from './analytics-record';
import { CART_RETRY_DELAY, createAnalytics, type AnalyticsOptions } from './create-analytics';
import { fakeFetch, fakePage, memoryStorage, quotaError, reply, seededUuid, type FakeCall, type MemoryStorage } from './test-fakes';
import { UUID_V4 } from './uuid-v4';

const URL_ = 'https://analytics.test/collect';
const LIST = 'pkg-analytics:pending';
const SID = 'pkg-analytics:sid';
const LEASE = 'pkg-analytics:lease';

type Handler = (call: FakeCall) => ReturnType<typeof reply> | Promise<ReturnType<typeof reply>>;
const okCart: Handler = (c) => (c.url === '/cart.js' ? reply(200, { token: 'cart-1', item_count: 2 }) : reply(200));

function setup(over: Partial<AnalyticsOptions> = {}, handler: Handler = okCart, storage: MemoryStorage = memoryStorage()) {
  const net = fakeFetch(handler);
  const page = fakePage();
  const warn = vi.fn<(m: string) => void>();
  const options: AnalyticsOptions = {
    url: URL_,
    shop: 'shop.test',
    storage,
    fetch: net.fetch,
    warn,
    listen: page.listen,
    beacon: null,
    context: () => ({ qs: 'pf_t_color=red', r: 'https://shop.test/collections/all' }),
    random: () => 0.5,
    uuid: seededUuid(1),
    ...over,
  };
  const q = createAnalytics(options);
  const stored = () => JSON.parse(storage.data.get(LIST) ?? '[]') as Array<Record<string, string>>;
  return { q, net, page, warn, storage, stored, options };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 3, 4, 5) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAnalytics: records', () => {
  it('[F3.16, F7.2] POSTs one JSON record with tid, ct, pid, t, u, a, qs, r, sid (plus its id)', async () => {
    const { q, net } = setup();
    const rec = q.track('view_product', 123, 'filter');
    await vi.advanceTimersByTimeAsync(0);
    const [post] = net.posts();
    expect(post?.url).toBe(URL_);
    expect(post?.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(post?.body).toEqual({
      id: rec.id,
      tid: 'shop.test',
      ct: 'cart-1',
      pid: '123',
      t: '2026-01-02T03:04:05.000Z',
      u: 'view_product',
      a: 'filter',
      qs: 'pf_t_color=red',
      r: 'https://shop.test/collections/all',
      sid: q.getSnapshot().sessionId,
    });
    expect(rec.id).toMatch(UUID_V4);
  });

  it('[F7.2] accepts the four actions and three sources and rejects others with a dev error', async () => {
    const { q, net } = setup();
    for (const u of ACTIONS) for (const a of SOURCES) q.track(u, 'p1', a);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => `${p.body?.['u']}/${p.body?.['a']}`)).toEqual(
      ACTIONS.flatMap((u) => SOURCES.map((a) => `${u}/${a}`)),
    );
    // @ts-expect-error: not an action
    expect(() => q.track('click', 'p1', 'filter')).toThrow('[@pkg/analytics] Unknown action "click": use one of view_product, quick_view, add_to_cart, buy_now.');
    // @ts-expect-error: not a source
    expect(() => q.track('view_product', 'p1', 'home')).toThrow('[@pkg/analytics] Unknown source "home": use one of filter, search, suggest.');
    expect(() => q.track('view_product', 'p1')).toThrow('Unknown source undefined');
    expect(() => q.track('view_product', '', 'filter')).toThrow('[@pkg/analytics] track("view_product") needs a product id');
    expect(() => q.track('view_product', Number.NaN, 'filter')).toThrow('needs a product id');
  });

  it('uses the extra qs and r when given', () => {
    const { q } = setup();
    const rec = q.track('view_product', 'p', 'search', { qs: 'q=shoe', r: '' });
    expect([rec.qs, rec.r]).toEqual(['q=shoe', '']);
  });

  it('fails fast on missing options', () => {
    // @ts-expect-error: no options
    expect(() => createAnalytics(undefined)).toThrow('[@pkg/analytics] createAnalytics() needs options.url, the analytics endpoint.');
    expect(() => createAnalytics({ url: '', shop: 's' })).toThrow('needs options.url');
    expect(() => createAnalytics({ url: 'u', shop: '', storage: null })).toThrow('needs options.shop');
  });

  it('keeps short error texts in production builds, still naming what is wrong', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => createAnalytics({ url: '', shop: 's' })).toThrow(/^\[@pkg\/analytics\] options\.url missing$/);
      expect(() => createAnalytics({ url: 'u', shop: '', storage: null })).toThrow('[@pkg/analytics] options.shop missing');
      const { q } = setup();
      // @ts-expect-error: not an action
      expect(() => q.track('click', 'p1', 'filter')).toThrow(/^\[@pkg\/analytics\] Unknown action$/);
      expect(() => q.track('view_product', '', 'filter')).toThrow('[@pkg/analytics] product id missing');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('createAnalytics: session id', () => {
  it('[F3.18, F9.10, S9.23] generates a random v4 session id once and keeps it under its storage key', () => {
    const storage = memoryStorage();
    const a = setup({ uuid: seededUuid(7) }, okCart, storage);
    const sid = a.q.getSnapshot().sessionId;
    expect(sid).toMatch(UUID_V4);
    expect(storage.data.get(SID)).toBe(sid);
    a.q.destroy();
    const b = setup({ uuid: seededUuid(99) }, okCart, storage);
    expect(b.q.getSnapshot().sessionId).toBe(sid);
    expect(b.q.track('view_product', 1, 'filter').sid).toBe(sid);
  });

  it('[F3.18] replaces a stored session id that is not a v4 UUID', () => {
    const storage = memoryStorage({ [SID]: 'garbage' });
    const { q } = setup({}, okCart, storage);
    expect(q.getSnapshot().sessionId).toMatch(UUID_V4);
    expect(storage.data.get(SID)).toBe(q.getSnapshot().sessionId);
  });
});

describe('createAnalytics: storage and the 200 rule', () => {
  it('[F4.26, F3.18, F9.10] keeps a record in the pending list until a 200, then removes it', async () => {
    let status = 500;
    const { q, stored, net } = setup({}, (c) => (c.url === '/cart.js' ? reply(200, { token: 't', item_count: 1 }) : reply(status)));
    const rec = q.track('add_to_cart', 'p9', 'search');
    expect(stored().map((r) => r.id)).toEqual([rec.id]);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(1);
    expect(stored()).toHaveLength(1);
    expect(q.getSnapshot()).toMatchObject({ pending: 1, lastError: 'HTTP 500', sending: false });
    status = 200;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.posts()).toHaveLength(2);
    expect(stored()).toEqual([]);
    expect(q.getSnapshot()).toMatchObject({ pending: 0, lastError: null });
  });

  it('[F4.26] sends records left by an earlier page once the new queue knows the cart token', async () => {
    const storage = memoryStorage();
    const first = setup({}, () => new Promise(() => {}), storage); // the cart call never answers
    const rec = first.q.track('view_product', 'p1', 'suggest');
    await vi.advanceTimersByTimeAsync(100);
    expect(first.net.posts()).toHaveLength(0);
    first.q.destroy();
    const second = setup({}, okCart, storage);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.net.posts().map((p) => [p.body?.['id'], p.body?.['ct']])).toEqual([[rec.id, 'cart-1']]);
    expect(second.stored()).toEqual([]);
  });

  it('keeps working in memory when storage is disabled, and says so once', async () => {
    const storage = memoryStorage();
    storage.failGet = new Error('SecurityError: access denied');
    storage.failSet = storage.failGet;
    const { q, net, warn } = setup({}, okCart, storage);
    q.track('view_product', 'a', 'filter');
    q.track('view_product', 'b', 'filter');
    expect(q.getSnapshot()).toMatchObject({ storageMode: 'memory', pending: 2 });
    expect(q.getSnapshot().sessionId).toMatch(UUID_V4);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['pid'])).toEqual(['a', 'b']);
    expect(q.getSnapshot().pending).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[@pkg\/analytics\] Local storage is not usable \(Error: SecurityError: access denied\)/);
  });

  it('keeps working in memory when storage is full (QuotaExceededError), and says so once', async () => {
    const storage = memoryStorage();
    const { q, net, warn } = setup({}, okCart, storage);
    storage.failSet = quotaError();
    expect(() => q.track('view_product', 'a', 'filter')).not.toThrow();
    q.track('quick_view', 'b', 'filter');
    expect(q.getSnapshot()).toMatchObject({ storageMode: 'memory', pending: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('The quota has been exceeded.');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['pid'])).toEqual(['a', 'b']);
    expect(q.getSnapshot().pending).toBe(0);
  });

  it('treats "no storage" (storage: null) as memory mode without a warning', () => {
    const { q, warn } = setup({ storage: null });
    q.track('view_product', 'a', 'filter');
    expect(q.getSnapshot()).toMatchObject({ storageMode: 'memory', pending: 1 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores garbage in the pending list (keeping the readable records), warns once, and rewrites it', async () => {
    const good = { id: 'r1', tid: 's', pid: 'p', t: 't', u: 'buy_now', a: 'search', qs: '', r: '', sid: 'x' };
    const storage = memoryStorage({ [LIST]: JSON.stringify([good, 5, { ...good, id: 'r2', u: 'nope' }, null]) });
    const { q, net, warn } = setup({}, () => new Promise(() => {}), storage);
    expect(q.getSnapshot().pending).toBe(1);
    expect(JSON.parse(storage.data.get(LIST)!)).toEqual([good]);
    storage.data.set(LIST, '{not json');
    q.track('view_product', 'p2', 'filter');
    expect(q.getSnapshot()).toMatchObject({ pending: 1, storageMode: 'local' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe('[@pkg/analytics] Ignored unreadable data in storage key "pkg-analytics:pending".');
    net.handler = okCart;
    expect(net.posts()).toHaveLength(0);
  });

  it('gives its dev warnings only outside production: with NODE_ENV=production the same cases are silent and behave the same', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      // Garbage in the pending list, a cart call that fails twice, and a 400 that drops the record.
      const storage = memoryStorage({ [LIST]: '{not json' });
      const { q, net, warn, stored } = setup({}, (c) => (c.url === '/cart.js' ? reply(500) : reply(400)), storage);
      q.track('view_product', 'p', 'filter');
      await vi.advanceTimersByTimeAsync(CART_RETRY_DELAY);
      expect(net.calls.filter((c) => c.url === '/cart.js')).toHaveLength(2);
      expect(net.posts().map((p) => [p.body?.['pid'], p.body?.['ct']])).toEqual([['p', '']]);
      expect(stored()).toEqual([]);
      // Storage that throws: memory mode, still sending.
      const broken = memoryStorage();
      broken.failGet = new Error('SecurityError: access denied');
      broken.failSet = broken.failGet;
      const second = setup({}, okCart, broken);
      second.q.track('view_product', 'a', 'filter');
      expect(second.q.getSnapshot()).toMatchObject({ storageMode: 'memory', pending: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(second.q.getSnapshot().pending).toBe(0);
      expect(warn).not.toHaveBeenCalled();
      expect(second.warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('createAnalytics: cart token', () => {
  it('[F7.3, F3.17] reads the token from the cart JSON call before sending', async () => {
    let answer: (r: ReturnType<typeof reply>) => void = () => {};
    const { q, net } = setup({ cartUrl: '/cart.js?x=1' }, (c) =>
      c.url === '/cart.js?x=1' ? new Promise((res) => (answer = res)) : reply(200),
    );
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(500);
    expect(net.calls.map((c) => c.url)).toEqual(['/cart.js?x=1']);
    expect(q.getSnapshot().cartToken).toBeNull();
    answer(reply(200, { token: 'abc', item_count: 3 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['ct'])).toEqual(['abc']);
    expect(q.getSnapshot().cartToken).toBe('abc');
  });

  it('[F7.3] an empty cart gives an empty token', async () => {
    const { q, net } = setup({}, (c) => (c.url === '/cart.js' ? reply(200, { token: null, item_count: 0 }) : reply(200)));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['ct'])).toEqual(['']);
  });

  it('[F7.3] reads the token again after an add to a cart that was empty, so the add carries the new cart token', async () => {
    let cart: { token: string | null; item_count: number } = { token: null, item_count: 0 };
    const { q, net } = setup({}, (c) => (c.url === '/cart.js' ? reply(200, cart) : reply(200)));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    cart = { token: 'new-cart', item_count: 1 };
    q.track('add_to_cart', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => [p.body?.['u'], p.body?.['ct']])).toEqual([['view_product', ''], ['add_to_cart', 'new-cart']]);
    expect(net.calls.filter((c) => c.url === '/cart.js')).toHaveLength(2);
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.filter((c) => c.url === '/cart.js')).toHaveLength(2);
  });

  it('[F7.3] retries the cart call once, 1000 ms later', async () => {
    let cartCalls = 0;
    const { q, net } = setup({}, (c) => {
      if (c.url !== '/cart.js') return reply(200);
      return ++cartCalls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : reply(200, { token: 'late', item_count: 1 });
    });
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(CART_RETRY_DELAY - 1);
    expect(cartCalls).toBe(1);
    expect(net.posts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(cartCalls).toBe(2);
    expect(net.posts().map((p) => p.body?.['ct'])).toEqual(['late']);
    expect(CART_RETRY_DELAY).toBe(1000);
  });

  it('[F7.3] sends with an empty token after the retry fails too, and warns once', async () => {
    const { q, net, warn } = setup({}, (c) => (c.url === '/cart.js' ? reply(500) : reply(200)));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(CART_RETRY_DELAY);
    expect(net.calls.filter((c) => c.url === '/cart.js')).toHaveLength(2);
    expect(net.posts().map((p) => p.body?.['ct'])).toEqual(['']);
    expect(warn).toHaveBeenCalledWith('[@pkg/analytics] The cart call failed twice: sending with an empty cart token.');
  });

  it('makes no cart call when the token is given or nothing is pending', async () => {
    const a = setup({ cartToken: 'given' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.net.calls).toHaveLength(0);
    a.q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.net.calls.map((c) => [c.url, c.body?.['ct']])).toEqual([[URL_, 'given']]);
  });
});

describe('createAnalytics: quick-view attribution', () => {
  it('[F4.26] a later add_to_cart or buy_now refers to the product seen in quick view', async () => {
    const { q, net } = setup();
    q.track('quick_view', 4242, 'suggest');
    const add = q.track('add_to_cart');
    const buy = q.track('buy_now', '4242');
    expect([add.pid, add.a, buy.pid, buy.a]).toEqual(['4242', 'suggest', '4242', 'suggest']);
    const other = q.track('add_to_cart', 'other', 'filter');
    expect([other.pid, other.a]).toEqual(['other', 'filter']);
    expect(() => q.track('add_to_cart', 'other')).toThrow('Unknown source');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => `${p.body?.['u']}:${p.body?.['pid']}:${p.body?.['a']}`)).toEqual([
      'quick_view:4242:suggest',
      'add_to_cart:4242:suggest',
      'buy_now:4242:suggest',
      'add_to_cart:other:filter',
    ]);
  });

  it('[F4.26] add_to_cart without a product id and without a quick view is a dev error', () => {
    const { q } = setup();
    expect(() => q.track('add_to_cart')).toThrow('[@pkg/analytics] track("add_to_cart") needs a product id (string or number) or an earlier quick_view.');
    expect(() => q.track('view_product')).toThrow(/needs a product id \(string or number\)\.$/);
  });
});

describe('createAnalytics: retries', () => {
  const failing = (statuses: Array<number | 'network'>, headers: Record<string, string> = {}): Handler => {
    let i = 0;
    return (c) => {
      if (c.url === '/cart.js') return reply(200, { token: 't', item_count: 1 });
      const s = statuses[i++] ?? 200;
      return s === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : reply(s, '', headers);
    };
  };

  it('retries network errors, 5xx, 408 and 429 with capped exponential backoff and jitter', async () => {
    const { q, net, stored } = setup(
      { baseDelay: 100, maxDelay: 500, random: () => 0 },
      failing(['network', 500, 503, 408, 429, 502]),
    );
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    // waits with random() = 0 (half the exponential delay): 50, 100, 200, 250 (cap 500), 250, 250
    const waits = [50, 100, 200, 250, 250, 250];
    for (const [n, w] of waits.entries()) {
      expect(net.posts()).toHaveLength(n + 1);
      await vi.advanceTimersByTimeAsync(w - 1);
      expect(net.posts()).toHaveLength(n + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(net.posts()).toHaveLength(7);
    expect(stored()).toEqual([]);
    expect(new Set(net.posts().map((p) => p.body?.['id'])).size).toBe(1);
  });

  it('reports a network failure as state, never as a thrown error', async () => {
    const { q } = setup({}, failing(['network']));
    const seen: Array<string | null> = [];
    q.subscribe(() => seen.push(q.getSnapshot().lastError));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(q.getSnapshot().lastError).toBe('Network error (TypeError: Failed to fetch)');
    await vi.advanceTimersByTimeAsync(2000);
    expect(q.getSnapshot().lastError).toBeNull();
    expect(seen).toContain('Network error (TypeError: Failed to fetch)');
  });

  it('respects Retry-After (seconds) up to maxDelay', async () => {
    const { q, net } = setup({ baseDelay: 10 }, failing([503], { 'Retry-After': '5' }));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(4999);
    expect(net.posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.posts()).toHaveLength(2);
  });

  it('aborts and retries a request that is not answered within the timeout', async () => {
    let n = 0;
    const { q, net } = setup({ timeout: 300, baseDelay: 10 }, (c) =>
      c.url === '/cart.js' ? reply(200, { token: 't', item_count: 1 }) : n++ === 0 ? new Promise(() => {}) : reply(200),
    );
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(299);
    expect(q.getSnapshot().sending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.getSnapshot()).toMatchObject({ sending: false, lastError: 'Network error (Error: aborted)' });
    await vi.advanceTimersByTimeAsync(10);
    expect(net.posts()).toHaveLength(2);
    expect(q.getSnapshot().pending).toBe(0);
  });

  it('drops a record on another 4xx without retrying, with a dev warning', async () => {
    const { q, net, warn, stored } = setup({}, failing([400]));
    const rec = q.track('view_product', 'p', 'filter');
    q.track('view_product', 'p2', 'filter');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.posts().map((p) => p.body?.['pid'])).toEqual(['p', 'p2']);
    expect(stored()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`[@pkg/analytics] Dropped record ${rec.id}: HTTP 400 is not retried.`);
  });

  it('a record that keeps failing does not block the others', async () => {
    const { q, net, stored } = setup({ baseDelay: 10, maxDelay: 10 }, (c) =>
      c.url === '/cart.js' ? reply(200, { token: 't', item_count: 1 }) : reply(c.body?.['pid'] === 'bad' ? 500 : 200),
    );
    q.track('view_product', 'bad', 'filter');
    q.track('view_product', 'good1', 'filter');
    q.track('view_product', 'good2', 'filter');
    await vi.advanceTimersByTimeAsync(100);
    expect(stored().map((r) => r.pid)).toEqual(['bad']);
    expect(net.posts().filter((p) => p.body?.['pid'] !== 'bad')).toHaveLength(2);
  });

  it('flush() skips the retry wait and resolves when the queue is idle', async () => {
    const { q, net } = setup({ baseDelay: 60_000 }, failing([500]));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(1);
    const snap = await q.flush();
    expect(net.posts()).toHaveLength(2);
    expect(snap).toMatchObject({ pending: 0, sending: false });
  });
});

describe('createAnalytics: page hide', () => {
  it('hands pending records to the beacon on page hide, keeping them until a 200', async () => {
    const beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
    const { q, net, page, stored } = setup({ beacon }, (c) => (c.url === '/cart.js' ? new Promise(() => {}) : reply(200)));
    const a = q.track('view_product', 'a', 'filter');
    const b = q.track('buy_now', 'b', 'filter');
    page.emit('hide');
    expect(beacon.mock.calls.map(([u, body]) => [u, JSON.parse(body).id, JSON.parse(body).ct])).toEqual([
      [URL_, a.id, ''],
      [URL_, b.id, ''],
    ]);
    page.emit('hide');
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(stored()).toHaveLength(2);
    expect(net.posts()).toHaveLength(0);
  });

  it('falls back to fetch with keepalive when the beacon refuses, removing on a 200', async () => {
    const { q, net, page, stored } = setup({ beacon: () => false }, (c) => (c.url === '/cart.js' ? new Promise(() => {}) : reply(200)));
    q.track('view_product', 'a', 'filter');
    page.emit('hide');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.init.keepalive)).toEqual([true]);
    expect(stored()).toEqual([]);
  });

  it('does not resend beaconed records while hidden; resends them (same id) when shown again', async () => {
    const beacon = vi.fn(() => true);
    const { q, net, page } = setup({ beacon, cartToken: 't' }, () => new Promise(() => {}));
    const rec = q.track('view_product', 'a', 'filter'); // in flight, never answered
    const other = q.track('view_product', 'b', 'filter');
    page.emit('hide');
    expect(beacon).toHaveBeenCalledTimes(1); // not the record in flight
    expect(JSON.parse((beacon.mock.calls[0] as unknown as [string, string])[1]).id).toBe(other.id);
    await vi.advanceTimersByTimeAsync(0);
    net.handler = () => reply(200);
    await vi.advanceTimersByTimeAsync(11_000); // the in-flight request times out (10 s) and is retried
    expect(net.posts().map((p) => p.body?.['id'])).toEqual([rec.id, rec.id]);
    page.emit('show');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['id'])).toEqual([rec.id, rec.id, other.id]);
    expect(q.getSnapshot().pending).toBe(0);
  });
});

describe('createAnalytics: tabs', () => {
  function twoTabs() {
    const storage = memoryStorage();
    const page1 = fakePage();
    const page2 = fakePage();
    storage.onWrite = (key) => {
      // a storage event reaches the other tabs only; here both tabs share one fake storage
      queueMicrotask(() => {
        page1.emit('storage', key);
        page2.emit('storage', key);
      });
    };
    const net = fakeFetch(okCart);
    const opts = { fetch: net.fetch, cartToken: 't', leaseTtl: 1000, timeout: 1000 };
    const t1 = setup({ ...opts, listen: page1.listen, uuid: seededUuid(1) }, okCart, storage);
    const t2 = setup({ ...opts, listen: page2.listen, uuid: seededUuid(2) }, okCart, storage);
    return { storage, net, t1, t2 };
  }

  it('sends each record from one tab only: the lease holder sends the records of both tabs', async () => {
    const { net, t1, t2, storage } = twoTabs();
    let answer: () => void = () => {};
    net.handler = () => new Promise((res) => (answer = () => res(reply(200))));
    t1.q.track('view_product', 'from-1', 'filter');
    t2.q.track('view_product', 'from-2', 'search');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(1);
    expect(JSON.parse(storage.data.get(LEASE)!).o).toBeTypeOf('string');
    net.handler = () => reply(200);
    answer();
    await vi.advanceTimersByTimeAsync(5000);
    expect(net.posts().map((p) => p.body?.['pid'])).toEqual(['from-1', 'from-2']);
    expect(t1.q.getSnapshot().pending).toBe(0);
    expect(t2.q.getSnapshot().pending).toBe(0);
    expect(storage.data.has(LEASE)).toBe(false);
  });

  it('another tab takes over when the holder is destroyed (lease released) or vanished (lease expired)', async () => {
    const { net, t1, t2, storage } = twoTabs();
    net.handler = () => new Promise(() => {});
    t1.q.track('view_product', 'a', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(1);
    t1.q.destroy(); // aborts its request and releases the lease: t2 hears the storage event
    net.handler = () => reply(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(2);
    expect(t2.q.getSnapshot().pending).toBe(0);

    // a tab that vanished without releasing: its lease blocks t2 until it expires
    storage.data.set(LEASE, JSON.stringify({ o: 'gone-tab', e: Date.now() + 3000 }));
    t2.q.track('view_product', 'b', 'filter');
    await vi.advanceTimersByTimeAsync(2999);
    expect(net.posts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(net.posts()).toHaveLength(3);
    expect(t2.q.getSnapshot().pending).toBe(0);
  });

  it('ignores an unreadable or absurd lease', async () => {
    const storage = memoryStorage({ [LEASE]: '{"o":1' });
    const { q, net } = setup({ cartToken: 't' }, okCart, storage);
    q.track('view_product', 'a', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    storage.data.set(LEASE, JSON.stringify({ o: 'x', e: Date.now() + 1e12 }));
    q.track('view_product', 'b', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(2);
  });
});

describe('createAnalytics: more page events', () => {
  it('a page hidden with nothing pending does not take the lease', () => {
    const { page, storage } = setup({ cartToken: 't' });
    page.emit('hide');
    expect(storage.data.has(LEASE)).toBe(false);
  });

  it('a hidden page leaves sending to the tab that holds the lease', () => {
    const beacon = vi.fn(() => true);
    const storage = memoryStorage({ [LEASE]: JSON.stringify({ o: 'other-tab', e: Date.now() + 5000 }) });
    const { q, page } = setup({ beacon, cartToken: 't' }, okCart, storage);
    q.track('view_product', 'a', 'filter');
    page.emit('hide');
    expect(beacon).not.toHaveBeenCalled();
  });

  it('a show event (visible again, back online) retries at once instead of waiting', async () => {
    let status = 503;
    const { q, net, page } = setup({ cartToken: 't', baseDelay: 30_000 }, () => reply(status));
    q.track('view_product', 'a', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(1);
    status = 200;
    page.emit('show');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(2);
    expect(q.getSnapshot().pending).toBe(0);
  });

  it('a storage event for another key is ignored; one for the pending list is picked up', async () => {
    const storage = memoryStorage();
    const { q, net, page } = setup({ cartToken: 't' }, okCart, storage);
    const rec = { id: 'other-tab-rec', tid: 's', pid: 'p', t: 't', u: 'view_product', a: 'filter', qs: '', r: '', sid: 'x' };
    storage.data.set(LIST, JSON.stringify([rec]));
    page.emit('storage', 'unrelated');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts()).toHaveLength(0);
    page.emit('storage', LIST);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.posts().map((p) => p.body?.['id'])).toEqual(['other-tab-rec']);
    expect(q.getSnapshot().pending).toBe(0);
  });
});

describe('createAnalytics: store contract', () => {
  it('hands subscribers frozen snapshots and a stable getSnapshot between changes', async () => {
    const { q } = setup({ cartToken: 't' });
    const seen: unknown[] = [];
    const off = q.subscribe(() => seen.push(q.getSnapshot()));
    const before = q.getSnapshot();
    expect(q.getSnapshot()).toBe(before);
    expect(Object.isFrozen(before)).toBe(true);
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((s) => Object.isFrozen(s))).toBe(true);
    expect(q.getSnapshot()).toMatchObject({ pending: 0, sending: false, storageMode: 'local', cartToken: 't' });
    off();
    const n = seen.length;
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(n);
  });

  it('destroy() stops timers and listeners, keeps records stored, and rejects later tracks', async () => {
    const { q, net, page, stored } = setup({ baseDelay: 100 }, (c) => (c.url === '/cart.js' ? reply(200, { token: 't', item_count: 1 }) : reply(500)));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    q.destroy();
    q.destroy();
    expect(page.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.posts()).toHaveLength(1);
    expect(stored()).toHaveLength(1);
    expect(() => q.track('view_product', 'p', 'filter')).toThrow('[@pkg/analytics] track() was called after destroy().');
    await expect(q.flush()).resolves.toMatchObject({ pending: 1 });
  });

  it('destroy() during the cart call: no retry of the cart call, no send', async () => {
    const { q, net } = setup({}, (c) => (c.url === '/cart.js' ? new Promise(() => {}) : reply(200)));
    q.track('view_product', 'p', 'filter');
    await vi.advanceTimersByTimeAsync(0);
    q.destroy();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.calls.map((c) => c.url)).toEqual(['/cart.js']);
  });
});
