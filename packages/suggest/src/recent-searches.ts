// The recent-searches store (S5.4, S9.10): trimmed, de-duplicated, newest first, 10 stored,
// 3 shown; tolerant of malformed storage and of storage that throws.
import { isBadInput } from '@pkg/core-filter';
import { normalizeTerm } from '@pkg/core-filter/search';
import { defaultLocalStorage, type StorageLike } from './browser-defaults';

export interface RecentSearchesOptions {
  /** localStorage by default; `null` keeps the list in memory only. */
  storage?: StorageLike | null;
  key?: string;
  /** How many are stored (S9.10: 10) and shown (S9.10: 3). */
  store?: number;
  show?: number;
}

export interface RecentSearches {
  /** Everything stored, newest first. */
  all(): readonly string[];
  /** The first `show` entries, for the on-click block. */
  shown(): readonly string[];
  /** Saves a term; empty or bad terms are ignored (S5.4). Returns the new list. */
  add(term: string): readonly string[];
  clear(): void;
}

const clean = (list: readonly unknown[], max: number): string[] => {
  const out: string[] = [];
  for (const v of list) {
    const t = normalizeTerm(v);
    if (t && !isBadInput(t) && !out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t);
  }
  return out.slice(0, max);
};

/**
 * Creates the store. The stored value is a JSON array of strings; anything else reads as empty,
 * and bad entries found in storage are dropped. Write failures are ignored: the list then lives
 * on in memory for this page.
 */
export function createRecentSearches(options: RecentSearchesOptions = {}): RecentSearches {
  const key = options.key ?? 'pkg-suggest:recent-searches';
  const max = options.store ?? 10;
  const show = options.show ?? 3;
  let memory: string[] | undefined;
  const storage = (): StorageLike | undefined => (options.storage === null ? undefined : (options.storage ?? defaultLocalStorage()));
  const read = (): string[] => {
    if (memory) return memory;
    try {
      const v: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
      return (memory = Array.isArray(v) ? clean(v, max) : []);
    } catch {
      return (memory = []);
    }
  };
  const write = (list: string[]): string[] => {
    memory = list;
    try {
      storage()?.setItem(key, JSON.stringify(list));
    } catch {
      // S5.4: storage write failures are ignored.
    }
    return list;
  };
  return {
    all: () => [...read()],
    shown: () => read().slice(0, show),
    add: (term) => {
      const t = normalizeTerm(term);
      return t && !isBadInput(t) ? [...write(clean([t, ...read()], max))] : [...read()];
    },
    clear: () => void write([]),
  };
}
