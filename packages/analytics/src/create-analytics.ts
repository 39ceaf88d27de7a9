// The persisted analytics queue. Over 300 lines because persisting, sending, retrying, the cross-tab
// lease and the page-hide flush share one queue's state; the pure parts are in their own files.
import { createStore, type Store } from '@pkg/kit';
import {
  ACTIONS,
  SOURCES,
  readRecord,
  type AnalyticsAction,
  type AnalyticsRecord,
  type AnalyticsSource,
} from './analytics-record';
import { browserBeacon, browserContext, browserListen, browserStorage, browserUuid } from './browser-defaults';
import { readCartToken } from './read-cart-token';
import { parseRetryAfter, retryDelay } from './retry-delay';
import { createSafeStorage, type StorageLike } from './safe-storage';
import { UUID_V4 } from './uuid-v4';

/** What the queue reads of a fetch response. */
export interface ResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/** What the queue passes to fetch. */
export interface RequestInitLike {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  keepalive?: boolean;
  credentials?: 'same-origin';
  signal?: AbortSignal;
}

/** A `fetch`-compatible function (the global `fetch` fits). */
export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

/** Page events the queue reacts to: see {@link AnalyticsOptions.listen}. */
export type PageEvent = 'hide' | 'show' | 'storage';
export type PageEventListener = (event: PageEvent, key?: string | null) => void;

