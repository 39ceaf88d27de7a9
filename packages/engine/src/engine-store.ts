// Where the engine keeps what shoppers send it: carts, analytics records and back-in-stock
// requests. The engine reads and writes them only through this interface (synchronously, as it
// answers synchronously); `createMemoryStore` is the default, and a durable store (a database
// file) implements the same three parts.
import type { WireAnalyticsRecord } from '@pkg/core-filter';
import type { BackInStockRequest } from './engine-types';
import { LIMITS } from './limits';


export interface CartStore {
  /** The lines of a cart (variant id -> quantity, in the order first added), or undefined. */
  get(token: string): ReadonlyMap<string, number> | undefined;
  /** Saves a cart's lines; an unknown token creates the cart. */
  set(token: string, lines: ReadonlyMap<string, number>): void;
}

export interface AnalyticsStore {
  /** Keeps a record; false (and nothing kept) when a record with the same `id` is already kept. */
  add(record: WireAnalyticsRecord): boolean;
  /** The kept records, oldest first. */
  list(): WireAnalyticsRecord[];
}

export interface BackInStockStore {
  /** Keeps a request (its email already validated and trimmed). */
  add(entry: BackInStockRequest): void;
  /** The kept requests, oldest first. */
  list(): BackInStockRequest[];
}

export interface EngineStore {
  carts: CartStore;
  analytics: AnalyticsStore;
  backInStock: BackInStockStore;
}

/** The default store: in memory, each part bounded by LIMITS (the oldest entry dropped first). */
export function createMemoryStore(): EngineStore {
  const carts = new Map<string, Map<string, number>>();
  const records: WireAnalyticsRecord[] = [];
  const ids = new Set<string>();
  const requests: BackInStockRequest[] = [];
  return {
    carts: {
      get: (token) => carts.get(token),
      set(token, lines) {
        carts.set(token, new Map(lines));
        if (carts.size > LIMITS.carts) carts.delete(carts.keys().next().value as string);
      },
    },
    analytics: {
      add(record) {
        if (record.id !== undefined) {
          if (ids.has(record.id)) return false;
          ids.add(record.id);
        }
        records.push({ ...record });
        if (records.length > LIMITS.records) {
          const old = records.shift();
          if (old?.id !== undefined) ids.delete(old.id);
        }
        return true;
      },
      list: () => records.map((r) => ({ ...r })),
    },
    backInStock: {
      add(entry) {
        requests.push({ ...entry });
        if (requests.length > LIMITS.records) requests.shift();
      },
      list: () => requests.map((r) => ({ ...r })),
    },
  };
}
