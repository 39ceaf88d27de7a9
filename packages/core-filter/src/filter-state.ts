// Filter state and pure actions (F4.7-F4.10, F4.15-F4.20, F5.1, F5.5, S4.16, S5.6, S5.7).
import { collectionTagParam, isCollectionParam, isCollectionTagParam, isOwnCollectionPage } from './collection-scope';
import type { FilterItem, FilterOption } from './filter-option';
import { encodeRange } from './option-values';

export { collectionTagParam, tagMode } from './collection-scope';
import type { PageContext } from './page-context';
import { parseAmount } from '@pkg/money';
import { isBadInput } from './screen';
import type { ControllerSettings, Settings } from './settings';
import { stripHtml } from './text';
import { warn } from './warn';

export type OptionFlags = Readonly<Partial<Record<'and_condition' | 'show_exact_rating' | 'exclude_from_value', true>>>;

export interface FilterState {
  /** Selected values by filter parameter (`pf_t_color: ['Red']`). */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** Per-option flags that travel as `<id>_<flag>=true`, e.g. `{ pf_t_color: { and_condition: true } }`. */
  readonly flags: Readonly<Record<string, OptionFlags>>;
  readonly page: number;
  readonly limit: number;
  readonly sort: string;
  readonly display: string;
  /** Search term or in-collection search text. */
  readonly q: string;
  readonly tab: string;
  /** Collection scope set by a collection item off collection pages (F4.10); '' for none. */
  readonly collectionScope: string;
}

/** The default sort (S5.12): relevance on search pages, the collection's or global default otherwise. */
export function defaultSort(settings: ControllerSettings, ctx: PageContext): string {
  if (ctx.isSearchPage) return 'relevance';
  return settings.general.default_sort_by || 'best-selling';
}

/**
 * The sort keys a shopper is offered (S5.12): the configured list and the extra sorts after it,
 * less `manual` on the search page and less `relevance` where there is no term to be relevant to.
 */
export function sortChoices(settings: Settings, ctx: PageContext, term: string): string[] {
  return [...new Set([...settings.filter.sortingList, ...settings.filter.extraSortingList])].filter((k) => !(ctx.isSearchPage && k === 'manual') && !(k === 'relevance' && !term.trim()));
}

/** A limit outside 1..70 (or not a number) becomes 24 (F5.1, S5.6). */
export function normalizeLimit(value: unknown, fallback = 24): number {
  const n = whole(value);
  return n <= 70 ? n : fallback;
}

/** A whole number >= 1 from a number or digits-only string, else Infinity (never valid). */
const whole = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : Infinity;
};

/** Page must be a positive integer, else 1 (S5.6). */
export function normalizePage(value: unknown): number {
  const n = whole(value);
  return n < Infinity ? n : 1;
}

/**
 * The limit used in place of one that is not a whole number in 1..70 (S5.6): in load-more
 * pagination `loadMoreLimit` (20), otherwise the configured limit (itself 24 when outside 1..70).
 */
export function limitFallback(settings: ControllerSettings): number {
  const f = settings.filter;
  return f.paginationType === 'load_more' ? normalizeLimit(f.loadMoreLimit, 20) : f.limit;
}

/**
 * The initial state for a page (F5.1): page 1, the default sort, limit and display. A given limit
 * that is not valid (e.g. NaN, url-state's unreadable address limit) becomes `limitFallback`.
 */
export function createFilterState(settings: ControllerSettings, ctx: PageContext, init: { readonly [K in keyof FilterState]?: FilterState[K] | undefined } = {}): FilterState {
  const f = settings.filter;
  const fallback = limitFallback(settings);
  return {
    filters: init.filters ?? {},
    flags: init.flags ?? {},
    page: normalizePage(init.page ?? 1),
    limit: init.limit === undefined ? f.limit : normalizeLimit(init.limit, fallback),
    sort: init.sort || defaultSort(settings, ctx),
    display: init.display || f.defaultDisplay,
    q: init.q ?? ctx.term,
    tab: init.tab || f.defaultTab,
    collectionScope: init.collectionScope ?? '',
  };
}