export interface TimersLike {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AnalyticsOptions {
  /** The analytics endpoint (`analyticsUrl`); each record is POSTed to it as JSON. */
  readonly url: string;
  /** The shop domain, sent as `tid`. */
  readonly shop: string;
  /** The cart JSON endpoint read for the cart token. Default `'/cart.js'`. */
  readonly cartUrl?: string;
  /** A cart token already known: no cart call is made. */
  readonly cartToken?: string;
  /** Where pending records, the session id and the sending lease live. Default `localStorage`; `null` keeps them in memory. */
  readonly storage?: StorageLike | null;
  /** Prefix of the storage keys. Default `'pkg-analytics'`. */
  readonly storageKey?: string;
  /** Default the global `fetch`. */
  readonly fetch?: FetchLike;
  /** Sends a body on page hide. Default `navigator.sendBeacon`; `null` uses `fetch` with `keepalive`. */
  readonly beacon?: ((url: string, body: string) => boolean) | null;
  /** Subscribes to page events (`hide`, `show`, `storage` with its key); returns the unsubscribe. Default: the browser's `visibilitychange`, `pagehide`, `online` and `storage` events. `null`: none. */
  readonly listen?: ((listener: PageEventListener) => () => void) | null;
  /** The `qs` and `r` fields of a new record. Default: the page's query string and `document.referrer`. */
  readonly context?: () => { qs: string; r: string };
  /** Default `Date.now`. */
  readonly now?: () => number;
  /** Default the global `setTimeout` / `clearTimeout`. */
  readonly timers?: TimersLike;
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Makes a v4 UUID (session and record ids). Default `crypto.randomUUID`, else `crypto.getRandomValues`. */
  readonly uuid?: () => string;
  /** Dev warnings. Default `console.warn`. */
  readonly warn?: (message: string) => void;
  /** First retry wait in ms (doubled each failure). Default 1000. */
  readonly baseDelay?: number;
  /** Longest wait between retries in ms, `Retry-After` included. Default 60000. */
  readonly maxDelay?: number;
  /** A request not answered in this many ms is aborted and retried. Default 10000. */
  readonly timeout?: number;
  /** How long a tab's sending lease outlives its last request or planned retry, in ms. Default 5000. */
  readonly leaseTtl?: number;
}

export interface AnalyticsSnapshot {
  /** Records waiting in storage (or memory) for a 200, from every tab. */
  readonly pending: number;
  /** A request is in flight. */
  readonly sending: boolean;
  /** The last failure (`'HTTP 503'`, `'Network error: ...'`), `null` after a success. */
  readonly lastError: string | null;
  readonly storageMode: 'local' | 'memory';
  readonly sessionId: string;
  /** `null` until the cart call answered (or gave up, then `''`). */
  readonly cartToken: string | null;
}

export interface TrackExtra {
  readonly qs?: string;
  readonly r?: string;
}

/** The analytics queue: a `Store` of its status (`@pkg/kit`'s contract: `subscribe(listener)`, `getSnapshot()`). */
export interface Analytics extends Store<AnalyticsSnapshot> {
  /**
   * Records an interaction, stores it and sends it as soon as it can. For `add_to_cart` and
   * `buy_now`, a missing product id (and a missing source, for the same product) comes from the
   * last `quick_view`. Throws on a wrong action, source or product id (programming errors).
   */
  track(action: AnalyticsAction, productId?: string | number, source?: AnalyticsSource, extra?: TrackExtra): AnalyticsRecord;
  /** Sends now, skipping a retry wait; resolves once the queue is empty, waiting to retry, or destroyed. */
  flush(): Promise<AnalyticsSnapshot>;
  /** Stops listening and timers, aborts a request in flight and releases the lease; records stay stored. */
  destroy(): void;
}

const fail = (message: string): never => {
  throw new Error('[@pkg/analytics] ' + message);
};
/** F7.3: one delayed retry of the cart call. */
export const CART_RETRY_DELAY = 1000;
const noop = (): void => {};
const oneOf = (kind: string, value: unknown, list: readonly string[]): void => {
  if (!list.includes(value as string)) fail(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `Unknown ${kind} ${JSON.stringify(value)}: use one of ${list.join(', ')}.` : `Unknown ${kind}`);
};

/** Creates the persisted analytics queue. See the README for the storage keys and the rules. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const o = options ?? {};
  const url = o.url || fail(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? 'createAnalytics() needs options.url, the analytics endpoint.' : 'options.url missing');
  const shop = o.shop || fail(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? 'createAnalytics() needs options.shop, the shop domain (tid).' : 'options.shop missing');
  const now = o.now ?? Date.now;
  // globalThis: its setTimeout is read at each call, so timers installed later (fakes) are used.
  const timers: TimersLike = o.timers ?? globalThis;
  const later = (f: () => void, ms: number): unknown => timers.setTimeout(f, ms);
  const clear = (h: unknown): void => {
    if (h != null) timers.clearTimeout(h);
  };
  const warn = o.warn ?? ((m: string) => console.warn(m));
  const uuid = o.uuid ?? browserUuid;
  const { baseDelay = 1000, maxDelay = 60_000, timeout = 10_000, leaseTtl = 5000 } = o;
  const key = o.storageKey ?? 'pkg-analytics';
  const LIST = key + ':pending';
  const SID = key + ':sid';
  const LEASE = key + ':lease';
  const kv = createSafeStorage(() => (o.storage === undefined ? browserStorage() : o.storage), warn);
  const me = uuid();

  let sid = kv.get(SID);
  if (!sid || !UUID_V4.test(sid)) kv.set(SID, (sid = uuid()));

  /** `undefined`: not asked yet; `null`: the cart call is under way; a string: known. */
  let token: string | null | undefined = o.cartToken;
  let pending = 0;
  let dead = false;
  let lastError: string | null = null;
  let failures = 0;
  let timer: unknown = null;
  let leaseWait = false;
  let cartTimer: unknown = null;
  /** The last quick_view record, for attribution. */
  let quick: AnalyticsRecord | null = null;
  /** The id of the record in flight, `''` when none. */
  let inFlight = '';
  const waiters: Array<(s: AnalyticsSnapshot) => void> = [];
  let warnedGarbage = false;
  const hidden = new Set<string>();
  const aborts = new Set<AbortController>();
  const store = createStore({} as AnalyticsSnapshot);
  const snap = store.getSnapshot;

  const emit = (): void => {
    const next: AnalyticsSnapshot = {
      pending,
      sending: !!inFlight,
      lastError,
      storageMode: kv.mode(),
      sessionId: sid,
      cartToken: token ?? null,
    };
    if (JSON.stringify(next) !== JSON.stringify(snap())) store.set(next);
  };
  const settle = (): void => {
    emit();
    waiters.splice(0).forEach((f) => f(snap()));
  };

