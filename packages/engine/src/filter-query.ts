// The parsed filter / search request, and the rules that read it from parameters (F7.1, F3.15).
import type { SortKey } from '@pkg/core-filter';
import type { EngineFilterOption } from './catalog';
import { badParam } from './engine-request-error';
import { LIMITS } from './limits';
import type { RequestParams } from './request-params';
import { foldText } from './text';

/** What an option id reads, resolved from the filter-tree entry or from the id's family prefix. */
export type ResolvedOption =
  | { kind: 'terms'; source: string }
  | { kind: 'range'; number: 'price' | 'weight' | 'percentSale' | 'variantsPrice' }
  | { kind: 'rating' }
  | { kind: 'stock' }
  | { kind: 'collection' }
  /** A collection-tag parameter (`pf_ct_`): the values are tags, like `tag`. */
  | { kind: 'collectionTag' }
  /** Location filters: the catalog has no locations; accepted and ignored (documented). */
  | { kind: 'ignored' };

export interface Selection {
  id: string;
  option: ResolvedOption;
  values: string[];
  /** `<id>_and_condition=true`: every value must match (AND) instead of any (OR). */
  and: boolean;
  /** `<id>_show_exact_rating=true`: a rating value k matches ratings in [k, k+1). */
  exactRating: boolean;
  /** Parsed ranges for range kinds: inclusive, null for an open end. */
  ranges: Array<[number | null, number | null]>;
}

export interface FilterQuery {
  page: number;
  limit: number;
  sort: SortKey;
  collectionScope: string | null;
  tags: string[];
  /** 1: a product needs every tag (the platform's tag pages); 2: any of them (multi-select). */
  tagMode: 1 | 2;
  productAvailable: boolean;
  variantAvailable: boolean;
  zeroOptions: boolean;
  buildFilterTree: boolean;
  sortFirstAvailable: boolean;
  /** The client allows a cached answer (an unfiltered first page, wire-format.md); it says so with `from_cache`. */
  checkCache: boolean;
  q: string;
  fuzzy: boolean;
  /** `full_min_match` when sent; null: the engine's default minimum-should-match (text-search.ts). */
  fullMinMatch: boolean | null;
  reduceMinMatch: number;
  plusCharacter: boolean;
  eventType: string;
  selections: Selection[];
  /** `variants_as_products=true`: each matching variant listed as a product of its own (endpoints/filter.ts). */
  variantsAsProducts?: boolean;
}

export const SORT_KEYS: readonly SortKey[] = [
  'relevance', 'best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending',
  'title-descending', 'created-descending', 'created-ascending', 'published-descending',
  'published-ascending', 'sale-descending', 'sale-ascending', 'review-ratings-ascending',
  'review-ratings-descending',
];

const FAMILIES: Record<string, (suffix: string, cfg?: EngineFilterOption) => ResolvedOption> = {
  t: (s, cfg) => (cfg?.filterType === 'multi_level_tag' || cfg?.displayType === 'multi_level_tag' ? { kind: 'terms', source: `mlt:${cfg.prefix ?? ''}` } : { kind: 'terms', source: 'tag' }),
  opt: (s, cfg) => ({ kind: 'terms', source: `option:${foldText(cfg?.field ?? s)}` }),
  p: () => ({ kind: 'range', number: 'price' }),
  vp: () => ({ kind: 'range', number: 'variantsPrice' }),
  r: () => ({ kind: 'rating' }),
  st: () => ({ kind: 'stock' }),
  c: () => ({ kind: 'collection' }),
  ct: () => ({ kind: 'collectionTag' }),
  v: () => ({ kind: 'terms', source: 'vendor' }),
  pt: () => ({ kind: 'terms', source: 'type' }),
  w: () => ({ kind: 'range', number: 'weight' }),
  ps: () => ({ kind: 'range', number: 'percentSale' }),
  l: () => ({ kind: 'ignored' }),
  m: (s, cfg) => ({ kind: 'terms', source: `metafield:${cfg?.field ?? s}` }),
  ti: () => ({ kind: 'terms', source: 'title' }),
};

const BY_FILTER_TYPE: Record<string, string> = {
  tag: 't', multi_level_tag: 't', option: 'opt', price: 'p', variants_price: 'vp', review_ratings: 'r',
  stock: 'st', collection: 'c', vendor: 'v', product_type: 'pt', weight: 'w', percent_sale: 'ps',
  location: 'l', metafield: 'm', title: 'ti',
};

/**
 * Resolves an option id: the configured filterType wins, then the family prefix after `pf_`
 * (wire-format.md "Filter option ids"). Undefined for an id no rule explains.
 */
export function resolveOption(id: string, cfg?: EngineFilterOption): ResolvedOption | undefined {
  const m = /^pf_([a-z]+)_(.+)$/.exec(id);
  const family = (cfg && BY_FILTER_TYPE[cfg.filterType]) ?? m?.[1];
  if (!family) return undefined;
  const make = FAMILIES[family];
  return make ? make(m?.[2] ?? id, cfg) : undefined;
}

const NUM = /^\s*-?\d+(\.\d+)?\s*$/;

