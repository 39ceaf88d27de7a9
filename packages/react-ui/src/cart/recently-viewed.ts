/** The part of the Storage interface the recently-viewed list uses. */
export interface RecentlyViewedStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface RecentlyViewedOptions {
  /** Default: `localStorage`, resolved when first needed; null (or unavailable) keeps nothing. */
  storage?: RecentlyViewedStorage | null;
  /** Storage key (default 'pkg-recently-viewed'). */
  key?: string;
  /** How many ids are kept, newest first (default 12). */
  limit?: number;
}

export interface RecentlyViewed {
  /** Puts a viewed product first (moving it when already there) and drops the oldest past `limit`. */
  record(id: string | number): readonly string[];
  /** Newest first. */
  list(): readonly string[];
  clear(): void;
}

function browserStorage(): RecentlyViewedStorage | null {
  try {
    // Reading localStorage throws when storage is disabled (privacy modes, sandboxed frames).
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const ID = /^[^\s]{1,100}$/;

/**
 * A bounded list of viewed product ids in storage. Disabled, full or corrupt storage never
 * throws: a failed read gives an empty list, a failed write is dropped (the list then lives
 * for this page only), and entries that are not short ids are ignored.
 */
export function createRecentlyViewed(options: RecentlyViewedOptions = {}): RecentlyViewed {
  const key = options.key ?? 'pkg-recently-viewed';
  const limit = Math.max(1, Math.floor(options.limit ?? 12) || 12);
  let storage: RecentlyViewedStorage | null | undefined = options.storage;
  const store = () => (storage === undefined ? (storage = browserStorage()) : storage);
  let memory: readonly string[] | null = null;
  const read = (): readonly string[] => {
    if (memory) return memory;
    try {
      const parsed: unknown = JSON.parse(store()?.getItem(key) ?? '[]');
      if (!Array.isArray(parsed)) return [];
      const ids = parsed.map((x) => (typeof x === 'number' && Number.isFinite(x) ? String(x) : x)).filter((x): x is string => typeof x === 'string' && ID.test(x));
      return [...new Set(ids)].slice(0, limit);
    } catch {
      return [];
    }
  };
  return {
    record(id) {
      const s = String(id);
      if (!ID.test(s)) return read();
      const next = [s, ...read().filter((x) => x !== s)].slice(0, limit);
      try {
        store()?.setItem(key, JSON.stringify(next));
        memory = null;
      } catch {
        memory = next;
      }
      return next;
    },
    list: read,
    clear() {
      memory = null;
      try {
        store()?.removeItem(key);
      } catch {
        // Nothing to clear in unavailable storage.
      }
    },
  };
}