  /** The JSON value stored under `k` (`[]` when there is none), `undefined` when it is not JSON. */
  const load = (k: string): unknown => {
    try {
      return JSON.parse(kv.get(k) ?? '[]');
    } catch {
      return undefined;
    }
  };
  const readList = (): AnalyticsRecord[] => {
    const parsed = load(LIST);
    const all: unknown[] = Array.isArray(parsed) ? parsed : [];
    const list = all.map(readRecord).filter((r) => r !== null);
    if (list.length < all.length || !Array.isArray(parsed)) {
      if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
        if (!warnedGarbage) warn(`[@pkg/analytics] Ignored unreadable data in storage key "${LIST}".`);
        warnedGarbage = true;
      }
      writeList(list);
    }
    pending = list.length;
    return list;
  };
  const writeList = (list: AnalyticsRecord[]): void => {
    if (list.length) kv.set(LIST, JSON.stringify(list));
    else kv.del(LIST);
    pending = list.length;
  };
  /** The pending records neither in flight nor handed to the beacon. */
  const unsent = (): AnalyticsRecord[] => readList().filter((r) => !hidden.has(r.id) && r.id !== inFlight);
  const remove = (record: AnalyticsRecord): void => {
    writeList(readList().filter((r) => r.id !== record.id));
  };

  // The lease: `{o: owner, e: expiry}` under LEASE. Only its holder sends; see the README.
  // Any missing or unreadable lease reads as free: a wrong `o` is not us, a wrong `e` gives NaN (not > 0).
  const readLease = () => load(LEASE) as { o?: unknown; e?: unknown } | null | undefined;
  const hold = (ms: number): void => kv.set(LEASE, JSON.stringify({ o: me, e: now() + ms + leaseTtl }));
  const release = (): void => {
    if (readLease()?.o === me) kv.del(LEASE);
  };
  /** 0 when this queue holds the lease (taking it if free), else the ms until it expires. */
  const acquire = (): number => {
    const l = readLease();
    const w = l?.o !== me ? (l?.e as number) - now() : 0;
    if (w > 0 && w <= maxDelay + timeout + leaseTtl) return w;
    hold(timeout);
    return 0;
  };

  // async: a fetch that throws synchronously gives a rejected promise, like a network error.
  const call = async (to: string, init: RequestInitLike): Promise<ResponseLike> => (o.fetch ?? fetch)(to, init);
  const postInit = (r: AnalyticsRecord): RequestInitLike => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...r, ct: token ?? '' }),
    keepalive: true,
  });
  /** A call aborted after `timeout` ms or on destroy(). */
  const request = (to: string, init: RequestInitLike): Promise<ResponseLike> => {
    const c = new AbortController();
    aborts.add(c);
    const h = later(() => c.abort(), timeout);
    return call(to, { ...init, signal: c.signal }).finally(() => {
      clear(h);
      aborts.delete(c);
    });
  };

  const wait = (ms: number, lease = false): void => {
    leaseWait = lease;
    timer = later(kick, ms);
    settle();
  };
  const kick = (): void => {
    clear(timer);
    timer = null;
    pump();
  };

  const loadToken = (retry = false): void => {
    token = null;
    request(o.cartUrl ?? '/cart.js', {})
      .then(async (res) => (res.status === 200 ? readCartToken(await res.json()) : null))
      .catch(() => null)
      .then((t) => {
        if (dead) return;
        if (t === null) {
          if (!retry) return void (cartTimer = later(() => loadToken(true), CART_RETRY_DELAY));
          if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
            warn('[@pkg/analytics] The cart call failed twice: sending with an empty cart token.');
          }
        }
        token = t ?? '';
        pump();
      });
  };

  const post = async (r: AnalyticsRecord): Promise<void> => {
    let status = 0;
    let after: number | null = null;
    let error: unknown;
    try {
      const res = await request(url, postInit(r));
      status = res.status;
      after = parseRetryAfter(res.headers.get('retry-after'), now());
    } catch (e) {
      error = e;
    }
    if (status === 200) remove(r);
    if (dead) return;
    inFlight = '';
    lastError = status === 200 ? null : status ? 'HTTP ' + status : `Network error (${error})`;
    if (status === 200) failures = 0;
    else if (!status || status === 408 || status === 429 || status >= 500) {
      const d = Math.min(maxDelay, Math.max(retryDelay(++failures, baseDelay, maxDelay, o.random ?? Math.random), after ?? 0));
      hold(d);
      return wait(d);
    } else {
      remove(r);
      if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
        warn(`[@pkg/analytics] Dropped record ${r.id}: HTTP ${status} is not retried.`);
      }
    }
    pump();
  };

  function pump(): void {
    if (dead || inFlight || timer !== null) return;
    const todo = unsent();
    if (!todo.length) {
      release();
      return settle();
    }
    if (token == null) {
      if (token === undefined) loadToken();
      return emit();
    }
    const w = acquire();
    if (w) return wait(w + 1, true);
    // Oldest first; after n > 1 failures in a row, the (n-1)-th next one, so that a record that
    // keeps failing does not hold the others back.
    const next = todo[Math.max(failures - 1, 0) % todo.length]!;
    inFlight = next.id;
    emit();
    void post(next);
  }

  /** Page hide: hand every pending record to the beacon (or a keepalive fetch), if this tab may send. */
  const onHide = (): void => {
    const list = unsent();
    if (!list.length || acquire()) return;
    const beacon = o.beacon === undefined ? browserBeacon() : o.beacon;
    for (const r of list) {
      hidden.add(r.id);
      const init = postInit(r);
      // Not through request(): a keepalive request is meant to outlive the page (and destroy()).
      if (!beacon?.(url, init.body!)) {
        call(url, init).then((res) => {
          if (res.status === 200) remove(r);
        }, noop);
      }
    }
    emit();
  };

  const unlisten = (o.listen === undefined ? browserListen : (o.listen ?? (() => noop)))((event, k) => {
    if (dead) return;
    if (event === 'hide') onHide();
    else if (event === 'show') {
      hidden.clear();
      kick();
    } else if (k == null || k === LIST || k === LEASE) {
      if (leaseWait) kick();
      else pump();
    }
  });

  emit();
  pump();

  return {
    // pid and a (the product id and source) are completed from the last quick view.
    track(action, pid, a, extra) {
      if (dead) fail('track() was called after destroy().');
      oneOf('action', action, ACTIONS);
      const buys = action === 'add_to_cart' || action === 'buy_now';
      if (buys) {
        // The cart was empty when its token was read; an add has just made one, so read it again.
        if (token === '') token = undefined;
        if (quick && (pid == null || String(pid) === quick.pid)) {
          pid = quick.pid;
          a ??= quick.a;
        }
      }
      if (typeof pid === 'number' ? !Number.isFinite(pid) : typeof pid !== 'string' || !pid.trim()) {
        fail(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `track("${action}") needs a product id (string or number)${buys ? ' or an earlier quick_view' : ''}.` : 'product id missing');
      }
      oneOf('source', a, SOURCES);
      pid = String(pid);
      const ctx = (o.context ?? browserContext)();
      const record: AnalyticsRecord = Object.freeze({
        id: uuid(),
        tid: shop,
        pid,
        t: new Date(now()).toISOString(),
        u: action,
        a: a!,
        qs: extra?.qs ?? ctx.qs,
        r: extra?.r ?? ctx.r,
        sid,
      });
      if (action === 'quick_view') quick = record;
      writeList([...readList(), record]);
      emit();
      pump();
      return record;
    },
    flush: () =>
      new Promise((resolve) => {
        if (dead) return resolve(snap());
        waiters.push(resolve);
        kick();
      }),
    subscribe: store.subscribe,
    getSnapshot: snap,
    destroy() {
      if (dead) return;
      dead = true;
      unlisten();
      clear(timer);
      clear(cartTimer);
      aborts.forEach((c) => c.abort());
      release();
      inFlight = '';
      settle();
      store.destroy();
    },
  };
}
