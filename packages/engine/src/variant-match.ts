// Variant-level filtering: selected variant options (Size M, Color Red) match a product only
// through one variant that has every selected option (and, with `variant_available`, is in stock).
// A price range selected beside them (`price` or `variants_price`) is the price of that same
// variant. Option selections with `_and_condition` ask for several values of one option, which no
// single variant has: they stay product-level and take no part here (nor does the price then).
// Variants are read from typed arrays built once per index: every variant's position (by
// product), availability, and per option its value id in the option's facet field. With a price
// range, products whose every variant is in range are matched on their options alone (pair sets,
// product-level sets), and only those whose variants straddle a bound are read variant by variant,
// from a compact table of their in-range variants (variant-price-classes.ts). Over 300 lines
// because the tables, the cached pair sets, the matchers and the counting that uses them read the
// same per-index arrays and are kept in step with each other (live updates drop them together).
import { countBits, hasBit, setBit, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';
import type { DocSet } from './facet-counts';
import { countField, countIn, membersOf } from './facet-counts';
import { foldName } from './facet-field';
import { OPTIONS } from './product-store';
import { carryColumn, carryCounts, takeVariantTable, valueCounts, valueIds, type ValueIds } from './variant-tables';
import { flatRanges, inRanges, priceClasses, type FlatRanges, type PriceClasses, type Straddling } from './variant-price-classes';
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

/** Variants of product d are offsets[d] .. offsets[d + 1], and their availability. */
export interface VariantTable {
  offsets: Uint32Array;
  available: Uint8Array;
}

/**
 * The product of variant g (variants of product d are offsets[d] .. offsets[d + 1]), searched from
 * product `from` onwards: variants read in increasing order walk forward from the last one's
 * product (the next product at once, a gap by doubling steps then halving), so no table of each
 * variant's product is kept. `from` must be at most g's product.
 */
export function productOf(offsets: Uint32Array, g: number, from: number): number {
  if ((offsets[from + 1] as number) > g) return from;
  // The smallest d > from with offsets[d + 1] > g: past `lo`, within `hi`.
  let lo = from;
  let step = 1;
  let hi = from + 1;
  const last = offsets.length - 2;
  while (hi < last && (offsets[hi + 1] as number) <= g) {
    lo = hi;
    hi = Math.min(last, hi + (step *= 2));
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((offsets[mid + 1] as number) > g) hi = mid;
    else lo = mid;
  }
  return hi;
}

export function variantTable(index: CatalogIndex): VariantTable {
  let t = index.memo.get('variant-table') as VariantTable | undefined;
  const kept = t ? null : takeVariantTable<VariantTable>(index, 'variant-table');
  if (kept) {
    // After live updates: the table as it was, brought up to date (variant-tables.ts).
    const offsets = index.variantPriceOffsets;
    const cols = index.products.variants();
    const available = carryColumn(kept.table.available, kept.offsets, offsets, kept.slots, (n) => new Uint8Array(n), (d, out, at) => {
      const f = cols.first[d] as number;
      out.set(cols.available.subarray(f, f + (cols.count[d] as number)), at);
    });
    if (available) index.memo.set('variant-table', (t = { offsets, available }));
  }
  if (!t) {
    const offsets = index.variantPriceOffsets;
    const total = offsets[index.size] as number;
    // The store's availability column, viewed while it is in slot order (a live update drops this table).
    const cols = index.products.variants();
    const inOrder = index.variantPrices.buffer === cols.price.buffer;
    const available = inOrder ? cols.available.subarray(0, total) : new Uint8Array(total);
    if (!inOrder) {
      for (let d = 0; d < index.size; d++) {
        const f = cols.first[d] as number;
        available.set(cols.available.subarray(f, f + (cols.count[d] as number)), offsets[d] as number);
      }
    }
    index.memo.set('variant-table', (t = { offsets, available }));
  }
  return t;
}

export interface VariantValues {
  field: TermField;
  /** Per variant, its value id in `field` (-1 without one), one byte each for up to 127 values. */
  vals: ValueIds;
  /** Per value id, its number of variants. */
  counts: Uint32Array;
  /** Per value id, its variants in increasing position (so in increasing product order): built on first use, see variantList. */
  lists: Map<number, Uint32Array>;
  /** The variant offsets by slot `vals` is laid out by. */
  offsets: Uint32Array;
}

/** Bytes of variant lists kept per option; the least recently used go first past it. */
const LIST_BYTES = 8 * 1024 * 1024;

/** The variants of value `id` of an option, in increasing position: read from `vals` on first use and kept (bounded). */
export function variantList(v: VariantValues, id: number): Uint32Array {
  let list = v.lists.get(id);
  if (list) {
    v.lists.delete(id);
  } else {
    list = new Uint32Array(v.counts[id] ?? 0);
    const vals = v.vals;
    for (let g = 0, k = 0; k < list.length; g++) if (vals[g] === id) list[k++] = g;
    let held = list.byteLength;
    for (const l of v.lists.values()) held += l.byteLength;
    for (const [key, l] of v.lists) {
      if (held <= LIST_BYTES) break;
      v.lists.delete(key);
      held -= l.byteLength;
    }
  }
  v.lists.set(id, list);
  return list;
}

/** Per variant, its value id for option `name` in the field `option:<name>`, and each value's variants. */
export function variantValues(index: CatalogIndex, name: string): VariantValues {
  const key = `variant-values:${name}`;
  let r = index.memo.get(key) as VariantValues | undefined;
  if (r) return r;
  const field = index.field(`option:${name}`);
  const { offsets } = variantTable(index);
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
  /** Product d's value ids, written to vals from `base`. */
  const fill = (d: number, vals: ValueIds, base: number) => {
    if (cols.wide.has(d)) {
      const p = store.get(d);
      const slot = p.options.findIndex((o) => foldName(o.name) === name);
      if (slot >= 0) p.variants.forEach((v, k) => (vals[base + k] = field.keyIndex.get(v.options[slot] as string) ?? -1));
      return;
    }
    let slot = -1;
    for (let i = 0; i < OPTIONS && slot < 0; i++) if (named(cols.names[d * OPTIONS + i] as number)) slot = i;
    if (slot < 0) return;
    const f = cols.first[d] as number;
    for (let k = 0; k < (cols.count[d] as number); k++) {
      const sid = cols.options[(f + k) * OPTIONS + slot] as number;
      let id = valueId.get(sid);
      if (id === undefined) valueId.set(sid, (id = sid > 0 ? (field.keyIndex.get(store.string(sid - 1)) ?? -1) : -1));
      vals[base + k] = id;
    }
  };
  // After live updates: the value ids as they were, brought up to date (variant-tables.ts), while
  // the field is the same (a rebuilt field numbers its values anew).
  const kept = takeVariantTable<VariantValues>(index, key);
  const carried = kept && kept.table.field === field ? carryColumn(kept.table.vals, kept.offsets, offsets, kept.slots, (n) => valueIds(n, field.keys.length), fill) : null;
  if (kept && carried) {
    r = { field, vals: carried, counts: carryCounts(kept.table.counts, kept.table.vals, kept.offsets, carried, offsets, kept.slots, field.keys.length), lists: new Map(), offsets };
  } else {
    const vals = valueIds(offsets[index.size] as number, field.keys.length);
    for (let d = 0; d < index.size; d++) fill(d, vals, offsets[d] as number);
    r = { field, vals, counts: valueCounts(vals, field.keys.length), lists: new Map(), offsets };
  }
  index.memo.set(key, r);
  return r;
}

const EMPTY = new Uint32Array(0);
const NO_VALS: ValueIds = new Int8Array(0);
const NO_WANTED = new Uint8Array(0);

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
  const list = variantList(variantValues(index, name), id);
  sets = Array.from(field.keys, () => new Uint32Array(index.words));
  for (let k = 0, d = 0; k < list.length; k++) {
    const g = list[k] as number;
    const v = vals[g] as number;
    if (v >= 0 && (!available || table.available[g] === 1)) setBit(sets[v] as Bitset, (d = productOf(table.offsets, g, d)));
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
  private readonly vals: ValueIds[];
  /** Per selection, 1 for each selected value id of its option's field. */
  private readonly wanted: Uint8Array[];
  readonly offsets: Uint32Array;
  private readonly avail: Uint8Array | null;
  /** Every variant's price (by variant position). */
  private readonly prices: Float64Array;
  /** Per price selection, its ranges (variant-price-classes.ts). */
  private readonly ranges: FlatRanges[];
  /**
   * The variants of the one value of the option selection with a single value and the fewest
   * variants: every variant that can pass is among them (null when no selection has one value).
   */
  get driver(): Uint32Array | null {
    if (this.driverList === undefined) this.driverList = this.driverOf === null ? null : this.driverId < 0 ? EMPTY : variantList(this.driverOf, this.driverId);
    return this.driverList;
  }
  private driverList: Uint32Array | null | undefined = undefined;
  private readonly driverOf: VariantValues | null = null;
  private readonly driverId: number = -1;
  /** The driver's number of variants (known without reading its list; 0 without a driver). */
  readonly driverCount: number = 0;
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

  /** `priced`: false leaves the price selections out (the matcher of products whose every variant is in range). */
  constructor(
    private readonly index: CatalogIndex,
    private readonly sels: readonly VariantSelection[],
    private readonly available: boolean,
    private readonly skip: string | null = null,
    priced = true,
  ) {
    const table = variantTable(index);
    this.offsets = table.offsets;
    this.avail = available ? table.available : null;
    this.prices = index.variantPrices;
    this.vals = [];
    this.wanted = [];
    this.ranges = [];
    let [driverOf, driverId, driverCount]: [VariantValues | null, number | null, number] = [null, null, 0];
    for (const s of sels) {
      if (s.id === skip) continue;
      if (s.ranges) {
        if (priced) this.ranges.push(flatRanges(s.ranges));
        continue;
      }
      const values = variantValues(index, s.name);
      const { field, vals, counts } = values;
      const wanted = new Uint8Array(field.keys.length);
      const ids = new Set<number>();
      for (const v of s.values) {
        const id = field.keyIndex.get(v);
        if (id !== undefined) ids.add((wanted[id] = 1, id));
      }
      this.options.push({ name: s.name, ids: [...ids] });
      if (ids.size <= 1) {
        // The list of the value with the fewest variants (only that one is read).
        const id = ids.size === 0 ? -1 : ([...ids][0] as number);
        const n = id < 0 ? 0 : (counts[id] as number);
        if (driverId === null || n < driverCount) [driverOf, driverId, driverCount] = [values, id, n];
      }
      this.vals.push(vals);
      this.wanted.push(wanted);
    }
    if (driverId !== null) [this.driverOf, this.driverId, this.driverCount] = [driverOf, driverId, driverCount];
    [this.vals0, this.vals1] = [this.vals[0] ?? NO_VALS, this.vals[1] ?? NO_VALS];
    [this.wanted0, this.wanted1] = [this.wanted[0] ?? NO_WANTED, this.wanted[1] ?? NO_WANTED];
    const r = this.ranges[0];
    this.oneRange = this.ranges.length === 1 && r !== undefined && r.length === 2;
    [this.lo, this.hi] = this.oneRange && r ? [r[0] as number, r[1] as number] : [0, 0];
  }

  // passes() reads these: the first two options' arrays (empty ones when absent), and the bounds
  // when there is one price selection with one range.
  private readonly vals0: ValueIds;
  private readonly wanted0: Uint8Array;
  private readonly vals1: ValueIds;
  private readonly wanted1: Uint8Array;
  private readonly oneRange: boolean;
  private readonly lo: number;
  private readonly hi: number;

  /** Whether the selections constrain anything. */
  get active(): boolean {
    return this.vals.length > 0 || this.ranges.length > 0;
  }

  /** The same matcher without its price selections. */
  withoutPrice(): VariantMatcher {
    return new VariantMatcher(this.index, this.sels, this.available, this.skip, false);
  }

  /** The products split by the price selections (only for a priced matcher). */
  priceClasses(): PriceClasses {
    return (this.classes ??= priceClasses(this.index, this.ranges));
  }

  private classes: PriceClasses | null = null;

  /**
   * Whether variant g (its position in the variant table) is available (when asked), has one of
   * the selected values of every option and its price in one range of every price selection.
   */
  passes(g: number): boolean {
    if (this.avail !== null && this.avail[g] === 0) return false;
    // The first two options and a single range read from fields (the usual request), the rest in loops.
    const n = this.vals.length;
    if (n > 0 && this.wanted0[this.vals0[g] as number] !== 1) return false;
    if (n > 1 && this.wanted1[this.vals1[g] as number] !== 1) return false;
    for (let i = 2; i < n; i++) if ((this.wanted[i] as Uint8Array)[(this.vals[i] as ValueIds)[g] as number] !== 1) return false;
    if (this.ranges.length === 0) return true;
    const x = this.prices[g] as number;
    return this.oneRange ? x >= this.lo && x <= this.hi : inRanges(x, this.ranges);
  }

  /** The index (within product d) of its first variant that passes, or -1. */
  first(d: number): number {
    const start = this.offsets[d] as number;
    const end = this.offsets[d + 1] as number;
    for (let g = start; g < end; g++) if (this.passes(g)) return g - start;
    return -1;
  }

  /** The straddling products of its price classes, matched on their in-range variants (only for a priced matcher). */
  straddling(): StraddlingMatch {
    const st = this.priceClasses().straddling;
    const vals = this.options.map((o) => straddlingValues(this.index, st, o.name));
    return new StraddlingMatch(st, this.wanted, vals, this.avail ? straddlingAvailable(this.index, st) : null);
  }
}

/** Per straddling table, its in-range variants' value ids of each option read so far, and their availability. */
const straddlingColumns = new WeakMap<Straddling, { values: Map<string, Int32Array>; available?: Uint8Array }>();

const columnsOf = (st: Straddling) => {
  let c = straddlingColumns.get(st);
  if (!c) straddlingColumns.set(st, (c = { values: new Map() }));
  return c;
};

/** The value ids (in the field `option:<name>`) of a straddling table's variants, in its order. */
export function straddlingValues(index: CatalogIndex, st: Straddling, name: string): Int32Array {
  const cols = columnsOf(st);
  let out = cols.values.get(name);
  if (!out) {
    const { vals } = variantValues(index, name);
    out = new Int32Array(st.variants.length);
    for (let k = 0; k < out.length; k++) out[k] = vals[st.variants[k] as number] as number;
    cols.values.set(name, out);
  }
  return out;
}

function straddlingAvailable(index: CatalogIndex, st: Straddling): Uint8Array {
  const cols = columnsOf(st);
  if (!cols.available) {
    const { available } = variantTable(index);
    const out = (cols.available = new Uint8Array(st.variants.length));
    for (let k = 0; k < out.length; k++) out[k] = available[st.variants[k] as number] as number;
  }
  return cols.available;
}

/**
 * A priced matcher over the straddling products: their variants in range (so the price is met)
 * tested on the options and availability, read in the table's order.
 */
export class StraddlingMatch {
  private readonly vals0: ValueIds;
  private readonly wanted0: Uint8Array;
  private readonly vals1: ValueIds;
  private readonly wanted1: Uint8Array;
  constructor(
    readonly st: Straddling,
    private readonly wanted: readonly Uint8Array[],
    private readonly vals: readonly Int32Array[],
    private readonly avail: Uint8Array | null,
  ) {
    [this.vals0, this.vals1] = [vals[0] ?? NO_VALS, vals[1] ?? NO_VALS];
    [this.wanted0, this.wanted1] = [wanted[0] ?? NO_WANTED, wanted[1] ?? NO_WANTED];
  }

  /** Whether the table's variant k is available (when asked) and has a selected value of every option. */
  passes(k: number): boolean {
    if (this.avail !== null && this.avail[k] === 0) return false;
    const n = this.vals.length;
    if (n > 0 && this.wanted0[this.vals0[k] as number] !== 1) return false;
    if (n > 1 && this.wanted1[this.vals1[k] as number] !== 1) return false;
    for (let i = 2; i < n; i++) if ((this.wanted[i] as Uint8Array)[(this.vals[i] as Int32Array)[k] as number] !== 1) return false;
    return true;
  }

  /** Whether the table's product i has a variant that passes. */
  matches(i: number): boolean {
    const end = this.st.offsets[i + 1] as number;
    for (let k = this.st.offsets[i] as number; k < end; k++) if (this.passes(k)) return true;
    return false;
  }
}

/**
 * Keeps only the members of a set (already narrowed product by product) with one variant that
 * passes every selection: rewrites its bitset `out` and its member list in `buf`. With a price
 * range, only the members whose variants straddle a bound are read for it; the others are
 * matched on their options alone (a single option is then already decided product by product).
 */
export function refineSet(index: CatalogIndex, set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  if (!m.priced) return refineOptions(index, set, out, m);
  // First by the options alone (with one option the set already is), then the members whose
  // variants straddle a bound, variant by variant: those with none that passes are dropped.
  const narrowed = m.options.length >= 2 ? refineOptions(index, set, out, m.withoutPrice()) : set;
  const { all, maybe } = m.priceClasses();
  const bits = narrowed.bits;
  // Members in neither class have no variant in range.
  for (let w = 0; w < out.length; w++) out[w] = (bits[w] as number) & ((all[w] as number) | (maybe[w] as number));
  const sm = m.straddling();
  const docs = sm.st.docs;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    if (hasBit(out, d) && !sm.matches(i)) out[d >>> 5] = (out[d >>> 5] as number) & ~(1 << (d & 31));
  }
  return { bits: out, size: countBits(out), lists: null, list: null, buf: set.buf };
}

