// `@pkg/url-state/router`: the router and the browser history it uses by default.
import { browserHistory } from './browser-defaults';

export { browserHistory };
import type { FilterUrlState } from './filter-url-state';
import { encodeFormComponent as encode } from './form-encoding';
import { readLocation, resetPath, type LocationParts, type LocationRead } from './read-location';
import { isBadUrl } from './screen';
import { serializeQuery } from './serialize-query';
import type { UrlConfig } from './url-config';

/** The slice of `window` the browser history uses; a fake one makes it testable without a DOM. */
export interface RouterWindow {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: {
    readonly state: unknown;
    pushState(data: unknown, unused: string, url?: string | null): void;
    replaceState(data: unknown, unused: string, url?: string | null): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
  /** The page's title and scroll position, when the window has a page (browsers do). */
  readonly document?: { title: string };
  readonly scrollY?: number;
  scrollTo?(x: number, y: number): void;
}

/**
 * The address-bar seam: everything a router reads and writes goes through it. `browserHistory`
 * (the default) is the page's `history`; `createMemoryHistory` (`@pkg/url-state/memory`) keeps
 * entries in memory for tests and server rendering; a framework supplies its own (Next.js
 * `router.push(url, undefined, { shallow: true })`, Remix `navigate(url, { replace, state })`).
 */
export interface RouterHistory {
  /** The current address. */
  location(): { readonly pathname: string; readonly search: string; readonly hash: string };
  /** The data stored with the current entry (`history.state` in a browser). */
  data(): unknown;
  /** Adds an entry for `url` (path and query) holding `data`, and makes it current. */
  push(url: string, data: unknown): void;
  /** Replaces the current entry. */
  replace(url: string, data: unknown): void;
  /** Calls `listener` after each back/forward move (popstate); returns how to stop. */
  listen(listener: () => void): () => void;
  /** Optional: the page's title (read with no argument, set with one); undefined without a page. */
  title?(next?: string): string | undefined;
  /** Optional: the page's vertical scroll position (read with no argument, set with one); undefined without a page. */
  scroll?(next?: number): number | undefined;
}

/** What a listener hears when the shopper moves through history (S2.16). */
export interface RouteChange {
  /** The state read from the new address; refetch with it. */
  readonly state: FilterUrlState;
  /** The `event_type` of the refetch. */
  readonly eventType: 'history';
  /** True when the address was bad and has been replaced by a clean one (F5.8). */
  readonly reset: boolean;
  /** The path of the new entry (it differs from the first page's after a collection move). */
  readonly path: string;
  /** What the write of this entry stored with it (`RouterWrite.data`), if anything. */
  readonly data: unknown;
  /** The scroll position the entry was left at, to restore once its content is shown. */
  readonly scroll: number | undefined;
}

/** Options of one write. */
export interface RouterWrite {
  /** Another path on the same site (a collection move); the current path by default. */
  readonly path?: string;
  /** The page title of the new entry, set now and again whenever history returns to it. */
  readonly title?: string;
  /** Anything structured-cloneable the app needs back on a move to this entry. */
  readonly data?: unknown;
}

export interface RouterOptions {
  readonly config: UrlConfig;
  /** The address-bar seam; the page's history (through `window`) by default. */
  readonly history?: RouterHistory;
  /** The window for the default browser history; looked up on first use (never at import or creation). */
  readonly window?: RouterWindow;
}

export interface Router {
  /** Reads the current address; a bad one is replaced by its clean path at once (F5.8). */
  read(): LocationRead;
  /** The path and query for a state (on `path`, the current path by default), keeping foreign parameters. */
  href(state: FilterUrlState, path?: string): string;
  /** Adds a history entry for the state; false (and nothing written) when the address would not change. */
  push(state: FilterUrlState, write?: RouterWrite): boolean;
  /** Replaces the current entry, keeping its history data (scroll records live there). */
  replace(state: FilterUrlState, write?: RouterWrite): boolean;
  /** Hears back/forward moves; a move that changes only the hash is ignored. Returns unsubscribe. */
  subscribe(listener: (change: RouteChange) => void): () => void;
  /** Scrolls the page (through the seam) to a position a RouteChange carried. */
  scrollTo(y: number): void;
  /** What the write of the current entry stored with it (`RouterWrite.data`), if anything. */
  data(): unknown;
}

// The router's part of an entry's data (title, scroll, app data) sits under one key.
const KEY = 'pkgRouter';
type Meta = { title?: string | undefined; scroll?: number | undefined; data?: unknown; key?: number };
const obj = (v: unknown): Record<string, unknown> => (typeof v == 'object' && v ? (v as Record<string, unknown>) : {});
const metaOf = (data: unknown): Meta => obj(obj(data)[KEY]);

/**
 * A small router that owns the address bar through a {@link RouterHistory}: reads, writes and
 * back/forward moves. Every write keeps the parameters this package does not own (`utm_source`,
 * `preview_theme_id`, a theme's own) in their order, after ours.
 */
export function createRouter({ config, history, window }: RouterOptions): Router {
  const listeners = new Set<(change: RouteChange) => void>();
  const seam = (): RouterHistory => (history ??= browserHistory(window));
  const where = () => seam().location();
  const address = (): string => where().pathname + where().search;
  // Path and query last read or written: a popstate that leaves them as they are moved only the hash.
  let current: string | undefined;
  let stop: (() => void) | undefined;
  // Scroll positions of entries left by a back/forward move (their data cannot be written then), by entry key.
  const scrolls: Record<string, number | undefined> = {};
  const keyOf = () => `${metaOf(seam().data()).key}`;
  let at: string | undefined; // the current entry's key

  const read = (): LocationRead => {
    const result = readLocation(where(), config);
    if (result.reset) seam().replace(result.path, seam().data());
    current = address();
    return result;
  };
  const href = (state: FilterUrlState, path = where().pathname): string => {
    const extra = { ...readLocation(where(), config).state.extra, ...state.extra };
    const query = [serializeQuery({ ...state, extra: {} }, config)];
    for (const key in extra) for (const value of extra[key]!) query.push(`${encode(key)}=${encode(value)}`);
    return `${path}?${query.filter(Boolean).join('&')}`.replace(/\?$/, '');
  };
  // The body of push (no argument) and of replace (true).
  const write = (replace?: boolean) => (state: FilterUrlState, { path, ...meta }: RouterWrite = {}): boolean => {
    const h = seam();
    const url = href(state, path);
    const data = h.data();
    if (url == address()) return false;
    const title = h.title?.();
    const keep = (extra: Meta) => ({ ...obj(data), [KEY]: { ...metaOf(data), ...extra } });
    if (replace) h.replace(url, path || Object.keys(meta).length ? keep(meta) : data);
    else {
      // The entry left behind remembers its title and scroll position for a move back to it.
      const scroll = h.scroll?.();
      if (title !== undefined || scroll !== undefined) h.replace(address(), keep({ title, scroll }));
      const key = Math.random();
      h.push(url, { [KEY]: { title, ...meta, key } });
      at = `${key}`;
    }
    if (meta.title != undefined) h.title?.(meta.title);
    current = address();
    return true;
  };
  const onPopState = (left: string): void => {
    scrolls[left] = seam().scroll?.();
    if (address() == current) return;
    const { state, reset } = read();
    const { title, data, scroll } = metaOf(seam().data());
    if (title != undefined) seam().title?.(title);
    const change = { state, eventType: 'history', reset, path: where().pathname, data, scroll: scrolls[keyOf()] ?? scroll } as const;
    for (const listener of listeners) listener(change);
  };

  return {
    read,
    href,
    push: write(),
    replace: write(true),
    subscribe(listener) {
      if (!listeners.size) {
        current ??= address();
        at ??= keyOf();
        stop = seam().listen(() => {
          const left = at!;
          at = keyOf();
          onPopState(left);
        });
      }
      listeners.add(listener);
      return () => {
        if (listeners.delete(listener) && !listeners.size) stop!();
      };
    },
    scrollTo: (y) => void seam().scroll?.(y),
    data: () => metaOf(seam().data()).data,
  };
}

const ignore = (): void => {};

/**
 * A {@link RouterHistory} that stays at one address: for a page whose history sync is off (a
 * server render, a page that keeps its states in memory), whose links are still built at its
 * address. Writes and listeners do nothing. A bad address (S5.1) stands at its clean path with no
 * query, where a router's read would reset it (F5.8), so nothing of it is read or kept in links.
 */
export function fixedHistory(location: Omit<LocationParts, 'search'> & { readonly search?: string }): RouterHistory {
  const { pathname, hash = '' } = location;
  const search = location.search ? `?${location.search.replace(/^\?/, '')}` : '';
  const at = isBadUrl(pathname + search + hash) ? { pathname: resetPath(pathname), search: '', hash: '' } : { pathname, search, hash: '' };
  return { location: () => at, data: ignore, push: ignore, replace: ignore, listen: () => ignore };
}
