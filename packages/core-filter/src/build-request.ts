// Request building (F7.1, S1.5, S7.3-S7.5, wire-format.md): pure, returns URL and params.
import type { FilterOptionCore } from './filter-option';
import { collectionRequestParams, isCollectionTagParam } from './collection-scope';
import { requestPaging, defaultSort, type FilterState } from './filter-state';
import { withLocale } from './links';
import type { PageContext } from './page-context';
import type { AnswerReader, RequestFilters } from './read-answer';
import type { ControllerSettings, PanelName, Settings } from './settings';
import type { UrlConfig } from '@pkg/url-state';
import { createUrlConfigFor, toApiParams, toUrlState } from './url-adapter';

export type Params = ReadonlyArray<readonly [string, string]>;

export interface RequestSpec {
  /** Endpoint without query. */
  readonly url: string;
  readonly params: Params;
}

export interface FilterRequestInput {
  settings: ControllerSettings;
  ctx: PageContext;
  state: FilterState;
  eventType: string;
  /** The current options, to read the tag mode of collection-tag params (F5.2). */
  options?: readonly FilterOptionCore[];
  /** Session id (analytics), sent as `sid`. */
  sid?: string | undefined;
  /** Timestamp for `t`; pass the injected clock's now. */
  now: number;
  /** The url-state configuration; made from the settings when absent. */
  urlConfig?: UrlConfig;
  /** For load-more/infinite: ask page N with the plain limit instead of limit x page from 1. */
  pageOnly?: boolean;
  /**
   * The answer reader the shopper chose from: its request side (`requestFilters`, S1.5) turns the
   * filters back into what the service reads. With `normalizeFilterAnswer`, price selections made
   * in the shown currency are sent in the shop's; without a request side, filters are sent as chosen.
   */
  readAnswer?: Pick<AnswerReader<unknown>, 'requestFilters'> | undefined;
}

