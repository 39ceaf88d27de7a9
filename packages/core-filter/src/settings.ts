// One typed, validated, deep-frozen options object (S1.3, S9.*, F9.*, wire-format.md defaults).
import type { WireSwatchSetting } from './wire';
import { deepFreeze, isRec as isRecord, num } from './read';
import { PREFIX } from './warn';

export type PaginationType = 'default' | 'load_more' | 'infinite';
export type FilterLayout = 'vertical' | 'horizontal';
/** The mobile tree's style (F2.9). */
export type MobileStyle = 'default' | 'style2' | 'style2-fullwidth' | 'style3' | 'style3-fullwidth' | 'style4';
export type PanelName = 'products' | 'collections' | 'pages';
export type UrlScheme = 0 | 1 | 2;

export interface ApiSettings {
  filterUrl: string;
  searchUrl: string;
  suggestionUrl: string;
  analyticsUrl: string;
  productsUrl: string;
}

export interface ShopSettings {
  name: string;
  url: string;
  domain: string;
  currency: string;
  money_format: string;
  money_format_with_currency: string;
}

export interface GeneralSettings {
  file_url: string;
  asset_url: string;
  collection_id: number | string;
  collection_handle: string;
  collection_count: number;
  product_id: number | string;
  theme_id: number | string;
  collection_tags: readonly string[];
  current_tags: readonly string[];
  default_sort_by: string;
  swatch_extension: string;
  no_image_url: string;
  search_term: string;
  template: string;
  currencies: readonly string[];
  current_currency: string;
  /** Locale code to is-primary flag. */
  published_locales: Readonly<Record<string, boolean>>;
  current_locale: string;
  /** The platform's root route, e.g. '/fr/' (S2.9); '/' for the primary locale. */
  root_url: string;
  /** Rate from shop currency to the shown currency (S1.5). */
  currency_rate: number;
  country: string;
}

export interface PanelSettings {
  label: string;
  active: boolean;
  pageSize: number;
}

export interface FilterSettings {
  limit: number;
  limitChoices: readonly number[];
  sortingList: readonly string[];
  urlScheme: UrlScheme;
  /** Scheme outside collection and search pages (S2.15); undefined means `urlScheme`. */
  urlSchemeNonCollection: UrlScheme | null;
  filterPrefix: string;
  vendorParam: string;
  typeParam: string;
  searchTermKey: string;
  shortenUrlParamList: readonly string[];
  paginationType: PaginationType;
  loadMoreLimit: number;
  loadPreviousPage: boolean;
  keepScrollState: boolean;
  defaultDisplay: 'grid' | 'list' | 'collage';
  filterLayout: FilterLayout;
  /** The mobile tree's style (F2.9-F2.11). */
  mobileStyle: MobileStyle;
  requestInstantly: boolean;
  keepTabOpenState: boolean;
  showSingleOption: boolean;
  showFilterTree: boolean;
  partialRender: boolean;
  /** Option ids that become range sliders when multi-select (F4.5). */
  advancedRangeSliderOptions: readonly string[];
  startViewMore: Readonly<Record<'list' | 'box' | 'swatch', number>>;
  startViewMoreHorizontal: Readonly<Record<'list' | 'box' | 'swatch', number>>;
  /** Events after which the filter tree is left unchanged (F4.22). */
  eventsKeepingTree: readonly string[];
  addCollectionToProductUrl: boolean;
  productAvailable: boolean;
  variantAvailable: boolean;
  zeroOptions: boolean;
  priceMode: string;
  sortFirst: string;
  checkCache: boolean;
  inventoryBaseSelectedLocations: boolean;
  location: string;
  fuzzy: boolean;
  reduceMinMatch: number | null;
  fullMinMatch: boolean;
  enablePlusCharacterSearch: boolean;
  variantsAsProducts: boolean;
  multiCurrency: boolean;
  /** When true prices are converted in the browser and currency params are not sent (S1.5). */
  convertPriceInBrowser: boolean;
  currencyRoundingRules: Readonly<Record<string, number>>;
  searchExcerptLimit: number;
  collectionDescriptionLimit: number;
  placeholderRatio: number;
  /**
   * The theme's product item view (S7.4), e.g. `boost-pfs-product-item`: product items are the
   * theme's own HTML from `/collections/all/{handle+handle}?view=<this>`, 20 handles a call.
   * Empty (default): the product card of the UI.
   */
  themeProductView: string;
  showPlaceholder: boolean;
  panels: Readonly<Record<PanelName, PanelSettings>>;
  defaultTab: PanelName;
  /** Redirect to `?view=<fallbackView>` after a failed filter call (F8.9). */
  fallbackOnError: boolean;
  fallbackView: string;
  retries: number;
  retryDelay: number;
  requestTimeout: number;
  transport: 'jsonp' | 'fetch';
}

