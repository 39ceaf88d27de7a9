// The filter option model (F3, F4.1-F4.6, F5.4, F5.6, F5.9, F9.3, S9.7).
import type { PageContext } from './page-context';
import type { Settings } from './settings';
import type { FilterType, WireSwatchSetting } from './wire';
import { collectionUrl, subCategoryUrl } from './links';
import { isBadInput } from './screen';
import { isRec, num, str, type Rec } from './read';
import { slugify, stripHtml } from './text';
import { warn } from './warn';

export type OptionDisplay = 'list' | 'box' | 'range' | 'swatch' | 'rating' | 'sub_category' | 'multi_level_collections' | 'multi_level_tag';

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
}

export interface FilterOption {
  readonly id: string;
  readonly filterType: FilterType | string;
  readonly displayType: OptionDisplay;
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
  readonly showMoreType: 'none' | 'scrollbar' | 'viewmore' | 'viewmore_scrollbar';
  readonly showSearchBox: { pc: boolean; mobile: boolean };
  readonly collapsed: { pc: boolean; mobile: boolean };
  readonly tooltip: string;
  readonly columns: 1 | 2 | 3;
  readonly items: readonly FilterItem[];
  readonly range?: RangeModel;
  readonly selectedValues: readonly string[];
  /** Items shown before 'view more' (F9.3, S9.7). */
  readonly viewMoreCount: number;
  readonly starColor?: string;
}

export interface OptionModelInput {
  settings: Settings;
  ctx: PageContext;
  /** Selected values by option id. */
  selected?: Readonly<Record<string, readonly string[]>>;
  /** The collection scope set by a collection item on a non-collection page (F4.10). */
  collectionScope?: string | number;
  /** Formats a price for bucket labels; defaults to the plain number. */
  formatPrice?: (amount: number) => string;
  /**
   * Value labels of earlier sorted answers, by option id and sort type; filled and read by
   * `createOptionsBuilder` so that an answer whose values keep that order skips the collator.
   */
  orders?: Map<string, readonly string[]>;
}

const DISPLAYS: readonly string[] = ['list', 'box', 'range', 'swatch', 'rating', 'sub_category', 'multi_level_collections', 'multi_level_tag'];
const FILTER_TYPES: readonly string[] = ['collection', 'vendor', 'product_type', 'title', 'price', 'variants_price', 'percent_sale', 'review_ratings', 'weight', 'stock', 'tag', 'multi_level_tag', 'location', 'option', 'metafield'];

const count = (v: unknown): number => Math.max(0, num(v) ?? 0);
// One collator, made on first use: localeCompare with options builds a new one on every call,
// which made sorting a 200-value option the slowest step of a filter click.
let collator: Intl.Collator | undefined;
const natural = (a: string, b: string): number => (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(a, b);

/** Sorts items by key or count (F3.7); natural key-ascending by default. */
export function sortItems<T extends { label: string; docCount: number }>(items: readonly T[], sortType: string | undefined): T[] {
  const cmp: (a: T, b: T) => number =
    sortType === 'key-desc'
      ? (a, b) => natural(b.label, a.label)
      : sortType === 'doc_count-asc'
        ? (a, b) => a.docCount - b.docCount || natural(a.label, b.label)
        : sortType === 'doc_count-desc'
          ? (a, b) => b.docCount - a.docCount || natural(a.label, b.label)
          : (a, b) => natural(a.label, b.label);
  // Answers usually come sorted already (the service sorts too): one pass checks, and only an
  // unsorted list pays for the sort.
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++) sorted = cmp(items[i - 1] as T, items[i] as T) <= 0;
  return sorted ? [...items] : [...items].sort(cmp);
}

/** Rating label (F5.9): ceil(from) with star/stars, plus 'and up' unless the exact rating is shown. */
export function ratingLabel(settings: Settings, from: number, exact: boolean): string {
  const n = Math.ceil(from);
  const l = settings.labels;
  return `${n} ${n === 1 ? l.star : l.stars}${exact ? '' : ` ${l.andUp}`}`;
}

