// Builds the filter option model (F3, F4.1-F4.6, F9.3) through a kind registry: what every kind
// shares (id, label, excluded and manual values, visibility, flags) is here; how values are read,
// ordered and shown as chips is the kind's (option-kind.ts); the type warnings, the value texts
// and structural sharing are parts (option-checks.ts, value-texts.ts, share-options.ts).
import type { FilterItem, FilterOption, FilterOptionCore, OptionChip, OptionReadInput } from './filter-option';
import type { OptionViews } from './option-view';
import type { OptionChecks } from './option-checks';
import type { ShareOptions } from './share-options';
import type { ValueTexts } from './value-texts';
import { findItemLabel, type KindReadInput, type KindRegistry } from './option-kind';
import { count, excludedValues, isMultiLevel, orderByManualValues } from './option-values';
import { arr, isRec, num, str, strs, type Rec } from './read';
import { stripHtml } from './text';
import type { Settings } from './settings';
import { warn } from './warn';

const DISPLAYS: readonly string[] = ['list', 'box', 'range', 'swatch', 'rating', 'sub_category', 'multi_level_collections', 'multi_level_tag'];
/**
 * Builds one option from its wire form with the kinds of `kinds`. Returns null for options that
 * must be skipped: a missing id, empty values and empty manual values (F4.3), or an option no
 * registered kind reads. Never throws on bad data.
 */
export function buildOptionWith(kinds: KindRegistry, raw: unknown, input: OptionReadInput): FilterOption | null {
  if (!isRec(raw)) return null;
  const { settings, ctx } = input;
  const id = str(raw.filterOptionId);
  if (!id) {
    if (typeof process === 'object' && process.env.NODE_ENV !== 'production') warn('Skipped a filter option without filterOptionId.');
    return null;
  }
  const filterType = str(raw.filterType);
  let display = str(raw.displayType);
  const knownDisplay = DISPLAYS.includes(display) || kinds.kinds.some((k) => k.claims({ id, filterType: '', displayType: display }) >= 2);
  // F8.11: the type warnings are a part (option-checks.ts).
  input.checks?.(kinds, id, filterType, display, knownDisplay);
  if (!knownDisplay) display = isRec(raw.values) ? 'range' : 'list';
  const f = settings.filter;
  const multi = isMultiLevel(display);
  // The owner's `multiLevelCollectionSelectType` decides for multi-level collection tags (F4.16).
  const selectType = (display === 'multi_level_collections' && f.multiLevelCollectionSelect) || (raw.selectType === 'single' ? 'single' : 'multiple');
  // F4.5: options in the advanced range-slider setting with multiple select become ranges.
  if (selectType === 'multiple' && f.advancedRangeSliderOptions.includes(id)) display = 'range';
  const kind = kinds.find({ id, filterType, displayType: display });
  if (!kind) {
    if (typeof process === 'object' && process.env.NODE_ENV !== 'production') warn(`Skipped option ${id}: no registered kind reads filter type '${filterType}' shown as '${display}'.`);
    return null;
  }
  const values = raw.values;
  const manual = strs(raw.manualValues);
  const valueList = arr(values).filter(isRec);
  const hasValues = valueList.length > 0 || (isRec(values) && (num(values.min) !== null || num(values.max) !== null));
  if (!hasValues && manual.length === 0) return null;

  const selected = input.selected ?? {};
  const selectedValues = (selected[id] ?? []).map(String);
  const selectedSet = new Set(selectedValues.map((s) => s.toLowerCase()));
  const isSelected = (k: string): boolean => selectedSet.size > 0 && selectedSet.has(k.toLowerCase());
  const label = stripHtml(raw.label) || id;
  const formatPrice = input.formatPrice ?? String;
  const read: KindReadInput = {
    raw,
    id,
    filterType,
    displayType: display,
    label,
    values: valueList,
    settings,
    ctx,
    selectedValues,
    selected,
    collectionScope: String(input.collectionScope ?? ''),
    isSelected,
    // The value texts are a part (value-texts.ts): without it, labels are only stripped of markup.
    toLabel: input.texts?.(raw, settings) ?? stripHtml,
    formatPrice,
    item: <T extends object>(key: string, text: string, v: Rec, extra?: T): FilterItem & T => {
      const docCount = count(v.doc_count);
      const it = { key, label: text, docCount, selected: isSelected(key), disabled: docCount === 0 };
      return (extra ? Object.assign(it, extra) : it) as FilterItem & T;
    },
    orders: input.orders,
  };
  const got = kind.read(read);
  let items: FilterItem[] = [...(got.items ?? [])];
  const range = got.range;
  let disabled = raw.status === 'disabled' || got.disabled === true;

  const excluded = excludedValues(raw);
  if (excluded.size) items = items.filter((it) => !excluded.has(it.key.toLowerCase()) && !excluded.has(it.label.toLowerCase()));
  // Manual values: only the listed ones ('specific'), or listed first (sortManualValues), in the
  // owner's order; the option's sort type orders the rest (F3.1, F3.4).
  if (!range) items = orderByManualValues(items, raw);
  // `showUnavailableSelection`: a selected value missing from the answer stays, selected and unavailable (value lists only).
  if (f.showUnavailableSelection && !range && !multi) for (const v of selectedValues) if (!items.some((it) => it.key.toLowerCase() === v.toLowerCase())) items.push(read.item(v, read.toLabel(v), {}));
  // F4.4: vendor options are disabled on vendor pages, product-type options on type pages.
  if ((filterType === 'vendor' && ctx.isVendorPage) || (filterType === 'product_type' && ctx.isTypePage)) disabled = true;
  const active = !disabled;
  const rendered = range ? (disabled ? 0 : 2) : items.length;
  // F4.2: at least 1 rendered item, or at least 2 when single options are not shown.
  const visible = active && rendered >= (f.showSingleOption ? 1 : 2);
  const chips: OptionChip[] = [];
  const core: FilterOptionCore = {
    id,
    filterType,
    displayType: display,
    kind: kind.name,
    selectType,
    label,
    position: num(raw.position) ?? 0,
    active,
    disabled,
    visible,
    useAndCondition: raw.useAndCondition === true,
    showExactRating: raw.showExactRating === true,
    items,
    ...(range ? { range } : {}),
    selectedValues,
    chips,
  };
  // How a tree shows the option is the `view` part (option-view.ts): without it the option holds
  // only these fields, and the lean controller's snapshot types its options as FilterOptionCore.
  const option = (input.view ? Object.assign(core, input.view.fields(raw, core, settings as Settings, kind)) : core) as FilterOption;
  // Each selected value's chip: the kind's text, else the value's label (F4.19 refine-by).
  for (const value of selectedValues) chips.push({ value, text: kind.chip ? kind.chip(option, value, formatPrice) : (findItemLabel(items, value) ?? value) });
  return option;
}

