// Variant-level filtering: selected variant options (Size M, Color Red) match a product only
// through one variant that has every selected option (and, with `variant_available`, is in stock).
// A price range selected beside them (`price` or `variants_price`) is the price of that same
// variant. Option selections with `_and_condition` ask for several values of one option, which no
// single variant has: they stay product-level and take no part here (nor does the price then). Variants are read from typed
// arrays built once per index: every variant's position (by product), availability, and per
// option its value id in the option's facet field. Over 300 lines because the tables, the cached
// pair sets, the matcher and the counting that uses it read the same per-index arrays and are
// kept in step with each other (live updates drop them together).
import { countAnd, countBits, hasBit, setBit, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';
import type { DocSet } from './facet-counts';
import { membersOf } from './facet-counts';
import { foldName } from './facet-field';
import { OPTIONS } from './product-store';
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

/** Variants of product d are offsets[d] .. offsets[d + 1]; their availability and product. */
interface VariantTable {
  offsets: Uint32Array;
  available: Uint8Array;
  /** The product of each variant. */
  docs: Uint32Array;
}

function variantTable(index: CatalogIndex): VariantTable {
  let t = index.memo.get('variant-table') as VariantTable | undefined;
  if (!t) {
    const offsets = index.variantPriceOffsets;
    const total = offsets[index.size] as number;
    const docs = new Uint32Array(total);
    // The store's availability column, viewed while it is in slot order (a live update drops this table).
    const cols = index.products.variants();
    const inOrder = index.variantPrices.buffer === cols.price.buffer;
    const available = inOrder ? cols.available.subarray(0, total) : new Uint8Array(total);
    let g = 0;
    for (let d = 0; d < index.size; d++) {
      const f = cols.first[d] as number;
      for (let k = 0; k < (cols.count[d] as number); k++) {
        docs[g] = d;
        if (!inOrder) available[g] = cols.available[f + k] as number;
        g++;
      }
    }
    index.memo.set('variant-table', (t = { offsets, available, docs }));
  }
  return t;
}

interface VariantValues {
  field: TermField;
  /** Per variant, its value id in `field` (-1 without one). */
  vals: Int32Array;
  /** Per value id, its variants in increasing position (so in increasing product order). */
  postings: Uint32Array[];
}

/** Per variant, its value id for option `name` in the field `option:<name>`, and each value's variants. */
function variantValues(index: CatalogIndex, name: string): VariantValues {
  const key = `variant-values:${name}`;
  let r = index.memo.get(key) as VariantValues | undefined;
  if (!r) {
    const field = index.field(`option:${name}`);
    const { offsets } = variantTable(index);
    const vals = new Int32Array(offsets[index.size] as number).fill(-1);
    const sizes = new Uint32Array(field.keys.length);
    // From the store's variant columns (a product with more options than they hold is read whole).
    const store = index.products;
    const cols = store.variants();
    const folded = new Map<number, boolean>();
    const named = (id: number) => {
      let m = folded.get(id);
      if (m === undefined) folded.set(id, (m = id > 0 && foldName(store.string(id - 1)) === name));
      return m;
    };
    const valueId = new Map<number, number>();
    for (let d = 0; d < index.size; d++) {
      const base = offsets[d] as number;
      if (cols.wide.has(d)) {
        const p = store.get(d);
        const slot = p.options.findIndex((o) => foldName(o.name) === name);
        if (slot >= 0) p.variants.forEach((v, k) => {
          const id = field.keyIndex.get(v.options[slot] as string) ?? -1;
          vals[base + k] = id;
          if (id >= 0) sizes[id] = (sizes[id] as number) + 1;
        });
        continue;
      }
      let slot = -1;
      for (let i = 0; i < OPTIONS && slot < 0; i++) if (named(cols.names[d * OPTIONS + i] as number)) slot = i;
      if (slot < 0) continue;
      const f = cols.first[d] as number;
      for (let k = 0; k < (cols.count[d] as number); k++) {
        const sid = cols.options[(f + k) * OPTIONS + slot] as number;
        let id = valueId.get(sid);
        if (id === undefined) valueId.set(sid, (id = sid > 0 ? (field.keyIndex.get(store.string(sid - 1)) ?? -1) : -1));
        vals[base + k] = id;
        if (id >= 0) sizes[id] = (sizes[id] as number) + 1;
      }
    }
    const postings = Array.from(sizes, (n) => new Uint32Array(n));
    const fill = new Uint32Array(field.keys.length);
    for (let g = 0; g < vals.length; g++) {
      const id = vals[g] as number;
      if (id < 0) continue;
      const at = fill[id] as number;
      (postings[id] as Uint32Array)[at] = g;
      fill[id] = at + 1;
    }
    index.memo.set(key, (r = { field, vals, postings }));
  }
  return r;
}

const EMPTY = new Uint32Array(0);

/** Options with more values than this get no pair sets (one product bitset per value). */
const PAIR_VALUES = 64;
/** Bytes of pair sets kept per index; the least recently used go first past it. */
const PAIR_BYTES = 32 * 1024 * 1024;

/**
 * Per value of option `other`, the products with one variant that has value `id` of option `name`
 * and that value (an available variant with `available`): one bitset each, built from the value's
 * variant list on first use and kept (bounded, least recently used out). null for an option with
 * too many values.
 */
export function pairSets(index: CatalogIndex, name: string, id: number, other: string, available: boolean): Bitset[] | null {
  const { field, vals } = variantValues(index, other);
  if (field.keys.length > PAIR_VALUES) return null;
  const cache = (index.memo.get('variant-pairs') as Map<string, Bitset[]> | undefined) ?? new Map<string, Bitset[]>();
  index.memo.set('variant-pairs', cache);
  const key = `${name}\u0000${id}\u0000${other}\u0000${available}`;
  let sets = cache.get(key);
  if (sets) {
    cache.delete(key);
    cache.set(key, sets);
    return sets;
  }
  const table = variantTable(index);
  const list = variantValues(index, name).postings[id] ?? EMPTY;
  sets = Array.from(field.keys, () => new Uint32Array(index.words));
  for (let k = 0; k < list.length; k++) {
    const g = list[k] as number;
    const v = vals[g] as number;
    if (v >= 0 && (!available || table.available[g] === 1)) setBit(sets[v] as Bitset, table.docs[g] as number);
  }
  const bytes = (n: number) => n * index.words * 4;
  let held = 0;
  for (const s of cache.values()) held += bytes(s.length);
  for (const [k, s] of cache) {
    if (held + bytes(sets.length) <= PAIR_BYTES) break;
    cache.delete(k);
    held -= bytes(s.length);
  }
  cache.set(key, sets);
  return sets;
}

/**
 * `driver`: how readily the driver's variants replace reading every variant of a set's members (a
 * factor on the thresholds below); `pairs`: whether pair sets are used. Internal: tests force
 * each way (driver Infinity: always, 0: never).
 */
export const variantStrategy = { driver: 1, pairs: true };

/** Tests the variants of a product against the variant-level selections, but those of option `skip`. */
export class VariantMatcher {
  private readonly vals: Int32Array[];
  /** Per selection, 1 for each selected value id of its option's field. */
  private readonly wanted: Uint8Array[];
  readonly offsets: Uint32Array;
  private readonly avail: Uint8Array | null;
  /** Every variant's price (by variant position) and the ranges one must fall in, per price selection. */
  private readonly prices: Float64Array;
  /** Per price selection, its ranges flattened: [lo, hi, lo, hi, ...] with open ends as -/+Infinity. */
  private readonly ranges: Float64Array[];
  /** The product of each variant. */
  readonly docs: Uint32Array;
  /**
   * The variants of the one value of the option selection with a single value and the fewest
   * variants: every variant that can pass is among them (null when no selection has one value).
   */
  readonly driver: Uint32Array | null = null;
  /** The option selections (folded name, selected value ids), as built. */
  readonly options: Array<{ name: string; ids: number[] }> = [];
  /** Whether the price is part of the match. */
  get priced(): boolean {
    return this.ranges.length > 0;
  }
  /** Whether only available variants pass. */
  get availableOnly(): boolean {
    return this.avail !== null;
  }

  constructor(index: CatalogIndex, sels: readonly VariantSelection[], available: boolean, skip: string | null = null) {
    const table = variantTable(index);
    this.offsets = table.offsets;
    this.avail = available ? table.available : null;
    this.prices = index.variantPrices;
    this.docs = table.docs;
    this.vals = [];
    this.wanted = [];
    this.ranges = [];
    for (const s of sels) {
      if (s.id === skip) continue;
      if (s.ranges) {
        this.ranges.push(Float64Array.from(s.ranges.flatMap(([lo, hi]) => [lo ?? -Infinity, hi ?? Infinity])));
        continue;
      }
      const { field, vals, postings } = variantValues(index, s.name);
      const wanted = new Uint8Array(field.keys.length);
      const ids = new Set<number>();
      for (const v of s.values) {
        const id = field.keyIndex.get(v);
        if (id !== undefined) ids.add((wanted[id] = 1, id));
      }
      this.options.push({ name: s.name, ids: [...ids] });
      if (ids.size <= 1) {
        const list = ids.size === 0 ? EMPTY : (postings[[...ids][0] as number] as Uint32Array);
        if (!this.driver || list.length < this.driver.length) this.driver = list;
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
      const r = this.ranges[i] as Float64Array;
      let k = 0;
      while (k < r.length && !(x >= (r[k] as number) && x <= (r[k + 1] as number))) k += 2;
      if (k === r.length) return false;
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
export function refineSet(index: CatalogIndex, set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  const [a, b] = m.options;
  if (variantStrategy.pairs && m.options.length === 2 && a && b && a.ids.length === 1 && b.ids.length === 1) {
    // Two options with one value each: the products with a variant that has both, precomputed
    // (with a price too, only those are then read variant by variant).
    const pair = pairSets(index, a.name, a.ids[0] as number, b.name, m.availableOnly);
    if (pair) {
      const both = pair[b.ids[0] as number] as Bitset;
      const bits = set.bits;
      for (let w = 0; w < out.length; w++) out[w] = (bits[w] as number) & (both[w] as number);
      const narrowed: DocSet = { bits: out, size: countBits(out), lists: null, list: null, buf: set.buf };
      return m.priced ? refineMembers(narrowed, out, m) : narrowed;
    }
  }
  // The kept members are written to the set's buffer in increasing order: never ahead of a member
  // still to be read when the members are that buffer themselves.
  const buf = set.buf;
  let n = 0;
  const driver = m.driver;
  if (driver && driver.length < set.size * 2 * variantStrategy.driver) {
    // Fewer candidate variants than members x 2: the driver's variants, tested for membership.
    const bits = set.bits;
    const docs = m.docs;
    let last = -1;
    for (let k = 0; k < driver.length; k++) {
      const g = driver[k] as number;
      const d = docs[g] as number;
      if (d !== last && hasBit(bits, d) && m.passes(g)) buf[n++] = last = d;
    }
  } else return refineMembers(set, out, m);
  out.fill(0);
  for (let i = 0; i < n; i++) setBit(out, buf[i] as number);
  return { bits: out, size: n, lists: null, list: buf.subarray(0, n), buf };
}

/** refineSet product by product: each member's variants read until one passes. */
function refineMembers(set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  const buf = set.buf;
  let n = 0;
  for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) if (m.first(docs[i] as number) >= 0) buf[n++] = docs[i] as number;
  out.fill(0);
  for (let i = 0; i < n; i++) setBit(out, buf[i] as number);
  return { bits: out, size: n, lists: null, list: buf.subarray(0, n), buf };
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
  const add = (v: number) => {
    const c = map ? (map[v] as number) : v;
    if (c >= 0) counts[c] = (counts[c] as number) + 1;
  };
  const [only] = m.options;
  if (variantStrategy.pairs && m.options.length === 1 && !m.priced && only && only.ids.length === 1) {
    // One other option with one value: a value's count is its pair set's members in the set.
    const pair = pairSets(index, only.name, only.ids[0] as number, name, m.availableOnly);
    if (pair) {
      const bits = set.bits;
      for (let v = 0; v < pair.length; v++) {
        const c = map ? (map[v] as number) : v;
        if (c >= 0) counts[c] = countAnd(bits, pair[v] as Bitset);
      }
      return counts;
    }
  }
  const driver = m.driver;
  if (driver && driver.length < set.size * 4 * variantStrategy.driver) {
    // Only the driver's variants can pass: read those (in product order) whose product is in the set.
    const bits = set.bits;
    const docOf = m.docs;
    for (let k = 0; k < driver.length; k++) {
      const g = driver[k] as number;
      const v = vals[g] as number;
      const d = docOf[g] as number;
      if (v < 0 || seen[v] === d || !hasBit(bits, d) || !m.passes(g)) continue;
      seen[v] = d;
      add(v);
    }
    return counts;
  }
  const offsets = m.offsets;
  for (const docs of membersOf(set)) {
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const end = offsets[d + 1] as number;
      for (let g = offsets[d] as number; g < end; g++) {
        const v = vals[g] as number;
        if (v < 0 || seen[v] === d || !m.passes(g)) continue;
        seen[v] = d;
        add(v);
      }
    }
  }
  return counts;
}
