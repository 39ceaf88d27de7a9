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
  /** Products per row of a list in style 2 (default 2) or style 3 (default 1): 1 to 6. */
  readonly listPerRow?: number;
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
  /** The dropdown's greatest height and width in px (owner settings `suggestionMaxHeight`, `suggestionMaxWidth`); by default the style's. */
  readonly maxHeight?: number;
  readonly maxWidth?: number;
  /** The products column left or right of the other blocks in styles 2 and 3 (v1's `suggestionStyle2/3ProductPosition`, v2's `suggestionStyle2ReverseProductBlock`). */
  readonly productPosition?: 'left' | 'right';
  /** The dropdown's loading block (owner setting `showSuggestionLoading`; default true). */
  readonly showLoading?: boolean;
  /** The block titles' look: `{ color, background, fontSize }`, CSS colours and a length (`colorSuggestionHeader`, `bgSuggestionHeader`, `fontSizeSuggestionHeader`). */
  readonly header?: NonNullable<SearchBoxProps['header']>;
  /** On a phone: `style1` the full-screen overlay (default), `style2` the dropdown under the box (owner setting `suggestionMobileStyle`). */
  readonly mobileStyle?: 'style1' | 'style2';
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

/**
 * A CSS colour from the page (`#0a0a0a`, `rgb(10 20 30 / 50%)`, `hsl(...)`, a keyword such as `navy`), else
 * undefined; nothing else (no `url()`, no `;`) reaches a style.
 */
export const cssColor = (v: unknown): string | undefined => (typeof v === 'string' && /^(#[\da-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/+-]{1,60}\))$/i.test(v.trim()) ? v.trim() : undefined);

/** A font size from the page: `14px`, `1.2em`, `1rem`, `90%`, or a number of pixels (`14`, `"14"`); else undefined. */
export const cssSize = (v: unknown): string | undefined => {
  const m = /^(\d{1,3}(?:\.\d{1,3})?)(px|r?em|%)?$/.exec(String(typeof v === 'number' || typeof v === 'string' ? v : '').trim());
  return m ? m[1] + (m[2] || 'px') : undefined;
};

/** The id of the no-result JSON a theme embeds in the search page (S3.12). */
export const NO_RESULT_SCRIPT_ID = 'pkg-no-result';

const SIDE: SectionChecks[string] = ['"left" or "right"', (v) => v === 'left' || v === 'right'];
const PX: SectionChecks[string] = ['a positive number of pixels', (v) => typeof v === 'number' && v > 0];

const CHECKS: SectionChecks = {
  enabled: BOOL_CHECK,
  style: ['"style1", "style2" or "style3"', (v) => v === 'style1' || v === 'style2' || v === 'style3'],
  display: ['"grid" or "list"', (v) => v === 'grid' || v === 'list'],
  listPerRow: ['a whole number from 1 to 6', (v) => Number.isInteger(v) && (v as number) > 0 && (v as number) < 7],
  productParts: ['an object of image, sku, vendor, price, salePrice, priceDecimals flags (booleans)', (v) => isRec(v) && Object.entries(v).every(([k, b]) => ['image', 'sku', 'vendor', 'price', 'salePrice', 'priceDecimals'].includes(k) && typeof b === 'boolean')],
  highlight: BOOL_CHECK,
  productsInNewTab: BOOL_CHECK,
  width: ['"auto" or a positive number of pixels', (v) => v === 'auto' || (typeof v === 'number' && Number.isFinite(v) && v > 0)],
  showMobileSubmit: BOOL_CHECK,
  position: SIDE,
  maxHeight: PX,
  maxWidth: PX,
  productPosition: SIDE,
  showLoading: BOOL_CHECK,
  header: ['an object of color, background (CSS colours) and fontSize (a CSS length)', (v) => isRec(v) && Object.entries(v).every(([k, x]) => (k === 'fontSize' ? cssSize(x) : (k === 'color' || k === 'background') && cssColor(x)) === x)],
  mobileStyle: ['"style1" or "style2"', (v) => v === 'style1' || v === 'style2'],
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
