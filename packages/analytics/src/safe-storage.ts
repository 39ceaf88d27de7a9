/** The part of the Web Storage API the queue uses (`localStorage` fits). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  del(key: string): void;
  /** 'local' while the storage works; 'memory' once it is missing or has thrown. */
  mode(): 'local' | 'memory';
}

/**
 * Wraps a storage so that nothing throws: every value is also kept in memory, and the first time
 * the storage throws (disabled, `SecurityError`, `QuotaExceededError`) it switches to memory for
 * good and says so once through `warn`. `resolve` is called lazily, on the first access; when it
 * returns `null` (no storage at all, as on a server) memory is used without a warning.
 */
export function createSafeStorage(resolve: () => StorageLike | null, warn: (message: string) => void): SafeStorage {
  const mem = new Map<string, string | null>();
  let store: StorageLike | null | undefined;
  const use = (fn: (s: StorageLike) => void): void => {
    try {
      if (store === undefined) store = resolve();
      if (store) fn(store);
    } catch (e) {
      store = null;
      if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
        warn(`[@pkg/analytics] Local storage is not usable (${e}): records are kept in memory for this page only.`);
      }
    }
  };
  return {
    get(key) {
      use((s) => mem.set(key, s.getItem(key)));
      return mem.get(key) ?? null;
    },
    set(key, value) {
      mem.set(key, value);
      use((s) => s.setItem(key, value));
    },
    del(key) {
      mem.delete(key);
      use((s) => s.removeItem(key));
    },
    mode: () => (store ? 'local' : 'memory'),
  };
}
