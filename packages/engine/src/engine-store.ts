// Where the engine keeps what must outlive a request: carts, analytics events, the searches it
// answered (for insights) and back-in-stock requests. The engine reads and writes them only
// through this interface. `createMemoryStore` (the default: the browser, msw, tests) answers at
// once; the SQLite store (`@pkg/engine/store`) too; the PostgreSQL store answers with promises,
// which `engine.handleAsync` and the Node server wait for before they answer.
import type { WireAnalyticsRecord } from '@pkg/core-filter';
import type { BackInStockRequest } from './engine-types';
import { LIMITS } from './limits';

/** A value now (memory, SQLite) or later (PostgreSQL). */
export type MaybePromise<T> = T | Promise<T>;

/** One analytics record as stored: the wire record with its id required and the time it arrived. */
export interface AnalyticsEvent extends WireAnalyticsRecord {
  id: string;
  /** When the engine received it (ms since 1970); insights date ranges read this time. */
  receivedAt: number;
}

/** One filter, search or suggestion request the engine answered, logged for insights. */
export interface SearchLogEntry {
  /** When it was answered (ms since 1970). */
  at: number;
  kind: 'filter' | 'search' | 'suggest';
  /** The search term (spaces collapsed), '' on filter pages. */
  q: string;
  /** The session id the client sent (`sid`), '' when none. */
  sid: string;
  /** Products matched. */
  total: number;
  page: number;
  limit: number;
  /** Ids of the products answered on this page, in order (position = page offset + index + 1). */
  productIds: string[];
  /** Selected filter values: option id and value. */
  filters: Array<{ option: string; value: string }>;
  /** The client's `event_type` (`init`, `filter`, `page`, `suggest`, ...). */
  eventType: string;
}

/** A back-in-stock request as stored, with the time it arrived. */
export interface BackInStockEntry extends BackInStockRequest {
  at: number;
}

/** An inclusive time range in ms since 1970; an end left out is open. */
export interface TimeRange {
  from?: number;
  to?: number;
}

export interface CartStore {
  /** The lines of a cart (variant id -> quantity, in the order first added), or undefined. */
  get(token: string): MaybePromise<ReadonlyMap<string, number> | undefined>;
  /** Saves a cart's lines; an unknown token creates the cart. */
  set(token: string, lines: ReadonlyMap<string, number>): MaybePromise<void>;
}

export interface AnalyticsStore {
  /**
   * Keeps the events whose id is new, all or none (one transaction); when the answer is there
   * they are committed. Duplicates (an id already kept) are counted and skipped.
   */
  add(events: readonly AnalyticsEvent[]): MaybePromise<{ accepted: number; duplicates: number }>;
  /** Events received in the range, oldest first. */
  list(range?: TimeRange): MaybePromise<AnalyticsEvent[]>;
  count(range?: TimeRange): MaybePromise<number>;
}

export interface SearchLogStore {
  add(entry: SearchLogEntry): MaybePromise<void>;
  /** Entries answered in the range, oldest first. */
  list(range?: TimeRange): MaybePromise<SearchLogEntry[]>;
}

export interface BackInStockStore {
  /** Keeps a request (its email already validated and trimmed). */
  add(entry: BackInStockEntry): MaybePromise<void>;
  /** The kept requests, oldest first. */
  list(): MaybePromise<BackInStockEntry[]>;
}

export interface EngineStore {
  readonly kind: 'memory' | 'sqlite' | 'postgres';
  carts: CartStore;
  analytics: AnalyticsStore;
  searches: SearchLogStore;
  backInStock: BackInStockStore;
  /** Closes the database (nothing for memory). */
  close(): MaybePromise<void>;
}

/** `f(value)` now, or once the promise resolved: keeps synchronous stores synchronous. */
export function andThen<T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

export const inRange = (t: number, range: TimeRange = {}): boolean => (range.from === undefined || t >= range.from) && (range.to === undefined || t <= range.to);

/** The default store: in memory, each part bounded by LIMITS (the oldest entry dropped first). */
export function createMemoryStore(): EngineStore {
  const carts = new Map<string, Map<string, number>>();
  const events: AnalyticsEvent[] = [];
  const ids = new Set<string>();
  const searches: SearchLogEntry[] = [];
  const requests: BackInStockEntry[] = [];
  const bound = <T>(list: T[], dropped?: (x: T) => void) => {
    // The shift is its own statement: as the argument of `dropped?.(...)` it would not run when
    // there is no `dropped` (optional calls skip their arguments), and the loop would never end.
    while (list.length > LIMITS.records) {
      const old = list.shift() as T;
      dropped?.(old);
    }
  };
  return {
    kind: 'memory',
    carts: {
      get: (token) => carts.get(token),
      set(token, lines) {
        carts.set(token, new Map(lines));
        if (carts.size > LIMITS.carts) carts.delete(carts.keys().next().value as string);
      },
    },
    analytics: {
      add(list) {
        let accepted = 0;
        for (const e of list) {
          if (ids.has(e.id)) continue;
          ids.add(e.id);
          events.push({ ...e });
          accepted++;
        }
        bound(events, (old) => ids.delete(old.id));
        return { accepted, duplicates: list.length - accepted };
      },
      list: (range) => events.filter((e) => inRange(e.receivedAt, range)).map((e) => ({ ...e })),
      count: (range) => (range ? events.filter((e) => inRange(e.receivedAt, range)).length : events.length),
    },
    searches: {
      add(entry) {
        searches.push(entry);
        bound(searches);
      },
      list: (range) => searches.filter((s) => inRange(s.at, range)),
    },
    backInStock: {
      add(entry) {
        requests.push({ ...entry });
        bound(requests);
      },
      list: () => requests.map((r) => ({ ...r })),
    },
    close() {},
  };
}
