import type { FilterUrlState } from './filter-url-state';
import { filterEntries, readSettings } from './query-keys';
import type { UrlConfig } from './url-config';

/**
 * The filter part of a filter or search request in the API's own form, whatever the address-bar
 * scheme: every selected value as a bracket array (`pf_t_color[]=Red`, `pf_t_color[]=Blue`; a
 * range is one `min:max` value), `<id>_and_condition=true` and the other option flags, then
 * `page` (always), `limit`, `sort` and `display` (the state's value, else the default, else
 * left out) and `q` for a term. Pairs are not encoded: hand them to `URLSearchParams` or the
 * transport. Collection scope and tags come from `readCollectionParams`.
 */
export function toApiParams(state: FilterUrlState, config: UrlConfig): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, values, flag] of filterEntries(state, config)) {
    for (const value of values) out.push([flag ? key : `${key}[]`, value]);
  }
  // The state's own valid value, else the default (page 1).
  const settings = { ...config.defaults, page: 1, ...readSettings(state, {}) };
  for (const key of ['page', 'limit', 'sort', 'display'] as const) {
    const value = settings[key];
    if (value) out.push([key, `${value}`]);
  }
  if (state.term) out.push(['q', state.term]);
  return out;
}
