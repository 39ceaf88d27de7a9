// The collection scope and collection tags (F3.15, F4.10, F5.2), in one place: which state key
// holds a collection option's tags, which parameters set the scope, and what a request sends.
import { readCollectionParams, type UrlConfig } from '@pkg/url-state';
import type { FilterOption } from './filter-option';
import type { FilterState } from './filter-state';
import type { PageContext } from './page-context';
import type { ControllerSettings } from './settings';

/**
 * The state key of an option's tags (F3.15): a collection option's id with its collection prefix
 * `_c_` changed to the collection-tag prefix `_ct_` (`pf_c_collection` -> `pf_ct_collection`);
 * any other option (a multi-level tag option, `pf_t_category`) keeps its tags as its own values.
 */
export function collectionTagParam(settings: ControllerSettings, optionId: string): string {
  const p = settings.filter.filterPrefix;
  return optionId.startsWith(`${p}c_`) ? `${p}ct_${optionId.slice(p.length + 2)}` : optionId;
}

/** Tag mode sent with collection tags (F5.2): 2 for multi select, else 1. */
export function tagMode(option: Pick<FilterOption, 'selectType'>): 1 | 2 {
  return option.selectType === 'multiple' ? 2 : 1;
}

/** Whether a state key is a collection-tag parameter (its values travel as `tag`, F5.2). */
export const isCollectionTagParam = (settings: ControllerSettings, key: string): boolean => key.startsWith(`${settings.filter.filterPrefix}ct_`);

/** Whether a state key is a collection parameter (`_c_`: it sets the scope off collection pages). */
export const isCollectionParam = (settings: ControllerSettings, key: string): boolean => key.startsWith(`${settings.filter.filterPrefix}c_`);

/** A collection page that is not a vendor or type page: there the page's collection is the scope. */
export const isOwnCollectionPage = (ctx: PageContext): boolean => ctx.isCollectionPage && !ctx.isVendorPage && !ctx.isTypePage;

/** The scope a `_c_` parameter sets: its first value off collection pages (F5.2), else undefined. */
export function scopeFromFilters(settings: ControllerSettings, ctx: PageContext, filters: Readonly<Record<string, readonly string[]>>): string | undefined {
  if (isOwnCollectionPage(ctx)) return undefined;
  return Object.entries(filters).find(([k, v]) => isCollectionParam(settings, k) && v.length)?.[1][0];
}

/**
 * The request's `collection_scope`, `tag` and `tag_mode` (F5.2, F4.10): the scope a collection
 * item set, else a `_c_` parameter's (off collection pages), else the page's collection, else 0;
 * the page's tags then the `_ct_` parameters' values, with tag mode 2 when the collection option
 * behind them is multi-select (without the option: when several tags are chosen).
 */
export function collectionRequestParams(
  settings: ControllerSettings,
  ctx: PageContext,
  state: FilterState,
  config: UrlConfig,
  options: readonly Pick<FilterOption, 'id' | 'selectType'>[] = [],
): { scope: string; tags: string[]; tagMode: 1 | 2 | undefined } {
  const read = readCollectionParams({ filters: state.filters, flags: {}, page: 1, extra: {} }, { ...config, pageKind: isOwnCollectionPage(ctx) ? 'collection' : 'other' }, (id) => {
    const o = options.find((x) => x.id === id);
    return o ? tagMode(o) === 2 : (state.filters[collectionTagParam(settings, id)]?.length ?? 0) > 1;
  });
  const scope = state.collectionScope || read.collectionScope || (isOwnCollectionPage(ctx) ? String(settings.general.collection_id) : '') || '0';
  return { scope, tags: [...ctx.currentTags, ...read.tags], tagMode: read.tagMode };
}
