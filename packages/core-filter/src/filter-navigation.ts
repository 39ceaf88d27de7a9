// The filter's side of the address: what a controller reads at first load, the writes of committed
// states, back/forward moves and the links of states (S2.12-S2.19, F5.8). The writes and moves are
// a controller part, `syncAddressBar` (address-bar.ts); this file holds what a page without it
// still uses: the first read of the page's address and the one builder of a state's link, shared
// by both. Nothing here touches `history` itself.
import { activeScheme, parseQuery, type RouterHistory, type RouterWindow, type UrlConfig } from '@pkg/url-state';
import { createRouter, fixedHistory } from '@pkg/url-state/router';
import type { FilterState } from './filter-state';
import { toolbarUrl } from './links';
import type { PageContext } from './page-context';
import type { ControllerSettings } from './settings';
import { fromUrlState, toUrlState } from './url-adapter';

/** A page address: a path and its query (with or without the `?`). */
export type PageAddress = { readonly pathname: string; readonly search?: string };

export interface NavigationOptions {
  /** The page address; read when there is no history. */
  readonly location: PageAddress;
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

/**
 * What the controller asks of the address: `syncAddressBar`'s, or the fixed address of a page
 * without it, which only reads and builds links (its states stay in the controller's memory).
 */
export interface FilterNavigation {
  /** The state the address holds now (a bad address is reset first, F5.8). */
  read(initial: FilterState): FilterState;
  /** Hears back/forward moves with the state of the new entry (S2.16). Returns unsubscribe. */
  listen?(onMove: (move: NavigationMove) => void): () => void;
  /** A new history entry for a committed state. */
  push?(state: FilterState): void;
  /** Rewrites the current entry (load more: the page grows in place). */
  replace?(state: FilterState): void;
  /** A multi-level collection move on a collection page: new path and title (F4.15, S2.19). */
  moveToCollection?(state: FilterState, handle: string, label: string): void;
  /** Scrolls to a position a move carried. */
  scrollTo?(y: number): void;
  /**
   * The link (path and query) of a state on the current page, keeping the parameters the product
   * does not own. Built from the state and the address the navigation was given, never from a
   * browser global, so a server render and the browser's first render make the same links.
   */
  href(state: FilterState): string;
}

/** The address-bar part's signature (`FilterControllerParts.address`). */
export type AddressPart = (settings: ControllerSettings, ctx: PageContext, urlConfig: UrlConfig, options: NavigationOptions) => FilterNavigation;

/**
 * The one builder of a state's link at the address `history` is at (S2.12, S2.15): the state's
 * query after the parameters the product does not own; with scheme 0 on this page kind filters
 * stay out of the address and only the page changes the link.
 */
export function linksAt(urlConfig: UrlConfig, history: RouterHistory): (state: FilterState) => string {
  const router = createRouter({ config: urlConfig, history });
  return (state) => {
    const at = history.location();
    // A scheme of 1 or 2 writes the state; 0 writes nothing (S2.15).
    return activeScheme(urlConfig) ? router.href(toUrlState(state, urlConfig)) : toolbarUrl(at.pathname, at.search, { page: state.page });
  };
}

/**
 * The address of a page whose controller has no address-bar part (or whose history sync is off):
 * the first load reads the page's address, states stay in the controller's memory (no history
 * write, no back/forward move, no title) and links are built at that address. A bad address
 * (S5.1, F5.8) is read as its clean path, as the part would reset it: the first state is the
 * clean one and no link keeps the bad query; the address itself is the page's to change.
 */
export const fixedAddress: AddressPart = (settings, ctx, urlConfig, { location }) => {
  const history = fixedHistory(location);
  const { search } = history.location();
  return {
    read: (initial) => (search ? fromUrlState(settings, ctx, parseQuery(search, urlConfig), urlConfig) : initial),
    href: linksAt(urlConfig, history),
  };
};
