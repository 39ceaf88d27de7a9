// The filter's side of the address bar (S2.14-S2.19, F5.8): which state the address holds at
// first load, writes of committed states and back/forward moves. Every read and write goes
// through url-state's router and its history seam; nothing here touches `history` itself.
import { activeScheme, parseQuery, type RouterHistory, type RouterWindow } from '@pkg/url-state';
import { browserHistory, createRouter, type Router } from '@pkg/url-state/router';
import { defaultWindow } from './browser-defaults';
import type { FilterState } from './filter-state';
import { collectionUrl, documentTitle, toolbarUrl } from './links';
import type { PageContext } from './page-context';
import type { Settings } from './settings';
import { createUrlConfigFor, fromUrlState, toUrlState } from './url-adapter';

export interface NavigationOptions {
  /** The page address; read when there is no history. */
  readonly location: { pathname: string; search?: string };
  /** The address-bar seam (a memory or framework history); the browser's history by default. */
  readonly history?: RouterHistory | null | undefined;
  /** The window of the default browser history; `null` turns history sync off. */
  readonly window?: RouterWindow | null | undefined;
  /** Sets the document title (S2.19); the history's title (document.title) by default, with the entry. */
  readonly setTitle?: ((title: string) => void) | undefined;
}

/** A back/forward move: the entry's state, and its scroll position to restore once shown. */
export interface NavigationMove {
  readonly state: FilterState;
  readonly scroll: number | undefined;
}

export interface FilterNavigation {
  readonly urlConfig: ReturnType<typeof createUrlConfigFor>;
  /** The state the address holds now (a bad address is reset first, F5.8). */
  read(initial: FilterState): FilterState;
  /** Hears back/forward moves with the state of the new entry (S2.16). Returns unsubscribe. */
  listen(onMove: (move: NavigationMove) => void): () => void;
  /** A new history entry for a committed state. */
  push(state: FilterState): void;
  /** Rewrites the current entry (load more: the page grows in place). */
  replace(state: FilterState): void;
  /** A multi-level collection move on a collection page: new path and title (F4.15, S2.19). */
  moveToCollection(state: FilterState, handle: string, label: string): void;
  /** Scrolls to a position a move carried. */
  scrollTo(y: number): void;
  /**
   * The link (path and query) of a state on the current page, keeping the parameters the product
   * does not own. Built from the state and the address the navigation was given, never from a
   * browser global, so a server render and the browser's first render make the same links.
   */
  href(state: FilterState): string;
}

/** What an entry keeps besides its address: the collection scope a path move chose (F4.15). */
type EntryData = { readonly scope?: string };

export function createFilterNavigation(settings: Settings, ctx: PageContext, options: NavigationOptions): FilterNavigation {
  const urlConfig = createUrlConfigFor(settings, ctx);
  const win = options.window === null ? undefined : (options.window ?? defaultWindow());
  const history = options.history === null ? undefined : (options.history ?? (win ? browserHistory(win) : undefined));
  const router: Router | undefined = history && createRouter({ config: urlConfig, history });
  const loc = options.location;
  // Links need a router even with history sync off: one over the fixed address, writing nothing.
  const linker: Router = router ?? createRouter({ config: urlConfig, history: fixedHistory(loc) });
  // S2.15: scheme 0 on this page kind writes no query; a collection move still changes the path.
  const writes = activeScheme(urlConfig) !== 0;
  // On a collection page the scope is the path's collection, so the path and this data keep it.
  const data = (state: FilterState): EntryData => (ctx.isCollectionPage && state.collectionScope ? { scope: state.collectionScope } : {});
  const fromEntry = (url: Parameters<typeof fromUrlState>[2], entry: unknown): FilterState => {
    const state = fromUrlState(settings, ctx, url, urlConfig);
    const scope = (entry as EntryData | undefined)?.scope;
    return typeof scope === 'string' && scope ? { ...state, collectionScope: scope } : state;
  };
  const write = (state: FilterState, replace?: boolean, path?: string, title?: string): void => {
    if (!router) return;
    // With scheme 0 the address keeps what it has; only a path move is written.
    const url = writes ? toUrlState(state, urlConfig) : router.read().state;
    const options = { data: data(state), ...(path ? { path } : {}), ...(title !== undefined ? { title } : {}) };
    if (replace) router.replace(url, options);
    else if (writes || path) router.push(url, options);
  };
  return {
    urlConfig,
    read(initial) {
      if (router) return fromEntry(router.read().state, router.data());
      if (loc.search) return fromUrlState(settings, ctx, parseQuery(loc.search, urlConfig), urlConfig);
      return initial;
    },
    listen(onMove) {
      return router ? router.subscribe((change) => onMove({ state: fromEntry(change.state, change.data), scroll: change.scroll })) : () => {};
    },
    push: (state) => write(state),
    replace: (state) => write(state, true),
    moveToCollection(state, handle, label) {
      const title = documentTitle(label, settings.shop.name);
      write(state, false, collectionUrl(ctx, handle), options.setTitle ? undefined : title);
      options.setTitle?.(title);
    },
    scrollTo: (y) => router?.scrollTo(y),
    href(state) {
      if (writes) return linker.href(toUrlState(state, urlConfig));
      // Scheme 0 keeps filters out of the address; only the page changes the link (S2.12).
      const at = router ? history!.location() : { pathname: loc.pathname, search: loc.search ?? '' };
      return toolbarUrl(at.pathname, at.search, { page: state.page });
    },
  };
}

/** A history that stays at one address: links for a page whose history sync is off (a server render). */
function fixedHistory(loc: { pathname: string; search?: string }): RouterHistory {
  const at = { pathname: loc.pathname, search: loc.search ? (loc.search.startsWith('?') ? loc.search : `?${loc.search}`) : '', hash: '' };
  return { location: () => at, data: () => null, push: () => {}, replace: () => {}, listen: () => () => {} };
}
