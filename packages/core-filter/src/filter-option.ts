// The filter option model (F3, F4.1-F4.6, F5.4, F9.3, S9.7) with every built-in option kind.
// The model is built by `build-option.ts` through the kind registry (`option-kind.ts`); this file
// holds the model's types and the entry points that use every built-in kind.
import { allKinds } from './all-kinds';
import { buildOptionWith, createOptionsBuilderWith } from './build-option';
import { checkOptionTypes, type OptionChecks } from './option-checks';
import { shareOptions } from './share-options';
import { valueTexts, type ValueTexts } from './value-texts';
import { optionViews, type OptionViews } from './option-view';
import { createKindRegistry, type KindRegistry } from './option-kind';
import type { PageContext } from './page-context';
import { isBadInput } from './screen';
import type { ControllerSettings, Settings } from './settings';
import { stripHtml } from './text';
import type { FilterType } from './wire';

/** The built-in display types; an agency's kind may report its own. */
export type OptionDisplay = 'list' | 'box' | 'range' | 'swatch' | 'rating' | 'sub_category' | 'multi_level_collections' | 'multi_level_tag' | (string & {});

export interface SwatchStyle {
  type: 'one_color' | 'two_colors' | 'image';
  colors: readonly string[];
  imageUrl: string;
}

export interface FilterItem {
  /** The value that goes into the filter parameter. */
  readonly key: string;
  /** Display text: markup stripped, prefix removed, uppercase when the option says so. */
  readonly label: string;
  /** Products with this value; 0 for multi-level collection tags, which the service does not count. */
  readonly docCount: number;
  readonly selected: boolean;
  readonly disabled: boolean;
  /** 1 to 3 for multi-level items. */
  readonly level?: number;
  readonly children?: readonly FilterItem[];
  readonly handle?: string;
  /** Link for multi-level collection and sub-category items; '#' elsewhere (F2 address bar). */
  readonly url?: string;
  readonly swatch?: SwatchStyle;
  readonly from?: number | null;
  readonly to?: number | null;
  /** Stock items: in-stock maps to true (F3.12). */
  readonly inStock?: boolean;
}

export interface RangeModel {
  /** Bounds rounded to 2 decimals, min down and max up (F5.6). */
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** Number of pips/segments on the slider (F5.6). */
  readonly sliderRange: number;
  readonly delimiter: string;
  readonly hideTextBoxes: boolean;
  /** The currently applied [min, max], clamped to the bounds. */
  readonly current: readonly [number, number];
  /** Whether the bounds are money (price ranges), shown through the shop's money format. */
  readonly money?: boolean;
  /** The option's `shortenPipsRange`: money labels from 1000 read K, from 1e6 M (S1.8). */
  readonly short?: boolean;
  /** One handle (the owner's `rangeSlidersSingleHandle`) at `current[0]`: one value chosen, applied as `v:v`. */
  readonly single?: boolean;
  /**
   * A text-range slider (F4.5): an option of text values in the advanced range-slider setting.
   * The handles are positions 0..n-1 in `keys` (the values in the option's order, `labels` as
   * shown); the selection is every key between them. The handles must not end equal (F5.5).
   */
  readonly text?: { readonly keys: readonly string[]; readonly labels: readonly string[] };
}

/** One refine-by chip: a selected value and the text its kind gives it (range bounds formatted). */
export interface OptionChip {
  readonly value: string;
  readonly text: string;
}

/**
 * An option as the controller reads it: what it is, its values, its selection and chips. A
 * controller without the `view` part (`createFilterControllerWith`) holds these; `FilterOption`
 * adds how a tree shows the option.
 */
export interface FilterOptionCore {
  readonly id: string;
  readonly filterType: FilterType | string;
  readonly displayType: OptionDisplay;
  /** The registered kind that read the option (`list`, `range`, ... or an agency's own). */
  readonly kind: string;
  readonly selectType: 'single' | 'multiple';
  readonly label: string;
  readonly position: number;
  readonly active: boolean;
  /** F4.1/F4.4: disabled options are not shown. */
  readonly disabled: boolean;
  /** F4.2: shown when active with enough rendered items. */
  readonly visible: boolean;
  readonly useAndCondition: boolean;
  readonly showExactRating: boolean;
  readonly items: readonly FilterItem[];
  readonly range?: RangeModel;
  readonly selectedValues: readonly string[];
  /** The refine-by chips of the selected values, in selection order. */
  readonly chips: readonly OptionChip[];
}

/** How a tree shows an option: what the `view` part (`optionViews`) reads from its wire form and the view settings. */
export interface OptionViewFields {
  readonly showMoreType: 'none' | 'scrollbar' | 'viewmore' | 'viewmore_scrollbar';
  /**
   * The option's search box per device; `byDefault`: neither of the option's own flags is on, so a
   * box comes from the owner's `showSearchBoxFilter*ByDefault` only, and a horizontal tree shows none (as v1).
   */
  readonly showSearchBox: { pc: boolean; mobile: boolean; byDefault?: boolean };
  readonly collapsed: { pc: boolean; mobile: boolean };
  readonly tooltip: string;
  readonly columns: 1 | 2 | 3;
  /** Items shown before 'view more' (F9.3, S9.7). */
  readonly viewMoreCount: number;
  readonly starColor?: string;
  /**
   * Whether the values show their product counts: false when the owner's `showFilterOptionCount`
   * is off, for a kind that shows none (box), or when the option's own flags hide them
   * (`keepValuesStatic: true`, `showDocCount: false`, `hideDocCount: true`).
   */
  readonly showCount: boolean;
  /**
   * A multi-level option under the owner's `multiLevelToggle`: the levels whose values start open
   * (each value with sub-values has a button that shows or hides them). Absent: every level shows.
   */
  readonly openLevels?: readonly number[];
}