/** Percent-sale label (F3.12): 'from% - to%', 'above from%' or 'under to%'. */
export function percentLabel(settings: Settings, from: number | null, to: number | null): string {
  if (from !== null && to !== null) return `${from}% - ${to}%`;
  if (from !== null) return `${settings.labels.above} ${from}%`;
  return to !== null ? `${settings.labels.under} ${to}%` : '';
}

/** Price bucket label: 'from - to', 'above from' or 'under to', amounts formatted. */
export function priceLabel(settings: Settings, from: number | null, to: number | null, format: (n: number) => string): string {
  if (from !== null && to !== null) return `${format(from)} - ${format(to)}`;
  if (from !== null) return `${settings.labels.above} ${format(from)}`;
  return to !== null ? `${settings.labels.under} ${format(to)}` : '';
}

/** Reads a bucket's ends from `from`/`to` or from a 'from-to', '*-to', 'from-*' key (F3.10). */
export function bucketBounds(v: Rec): [number | null, number | null] {
  let from = num(v.from);
  let to = num(v.to);
  const key = str(v.key);
  if (from === null && to === null && key) {
    const m = /^(\*|-?[\d.]+)\s*[-:]\s*(\*|-?[\d.]*)$/.exec(key);
    if (m) {
      from = m[1] === '*' ? null : num(m[1]);
      to = m[2] === '*' || m[2] === '' ? null : num(m[2]);
    }
  }
  return [from, to];
}

/** Encodes a range or bucket value 'min:max' with either end possibly empty (F3.10). */
export function encodeRange(from: number | null, to: number | null): string {
  return `${from ?? ''}:${to ?? ''}`;
}

/** Decodes 'min:max' (either end may be empty); bad parts become null. */
export function decodeRange(value: string | undefined): [number | null, number | null] {
  if (typeof value !== 'string') return [null, null];
  const [a = '', b = ''] = value.split(':');
  return [num(a), num(b)];
}

/** The swatch file URL from file_url, option label and value (wire-format.md, swatch images). */
export function swatchImageUrl(settings: Settings, optionLabel: string, value: string, prefix = ''): string {
  const file = settings.general.file_url;
  if (!file) return '';
  const [base = '', query = ''] = file.split('?');
  const clean = prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  const name = `${slugify(optionLabel)}-${slugify(clean)}.${settings.general.swatch_extension || 'png'}`;
  const version = query ? `?${/=/.test(query) ? query : `v=${query}`}` : '';
  return httpsUrl(`${base.endsWith('/') ? base : `${base}/`}${name}${version}`);
}

export const httpsUrl = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

function swatchFor(settings: Settings, optionLabel: string, value: string, prefix: string): SwatchStyle {
  const s: WireSwatchSetting | undefined = settings.swatches[value] ?? settings.swatches[slugify(value)];
  if (s) {
    const colors = Array.isArray(s.colorCodes) ? s.colorCodes : typeof s.colorCodes === 'string' ? s.colorCodes.split(',') : [];
    return { type: s.type, colors: colors.map((c) => c.trim()).filter(Boolean), imageUrl: s.type === 'image' && s.imageUrl ? httpsUrl(s.imageUrl) : '' };
  }
  return { type: 'image', colors: [], imageUrl: swatchImageUrl(settings, optionLabel, value, prefix) };
}

/** View-more visible count (F9.3, S9.7): configured per display, 5 when missing or <= 1. */
export function viewMoreCount(settings: Settings, display: string, columns: number): number {
  const f = settings.filter;
  const key = display === 'box' || display === 'swatch' ? display : 'list';
  if (f.filterLayout === 'horizontal') {
    const h = f.startViewMoreHorizontal[key];
    return (typeof h === 'number' && h > 1 ? h : 5) * columns;
  }
  const v = f.startViewMore[key];
  return typeof v === 'number' && v > 1 ? v : 5;
}

