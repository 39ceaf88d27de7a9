// The filter controller's snapshot: its types, its first value and the parts derived from an
// answer (pagination, listing message).
import type { FilterOption, FilterOptionCore } from './filter-option';
import type { ClearType, FilterState } from './filter-state';
import { collectionUrl } from './links';
import type { Banner } from './banners';
import type { Product } from './normalize-product';
import type { PageContext } from './page-context';
import { formatLabel } from './format-label';
import type { ControllerSettings, Settings } from './settings';
import type { TransportError } from './transport';
import type { EventType } from './wire';

export type { ClearType };

/** The event types of filter requests (S2.18, F9.9): the wire's, less the suggestion ones. */
export type FilterEventType = Exclude<EventType, 'suggest' | 'suggest_dym'>;

export interface PaginationState {
  readonly type: Settings['filter']['paginationType'];
  /** The last page loaded (the page shown for default pagination). */
  readonly currentPage: number;
  /** Next page for load-more/infinite; null when everything is shown (S4.13). */
  readonly nextPage: number | null;
  /** Previous page for load-previous; null below page 2 (S4.14). */
  readonly previousPage: number | null;
  readonly lastPage: number;
  readonly hasMore: boolean;
  readonly canLoadPrevious: boolean;
}

export interface TreeUpdate {
  /** Whether the filter tree data was rebuilt by the last answer (F4.22). */
  readonly rebuilt: boolean;
  /** Partial re-render (F4.23): only these options need rendering; empty when `partial` is false. */
  readonly partial: boolean;
  readonly optionIds: readonly string[];
}

export interface ListingMessage {
  readonly key: 'noFilterResult' | 'noProducts' | 'noSearchResult' | 'searchEmptyResult' | 'requestRefused';
  readonly text: string;
  /** Search: the term the UI shows in bold and the all-products link (S8.5). */
  readonly terms?: string;
  readonly allProductsUrl?: string;
}

/**
 * The controller's snapshot. `P` is the product type its answer reader gives: `Product` with
 * `normalizeFilterAnswer` (createFilterController's), the service's objects as sent (`unknown`)
 * with the default reader of `createFilterControllerWith`.
 */
export interface FilterSnapshot<P = Product, O extends FilterOptionCore = FilterOption, S extends ControllerSettings = Settings> {
  /**
   * The settings: `Settings`, or `ControllerSettings` for a controller without the `view` part
   * (the settings only views read are there only where the input gave them).
   */
  readonly settings: S;
  readonly page: PageContext;
  /** Not fetched, then fetched after the first answer (F4.22). */
  readonly fetched: boolean;
  readonly status: 'idle' | 'loading' | 'success' | 'error';
  readonly eventType: FilterEventType | null;
  /** The committed state (what the address bar and the last request say). */
  readonly state: FilterState;
  /** Uncommitted changes waiting for Apply (F4.7); null when nothing is pending. */
  readonly pending: FilterState | null;
  /** The options: `FilterOption`s, or `FilterOptionCore`s (no view fields) without the `view` part. */
  readonly options: readonly O[];
  readonly products: readonly P[];
  /** How many products of the whole list come before the first shown one (pages not shown). */
  readonly productOffset: number;
  /** Merchandising banners of the last answer, placed among products by `placeBanners`. */
  readonly banners: readonly Banner[];
  readonly totalProduct: number;
  readonly pagination: PaginationState;
  readonly tree: TreeUpdate;
  /** Loading flags the skeleton and spinners need (S4.18). */
  readonly loading: { readonly products: boolean; readonly more: boolean; readonly previous: boolean; readonly skeleton: boolean };
  readonly message: ListingMessage | null;
  /** Search with zero products on first load (S2.23). */
  readonly noResult: boolean;
  readonly clearAllVisible: boolean;
  readonly error: TransportError | null;
  readonly didYouMean: readonly string[];
}

export const EMPTY: readonly never[] = /* @__PURE__ */ Object.freeze([]);
export const NOT_LOADING: FilterSnapshot['loading'] = /* @__PURE__ */ Object.freeze({ products: false, more: false, previous: false, skeleton: false });

/** The snapshot before the first answer (F4.22: not fetched). */
export function initialSnapshot<P>(settings: ControllerSettings, ctx: PageContext, state: FilterState): FilterSnapshot<P, FilterOptionCore, ControllerSettings> {
  return {
    settings,
    page: ctx,
    fetched: false,
    status: 'idle',
    eventType: null,
    state,
    pending: null,
    options: EMPTY,
    products: EMPTY,
    productOffset: 0,
    banners: EMPTY,
    totalProduct: 0,
    pagination: { type: settings.filter.paginationType, currentPage: state.page, nextPage: null, previousPage: null, lastPage: 1, hasMore: false, canLoadPrevious: false },
    tree: { rebuilt: false, partial: false, optionIds: EMPTY },
    loading: NOT_LOADING,
    message: null,
    noResult: false,
    clearAllVisible: false,
    error: null,
    didYouMean: EMPTY,
  };
}

/** The last page for `total` products at `limit` a page: 1 when there are none. */
export const lastPageFor = (total: number, limit: number): number => Math.max(1, Math.ceil(total / Math.max(1, limit)));

/** Pagination for `total` products when pages `firstPage`..`lastPage` are shown (S4.13, S4.14). */
export function paginationFor(settings: ControllerSettings, total: number, limit: number, firstPage: number, lastPage: number): PaginationState {
  const f = settings.filter;
  const last = lastPageFor(total, limit);
  const shown = (lastPage - firstPage + 1) * limit;
  const hasMore = lastPage < last && shown < total;
  return {
    type: f.paginationType,
    currentPage: lastPage,
    nextPage: hasMore ? lastPage + 1 : null,
    previousPage: firstPage >= 2 ? firstPage - 1 : null,
    lastPage: last,
    hasMore,
    canLoadPrevious: f.loadPreviousPage && firstPage >= 2,
  };
}

/**
 * A listing message: its key, its text from the settings' labels with `extra`'s `{{ terms }}`
 * filled ('' when the settings hold no text for it: a controller made without the English texts),
 * and `extra`.
 */
export function messageFor(settings: ControllerSettings, key: ListingMessage['key'], extra: Omit<ListingMessage, 'key' | 'text'> = {}): ListingMessage {
  return { key, text: formatLabel(settings.labels[key], extra), ...extra };
}

/**
 * The message shown instead of an empty listing (S8.3, S8.4, S8.5; null when there are products),
 * or, `refused`, instead of the listing of a request the service refused (its term filled in). A
 * part of `createFilterControllerWith` (`messages: listingMessage`): `createFilterController`
 * passes it; without it the snapshot's `message` stays null.
 */
export function listingMessage(settings: ControllerSettings, ctx: PageContext, state: FilterState, total: number, refused?: boolean): ListingMessage | null {
  if (refused) return messageFor(settings, 'requestRefused', state.q ? { terms: state.q } : {});
  if (total > 0) return null;
  if (Object.keys(state.filters).length || state.collectionScope) return messageFor(settings, 'noFilterResult');
  if (ctx.isSearchPage) return messageFor(settings, 'searchEmptyResult', { terms: state.q, allProductsUrl: collectionUrl(ctx, 'all') });
  // F8.2: a collection searched with the in-collection box (S4.16) that has nothing for the words.
  if (state.q && !ctx.isVendorPage && !ctx.isTypePage) return messageFor(settings, 'noSearchResult', { terms: state.q });
  return messageFor(settings, 'noProducts');
}

/** What `listingMessage` is, as a controller part. */
export type ListingMessages = typeof listingMessage;