const withFilters = (state: FilterState, filters: Record<string, readonly string[]>, extra: Partial<FilterState> = {}): FilterState => {
  const clean: Record<string, readonly string[]> = {};
  for (const [k, v] of Object.entries(filters)) if (v.length) clean[k] = v;
  const flags: Record<string, OptionFlags> = {};
  for (const [k, v] of Object.entries(extra.flags ?? state.flags)) if (clean[k]) flags[k] = v;
  return { ...state, ...extra, filters: clean, flags, page: 1 };
};

/**
 * Chooses a value (F4.8): single select replaces the others and choosing the selected value
 * does nothing; multi select toggles. The page resets to 1 (F4.9). The AND condition of the
 * option travels as `<id>_and_condition`.
 */
export function selectValue(state: FilterState, option: Pick<FilterOption, 'id' | 'selectType' | 'useAndCondition'>, value: string): FilterState {
  const current = state.filters[option.id] ?? [];
  const has = current.includes(value);
  let next: readonly string[];
  if (option.selectType === 'single') {
    if (has && current.length === 1) return state;
    next = [value];
  } else next = has ? current.filter((v) => v !== value) : [...current, value];
  const flags: Record<string, OptionFlags> = { ...state.flags };
  const { and_condition: _and, ...rest } = flags[option.id] ?? {};
  flags[option.id] = option.useAndCondition && option.selectType === 'multiple' ? { ...rest, and_condition: true } : rest;
  return withFilters(state, { ...state.filters, [option.id]: next }, { flags });
}

/** Sets a range value 'min:max' (F3.10, F4.18), or a text range's values; the whole range clears the option. */
export function setRange(state: FilterState, option: Pick<FilterOption, 'id' | 'range'>, min: number, max: number): FilterState {
  const r = option.range;
  // A text range (F4.5) selects every value between the handles; equal ends revert (F5.5).
  if (r?.text && Math.round(min) === Math.round(max)) return state;
  const filters = { ...state.filters };
  if (r && min <= r.min && max >= r.max) delete filters[option.id];
  else if (r?.text) filters[option.id] = r.text.keys.slice(Math.round(min), Math.round(max) + 1);
  else filters[option.id] = [encodeRange(min, max)];
  return withFilters(state, filters);
}

export type RangeInputResult = { ok: true; min: number; max: number } | { ok: false; min: number; max: number };

/**
 * Validates typed range inputs (F5.5): separators normalised through parseAmount; both must be
 * non-empty numbers with min not above max, else the inputs revert to the current values. Values
 * are clamped to the range bounds. With `distinctHandles` (text-range slider) equal ends revert.
 */
export function readRangeInputs(option: Pick<FilterOption, 'range'>, minText: unknown, maxText: unknown, distinctHandles = false): RangeInputResult {
  const r = option.range;
  const [curMin, curMax] = r ? r.current : [0, 0];
  const revert = { ok: false as const, min: curMin, max: curMax };
  if (!r) return revert;
  // An empty or blank text has no digit: null, as every text without a number.
  const a = parseAmount(minText);
  const b = parseAmount(maxText);
  if (a === null || b === null || a > b) return revert;
  const min = Math.min(r.max, Math.max(r.min, a));
  const max = Math.min(r.max, Math.max(r.min, b));
  if (distinctHandles && min === max) return revert;
  return { ok: true, min, max };
}

/** F4.9: instant for vertical layouts, single select, or with requestInstantly; otherwise Apply. */
export function isInstantCommit(settings: ControllerSettings, option: Pick<FilterOption, 'selectType'>): boolean {
  return settings.filter.filterLayout === 'vertical' || option.selectType === 'single' || settings.filter.requestInstantly;
}

/**
 * A collection item (F4.10, F4.15): off collection pages it sets the collection scope; multi-level
 * collection clicks also clear the collection-tag parameters. Page resets to 1.
 */
export function selectCollection(settings: ControllerSettings, ctx: PageContext, state: FilterState, option: Pick<FilterOption, 'id'>, item: Pick<FilterItem, 'key'>): FilterState {
  const filters: Record<string, readonly string[]> = {};
  for (const [k, v] of Object.entries(state.filters)) if (!isCollectionTagParam(settings, k) && k !== option.id) filters[k] = v;
  // On a collection page the current collection is the default scope; elsewhere an item sets it.
  const current = state.collectionScope || (ctx.isCollectionPage ? String(ctx.collectionId) : '');
  const scope = current === item.key && !ctx.isCollectionPage ? '' : item.key;
  return withFilters(state, filters, { collectionScope: scope });
}