/** The option list of an answer's `filter` (or a list given as it is). */
export const optionList = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : isRec(raw) ? arr(raw.options) : []);

/** Builds an option list, sorted by position, from an answer's options: `prev` is the list last built. */
export type OptionsBuilder = (raw: unknown, input: OptionReadInput, prev: readonly FilterOption[]) => readonly FilterOption[];

/** The option builder's parts (the controller's of the same names). */
export interface OptionBuilderParts {
  readonly checks?: OptionChecks | undefined;
  /** F4.22, F4.23: `shareOptions` keeps the objects of unchanged options; without it every answer builds new ones. */
  readonly share?: ShareOptions | undefined;
  /** `valueTexts` writes value labels as the option's and the owner's settings say; without it they are only stripped of markup. */
  readonly texts?: ValueTexts | undefined;
  /** How a tree shows each option (`optionViews`); without it options hold only `FilterOptionCore`'s fields. */
  readonly view?: OptionViews | undefined;
}

export const byPosition = (a: FilterOption, b: FilterOption): number => a.position - b.position;

/**
 * Builds option lists with the kinds of `kinds` and the given parts: with `share`, unchanged
 * options keep their objects (structural sharing, share-options.ts); without it each call
 * builds every option anew.
 */
export function createOptionsBuilderWith(kinds: KindRegistry, parts: OptionBuilderParts): OptionsBuilder {
  // One option, or null for one that could not be read (never a throw).
  const build = (o: unknown, input: OptionReadInput): FilterOption | null => {
    try {
      return buildOptionWith(kinds, o, { ...input, checks: parts.checks, texts: parts.texts, view: parts.view });
    } catch (e) {
      if (typeof process === 'object' && process.env.NODE_ENV !== 'production') warn('Skipped a filter option that could not be read.', e);
      return null;
    }
  };
  return parts.share?.(kinds, build) ?? ((raw, input) => (optionList(raw).map((o) => build(o, input)).filter(Boolean) as FilterOption[]).sort(byPosition));
}