/** refineSet for a matcher without a price. */
function refineOptions(index: CatalogIndex, set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  const [a, b] = m.options;
  if (variantStrategy.pairs && m.options.length === 2 && a && b && a.ids.length === 1 && b.ids.length === 1) {
    // Two options with one value each: the products with a variant that has both, precomputed.
    const pair = pairSets(index, a.name, a.ids[0] as number, b.name, m.availableOnly);
    if (pair) {
      const both = pair[b.ids[0] as number] as Bitset;
      const bits = set.bits;
      for (let w = 0; w < out.length; w++) out[w] = (bits[w] as number) & (both[w] as number);
      return { bits: out, size: countBits(out), lists: null, list: null, buf: set.buf };
    }
  }
  // The kept members are written to the set's buffer in increasing order: never ahead of a member
  // still to be read when the members are that buffer themselves.
  const buf = set.buf;
  let n = 0;
  const driver = m.driverCount < set.size * 2 * variantStrategy.driver ? m.driver : null;
  if (driver) {
    // Fewer candidate variants than members x 2: the driver's variants, tested for membership.
    const bits = set.bits;
    const offsets = m.offsets;
    let last = -1;
    for (let k = 0, d = 0; k < driver.length; k++) {
      const g = driver[k] as number;
      d = productOf(offsets, g, d);
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
  if (m.priced) return countPricedValues(index, field, name, set, m);
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
      // (A bit test per member of a set smaller than a bitset's words, else AND + popcount.)
      for (let v = 0; v < pair.length; v++) {
        const c = map ? (map[v] as number) : v;
        if (c >= 0) counts[c] = countIn(set, pair[v] as Bitset);
      }
      return counts;
    }
  }
  const driver = m.driverCount < set.size * 4 * variantStrategy.driver ? m.driver : null;
  if (driver) {
    // Only the driver's variants can pass: read those (in product order) whose product is in the set.
    const bits = set.bits;
    const offsets = m.offsets;
    for (let k = 0, d = 0; k < driver.length; k++) {
      const g = driver[k] as number;
      const v = vals[g] as number;
      d = productOf(offsets, g, d);
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

/** A bitset per index for the members split off below (never in use twice at once). */
function spareBits(index: CatalogIndex): Bitset {
  let s = index.memo.get('variant-scratch') as Bitset | undefined;
  if (!s) index.memo.set('variant-scratch', (s = new Uint32Array(index.words)));
  return s;
}

/**
 * countVariantValues with a price range: the members whose every variant is in range are counted
 * as without it (product by product when no other option is selected), the members whose variants
 * straddle a bound variant by variant.
 */
function countPricedValues(index: CatalogIndex, field: TermField, name: string, set: DocSet, m: VariantMatcher): Uint32Array {
  const { all: inside } = m.priceClasses();
  const bits = set.bits;
  const spare = spareBits(index);
  for (let w = 0; w < spare.length; w++) spare[w] = (bits[w] as number) & (inside[w] as number);
  // Its members are listed in the set's buffer: the set's own list there, if any, is read again
  // from its bitset on its next use (the set is only read below through its bitset).
  const rest: DocSet = { bits: spare, size: countBits(spare), lists: null, list: null, buf: set.buf };
  if (set.list && set.list.buffer === set.buf.buffer) set.list = null;
  // Both write the field's counts buffer (rest has no posting lists: countField keeps no histogram of it).
  const counts = m.options.length === 0 ? countField(index, field, rest) : countVariantValues(index, field, name, rest, m.withoutPrice());
  const { field: all } = variantValues(index, name);
  const map = all === field ? null : Int32Array.from(all.keys, (k) => field.keyIndex.get(k) ?? -1);
  const seen = new Int32Array(all.keys.length).fill(-1);
  const sm = m.straddling();
  const { docs, offsets } = sm.st;
  const vals = straddlingValues(index, sm.st, name);
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    if (!hasBit(bits, d)) continue;
    const end = offsets[i + 1] as number;
    for (let k = offsets[i] as number; k < end; k++) {
      const v = vals[k] as number;
      if (v < 0 || seen[v] === d || !sm.passes(k)) continue;
      seen[v] = d;
      const c = map ? (map[v] as number) : v;
      if (c >= 0) counts[c] = (counts[c] as number) + 1;
    }
  }
  return counts;
}
