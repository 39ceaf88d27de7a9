// The filter's side of the address bar (S2.14-S2.19, F5.8): which state the address holds at
// first load, writes of committed states and back/forward moves, all through url-state's router.
import { createRouter, parseQuery, type Router, type RouterWindow } from '@pkg/url-state';
import { defaultDocument, defaultWindow } from './browser-defaults';
import type { FilterState } from './filter-state';
import { collectionUrl, documentTitle } from './links';
import type { PageContext } from './page-context';
import type { Settings } from './settings';
import { createUrlConfigFor, fromUrlState, toUrlState } from './url-adapter';

export interface NavigationOptions {
  /** The page address; read when history sync is off. */
  readonly location: { pathname: string; search?: string };
  /** The window for history sync; `null` turns history sync off. Browser window by default. */
  readonly window?: RouterWindow | null | undefined;
  /** Sets the document title (S2.19); document.title by default. */
  readonly setTitle?: ((title: string) => void) | undefined;
}

export interface FilterNavigation {
  readonly urlConfig: ReturnType<typeof createUrlConfigFor>;
  /** The state the address holds now (a bad address is reset first, F5.8). */
  read(initial: FilterState): FilterState;
  /** Hears back/forward moves with the state of the new entry (S2.16). Returns unsubscribe. */
  listen(onMove: (state: FilterState) => void): () => void;
  /** A new history entry for a committed state. */
  push(state: FilterState): void;
  /** Rewrites the current entry (load more: the page grows in place). */
  replace(state: FilterState): void;
  /** A multi-level collection move on a collection page: new path and title (F4.15, S2.19). */
  moveToCollection(handle: string, label: string): void;
}

export function createFilterNavigation(settings: Settings, ctx: PageContext, options: NavigationOptions): FilterNavigation {
  const f = settings.filter;
  const urlConfig = createUrlConfigFor(settings, ctx);
  const win = options.window === null ? undefined : (options.window ?? defaultWindow());
  // S2.15: scheme 0 (on this page kind) never touches the address bar.
  const onCollection = ctx.isCollectionPage || ctx.isSearchPage;
  const scheme = onCollection ? f.urlScheme : (f.urlSchemeNonCollection ?? f.urlScheme);
  const router: Router | undefined = win && scheme !== 0 ? createRouter({ config: urlConfig, window: win }) : undefined;
  const loc = options.location;
  return {
    urlConfig,
    read(initial) {
      if (router) return fromUrlState(settings, ctx, router.read().state, urlConfig);
      if (loc.search) return fromUrlState(settings, ctx, parseQuery(loc.search, urlConfig), urlConfig);
      return initial;
    },
    listen(onMove) {
      return router ? router.subscribe((change) => onMove(fromUrlState(settings, ctx, change.state, urlConfig))) : () => {};
    },
    push: (state) => void router?.push(toUrlState(state, urlConfig)),
    replace: (state) => void router?.replace(toUrlState(state, urlConfig)),
    moveToCollection(handle, label) {
      if (!win) return;
      win.history.pushState(null, '', collectionUrl(ctx, handle));
      (options.setTitle ?? ((t: string) => {
        const d = defaultDocument();
        if (d) d.title = t;
      }))(documentTitle(label, settings.shop.name));
    },
  };
}