/**
 * A second-level tag of a multi-level collection (F4.16): toggles in multi select, replaces in
 * single select. The tags travel in the collection-tag parameter of the option.
 */
export function selectCollectionTag(settings: ControllerSettings, state: FilterState, option: Pick<FilterOption, 'id' | 'selectType'>, tag: string, collectionKey?: string): FilterState {
  const param = collectionTagParam(settings, option.id);
  const current = state.filters[param] ?? [];
  const next = option.selectType === 'single' ? (current.length === 1 && current[0] === tag ? [] : [tag]) : current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag];
  return withFilters(state, { ...state.filters, [param]: next }, collectionKey !== undefined ? { collectionScope: collectionKey } : {});
}

/**
 * The collection actions as a part of `createFilterControllerWith` (`collections:
 * collectionActions`): the state changes of `selectCollection` (F4.10, F4.15) and
 * `selectCollectionTag` (F4.16), which the collection, sub-category, multi-level collection and
 * multi-level tag kinds need. `createFilterController` passes it.
 */
export const collectionActions = { collection: selectCollection, tag: selectCollectionTag };

/** What `collectionActions` is, as a controller part. */
export type CollectionActions = typeof collectionActions;

export type ClearType = 'value' | 'option' | 'all';

/** Clears one value, one option or all filters (F4.19); page resets to 1. */
export function clearFilters(settings: ControllerSettings, state: FilterState, type: ClearType | string, optionId?: string, value?: string): FilterState {
  if (type === 'all') {
    return withFilters(state, {}, { collectionScope: '' });
  }
  if ((type === 'option' || type === 'value') && optionId) {
    const filters: Record<string, readonly string[]> = { ...state.filters };
    if (type === 'value' && value !== undefined) filters[optionId] = (filters[optionId] ?? []).filter((v) => v !== value);
    else delete filters[optionId];
    if (!filters[optionId]?.length) delete filters[collectionTagParam(settings, optionId)];
    const clearsScope = isCollectionParam(settings, optionId);
    return withFilters(state, filters, clearsScope ? { collectionScope: '' } : {});
  }
  warn('Wrong filter clear type', type);
  return state;
}

/**
 * Clear-all is visible when a filter param with the prefix is set, ignoring collection params
 * equal to 0 off collection pages (F4.20).
 */
export function isClearAllVisible(settings: ControllerSettings, ctx: PageContext, state: FilterState): boolean {
  const p = settings.filter.filterPrefix;
  const onCollection = isOwnCollectionPage(ctx);
  if (state.collectionScope && !(state.collectionScope === '0' && !onCollection)) return true;
  return Object.entries(state.filters).some(
    ([k, v]) => k.startsWith(p) && v.length > 0 && !(isCollectionParam(settings, k) && !onCollection && v.every((x) => x === '0')),
  );
}

/** Sort or limit changes reset the page to 1 (S4.16). */
export function setSort(state: FilterState, sort: string): FilterState {
  return { ...state, sort, page: 1 };
}

export function setLimit(state: FilterState, limit: unknown): FilterState {
  return { ...state, limit: normalizeLimit(limit), page: 1 };
}

export function setDisplay(state: FilterState, display: string): FilterState {
  return ['grid', 'list', 'collage'].includes(display) ? { ...state, display } : state;
}

export function setPage(state: FilterState, page: unknown): FilterState {
  return { ...state, page: normalizePage(page) };
}

/**
 * In-collection search (S4.16, S5.7): markup stripped, trimmed and lowercased, page 1. A bad
 * term (S5.1) clears the search.
 */
export function setInCollectionSearch(state: FilterState, text: unknown): FilterState {
  const stripped = stripHtml(text);
  const q = isBadInput(stripped) ? '' : stripped.toLowerCase();
  return { ...state, q, page: 1 };
}

/**
 * The limit requested from the service (F5.1, S5.6): for load-more and infinite pagination the
 * limit times the page number, asked from page 1.
 */
export function requestPaging(settings: ControllerSettings, state: FilterState, fromPage1 = true): { page: number; limit: number } {
  const limit = normalizeLimit(state.limit, limitFallback(settings));
  if (settings.filter.paginationType !== 'default' && fromPage1) return { page: 1, limit: Math.min(limit * state.page, 70 * state.page) };
  return { page: state.page, limit };
}