export interface Labels {
  loadMore: string;
  loadPrevious: string;
  showResults: string;
  sortBy: string;
  refineBy: string;
  clearAll: string;
  clear: string;
  apply: string;
  viewMore: string;
  viewLess: string;
  filter: string;
  showLimit: string;
  star: string;
  stars: string;
  andUp: string;
  above: string;
  under: string;
  inStock: string;
  outOfStock: string;
  all: string;
  searchOptions: string;
  noFilterResult: string;
  /** Shown when the service refuses the request (a term too long, a malformed selection). */
  requestRefused: string;
  noSearchResult: string;
  noProducts: string;
  searchNoResult: string;
  searchEmptyResult: string;
  searchEmptyTips: string;
  resultEmptyWithSuggestion: string;
  invalidEmail: string;
  notifySuccess: string;
  noSuggestionResult: string;
  noSuggestionProducts: string;
  didYouMean: string;
  suggestQuery: string;
  viewAll: string;
  searchBoxPlaceholder: string;
  sorting: Readonly<Record<string, string>>;
}

export interface Settings {
  api: ApiSettings;
  shop: ShopSettings;
  general: GeneralSettings;
  filter: FilterSettings;
  /** Labels resolved for `general.current_locale`. */
  labels: Labels;
  /** Swatch settings keyed by value (from `pfs-swatch-<value>` entries). */
  swatches: Readonly<Record<string, WireSwatchSetting>>;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** What callers pass: every section and field optional. */
export interface SettingsInput {
  api?: Partial<ApiSettings>;
  shop?: Partial<ShopSettings>;
  general?: Partial<Omit<GeneralSettings, 'collection_id' | 'collection_count' | 'currency_rate'>> & {
    collection_id?: number | string | null;
    collection_count?: number | string;
    currency_rate?: number | string;
  };
  filter?: DeepPartial<FilterSettings>;
  labels?: Partial<Omit<Labels, 'sorting'>> & { sorting?: Record<string, string> };
  /** Per-locale label overrides, e.g. `{ fr: { clearAll: 'Tout effacer' } }`. */
  labelTranslations?: Record<string, Partial<Omit<Labels, 'sorting'>> & { sorting?: Record<string, string> }>;
  /** Keys may be `pfs-swatch-<value>` (as shops store them) or the bare value. */
  swatches?: Record<string, WireSwatchSetting>;
}

export const SORTING_LIST = ['relevance', 'best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending'] as const;

const DEFAULT_LABELS: Labels = {
  loadMore: 'Load more {{ amountProduct }} Products',
  loadPrevious: 'Load previous page',
  showResults: 'Show Results',
  sortBy: 'Sort By',
  refineBy: 'Refine By',
  clearAll: 'Clear All',
  clear: 'Clear',
  apply: 'Apply',
  viewMore: 'View more',
  viewLess: 'View less',
  filter: 'Filter',
  showLimit: 'Show',
  star: 'star',
  stars: 'stars',
  andUp: 'and up',
  above: 'above',
  under: 'under',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  all: 'All',
  searchOptions: 'Search options',
  noFilterResult: 'Sorry, no products matched your selection',
  requestRefused: 'Sorry, this search could not be run. Try fewer or shorter words, or clear a filter.',
  noSearchResult: 'Sorry, no products matched the keyword',
  noProducts: 'No products found in this collection',
  searchNoResult: 'Sorry, nothing found for "{{ terms }}".',
  searchEmptyResult: "We are sorry! We couldn't find results for \"{{ terms }}\".",
  searchEmptyTips: "But don't give up – check the spelling or try less specific search terms.",
  resultEmptyWithSuggestion: 'Sorry, nothing found for "{{ terms }}". Check out these items instead?',
  invalidEmail: 'Please provide a valid email address.',
  notifySuccess: 'Thanks! We will notify you when this product becomes available!',
  noSuggestionResult: 'Sorry, nothing found for "{{ terms }}".',
  noSuggestionProducts: 'Sorry, nothing found for "{{ terms }}".',
  didYouMean: 'Did you mean: {{ terms }}?',
  suggestQuery: 'Showing results for {{ terms }} ({{ count }})',
  viewAll: 'View all {{ count }} products',
  searchBoxPlaceholder: 'Search',
  sorting: {
    relevance: 'Relevance',
    'best-selling': 'Best selling',
    manual: 'Featured',
    'price-ascending': 'Price, low to high',
    'price-descending': 'Price, high to low',
    'title-ascending': 'Alphabetically, A-Z',
    'title-descending': 'Alphabetically, Z-A',
    'created-descending': 'Date, new to old',
    'created-ascending': 'Date, old to new',
    'published-descending': 'Published, new to old',
    'published-ascending': 'Published, old to new',
    'sale-descending': 'Sale, high to low',
    'sale-ascending': 'Sale, low to high',
    'review-ratings-ascending': 'Rating, low to high',
    'review-ratings-descending': 'Rating, high to low',
  },
};

export const DEFAULTS = {
  api: { filterUrl: '', searchUrl: '', suggestionUrl: '', analyticsUrl: '', productsUrl: '' },
  shop: { name: '', url: '', domain: '', currency: 'USD', money_format: '${{amount}}', money_format_with_currency: '${{amount}} USD' },
  general: {
    file_url: '',
    asset_url: '',
    collection_id: 0,
    collection_handle: '',
    collection_count: 0,
    product_id: 0,
    theme_id: '',
    collection_tags: [],
    current_tags: [],
    default_sort_by: '',
    swatch_extension: 'png',
    no_image_url: '',
    search_term: '',
    template: '',
    currencies: [],
    current_currency: '',
    published_locales: {},
    current_locale: 'en',
    root_url: '/',
    currency_rate: 1,
    country: '',
  },
  filter: {
    limit: 16,
    limitChoices: [4, 8, 12, 16],
    sortingList: SORTING_LIST,
    urlScheme: 1,
    urlSchemeNonCollection: null,
    filterPrefix: 'pf_',
    vendorParam: 'pf_v_vendor',
    typeParam: 'pf_pt_product_type',
    searchTermKey: 'q',
    shortenUrlParamList: [],
    paginationType: 'default',
    loadMoreLimit: 20,
    loadPreviousPage: false,
    keepScrollState: true,
    defaultDisplay: 'grid',
    filterLayout: 'vertical',
    mobileStyle: 'default',
    requestInstantly: false,
    keepTabOpenState: false,
    showSingleOption: true,
    showFilterTree: true,
    partialRender: false,
    advancedRangeSliderOptions: [],
    startViewMore: { list: 5, box: 3, swatch: 10 },
    startViewMoreHorizontal: { list: 10, box: 20, swatch: 10 },
    eventsKeepingTree: ['page', 'sort', 'limit', 'display', 'previous'],
    addCollectionToProductUrl: false,
    productAvailable: false,
    variantAvailable: false,
    zeroOptions: true,
    priceMode: '',
    sortFirst: 'available',
    checkCache: true,
    inventoryBaseSelectedLocations: false,
    location: '',
    fuzzy: true,
    reduceMinMatch: null,
    fullMinMatch: false,
    enablePlusCharacterSearch: false,
    variantsAsProducts: false,
    multiCurrency: false,
    convertPriceInBrowser: false,
    currencyRoundingRules: {},
    searchExcerptLimit: 264,
    collectionDescriptionLimit: 264,
    placeholderRatio: 1.4,
    themeProductView: '',
    showPlaceholder: true,
    panels: {
      products: { label: 'Products', active: true, pageSize: 25 },
      collections: { label: 'Collections', active: true, pageSize: 25 },
      pages: { label: 'Pages', active: true, pageSize: 25 },
    },
    defaultTab: 'products',
    fallbackOnError: true,
    fallbackView: 'pf-original',
    retries: 2,
    retryDelay: 2000,
    requestTimeout: 10000,
    transport: 'jsonp',
  },
  labels: DEFAULT_LABELS,
  swatches: {},
} as const satisfies Settings;

// ---- validation: the expected type of each field follows its default, with a few exceptions.

const ENUMS: Record<string, readonly unknown[]> = {
  paginationType: ['default', 'load_more', 'infinite'],
  defaultDisplay: ['grid', 'list', 'collage'],
  filterLayout: ['vertical', 'horizontal'],
  mobileStyle: ['default', 'style2', 'style2-fullwidth', 'style3', 'style3-fullwidth', 'style4'],
  defaultTab: ['products', 'collections', 'pages'],
  transport: ['jsonp', 'fetch'],
  urlScheme: [0, 1, 2],
  urlSchemeNonCollection: [null, 0, 1, 2],
};
const IDS = ['collection_id', 'product_id', 'theme_id'];

// Problem texts: development builds say what was expected and what was given; production builds
// (NODE_ENV=production, where the long texts are dropped) keep the path and a short reason.
const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `string ${JSON.stringify(v.slice(0, 40))}` : `${typeof v} ${String(v).slice(0, 40)}`;

const isNumeric = (v: unknown): boolean => num(v) !== null;

/** Checks a value against the default's type: [ok, value to keep]. */
function check(key: string, def: unknown, v: unknown): [boolean, unknown] {
  const allowed = ENUMS[key];
  if (allowed) return [allowed.includes(v), v];
  if (IDS.includes(key)) return [typeof v === 'string' || isNumeric(v) || v === null, v ?? 0];
  if (def === null) return [v === null || isNumeric(v), v === null ? v : Number(v)];
  if (typeof def === 'number') return [isNumeric(v), Number(v)];
  if (Array.isArray(def)) {
    const nums = typeof def[0] === 'number';
    return [Array.isArray(v) && v.every(nums ? isNumeric : (x) => typeof x === 'string'), nums && Array.isArray(v) ? v.map(Number) : v];
  }
  return [typeof def === 'object' ? isRecord(v) : typeof v === typeof def, v];
}

/** The expected type of a setting, in words (development messages only). */
function expected(key: string, def: unknown): string {
  const allowed = ENUMS[key];
  if (allowed) return `one of ${allowed.filter((a) => a !== null).map((a) => (typeof a === 'string' ? `'${a}'` : a)).join(', ')}`;
  if (IDS.includes(key)) return 'a number or string id';
  if (def === null) return 'a number or null';
  if (typeof def === 'number') return 'a finite number (or numeric string)';
  if (Array.isArray(def)) return `an array of ${typeof def[0] === 'number' ? 'numbers' : 'strings'}`;
  return typeof def === 'object' ? 'an object' : `a ${typeof def}`;
}

const SECTIONS = ['api', 'shop', 'general', 'filter'];


function mergeLabels(base: Labels, over: unknown, path: string, problems: string[]): Labels {
  if (over === undefined) return base;
  if (!isRecord(over)) {
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `${path} must be an object of label texts, got ${describe(over)}.` : `${path}: not an object`);
    return base;
  }
  const out: Record<string, unknown> = { ...base, sorting: { ...base.sorting } };
  for (const [k, v] of Object.entries(over)) {
    if (k === 'sorting') {
      if (!isRecord(v) || !Object.values(v).every((x) => typeof x === 'string')) problems.push(`${path}.sorting must map sort keys to strings.`);
      else Object.assign(out.sorting as object, v);
    } else if (typeof v !== 'string') problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `${path}.${k} must be a string, got ${describe(v)}.` : `${path}.${k}: not a string`);
    else out[k] = v;
  }
  return out as unknown as Labels;
}

