// The thin adapter between this package's FilterState and @pkg/url-state's FilterUrlState.
// The vendor/type move (S5.11, F5.3) is url-state's one reading, `movedParam`.
import { createUrlConfig, movedParam, toApiParams as urlApiParams, type FilterUrlState, type UrlConfig } from '@pkg/url-state';
import { scopeFromFilters } from './collection-scope';
import { createFilterState, defaultSort, type FilterState, type OptionFlags } from './filter-state';
import type { PageContext } from './page-context';
import type { ControllerSettings } from './settings';

/** The url-state configuration for the settings and the page. Throws on bad URL settings. */
export function createUrlConfigFor(settings: ControllerSettings, ctx: PageContext): UrlConfig {
  const f = settings.filter;
  return createUrlConfig({
    prefix: f.filterPrefix,
    scheme: f.urlScheme,
    schemeOutsideCollections: f.urlSchemeNonCollection ?? f.urlScheme,
    shortNames: f.shortenUrlParamList,
    termKey: f.searchTermKey,
    vendorParam: f.vendorParam,
    typeParam: f.typeParam,
    defaults: { sort: defaultSort(settings, ctx), limit: f.limit, display: f.defaultDisplay, tab: f.defaultTab },
    pageKind: ctx.isVendorPage ? 'vendor' : ctx.isTypePage ? 'type' : ctx.isSearchPage ? 'search' : ctx.isCollectionPage ? 'collection' : ctx.isTagPage ? 'tag' : 'other',
  });
}

/** The address-bar part of a state; values equal to defaults are dropped by serializeQuery. */
export function toUrlState(state: FilterState, config?: UrlConfig): FilterUrlState {
  const moved = config && movedParam(config);
  return {
    filters: moved && state.q ? { ...state.filters, [moved]: [state.q] } : state.filters,
    flags: state.flags,
    page: state.page,
    sort: state.sort,
    limit: state.limit,
    display: state.display,
    tab: state.tab,
    ...(state.q && !moved ? { term: state.q } : {}),
    extra: {},
  };
}

/**
 * A state from an address-bar state (popstate, first read); bad page/limit fall back (S5.6). On
 * vendor and type pages the vendor/type parameter is the page's `q`, not a shopper filter.
 */
export function fromUrlState(settings: ControllerSettings, ctx: PageContext, url: FilterUrlState, config?: UrlConfig): FilterState {
  const moved = config && movedParam(config);
  const filters: Record<string, readonly string[]> = { ...url.filters };
  const movedValue = moved ? filters[moved]?.[0] : undefined;
  if (moved) delete filters[moved];
  const scope = scopeFromFilters(settings, ctx, url.filters);
  // The address's flags, page, limit, sort, display and tab as they are: createFilterState takes
  // the default of a missing (undefined or empty) value, and its fallback for an unreadable limit
  // (NaN, S5.6); it reads no other field.
  return createFilterState(settings, ctx, { ...url, filters, q: movedValue ?? url.term ?? '', collectionScope: scope });
}

const PAGING = new Set(['page', 'limit', 'sort', 'display', 'q']);

/** The filter part of a request in the API's bracket form, through url-state's toApiParams. */
export function toApiParams(config: UrlConfig, filters: Readonly<Record<string, readonly string[]>>, flags: Readonly<Record<string, OptionFlags>>): [string, string][] {
  return urlApiParams({ filters, flags, page: 1, extra: {} }, config).filter(([k]) => !PAGING.has(k));
}
