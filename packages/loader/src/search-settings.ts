// The `search` section of the page settings: how the instant-search box and the search page look.
// core-filter validates the sections it knows (api, shop, general, filter, ...); this one is the
// loader's, validated here with the same one-message error.
import type { SearchBoxProps, useSuggestController } from '@pkg/react-ui';
import { isRec } from '@pkg/kit';
import { BOOL_CHECK, readSection, type SectionChecks } from './read-section';

type SuggestInput = NonNullable<Parameters<typeof useSuggestController>[0]['suggest']>;

export interface SearchOptions {
  /** Instant search in the theme's search boxes (owner setting `enableSuggestion`; default true). */
  readonly enabled: boolean;
  /** Desktop dropdown style (S2.25): style1, style2 (default) or style3. */
  readonly style: NonNullable<SearchBoxProps['style']>;
  /** How suggested products show: grid (default) or list. */
  readonly display: NonNullable<SearchBoxProps['display']>;
  /** Products per row of a style 2 list: 2 (default) or 1. */
  readonly listPerRow?: 1 | 2;
  /** Which parts a suggested product shows: `{ image, sku, vendor, price, salePrice, priceDecimals }`, each true by default. */
  readonly productParts?: NonNullable<SearchBoxProps['productParts']>;
  /** The matched part of suggested terms and product titles marked (owner setting `highlightSuggestionResult`; default true, S5.8). */
  readonly highlight: boolean;
  /** Suggested products open in a new tab (owner setting `openProductNewTab`; default false). */
  readonly productsInNewTab: boolean;
  /** 'auto' (the input's width, default) or a width in px (S4.10). */
  readonly width: number | 'auto';
  /** The dropdown aligned to the input's `left` or `right` edge (owner setting `suggestionPosition`); by default by the input's place. */
  readonly position?: 'left' | 'right';
  /** The mobile overlay's optional submit button (S2.26). */
  readonly showMobileSubmit: boolean;
  /** Suggestion settings for @pkg/suggest (limits, delay, recent searches, ...; S9.8, S9.10). */
  readonly suggest: SuggestInput;
  /** No-result view (S4.21): tips text (default: the `searchEmptyTips` label), suggested terms, most-popular products. */
  readonly tips?: string;
  readonly showSuggestedTerms: boolean;
  readonly showMostPopular: boolean;
}

export const SEARCH_DEFAULTS: SearchOptions = Object.freeze({ enabled: true, style: 'style2', display: 'grid', highlight: true, productsInNewTab: false, width: 'auto', showMobileSubmit: false, suggest: Object.freeze({}), showSuggestedTerms: true, showMostPopular: true });

/** The id of the no-result JSON a theme embeds in the search page (S3.12). */
export const NO_RESULT_SCRIPT_ID = 'pkg-no-result';

const CHECKS: SectionChecks = {
  enabled: BOOL_CHECK,
  style: ['"style1", "style2" or "style3"', (v) => v === 'style1' || v === 'style2' || v === 'style3'],
  display: ['"grid" or "list"', (v) => v === 'grid' || v === 'list'],
  listPerRow: ['1 or 2', (v) => v === 1 || v === 2],
  productParts: ['an object of image, sku, vendor, price, salePrice, priceDecimals flags (booleans)', (v) => isRec(v) && Object.entries(v).every(([k, b]) => ['image', 'sku', 'vendor', 'price', 'salePrice', 'priceDecimals'].includes(k) && typeof b === 'boolean')],
  highlight: BOOL_CHECK,
  productsInNewTab: BOOL_CHECK,
  width: ['"auto" or a positive number of pixels', (v) => v === 'auto' || (typeof v === 'number' && Number.isFinite(v) && v > 0)],
  showMobileSubmit: BOOL_CHECK,
  position: ['"left" or "right"', (v) => v === 'left' || v === 'right'],
  suggest: ['an object of suggestion settings', isRec],
  tips: ['a string', (v) => typeof v === 'string'],
  showSuggestedTerms: BOOL_CHECK,
  showMostPopular: BOOL_CHECK,
};

/**
 * Reads `settings.search`. Unknown keys and wrong types are problems (worded like core-filter's);
 * what is valid is kept, the rest takes its default.
 */
export function readSearchOptions(raw: unknown): { options: SearchOptions; problems: string[] } {
  return readSection('search', raw, SEARCH_DEFAULTS, CHECKS);
}

/**
 * Splits the loader's own sections (`search`, `cart`, `containers`) off the page settings;
 * core-filter rejects unknown sections.
 */
export function splitSearchSection<T extends object>(input: T): { search: unknown; cart: unknown; containers: unknown; core: Omit<T, 'search' | 'cart' | 'containers'> } {
  const { search, cart, containers, ...core } = input as T & { search?: unknown; cart?: unknown; containers?: unknown };
  return { search, cart, containers, core };
}

/** The text of the embedded no-result JSON (S3.12), or undefined when the page has none. */
export function readNoResultJson(doc: Pick<Document, 'getElementById'>): string | undefined {
  const el = doc.getElementById(NO_RESULT_SCRIPT_ID);
  return el ? (el.textContent ?? '') : undefined;
}