/**
 * Checks settings input and returns the problems found, one actionable sentence each, naming the
 * path and the expected type. An empty list means `createSettings` will succeed.
 */
export function validateSettings(input: unknown): string[] {
  const problems: string[] = [];
  build(input, problems);
  return problems;
}

function build(input: unknown, problems: string[]): Settings {
  const src = isRecord(input) ? input : {};
  if (input !== undefined && !isRecord(input)) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings must be an object, got ${describe(input)}.` : 'settings: not an object');
  const out: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    const defaults = (DEFAULTS as unknown as Record<string, Record<string, unknown>>)[section] ?? {};
    const given = src[section];
    const merged: Record<string, unknown> = { ...defaults };
    if (given !== undefined && !isRecord(given)) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${section} must be an object, got ${describe(given)}.` : `settings.${section}: not an object`);
    else if (given) {
      for (const [key, v] of Object.entries(given)) {
        if (!(key in defaults)) {
          problems.push(`settings.${section}.${key} is not a known setting; check its spelling.`);
          continue;
        }
        if (v === undefined) continue;
        const [ok, value] = check(key, defaults[key], v);
        if (!ok) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${section}.${key} must be ${expected(key, defaults[key])}, got ${describe(v)}.` : `settings.${section}.${key}: wrong type`);
        else merged[key] = isRecord(value) && isRecord(defaults[key]) ? { ...defaults[key], ...value } : value;
      }
    }
    out[section] = merged;
  }
  const filter = out.filter as unknown as FilterSettings & Record<string, unknown>;
  // S9.1 / F5.1: a configured limit outside 1..70 becomes 24.
  if (!(filter.limit >= 1 && filter.limit <= 70)) filter.limit = 24;
  for (const name of ['products', 'collections', 'pages'] as const) {
    const p = (filter.panels as unknown as Record<string, unknown>)[name];
    const d = DEFAULTS.filter.panels[name];
    const pr = isRecord(p) ? p : {};
    // S5.6: panel page size read as an integer, default 25.
    const size = parseInt(String(pr.pageSize ?? ''), 10);
    (filter.panels as unknown as Record<string, PanelSettings>)[name] = {
      label: typeof pr.label === 'string' ? pr.label : d.label,
      active: typeof pr.active === 'boolean' ? pr.active : d.active,
      pageSize: size > 0 ? size : d.pageSize,
    };
  }
  // S5.10: placeholder ratio used if positive, else 1.4.
  if (!(filter.placeholderRatio > 0)) filter.placeholderRatio = 1.4;
  const locale = (out.general as GeneralSettings).current_locale;
  let labels = mergeLabels(DEFAULT_LABELS, src.labels, 'settings.labels', problems);
  const translations = src.labelTranslations;
  if (translations !== undefined && !isRecord(translations))
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.labelTranslations must map locale codes to label objects, got ${describe(translations)}.` : 'settings.labelTranslations: not an object');
  else if (translations && translations[locale] !== undefined) labels = mergeLabels(labels, translations[locale], `settings.labelTranslations.${locale}`, problems);
  out.labels = labels;
  const swatches: Record<string, WireSwatchSetting> = {};
  if (src.swatches !== undefined && !isRecord(src.swatches))
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.swatches must be an object keyed 'pfs-swatch-<value>', got ${describe(src.swatches)}.` : 'settings.swatches: not an object');
  else
    for (const [k, v] of Object.entries(src.swatches ?? {})) {
      if (!isRecord(v) || !['one_color', 'two_colors', 'image'].includes(v.type as string))
        problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.swatches.${k} must be { type: 'one_color' | 'two_colors' | 'image', colorCodes?, imageUrl? }.` : `settings.swatches.${k}: wrong type`);
      else swatches[k.replace(/^pfs-swatch-/, '')] = v as unknown as WireSwatchSetting;
    }
  out.swatches = swatches;
  for (const k of Object.keys(src))
    if (!SECTIONS.includes(k) && !['labels', 'labelTranslations', 'swatches'].includes(k))
      problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${k} is not a known section (api, shop, general, filter, labels, labelTranslations, swatches).` : `settings.${k} is not a known section`);
  return structuredCloneSafe(out) as unknown as Settings;
}

function structuredCloneSafe(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneSafe);
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structuredCloneSafe(x)]));
  return v;
}

/**
 * Creates the settings object: defaults merged with the input, validated, deep-frozen.
 * Throws one TypeError listing every problem when the input is invalid (settings come from the
 * shop owner or the integrator, so failing fast is right; use `validateSettings` to inspect).
 */
export function createSettings(input: SettingsInput = {}): Settings {
  const problems: string[] = [];
  const settings = build(input, problems);
  if (problems.length) throw new TypeError(`${PREFIX} Invalid settings:\n- ${problems.join('\n- ')}`);
  return deepFreeze(settings);
}

/** Replaces `{{ name }}` in a label with escaped-free plain values (labels are rendered as text). */
export function formatLabel(label: string, values: Record<string, string | number> = {}): string {
  return label.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