/** Appends params to a URL, form-encoded. */
export function toUrl(spec: RequestSpec): string {
  const q = spec.params.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B%5D$/, '[]')}=${encodeURIComponent(v)}`).join('&');
  return q ? `${spec.url}${spec.url.includes('?') ? '&' : '?'}${q}` : spec.url;
}

/** Common params: shop, locale (several published locales), currency params (S1.5). */
function commonParams(settings: ControllerSettings, out: Array<[string, string]>): void {
  const g = settings.general;
  const f = settings.filter;
  out.push(['shop', settings.shop.domain]);
  if (Object.keys(g.published_locales).length > 1 && g.current_locale) out.push(['locale', g.current_locale]);
  if (f.multiCurrency && !f.convertPriceInBrowser && g.current_currency) {
    out.push(['currency', g.current_currency.toLowerCase()], ['currency_rate', String(g.currency_rate)]);
    if (g.country) out.push(['country', g.country]);
  }
}

/** True on search pages and on collection pages with a term (F7.1). */
export function usesSearchEndpoint(ctx: PageContext, state: FilterState): boolean {
  return ctx.isSearchPage || (ctx.isCollectionPage && !ctx.isVendorPage && !ctx.isTypePage && state.q.trim() !== '');
}

/** The filter or search call (F7.1) with every parameter; the transport adds `callback`. */
export function buildFilterRequest(input: FilterRequestInput): RequestSpec {
  const { settings, ctx, state, eventType } = input;
  const f = settings.filter;
  const g = settings.general;
  const search = usesSearchEndpoint(ctx, state);
  let url = search ? settings.api.searchUrl : settings.api.filterUrl;
  // On search pages a panel segment is appended when the display is not products (F7.1).
  if (ctx.isSearchPage && state.tab && state.tab !== 'products') url = `${url.replace(/\/$/, '')}/${state.tab}`;
  const paging = requestPaging(settings, state, !input.pageOnly);
  const out: Array<[string, string]> = [
    ['t', String(input.now)],
    ['_', f.filterPrefix.replace(/_$/, '')],
  ];
  // Every value is sent as its string (booleans as 'true' / 'false').
  const add = (key: string, value: unknown): void => void out.push([key, String(value)]);
  commonParams(settings, out);
  add('page', paging.page);
  add('limit', paging.limit);
  add('sort', state.sort || defaultSort(settings, ctx));
  add('display', state.display);
  const urlConfig = input.urlConfig ?? createUrlConfigFor(settings, ctx);
  // F5.2, F4.10: collection scope and tags, read in one place.
  const collection = collectionRequestParams(settings, ctx, state, urlConfig, input.options);
  add('collection_scope', collection.scope);
  for (const t of collection.tags) add('tag', t);
  if (collection.tagMode) add('tag_mode', collection.tagMode);
  if (f.priceMode) add('price_mode', f.priceMode);
  add('product_available', f.productAvailable);
  add('variant_available', f.variantAvailable);
  if (f.inventoryBaseSelectedLocations) add('inventory_base_selected_locations', true);
  if (f.location) add('location', f.location);
  add('zero_options', f.zeroOptions);
  add('build_filter_tree', !f.eventsKeepingTree.includes(eventType));
  const filtered = Object.keys(state.filters).length > 0 || !!state.collectionScope;
  add('check_cache', f.checkCache && !filtered && state.page === 1 && state.sort === defaultSort(settings, ctx) && state.limit === f.limit && !ctx.isSearchPage && !ctx.isVendorPage && !ctx.isTypePage && !state.q);
  if (f.variantsAsProducts) add('variants_as_products', true);
  if (f.sortFirst) add('sort_first', f.sortFirst);
  if (g.theme_id !== '' && g.theme_id !== 0) add('theme_id', g.theme_id);
  if (input.sid) add('sid', input.sid);
  add('event_type', eventType);
  // Vendor and type pages move q into their own parameter (S5.11, F5.3): the address bar's move.
  const { filters } = toUrlState(state, urlConfig);
  if (search && state.q) {
    add('q', state.q);
    add('fuzzy', f.fuzzy);
    if (f.reduceMinMatch !== null) add('reduce_min_match', f.reduceMinMatch);
    add('full_min_match', f.fullMinMatch);
    add('enable_plus_character_search', f.enablePlusCharacterSearch);
    if (!ctx.isSearchPage) add('incollection_search', true);
  }
  const sent: RequestFilters = {};
  for (const [k, v] of Object.entries(filters)) if (!isCollectionTagParam(settings, k)) sent[k] = v;
  out.push(...toApiParams(urlConfig, input.readAnswer?.requestFilters?.(settings, sent) ?? sent, state.flags));
  return { url, params: out };
}

/** Search-page panel calls: `searchUrl/collections` and `searchUrl/pages` (wire-format.md). */
export function buildPanelRequest(settings: Settings, panel: Exclude<PanelName, 'products'>, term: string, page: number, now: number, sid?: string): RequestSpec {
  const out: Array<[string, string]> = [['t', String(now)]];
  commonParams(settings, out);
  out.push(['q', term], ['page', String(Math.max(1, Math.floor(page) || 1))], ['limit', String(settings.filter.panels[panel].pageSize)]);
  if (sid) out.push(['sid', sid]);
  out.push(['event_type', 'init']);
  return { url: `${settings.api.searchUrl.replace(/\/$/, '')}/${panel}`, params: out };
}

/** Collection description call: `{collection path}?view=desc` (S7.3). */
export function buildCollectionDescriptionRequest(ctx: PageContext, handle: string): RequestSpec {
  return { url: withLocale(ctx, `/collections/${encodeURIComponent(handle || 'all')}`), params: [['view', 'desc']] };
}

/** Theme product HTML calls (S7.4): up to 20 handles per request, in batches. */
export function buildProductHtmlRequests(ctx: PageContext, handles: readonly string[], view = 'boost-pfs-product-item'): RequestSpec[] {
  const out: RequestSpec[] = [];
  const unique = [...new Set(handles.filter((h) => typeof h === 'string' && h))];
  for (let i = 0; i < unique.length; i += 20) {
    const part = unique.slice(i, i + 20).map(encodeURIComponent).join('+');
    out.push({ url: withLocale(ctx, `/collections/all/${part}`), params: [['view', view]] });
  }
  return out;
}

/** Most popular (S7.5): `/collections/{handle}?view=boost-pfs-most-popular&sort_by=best-selling`. */
export function buildMostPopularRequest(ctx: PageContext, handle?: string): RequestSpec {
  return {
    url: withLocale(ctx, `/collections/${encodeURIComponent(handle || 'all')}`),
    params: [['view', 'boost-pfs-most-popular'], ['sort_by', 'best-selling']],
  };
}

/** Trending products (S7.2): GET productsUrl with shop, repeated ids and locale. */
export function buildTrendingRequest(settings: Settings, ids: ReadonlyArray<string | number>): RequestSpec {
  const out: Array<[string, string]> = [['shop', settings.shop.domain]];
  for (const id of ids) out.push(['ids', String(id)]);
  if (settings.general.current_locale) out.push(['locale', settings.general.current_locale]);
  return { url: settings.api.productsUrl, params: out };
}
