// The address-bar part of the filter controller (S2.14-S2.19, F5.8): writes of committed states,
// back/forward moves with their scroll positions, and the path and title of a multi-level
// collection move, all through url-state's router and its history seam. `createFilterController`
// passes it; a `createFilterControllerWith` page without it keeps its states in memory
// (filter-navigation.ts's `fixedAddress`).
import { activeScheme } from '@pkg/url-state';
import { browserHistory, createRouter } from '@pkg/url-state/router';
import { defaultWindow } from './browser-defaults';
import { fixedAddress, linksAt, type AddressPart } from './filter-navigation';
import type { FilterState } from './filter-state';
import { collectionUrl, documentTitle } from './links';
import { fromUrlState, toUrlState } from './url-adapter';

/** What an entry keeps besides its address: the collection scope a path move chose (F4.15). */
type EntryData = { readonly scope?: string };

/**
 * The controller's address-bar part: reads the first state from the address (resetting a bad
 * one, F5.8), writes each committed state as a history entry keeping the parameters the product
 * does not own (S2.14, S2.15), restores the state and scroll position of an entry on back and
 * forward (S2.16), and moves the path and title for a multi-level collection (F4.15, S2.19).
 * The history is `options.history` (a memory or framework history), else the browser history of
 * `options.window` (the browser's window by default); `null` for either turns sync off.
 */
export const syncAddressBar: AddressPart = (settings, ctx, urlConfig, options) => {
  const win = options.window === null ? null : (options.window ?? defaultWindow());
  const history = options.history === null ? null : (options.history ?? (win && browserHistory(win)));
  if (!history) return fixedAddress(settings, ctx, urlConfig, options);
  const router = createRouter({ config: urlConfig, history });
  // S2.15: scheme 0 on this page kind writes no query; a collection move still changes the path.
  const writes = activeScheme(urlConfig) > 0;
  // On a collection page the scope is the path's collection, so the path and this data keep it.
  const data = (state: FilterState): EntryData => (ctx.isCollectionPage && state.collectionScope ? { scope: state.collectionScope } : {});
  const fromEntry = (url: Parameters<typeof fromUrlState>[2], entry: unknown): FilterState => {
    const state = fromUrlState(settings, ctx, url, urlConfig);
    const scope = (entry as EntryData | undefined)?.scope;
    return typeof scope === 'string' && scope ? { ...state, collectionScope: scope } : state;
  };
  const write = (state: FilterState, replace?: boolean, move?: { path: string; title?: string }): void => {
    // With scheme 0 the address keeps what it has; only a path move is written.
    const url = writes ? toUrlState(state, urlConfig) : router.read().state;
    const entry = { data: data(state), ...move };
    if (replace) router.replace(url, entry);
    else if (writes || move) router.push(url, entry);
  };
  return {
    read: () => fromEntry(router.read().state, router.data()),
    listen: (onMove) => router.subscribe((change) => onMove({ state: fromEntry(change.state, change.data), scroll: change.scroll })),
    push: (state) => write(state),
    replace: (state) => write(state, true),
    moveToCollection(state, handle, label) {
      const title = documentTitle(label, settings.shop.name);
      // The router sets the title with the entry, unless the page sets it itself.
      write(state, false, { path: collectionUrl(ctx, handle), ...(!options.setTitle && { title }) });
      options.setTitle?.(title);
    },
    scrollTo: router.scrollTo,
    href: linksAt(urlConfig, history),
  };
};
