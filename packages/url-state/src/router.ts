import { getDefaultWindow } from './browser-defaults';
import type { FilterUrlState } from './filter-url-state';
import { readLocation, type LocationRead } from './read-location';
import { serializeQuery } from './serialize-query';
import type { UrlConfig } from './url-config';

/** The slice of `window` the router uses; a fake one makes it testable without a DOM. */
export interface RouterWindow {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: {
    readonly state: unknown;
    pushState(data: unknown, unused: string, url?: string | null): void;
    replaceState(data: unknown, unused: string, url?: string | null): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

/** What a listener hears when the shopper moves through history (S2.16). */
export interface RouteChange {
  /** The state read from the new address; refetch with it. */
  readonly state: FilterUrlState;
  /** The `event_type` of the refetch. */
  readonly eventType: 'history';
  /** True when the address was bad and has been replaced by a clean one (F5.8). */
  readonly reset: boolean;
}

export interface RouterOptions {
  readonly config: UrlConfig;
  /** Defaults to the page's `window`, looked up on first use (never at import or creation). */
  readonly window?: RouterWindow;
}

export interface Router {
  /** Reads the current address; a bad one is replaced by its clean path at once (F5.8). */
  read(): LocationRead;
  /** The path and query for a state on the current page. */
  href(state: FilterUrlState): string;
  /** Adds a history entry for the state; false (and nothing written) when the address would not change. */
  push(state: FilterUrlState): boolean;
  /** Replaces the current entry, keeping its history state (scroll records live there). */
  replace(state: FilterUrlState): boolean;
  /** Hears back/forward moves; a move that changes only the hash is ignored. Returns unsubscribe. */
  subscribe(listener: (change: RouteChange) => void): () => void;
}

/** A small router that owns `history.pushState` / `replaceState` and `popstate`. */
export function createRouter({ config, window }: RouterOptions): Router {
  const listeners = new Set<(change: RouteChange) => void>();
  const win = (): RouterWindow => (window ??= getDefaultWindow());
  const address = (): string => win().location.pathname + win().location.search;
  // Path and query last read or written: a popstate that leaves them as they are moved only the hash.
  let current: string | undefined;

  const read = (): LocationRead => {
    const result = readLocation(win().location, config);
    if (result.reset) win().history.replaceState(null, '', result.path);
    current = address();
    return result;
  };
  const href = (state: FilterUrlState): string => `${win().location.pathname}?${serializeQuery(state, config)}`.replace(/\?$/, '');
  // The body of push (no argument) and of replace (true).
  const write = (replace?: boolean) => (state: FilterUrlState): boolean => {
    const url = href(state);
    const { history } = win();
    if (url == address()) return false;
    if (replace) history.replaceState(history.state, '', url);
    else history.pushState(null, '', url);
    current = address();
    return true;
  };
  const onPopState = (): void => {
    if (address() == current) return;
    const { state, reset } = read();
    for (const listener of listeners) listener({ state, eventType: 'history', reset });
  };

  return {
    read,
    href,
    push: write(),
    replace: write(true),
    subscribe(listener) {
      if (!listeners.size) {
        current ??= address();
        win().addEventListener('popstate', onPopState);
      }
      listeners.add(listener);
      return () => {
        if (listeners.delete(listener) && !listeners.size) win().removeEventListener('popstate', onPopState);
      };
    },
  };
}
