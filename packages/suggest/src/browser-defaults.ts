// The only file of this package that names browser globals. Every default is resolved lazily,
// when first needed; importing the package touches nothing.

/** A Storage-like object (localStorage by default). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function defaultLocalStorage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function defaultPathname(): string {
  return typeof location === 'undefined' ? '/' : location.pathname;
}

/** Full-page navigation through location.assign; a no-op without a location. */
export function defaultNavigate(url: string): void {
  if (typeof location !== 'undefined') location.assign(url);
}
