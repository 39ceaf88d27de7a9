// Variant-level filtering: selected variant options (Size M, Color Red) match a product only
// through one variant that has every selected option (and, with `variant_available`, is in stock).
// A price range selected beside them (`price` or `variants_price`) is the price of that same
// variant. Option selections with `_and_condition` ask for several values of one option, which no
// single variant has: they stay product-level and take no part here (nor does the price then). Variants are read from typed
// arrays built once per index: every variant's position (by product), availability, and per
// option its value id in the option's facet field.
import { setBit, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';
import type { CatalogProduct } from './catalog';
import type { DocSet } from './facet-counts';
import { membersOf } from './facet-counts';
import { foldName } from './facet-field';
import type { Selection } from './filter-query';

/** A variant-level selection: an option's folded name and its values, or a price's ranges. */
export type VariantSelection =
  | { id: string; name: string; values: readonly string[]; ranges?: undefined }
  | { id: string; name: ''; values: readonly string[]; ranges: ReadonlyArray<readonly [number | null, number | null]> };

/** A price range selection (the product's price or its variants' prices). */
export const isPriceRange = (s: Selection): boolean => s.option.kind === 'range' && (s.option.number === 'price' || s.option.number === 'variantsPrice');

/**
 * The selections that a single variant must satisfy together: option values (any-of), and with at
 * least one of those, the selected price ranges (the variant's price in one of them).
 */
export function variantSelections(sels: readonly Selection[]): VariantSelection[] {
  const out: VariantSelection[] = [];
  for (const s of sels) {
    if (s.option.kind === 'terms' && s.option.source.startsWith('option:') && !s.and) out.push({ id: s.id, name: s.option.source.slice(7), values: s.values });
  }
  if (out.length > 0) for (const s of sels) if (isPriceRange(s) && s.ranges.length > 0) out.push({ id: s.id, name: '', values: s.values, ranges: s.ranges });
  return out;
}

/** Variants of product d are offsets[d] .. offsets[d + 1]; their availability. */
function variantTable(index: CatalogIndex): { offsets: Uint32Array; available: Uint8Array } {
  let t = index.memo.get('variant-table') as { offsets: Uint32Array; available: Uint8Array } | undefined;
  if (!t) {
    const offsets = index.variantPriceOffsets;
    const available = new Uint8Array(offsets[index.size] as number);
    let g = 0;
    for (const p of index.products) for (const v of p.variants) available[g++] = v.available ? 1 : 0;
    index.memo.set('variant-table', (t = { offsets, available }));
  }
  return t;
}

/** Per variant, its value id for option `name` in the field `option:<name>` (-1 without one). */
function variantValues(index: CatalogIndex, name: string): { field: TermField; vals: Int32Array } {
  const key = `variant-values:${name}`;
  let r = index.memo.get(key) as { field: TermField; vals: Int32Array } | undefined;
  if (!r) {
    const field = index.field(`option:${name}`);
    const { offsets } = variantTable(index);
    const vals = new Int32Array(offsets[index.size] as number).fill(-1);
    for (let d = 0; d < index.size; d++) {
      const p = index.products[d] as CatalogProduct;
      const slot = p.options.findIndex((o) => foldName(o.name) === name);
      if (slot < 0) continue;
      const base = offsets[d] as number;
      p.variants.forEach((v, k) => (vals[base + k] = field.keyIndex.get(v.options[slot] as string) ?? -1));
    }
    index.memo.set(key, (r = { field, vals }));
  }
  return r;
}

/** Tests the variants of a product against the variant-level selections, but those of option `skip`. */
export class VariantMatcher {
  private readonly vals: Int32Array[];
  /** Per selection, 1 for each selected value id of its option's field. */
  private readonly wanted: Uint8Array[];
  readonly offsets: Uint32Array;
  private readonly avail: Uint8Array | null;
  /** Every variant's price (by variant position) and the ranges one must fall in, per price selection. */
  private readonly prices: Float64Array;
  private readonly ranges: Array<ReadonlyArray<readonly [number | null, number | null]>>;

  constructor(index: CatalogIndex, sels: readonly VariantSelection[], available: boolean, skip: string | null = null) {
    const table = variantTable(index);
    this.offsets = table.offsets;
    this.avail = available ? table.available : null;
    this.prices = index.variantPrices;
    this.vals = [];
    this.wanted = [];
    this.ranges = [];
    for (const s of sels) {
      if (s.id === skip) continue;
      if (s.ranges) {
        this.ranges.push(s.ranges);
        continue;
      }
      const { field, vals } = variantValues(index, s.name);
      const wanted = new Uint8Array(field.keys.length);
      for (const v of s.values) {
        const id = field.keyIndex.get(v);
        if (id !== undefined) wanted[id] = 1;
      }
      this.vals.push(vals);
      this.wanted.push(wanted);
    }
  }

  /** Whether the selections constrain anything. */
  get active(): boolean {
    return this.vals.length > 0 || this.ranges.length > 0;
  }

  /**
   * Whether variant g (its position in the variant table) is available (when asked), has one of
   * the selected values of every option and its price in one range of every price selection.
   */
  passes(g: number): boolean {
    if (this.avail && this.avail[g] === 0) return false;
    for (let i = 0; i < this.vals.length; i++) if ((this.wanted[i] as Uint8Array)[(this.vals[i] as Int32Array)[g] as number] !== 1) return false;
    for (let i = 0; i < this.ranges.length; i++) {
      const x = this.prices[g] as number;
      if (!(this.ranges[i] as ReadonlyArray<readonly [number | null, number | null]>).some(([lo, hi]) => (lo === null || x >= lo) && (hi === null || x <= hi))) return false;
    }
    return true;
  }

  /** The index (within product d) of its first variant that passes, or -1. */
  first(d: number): number {
    const start = this.offsets[d] as number;
    const end = this.offsets[d + 1] as number;
    for (let g = start; g < end; g++) if (this.passes(g)) return g - start;
    return -1;
  }
}

/**
 * Keeps only the members of a set (already narrowed product by product) with one variant that
 * passes every selection: rewrites its bitset `out` and its member list in `buf`.
 */
export function refineSet(set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  const keep: number[] = [];
  for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) if (m.first(docs[i] as number) >= 0) keep.push(docs[i] as number);
  out.fill(0);
  const buf = set.buf;
  for (let i = 0; i < keep.length; i++) {
    setBit(out, keep[i] as number);
    buf[i] = keep[i] as number;
  }
  return { bits: out, size: keep.length, lists: null, list: buf.subarray(0, keep.length), buf };
}

/**
 * doc_count per value of an option field (`option:<name>`, or `option-available:<name>`) over a
 * set, variant by variant: a product counts once for each value that one of its variants has
 * while passing the other options' selections.
 */
export function countVariantValues(index: CatalogIndex, field: TermField, name: string, set: DocSet, m: VariantMatcher): Uint32Array {
  const counts = (field.counts ??= new Uint32Array(field.keys.length)).fill(0);
  const { field: all, vals } = variantValues(index, name);
  // Ids of the option's field, mapped to the counted field's (the same field without variant_available).
  const map = all === field ? null : Int32Array.from(all.keys, (k) => field.keyIndex.get(k) ?? -1);
  const seen = new Int32Array(all.keys.length).fill(-1);
  const offsets = m.offsets;
  for (const docs of membersOf(set)) {
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const end = offsets[d + 1] as number;
      for (let g = offsets[d] as number; g < end; g++) {
        const v = vals[g] as number;
        if (v < 0 || seen[v] === d || !m.passes(g)) continue;
        seen[v] = d;
        const c = map ? (map[v] as number) : v;
        if (c >= 0) counts[c] = (counts[c] as number) + 1;
      }
    }
  }
  return counts;
}
