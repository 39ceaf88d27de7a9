// The shop owner's saved settings as the original add-on's pages carry them
// (`settings.general.<name>` of `bcSfFilterConfig` / `boostPFSAppConfig`), mapped onto the one
// settings model: core-filter's sections and the loader's `search` and `cart` sections.
// The README's "Owner settings" table lists the same names.
import { isBlank, tolerateValue } from '@pkg/core-filter';
import { isRec, type Rec } from './read-section';

const bool = (v: unknown): boolean | undefined => {
  const b = tolerateValue('', false, v);
  return typeof b === 'boolean' ? b : undefined;
};
const count = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

type Out = { filter: Rec; search: Rec; suggest: Rec; cart: Rec };
type Mapper = (v: unknown, out: Out) => boolean;

const toFilter =
  (key: string, read: (v: unknown) => unknown = bool): Mapper =>
  (v, out) => {
    const x = read(v);
    if (x === undefined) return false;
    out.filter[key] = x;
    return true;
  };

const SUGGEST_TYPES = ['suggestions', 'collections', 'pages', 'products'] as const;
const LIMIT_OF: Record<string, string> = { suggestions: 'suggestionLimit', collections: 'collectionLimit', pages: 'pageLimit', products: 'productLimit' };

/** `suggestionBlocks`: `[{ type, status: 'active' | 'inactive', number }]`, in the owner's order. */
const suggestionBlocks: Mapper = (v, out) => {
  if (!Array.isArray(v)) return false;
  const types: string[] = [];
  for (const b of v) {
    if (!isRec(b) || !SUGGEST_TYPES.includes(b.type as (typeof SUGGEST_TYPES)[number])) continue;
    const type = b.type as string;
    if (b.status !== undefined && b.status !== 'active' && bool(b.status) !== true) continue;
    types.push(type);
    const n = count(b.number);
    if (n !== undefined && LIMIT_OF[type]) out.suggest[LIMIT_OF[type]] = n;
  }
  out.suggest.suggestTypes = types;
  return true;
};

/** `customSortingList`: an array, or one string separated by `|` or `,`. */
const sortingList = (v: unknown): string[] | undefined => {
  const list = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? v.split(/[|,]/) : [];
  const keys = list.map((x) => x.trim()).filter(Boolean);
  return keys.length ? keys : undefined;
};

/** `currencyRoundingRules`: `{ eur: 0.95, ... }`; numeric strings taken, keys kept as written (matched in any case). */
const roundingRules = (v: unknown): Rec | undefined => {
  if (!isRec(v)) return undefined;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
    if (Number.isFinite(n) && n > 0) out[k] = n;
  }
  return out;
};

/** `showSuggestionProduct*`: a part of each suggested product shown or not. */
const productPart =
  (part: 'image' | 'sku' | 'vendor' | 'price'): Mapper =>
  (v, out) => {
    const b = bool(v);
    if (b === undefined) return false;
    out.search.productParts = { ...(out.search.productParts as Rec | undefined), [part]: b };
    return true;
  };

/**
 * Every owner setting that changes what a shopper sees, by its name in the original's settings,
 * with where it goes. Listed with defaults and meaning in the README ("Owner settings").
 */
export const OWNER_SETTINGS: Record<string, Mapper> = {
  paginationType: toFilter('paginationType', (v) => (v === 'default' || v === 'load_more' || v === 'infinite' ? v : undefined)),
  showFilterOptionCount: toFilter('showFilterOptionCount'),
  showSingleOption: toFilter('showSingleOption'),
  // Values with no product left are still listed (disabled) when the service is asked for them.
  showOutOfStockOption: toFilter('zeroOptions'),
  productAndVariantAvailable: (v, out) => {
    const b = bool(v);
    if (b === undefined) return false;
    out.filter.productAvailable = b;
    if (b) out.filter.variantAvailable = true;
    return true;
  },
  availableAfterFiltering: (v, out) => {
    const b = bool(v);
    if (b === undefined) return false;
    if (b) out.filter.variantAvailable = true;
    return true;
  },
  keepToggleState: toFilter('keepTabOpenState'),
  showRefineBy: toFilter('showRefineBy'),
  capitalizeFilterOptionValues: toFilter('capitalizeFilterOptionValues'),
  showLoading: toFilter('showLoading'),
  activeScrollToTop: toFilter('showScrollToTop'),
  collapseOnPCByDefault: toFilter('collapseOnPC'),
  collapseOnMobileByDefault: toFilter('collapseOnMobile'),
  sortingAvailableFirst: toFilter('sortFirst', (v) => {
    const b = bool(v);
    return b === undefined ? undefined : b ? 'available' : '';
  }),
  customSortingList: toFilter('sortingList', sortingList),
  currencyRoundingRules: toFilter('currencyRoundingRules', roundingRules),
  enableSuggestion: (v, out) => {
    const b = bool(v);
    if (b === undefined) return false;
    out.search.enabled = b;
    return true;
  },
  suggestionBlocks,
  showSuggestionProductImage: productPart('image'),
  showSuggestionProductSku: productPart('sku'),
  showSuggestionProductVendor: productPart('vendor'),
  showSuggestionProductPrice: productPart('price'),
  activeQuickView: (v, out) => {
    const b = bool(v);
    if (b === undefined) return false;
    out.cart.quickView = b;
    return true;
  },
};

/**
 * Maps one group of owner settings (`settings.general`, `settings.search`, ...). Keys named in
 * OWNER_SETTINGS go where the table says; keys that are already settings of the model
 * (`limit`, `filterLayout`, ...) are kept as they are, in `filter`; the rest, and values that
 * cannot be read, are returned in `setAside` (paths from `path`).
 */
export function mapOwnerSettings(group: Rec, path: string, filterKeys: ReadonlySet<string>, setAside: string[]): { filter: Rec; search: Rec; cart: Rec } {
  const out: Out = { filter: {}, search: {}, suggest: {}, cart: {} };
  for (const [k, v] of Object.entries(group)) {
    if (isBlank(v)) continue;
    const map = OWNER_SETTINGS[k];
    if (map) {
      if (!map(v, out)) setAside.push(`${path}.${k}`);
    } else if (filterKeys.has(k)) out.filter[k] = v;
    else setAside.push(`${path}.${k}`);
  }
  const search = Object.keys(out.suggest).length ? { ...out.search, suggest: out.suggest } : out.search;
  return { filter: out.filter, search, cart: out.cart };
}