/** Slider model (F5.6). */
export function rangeModel(rawMin: number, rawMax: number, o: Rec, selected: string | undefined): RangeModel {
  const min = Math.floor(rawMin * 100) / 100;
  const max = Math.ceil(rawMax * 100) / 100;
  const s = num(o.sliderStep);
  const step = s === null || s <= 0 || s > max ? 1 : s;
  const r = num(o.sliderRange);
  const sliderRange = max - min < 2 * step ? 1 : r !== null && r > 0 ? Math.floor(r) : 4;
  const [a, b] = decodeRange(selected);
  const clamp = (n: number): number => Math.min(max, Math.max(min, n));
  let lo = clamp(a ?? min);
  let hi = clamp(b ?? max);
  if (lo > hi) [lo, hi] = [hi, lo];
  return { min, max, step, sliderRange, delimiter: str(o.sliderDelimiter) || '-', hideTextBoxes: o.hideTextBoxes === true, current: [lo, hi] };
}

function textTransforms(o: Rec): (label: string) => string {
  const prefix = str(o.prefix);
  const removes = str(o.removeTextFilterValues).split(',').map((s) => s.trim()).filter(Boolean);
  const replaces = str(o.replaceTextFilterValues)
    .split(',')
    .map((pair) => pair.split(':'))
    .filter((p): p is [string, string] => p.length === 2 && !!p[0]);
  const upper = o.displayAllValuesInUppercaseForm === true;
  return (raw) => {
    let label = stripHtml(raw);
    if (prefix && label.startsWith(prefix)) label = label.slice(prefix.length);
    for (const r of removes) label = label.split(r).join('');
    for (const [from, to] of replaces) label = label.split(from).join(to);
    label = label.trim();
    return upper ? label.toUpperCase() : label;
  };
}

function columnsOf(v: unknown): 1 | 2 | 3 {
  return v === 'style2' ? 2 : v === 'style3' ? 3 : 1;
}

/**
 * Builds one option from its wire form. Returns null for options that must be skipped: a missing
 * id, or empty values and empty manual values (F4.3). Never throws.
 */
