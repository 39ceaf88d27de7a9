// The only file of this package that names browser globals. Every function here is called
// lazily, when the queue first needs it, never at import time, and each one is safe to call
// where the global is missing (server rendering, Node, workers).
import type { StorageLike } from './safe-storage';
import type { PageEventListener } from './create-analytics';
import { uuidV4 } from './uuid-v4';

/** `window.localStorage`, or `null` when there is none. Throws when access is denied. */
export function browserStorage(): StorageLike | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

/** `navigator.sendBeacon`, or `null` when the browser has none. */
export function browserBeacon(): ((url: string, body: string) => boolean) | null {
  return typeof navigator !== 'undefined' && navigator.sendBeacon ? (url, body) => navigator.sendBeacon(url, body) : null;
}

/**
 * Listens to the page: `hide` on `visibilitychange` to hidden and on `pagehide`; `show` on
 * `visibilitychange` to visible and on `online`; `storage` (with the key) when another tab
 * changed local storage. Returns the function that stops listening.
 */
export function browserListen(listener: PageEventListener): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
  const on: Array<[EventTarget, string, (e: Event) => void]> = [
    [document, 'visibilitychange', () => listener(document.visibilityState === 'hidden' ? 'hide' : 'show')],
    [window, 'pagehide', () => listener('hide')],
    [window, 'online', () => listener('show')],
    [window, 'storage', (e) => listener('storage', (e as StorageEvent).key)],
  ];
  on.forEach(([t, type, f]) => t.addEventListener(type, f));
  return () => on.forEach(([t, type, f]) => t.removeEventListener(type, f));
}

/** The page's query string (without `?`) and referrer, for the `qs` and `r` fields. */
export function browserContext(): { qs: string; r: string } {
  return {
    qs: typeof location === 'undefined' ? '' : location.search.slice(1),
    r: typeof document === 'undefined' ? '' : document.referrer,
  };
}

/**
 * A random v4 UUID from `crypto.getRandomValues` (available in every browser, also outside
 * secure contexts, unlike `crypto.randomUUID`), or from `Math.random` as a last resort.
 */
export function browserUuid(): string {
  const c = globalThis.crypto;
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else bytes.forEach((_, i) => (bytes[i] = Math.random() * 256)); // Uint8Array truncates
  return uuidV4(bytes);
}
