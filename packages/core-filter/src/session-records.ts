// What the filter keeps in session storage: the loaded page range for load-previous (S4.14) and
// the scroll-restore record of the last product click (S3.8, S4.15). Storage failures are ignored.
import { defaultSessionStorage, type StorageLike } from './browser-defaults';

const KEY = 'pkg-core-filter:';

export interface ScrollRecord {
  readonly productId: string;
  readonly page: number;
  readonly position: number;
  readonly offset: number;
  readonly url: string;
}

export interface SessionRecords {
  /** Stores the loaded pages (S4.14). */
  storePages(firstPage: number, lastPage: number, previousEvent: boolean): void;
  storeScroll(record: ScrollRecord): void;
  /** Reads and clears the scroll record if it was stored for `url` (S4.15). */
  takeScroll(url: string): ScrollRecord | null;
}

/**
 * The session records over `storage` (the browser's `sessionStorage` when undefined; `null` keeps
 * nothing). A controller part: `createFilterController` passes it, `createFilterControllerWith`
 * keeps no records (no scroll restore, S4.15) unless given `records: createSessionRecords`.
 */
export function createSessionRecords(given?: StorageLike | null): SessionRecords {
  const storage = given === null ? undefined : (given ?? defaultSessionStorage());
  const store = (key: string, value: unknown): void => {
    try {
      storage?.setItem(KEY + key, JSON.stringify(value));
    } catch {
      // Storage failures are ignored.
    }
  };
  return {
    storePages(firstPage, lastPage, previousEvent) {
      store('currentPage', lastPage);
      store('nextPage', lastPage + 1);
      store('previousPage', firstPage - 1);
      store('previousEvent', previousEvent);
    },
    storeScroll: (record) => store('scroll', record),
    takeScroll(url) {
      try {
        const key = `${KEY}scroll`;
        const raw = storage?.getItem(key);
        storage?.removeItem(key);
        const r = (raw ? JSON.parse(raw) : null) as Partial<ScrollRecord> | null;
        return r && typeof r === 'object' && r.url === url && typeof r.position === 'number' ? (r as ScrollRecord) : null;
      } catch {
        return null;
      }
    },
  };
}
