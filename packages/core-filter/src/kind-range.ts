// The range kind (F3.10, F4.1, F4.5, F5.6): a slider over `{ min, max }` (or over the numbers of
// a value list); its value is one 'min:max' string.
import type { RangeModel } from './filter-option';
import { isPriceOption, isPriceType, type OptionKind } from './option-kind';
import { readTerms } from './kind-list';
import { decodeRange, orderByManualValues } from './option-values';
import { isRec, num, str, type Rec } from './read';

/**
 * A bound to whole cents, down (`Math.floor`) or up (`Math.ceil`), without the binary float's
 * error: 19.99 x 100 is 1998.9999999999998, which floors to 19.98. The product is first rounded
 * to 15 significant digits, below any cent of a price and above the float's noise. Bounds past
 * ±10^15 (hostile answers: 1e308 made the slider's spread infinite) are taken as ±10^15.
 */
const toCents = (n: number, round: (x: number) => number): number => round(Number((Math.min(1e15, Math.max(-1e15, n)) * 100).toPrecision(15))) / 100;

/**
 * Slider model (F5.6): bounds to whole cents, the minimum down and the maximum up. `money`: the
 * bounds are amounts (a price option's, `isPriceOption`); by default, when `o`'s filter type is a price one.
 */
export function rangeModel(rawMin: number, rawMax: number, o: Rec, selected: string | undefined, money = isPriceType(str(o.filterType))): RangeModel {
  const min = toCents(rawMin, Math.floor);
  const max = toCents(rawMax, Math.ceil);
  const s = num(o.sliderStep);
  const step = s === null || s <= 0 || s > max ? 1 : s;
  const r = num(o.sliderRange);
  // (At most 50 parts: an answer's sliderRange of a million drew a million labels.)
  const sliderRange = max - min < 2 * step ? 1 : r !== null && r > 0 ? Math.min(50, Math.floor(r)) : 4;
  const [a, b] = decodeRange(selected);
  const clamp = (n: number): number => Math.min(max, Math.max(min, n));
  let lo = clamp(a ?? min);
  let hi = clamp(b ?? max);
  if (lo > hi) [lo, hi] = [hi, lo];
  return { min, max, step, sliderRange, delimiter: str(o.sliderDelimiter) || '-', hideTextBoxes: o.hideTextBoxes === true, current: [lo, hi], money, ...(o.shortenPipsRange === true ? { short: true } : {}) };
}

export const rangeKind: OptionKind = {
  name: 'range',
  claims: (ref) => (ref.displayType === 'range' ? 5 : 0),
  read(input) {
    const values = input.raw.values;
    let lo: number | null = null;
    let hi: number | null = null;
    let distinct = 2;
    if (isRec(values)) {
      lo = num(values.min);
      hi = num(values.max);
    } else if (input.values.some((v) => num(v.key) === null && num(v.from) === null && num(v.to) === null && str(v.key) !== '')) {
      // F4.5: text values (sizes) in a range slider: the handles walk the values in the option's
      // order; the current range spans the selected ones (all when none is).
      const items = orderByManualValues(readTerms(input).items ?? [], input.raw);
      const keys = items.map((it) => it.key);
      const chosen = keys.map((k, i) => (input.isSelected(k) ? i : -1)).filter((i) => i >= 0);
      const last = Math.max(0, keys.length - 1);
      const current: [number, number] = chosen.length ? [Math.min(...chosen), Math.max(...chosen)] : [0, last];
      return { range: { ...rangeModel(0, last, {}, undefined), hideTextBoxes: true, current, text: { keys, labels: items.map((it) => it.label) } }, disabled: keys.length < 2 };
    } else {
      const nums = [...new Set(input.values.map((v) => num(v.key) ?? num(v.from) ?? num(v.to)).filter((n): n is number => n !== null))];
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
    const money = isPriceOption(input.settings, input.id, input.filterType);
    // The owner's `roundPriceSlider`: a price slider runs between whole units (min down, max up).
    if (input.settings.filter.roundPriceSlider && money) [lo, hi] = [Math.floor(lo), Math.ceil(hi)];
    // F4.1 (availability): fewer than 2 distinct values or min equal to max disables a range,
    // unless the owner's `oneValueRangeSlider` keeps a one-value slider shown (not an empty one).
    // The owner's `rangeSlidersSingleHandle` (v1): one handle at the chosen value (a selection's
    // lower bound, the minimum when none), sent as `v:v`, no boxes.
    const range = rangeModel(lo, hi, input.raw, input.selectedValues[0], money);
    return {
      range: input.settings.filter.rangeSlidersSingleHandle.includes(input.id) ? { ...range, single: true } : range,
      disabled: distinct === 0 || ((distinct < 2 || lo === hi) && !input.settings.filter.oneValueRangeSlider),
    };
  },
  // The chip: one value for a one-handle slider, else both ends (money for price ranges) joined by the slider's delimiter.
  chip(option, value, formatPrice) {
    const r = option.range;
    if (!r) return value;
    if (r.text) return r.text.labels[r.text.keys.indexOf(value)] ?? value;
    const [a, b] = decodeRange(value);
    const f = r.money ? formatPrice : String;
    if (r.single) return f(a ?? r.min);
    return `${f(a ?? r.min)}${r.delimiter || ' - '}${f(b ?? r.max)}`;
  },
};