/** An option with how a tree shows it (what `createFilterController` and `buildFilterOptions` give). */
export interface FilterOption extends FilterOptionCore, OptionViewFields {}

export interface OptionModelInput {
  settings: Settings;
  ctx: PageContext;
  /** Selected values by option id. */
  selected?: Readonly<Record<string, readonly string[]>>;
  /** The collection scope set by a collection item on a non-collection page (F4.10). */
  collectionScope?: string | number;
  /** Formats a price for bucket labels and chips; defaults to the plain number. */
  formatPrice?: (amount: number) => string;
  /** The kinds to read options with; every built-in kind by default. */
  kinds?: KindRegistry;
  /**
   * Value labels of earlier sorted answers, by option id and sort type; filled and read under
   * structural sharing (`shareOptions`, which `createOptionsBuilder` passes) so that an answer
   * whose values keep that order skips the collator.
   */
  orders?: Map<string, readonly string[]>;
  /** The type warnings (F8.11, `checkOptionTypes`); `buildFilterOption(s)` and `createOptionsBuilder` give them. */
  checks?: OptionChecks | undefined;
  /** The value texts (`valueTexts`); `buildFilterOption(s)` and `createOptionsBuilder` give them. Without them labels are only stripped of markup. */
  texts?: ValueTexts | undefined;
  /** How a tree shows each option (`optionViews`); `buildFilterOption(s)` and `createOptionsBuilder` give it. */
  view?: OptionViews | undefined;
}

/**
 * What the option builder and the kinds read: `OptionModelInput` with the controller's settings,
 * which without the `view` part hold the view settings only where the input gave them.
 */
export type OptionReadInput = Omit<OptionModelInput, 'settings'> & { settings: ControllerSettings };

let builtIn: KindRegistry | undefined;
/** The registry of every built-in kind. */
export const builtInKinds = (): KindRegistry => (builtIn ??= createKindRegistry(allKinds));

/**
 * Builds one option from its wire form with the given kinds (every built-in kind by default).
 * Returns null for options that must be skipped: a missing id, empty values and empty manual
 * values (F4.3), or no registered kind for it. Never throws on bad data.
 */
export function buildFilterOption(raw: unknown, input: OptionModelInput): FilterOption | null {
  return buildOptionWith(input.kinds ?? builtInKinds(), raw, { checks: checkOptionTypes, texts: valueTexts, view: optionViews, ...input });
}

/** Builds the option list from `filter.options`, sorted by position; never throws. */
export function buildFilterOptions(raw: unknown, input: OptionModelInput): FilterOption[] {
  return createOptionsBuilder(input.kinds)(raw, input, []) as FilterOption[];
}

/**
 * Structural sharing for stores (F4.22, F4.23): builds like `buildFilterOptions`, but an option
 * whose raw wire content and selection are the same as last time keeps its previous object, and
 * when every option is kept, `prev` itself is returned. Settings, page context and price format
 * must stay the same for the life of the builder (one per controller).
 */
export function createOptionsBuilder(kinds: KindRegistry = builtInKinds()): (raw: unknown, input: OptionModelInput, prev: readonly FilterOption[]) => readonly FilterOption[] {
  return createOptionsBuilderWith(kinds, { checks: checkOptionTypes, share: shareOptions, texts: valueTexts, view: optionViews });
}

/**
 * Option search box (F5.4): markup stripped; a bad term is rejected (the search is cleared and
 * every item shows); otherwise lowercased, trimmed and matched against labels.
 */
export function searchOptionItems(items: readonly FilterItem[], rawTerm: string): { term: string; items: readonly FilterItem[] } {
  const stripped = stripHtml(rawTerm);
  if (typeof rawTerm !== 'string' || isBadInput(stripped)) return { term: '', items };
  const term = stripped.toLowerCase().trim();
  if (!term) return { term: '', items };
  const match = (it: FilterItem): FilterItem | null => {
    if (it.label.toLowerCase().includes(term)) return it;
    const kids = it.children?.map(match).filter((c): c is FilterItem => c !== null);
    return kids && kids.length ? { ...it, children: kids } : null;
  };
  return { term, items: items.map(match).filter((it): it is FilterItem => it !== null) };
}

// The value helpers and label functions now live with the kinds that own them.
export { sortItems, bucketBounds, encodeRange, decodeRange, httpsUrl } from './option-values';
export { ratingLabel } from './kind-rating';
export { percentLabel } from './kind-percent-sale';
export { priceLabel } from './kind-price';
export { swatchImageUrl } from './kind-swatch';
export { rangeModel } from './kind-range';
export { viewMoreCount } from './option-view';
