// Value helpers every option kind shares: counts, natural sort (F3.7), range codes (F3.10).
import { num, str, strs, type Rec } from './read';

/** A count from the wire: a number or numeric string, never below 0. */
export const count = (v: unknown): number => Math.max(0, num(v) ?? 0);

/** The multi-level displays (collections, tags, sub-categories). */
export const isMultiLevel = (display: string): boolean => /^(multi|sub_)/.test(display);

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

export const httpsUrl = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

/** The option's excluded values (keys or labels), lower-cased: those items are not shown. */
export const excludedValues = (raw: Rec): Set<string> => new Set(strs(raw.excludedValues).map((v) => v.toLowerCase()));

/**
 * Manual values (F3.1, F3.4): with valueType 'specific' only the listed values, in the owner's
 * order; with valueType 'all' and sortManualValues every value, the manual ones first in the
 * owner's order, the rest after them in their given order. Otherwise the items as given.
 */
export function orderByManualValues<T extends { key: string }>(items: readonly T[], raw: Rec): T[] {
  const manual = strs(raw.manualValues);
  const specific = raw.valueType === 'specific';
  if (!manual.length || !(specific || raw.sortManualValues === true)) return [...items];
  const order = manual.map((m) => m.toLowerCase());
  const kept = specific ? items.filter((it) => order.includes(it.key.toLowerCase())) : [...items];
  const rank = (it: T): number => {
    const i = order.indexOf(it.key.toLowerCase());
    return i < 0 ? order.length : i;
  };
  return kept.sort((a, b) => rank(a) - rank(b));
}