/** Parses `min:max` (either end empty), or the `from-to`, `*-to`, `from-*` key forms (F3.10). */
export function parseRange(raw: string): [number | null, number | null] | undefined {
  let parts = raw.split(':');
  if (parts.length !== 2) {
    parts = raw.split('-');
    if (parts.length !== 2) return undefined;
    parts = parts.map((p) => (p.trim() === '*' ? '' : p));
  }
  const [a = '', b = ''] = parts;
  if ((a !== '' && !NUM.test(a)) || (b !== '' && !NUM.test(b))) return undefined;
  const lo = a.trim() === '' ? null : Number(a);
  const hi = b.trim() === '' ? null : Number(b);
  if (lo !== null && hi !== null && lo > hi) return undefined;
  return [lo, hi];
}

export interface ParseContext {
  options: ReadonlyMap<string, EngineFilterOption>;
  defaultSort: SortKey;
  defaultLimit: number;
  search: boolean;
}

/**
 * The sort key in the shapes real clients send: `sort=`, `sort_by=`, an array (`sort[]=`,
 * `sort[0]=`, repeated keys) or a comma-joined list, where the first key is the one that orders;
 * in any case. Empty means the default.
 */
export function readSort(params: RequestParams): string {
  const all = [...params.all('sort'), ...params.all('sort_by')].flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase());
  return all.find((v) => v !== '') ?? '';
}

export function parseFilterQuery(params: RequestParams, ctx: ParseContext): FilterQuery {
  const q = params.string('q').replace(/\s+/g, ' ').trim();
  const sortRaw = readSort(params);
  let sort: SortKey = q !== '' || ctx.search ? 'relevance' : ctx.defaultSort;
  if (sortRaw) {
    if (!(SORT_KEYS as readonly string[]).includes(sortRaw)) {
      throw badParam('sort', `Unknown sort "${sortRaw.slice(0, 40)}"; use one of ${SORT_KEYS.join(', ')}.`);
    }
    sort = sortRaw as SortKey;
  }
  const tagMode = params.int('tag_mode', 1, 1, 2) as 1 | 2;
  const tags = params.all('tag').flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean);
  if (tags.length > LIMITS.valuesPerParam) throw badParam('tag', `At most ${LIMITS.valuesPerParam} tags.`, 'too_many_values');
  const scopeRaw = params.string('collection_scope').trim();
  const reduce = params.get('reduce_min_match');
  let reduceMinMatch = 0;
  if (reduce !== undefined && reduce !== '') {
    if (reduce === 'true') reduceMinMatch = 1;
    else if (reduce === 'false') reduceMinMatch = 0;
    else reduceMinMatch = params.int('reduce_min_match', 0, 0, LIMITS.queryWords);
  }
  const sortFirst = params.string('sort_first');
  if (sortFirst !== '' && sortFirst !== 'available') throw badParam('sort_first', 'sort_first accepts only "available".');

  const selections: Selection[] = [];
  for (const key of params.keys()) {
    // Parameters other than option ids are read by name above; any other is ignored (documented).
    if (!key.startsWith('pf_')) continue;
    if (/_(and_condition|show_exact_rating|exclude_from_value)$/.test(key)) continue;
    const cfg = ctx.options.get(key);
    const option = resolveOption(key, cfg);
    if (!option) {
      throw badParam(key, `Unknown filter option "${key.slice(0, 60)}": the id must start with pf_ and a known family (t, opt, p, vp, r, st, c, ct, v, pt, w, ps, l, m, ti).`, 'unknown_option');
    }
    const values = params.all(key).map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    const ranges: Array<[number | null, number | null]> = [];
    if (option.kind === 'range') {
      for (const v of values) {
        const r = parseRange(v);
        if (!r) throw badParam(key, `"${v.slice(0, 40)}" is not a range: use min:max with either end empty (":100", "50:").`, 'invalid_range');
        ranges.push(r);
      }
    }
    if (option.kind === 'rating') {
      for (const v of values) {
        if (!/^\s*[0-5](\.\d+)?\s*$/.test(v) || Number(v) > 5) throw badParam(key, `A rating value is a lower bound 0..5, got "${v.slice(0, 40)}".`);
      }
    }
    selections.push({
      id: key,
      option,
      values,
      and: params.bool(`${key}_and_condition`, cfg?.useAndCondition ?? false),
      exactRating: params.bool(`${key}_show_exact_rating`, cfg?.showExactRating ?? false),
      ranges,
    });
  }

  return {
    page: params.int('page', 1, 1, LIMITS.page),
    limit: params.int('limit', ctx.defaultLimit, 1, LIMITS.limit),
    sort,
    collectionScope: scopeRaw === '' || scopeRaw === '0' || scopeRaw === 'all' ? null : scopeRaw,
    tags,
    tagMode,
    productAvailable: params.bool('product_available', false),
    variantAvailable: params.bool('variant_available', false),
    zeroOptions: params.bool('zero_options', false),
    buildFilterTree: params.bool('build_filter_tree', false),
    sortFirstAvailable: sortFirst === 'available',
    q,
    fuzzy: params.fuzzy('fuzzy', true),
    checkCache: params.bool('check_cache', false),
    fullMinMatch: params.get('full_min_match') ? params.bool('full_min_match', true) : null,
    reduceMinMatch,
    plusCharacter: params.bool('enable_plus_character_search', false),
    eventType: params.string('event_type').slice(0, 40),
    selections,
    variantsAsProducts: params.bool('variants_as_products', false),
  };
}