export function buildFilterOption(raw: unknown, input: OptionModelInput): FilterOption | null {
  if (!isRec(raw)) return null;
  const { settings, ctx } = input;
  const id = str(raw.filterOptionId);
  if (!id) {
    if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') warn('Skipped a filter option without filterOptionId.');
    return null;
  }
  const filterType = str(raw.filterType);
  let display = str(raw.displayType);
  if (!FILTER_TYPES.includes(filterType)) warn(`Wrong filter tree type '${filterType}' for option ${id}; treated as a list of values.`);
  if (!DISPLAYS.includes(display)) {
    if (display) warn(`Wrong display type '${display}' for option ${id}; shown as a list.`);
    else warn(`Missing display type for option ${id}; shown as a list.`);
    display = isRec(raw.values) ? 'range' : 'list';
  }
  const selectType = raw.selectType === 'single' ? 'single' : 'multiple';
  // F4.5: options in the advanced range-slider setting with multiple select become ranges.
  if (selectType === 'multiple' && settings.filter.advancedRangeSliderOptions.includes(id)) display = 'range';
  const values = raw.values;
  const manual = Array.isArray(raw.manualValues) ? raw.manualValues.map(str).filter(Boolean) : [];
  const valueList = Array.isArray(values) ? values.filter(isRec) : [];
  const hasValues = valueList.length > 0 || (isRec(values) && (num(values.min) !== null || num(values.max) !== null));
  if (!hasValues && manual.length === 0) return null;

  const selectedValues = (input.selected?.[id] ?? []).map(String);
  const selectedSet = new Set(selectedValues.map((s) => s.toLowerCase()));
  const isSel = (k: string): boolean => selectedSet.size > 0 && selectedSet.has(k.toLowerCase());
  const label = stripHtml(raw.label) || id;
  const toLabel = textTransforms(raw);
  const excluded = new Set((Array.isArray(raw.excludedValues) ? raw.excludedValues : []).map((v) => str(v).toLowerCase()));
  const prefix = str(raw.prefix);
  const columns = columnsOf(raw.displayColumn);
  const exact = raw.showExactRating === true;
  const format = input.formatPrice ?? ((n: number) => String(n));
  let items: FilterItem[] = [];
  let range: RangeModel | undefined;
  let disabled = raw.status === 'disabled';

  // One item: selected by key, disabled at a zero count (F4.6), plus kind-specific fields.
  const item = <T extends object>(key: string, text: string, v: Rec, extra?: T): FilterItem & T => {
    const docCount = count(v.doc_count);
    const it = { key, label: text, docCount, selected: isSel(key), disabled: docCount === 0 };
    return (extra ? Object.assign(it, extra) : it) as FilterItem & T;
  };
  const term = (v: Rec): FilterItem => {
    const key = str(v.key) || str(v.tag);
    return item(key, toLabel(str(v.label) || key), v, display === 'swatch' ? { swatch: swatchFor(settings, label, key, prefix) } : undefined);
  };

  if (display === 'range') {
    let lo: number | null = null;
    let hi: number | null = null;
    let distinct = 2;
    if (isRec(values)) {
      lo = num(values.min);
      hi = num(values.max);
    } else {
      const nums = [...new Set(valueList.map((v) => num(v.key) ?? num(v.from) ?? num(v.to)).filter((n): n is number => n !== null))];
      distinct = nums.length;
      if (nums.length) {
        lo = Math.min(...nums);
        hi = Math.max(...nums);
      }
    }
    if (lo === null || hi === null) {
      lo = lo ?? hi ?? 0;
      hi = hi ?? lo;
    }
    if (lo > hi) [lo, hi] = [hi, lo];
    // F4.1: fewer than 2 distinct values or min equal to max disables a range.
    if (distinct < 2 || lo === hi) disabled = true;
    range = rangeModel(lo, hi, raw, selectedValues[0]);
  } else if (filterType === 'price' || filterType === 'variants_price' || filterType === 'percent_sale' || filterType === 'weight') {
    items = valueList.map((v) => {
      const [from, to] = bucketBounds(v);
      const key = encodeRange(from, to);
      const text = filterType === 'percent_sale' ? percentLabel(settings, from, to) : filterType === 'weight' ? toLabel(str(v.label) || str(v.key) || key) : priceLabel(settings, from, to, format);
      return item(key, text, v, { from, to });
    });
  } else if (filterType === 'review_ratings' || display === 'rating') {
    items = valueList
      .map((v) => {
        const from = num(v.from) ?? num(v.key) ?? 0;
        return item(String(Math.ceil(from)), ratingLabel(settings, from, exact), v, { from, to: num(v.to) });
      })
      .sort((a, b) => Number(b.key) - Number(a.key));
  } else if (filterType === 'stock') {
    items = valueList.map((v) => {
      const key = str(v.key);
      const inStock = key === 'in-stock';
      return item(key, str(v.label) ? toLabel(str(v.label)) : inStock ? settings.labels.inStock : settings.labels.outOfStock, v, { inStock });
    });
  } else if (filterType === 'collection' || display === 'multi_level_collections' || display === 'sub_category') {
    const scope = String(input.collectionScope ?? '');
    const staticValues = raw.keepValuesStatic === true;
    const multi = display === 'multi_level_collections';
    const pfx = settings.filter.filterPrefix;
    const tagParam = id.startsWith(`${pfx}c_`) ? `${pfx}ct_${id.slice(pfx.length + 2)}` : `${id}_tags`;
    const tagSel = new Set((input.selected?.[tagParam] ?? []).map((t) => String(t).toLowerCase()));
    items = valueList.map((v, i) => {
      const key = str(v.key);
      const handle = str(v.handle);
      const isAll = handle === 'all' || key === '0';
      const docCount = count(v.doc_count);
      const selected = isSel(key) || (scope !== '' && scope === key) || (ctx.isCollectionPage && !scope && String(ctx.collectionId) === key && key !== '0');
      const tags = Array.isArray(v.tags) ? v.tags.map(str).filter(Boolean) : [];
      const url = multi && ctx.isCollectionPage && handle ? collectionUrl(ctx, handle) : '#';
      const children = multi
        ? // The service sends no counts for a collection's tags: 0 here means "not counted", and
          // a tag is never disabled (showing the collection's own count would misstate it).
          tags.map((t) => {
            const [tag = '', sub] = t.split('>').map((s) => s.trim());
            return { key: t, label: toLabel(sub ?? tag), docCount: 0, selected: tagSel.has(t.toLowerCase()), disabled: false, level: sub ? 3 : 2, handle, url: ctx.isCollectionPage && handle ? subCategoryUrl(ctx, handle, sub ?? tag) : '#' };
          })
        : undefined;
      const item: FilterItem = {
        key,
        label: toLabel(str(v.label) || handle || key),
        docCount,
        selected,
        // F4.6: static collection values and the 'all' collection stay enabled at 0.
        disabled: docCount === 0 && !staticValues && !isAll,
        handle,
        url,
        ...(multi ? { level: 1, children: children ?? [] } : {}),
        ...(num(v.sort_order) !== null ? { from: num(v.sort_order) ?? i } : {}),
      };
      return item;
    });
    if (raw.sortType !== undefined) items = sortItems(items, str(raw.sortType));
    // F4.4: sub-category options are always disabled.
    if (display === 'sub_category') disabled = true;
  } else if (display === 'multi_level_tag' || filterType === 'multi_level_tag') {
    const walk = (list: unknown, level: number): FilterItem[] =>
      Array.isArray(list) && level <= 3
        ? sortItems(
            list.filter(isRec).map((v) => {
              const key = str(v.tag) || str(v.key);
              return item(key, toLabel(str(v.displayName) || key), v, { level, children: walk(v.subTags, level + 1) });
            }).filter((it) => it.key && !excluded.has(it.key.toLowerCase())),
            str(raw.sortType),
          )
        : [];
    items = walk(valueList, 1);
  } else {
    const list = valueList.map(term).filter((it) => it.key);
    const sortType = str(raw.sortType);
    const memo = sortType.startsWith('doc_count') ? undefined : input.orders;
    const memoKey = `${id}\n${sortType}`;
    const known = memo?.get(memoKey);
    // Values found, in the same order, in an earlier sorted answer are sorted (a sublist of a
    // sorted list is sorted): one pass of string equality instead of a collator per pair.
    let j = 0;
    if (known && list.every((it) => { while (j < known.length && known[j] !== it.label) j++; return j++ < known.length; })) items = list;
    else {
      items = sortItems(list, sortType);
      memo?.set(memoKey, items.map((it) => it.label));
    }
  }

  if (display !== 'multi_level_tag' && excluded.size) items = items.filter((it) => !excluded.has(it.key.toLowerCase()) && !excluded.has(it.label.toLowerCase()));
  // Manual values (valueType 'specific'): only the listed values, in their order when asked.
  if (manual.length && raw.valueType === 'specific' && display !== 'range') {
    const order = manual.map((m) => m.toLowerCase());
    items = items.filter((it) => order.includes(it.key.toLowerCase()));
    if (raw.sortManualValues === true || raw.sortType === undefined)
      items.sort((a, b) => order.indexOf(a.key.toLowerCase()) - order.indexOf(b.key.toLowerCase()));
  }
  // F4.4: vendor options are disabled on vendor pages, product-type options on type pages.
  if ((filterType === 'vendor' && ctx.isVendorPage) || (filterType === 'product_type' && ctx.isTypePage)) disabled = true;
  const active = !disabled;
  const rendered = display === 'range' ? (range && !disabled ? 2 : 0) : items.length;
  // F4.2: at least 1 rendered item, or at least 2 when single options are not shown.
  const visible = active && rendered >= (settings.filter.showSingleOption ? 1 : 2);
  const showMore = str(raw.showMoreType);
  return {
    id,
    filterType,
    displayType: display as OptionDisplay,
    selectType,
    label,
    position: num(raw.position) ?? 0,
    active,
    disabled,
    visible,
    useAndCondition: raw.useAndCondition === true,
    showExactRating: exact,
    showMoreType: (['none', 'scrollbar', 'viewmore', 'viewmore_scrollbar'].includes(showMore) ? showMore : 'scrollbar') as FilterOption['showMoreType'],
    showSearchBox: { pc: raw.showSearchBoxFilterPC === true, mobile: raw.showSearchBoxFilterMobile === true },
    collapsed: { pc: raw.isCollapsePC === true || settings.filter.collapseOnPC, mobile: raw.isCollapseMobile === true || settings.filter.collapseOnMobile },
    tooltip: stripHtml(raw.tooltip),
    columns,
    items,
    ...(range ? { range } : {}),
    selectedValues,
    viewMoreCount: viewMoreCount(settings, display, columns),
    ...(typeof raw.starColor === 'string' ? { starColor: raw.starColor } : {}),
  };
}

const optionList = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : isRec(raw) && Array.isArray(raw.options) ? raw.options : []);

function tryBuild(o: unknown, input: OptionModelInput): FilterOption | null {
  try {
    return buildFilterOption(o, input);
  } catch (e) {
    if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') warn('Skipped a filter option that could not be read.', e);
    return null;
  }
}

const byPosition = (a: FilterOption, b: FilterOption): number => a.position - b.position;

/** Builds the option list from `filter.options`, sorted by position; never throws. */
export function buildFilterOptions(raw: unknown, input: OptionModelInput): FilterOption[] {
  return createOptionsBuilder()(raw, input, []) as FilterOption[];
}

/**
 * Structural sharing for stores (F4.22, F4.23): builds like `buildFilterOptions`, but an option
 * whose raw wire content and selection are the same as last time keeps its previous object, and
 * when every option is kept, `prev` itself is returned. Settings, page context and price format
 * must stay the same for the life of the builder (one per controller).
 */
export function createOptionsBuilder(): (raw: unknown, input: OptionModelInput, prev: readonly FilterOption[]) => readonly FilterOption[] {
  // Option id -> what its last build read (the raw option, its selection, the scope) and gave.
  // A new answer's option is compared with the last one structurally; the first difference (a
  // changed count, usually) ends the walk, so this costs far less than serialising it.
  let last = new Map<string, [unknown, string, FilterOption | null]>();
  const orders = new Map<string, readonly string[]>();
  return (raw, given, prev) => {
    const input = { ...given, orders };
    const next = new Map<string, [unknown, string, FilterOption | null]>();
    const out: FilterOption[] = [];
    const sel = input.selected ?? {};
    const pfx = input.settings.filter.filterPrefix;
    for (const o of optionList(raw)) {
      // Everything of the selection an option reads: its own values, its collection tags
      // (multi-level collections) and the collection scope (F4.10).
      const id = str((o as Rec | null)?.filterOptionId);
      const tagParam = id.startsWith(`${pfx}c_`) ? `${pfx}ct_${id.slice(pfx.length + 2)}` : `${id}_tags`;
      const reads = JSON.stringify([sel[id], sel[tagParam], input.collectionScope]);
      const seen = next.get(id) ?? last.get(id);
      const opt = id && seen && seen[1] === reads && sameJson(seen[0], o) ? seen[2] : tryBuild(o, input);
      if (id) next.set(id, [o, reads, opt]);
      if (opt) out.push(opt);
    }
    last = next;
    out.sort(byPosition);
    return out.length === prev.length && out.every((o, i) => o === prev[i]) ? prev : out;
  };
}

/** Structural equality of two parsed JSON values (answers are plain JSON); stops at the first difference. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameJson((a as Rec)[k], (b as Rec)[k])) return false;
  return true;
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
