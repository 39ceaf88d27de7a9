// The set of products each selection lets through (terms, collection, stock, rating, range),
// built from posting lists, bitsets and the sorted orders of the numbers.
import { andInPlace, orInPlace, setBit, fromPostings, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';
import type { Selection } from './filter-query';
import { flatRanges, priceClasses } from './variant-price-classes';

function termBits(index: CatalogIndex, field: TermField, key: string): Bitset | null {
  const id = field.keyIndex.get(key);
  if (id === undefined) return null;
  let b = field.bitsets[id];
  if (!b) {
    // Bitsets of rare values are built when selected, and the last few kept per field.
    const built = (field.built ??= new Map());
    b = built.get(id);
    if (!b) {
      if (built.size >= 32) built.delete(built.keys().next().value as number);
      built.set(id, (b = fromPostings(index.size, field.postings[id] as Uint32Array)));
    }
  }
  return b;
}

/**
 * Union (or intersection with `and`) of the value sets of one field. A single value's own
 * bitset is returned as it is: callers only read the sets this module builds. `fresh` gives the
 * zeroed bitset a combination is written to (a new one by default).
 */
export function combineKeys(index: CatalogIndex, field: TermField, keys: readonly string[], and: boolean, fresh = (): Bitset => new Uint32Array(index.words)): Bitset {
  const sets: Bitset[] = [];
  for (const k of keys) {
    const b = termBits(index, field, k);
    if (b) sets.push(b);
    else if (and) return fresh();
  }
  if (sets.length <= 1) return sets[0] ?? fresh();
  const out = fresh();
  const [a, b] = sets as [Bitset, Bitset];
  if (and) for (let i = 0; i < out.length; i++) out[i] = (a[i] as number) & (b[i] as number);
  else for (let i = 0; i < out.length; i++) out[i] = (a[i] as number) | (b[i] as number);
  for (let k = 2; k < sets.length; k++) (and ? andInPlace : orInPlace)(out, sets[k] as Bitset);
  return out;
}

export function numberOf(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale'): Float64Array {
  return index.numbers[kind];
}

/** Bits of live products only: numbers are read slot by slot, and free slots have numbers too (catalog-index.ts). */
const liveOnly = (index: CatalogIndex, out: Bitset): Bitset => {
  andInPlace(out, index.all);
  return out;
};

const inRange = (x: number, lo: number | null, hi: number | null) => (lo === null || x >= lo) && (hi === null || x <= hi);

/** The set of products one selection lets through. */
export function selectionBits(index: CatalogIndex, sel: Selection, variantAvailable: boolean, fresh = (): Bitset => new Uint32Array(index.words)): Bitset | null {
  const o = sel.option;
  switch (o.kind) {
    case 'terms': {
      return combineKeys(index, index.field(termSource(o.source, variantAvailable)), sel.values, sel.and, fresh);
    }
    case 'collection': {
      const keys = sel.values.map((v) => index.collectionsByHandle.get(v)?.id ?? v);
      return combineKeys(index, index.field('collection'), keys, sel.and, fresh);
    }
    case 'stock': {
      const wantIn = sel.values.some((v) => v === 'in-stock');
      const wantOut = sel.values.some((v) => v !== 'in-stock');
      if (wantIn && wantOut) return sel.and ? fresh() : null;
      const out = fresh();
      out.set(index.available);
      if (wantOut) for (let i = 0; i < out.length; i++) out[i] = ~(out[i] as number) & (index.all[i] as number);
      return out;
    }
    case 'rating': {
      // A fractional bound (3.5): ratings from it (or, exact, in [3.5, 4.5)), from the numbers.
      if (sel.values.some((v) => !Number.isInteger(Number(v)))) {
        const out = fresh();
        const ratings = index.numbers.rating;
        const ks = sel.values.map(Number);
        const ok = (r: number, k: number) => r > 0 && (sel.exactRating ? r >= k && (r < k + 1 || (k >= 4 && r === 5)) : r >= k);
        for (let d = 0; d < index.size; d++) {
          const r = ratings[d] as number;
          if (sel.and ? ks.every((k) => ok(r, k)) : ks.some((k) => ok(r, k))) setBit(out, d);
        }
        return liveOnly(index, out);
      }
      const bounds = sel.values.map((v) => Math.floor(Number(v)));
      // Per floor(rating) 0..5: does a product with that rating pass?
      const pass = [0, 1, 2, 3, 4, 5].map((f) => {
        if (f === 0) return false;
        const ok = (k: number) => (sel.exactRating ? f === k : f >= k);
        return sel.and ? bounds.every(ok) : bounds.some(ok);
      });
      const out = fresh();
      pass.forEach((p, f) => {
        if (p) orInPlace(out, ratingFloorBits(index, f));
      });
      return liveOnly(index, out);
    }
    case 'range': {
      const out = fresh();
      if (o.number === 'variantsPrice') {
        // Products with a variant priced in a range: those with every variant in range, and those
        // whose variants straddle a bound read variant by variant (kept for the next request).
        out.set(priceClasses(index, [flatRanges(sel.ranges)]).some());
        return out;
      }
      const arr = numberOf(index, o.number);
      if (sel.ranges.length === 1) {
        const [lo, hi] = sel.ranges[0] as [number | null, number | null];
        rangeInto(index, o.number, arr, lo ?? -Infinity, hi ?? Infinity, out);
        return liveOnly(index, out);
      }
      for (let d = 0; d < index.size; d++) {
        const x = arr[d] as number;
        for (const [lo, hi] of sel.ranges) {
          if (inRange(x, lo, hi)) {
            setBit(out, d);
            break;
          }
        }
      }
      return liveOnly(index, out);
    }
    default:
      return null;
  }
}

/**
 * Sets the bits of products whose number lies in [a, z] (out is zeroed): the slice of the
 * ascending order found by binary search, set bit by bit, or for a slice of more than half the
 * catalog, every bit but those of the products outside it.
 */
function rangeInto(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale', arr: Float64Array, a: number, z: number, out: Bitset): void {
  const orderKey = kind === 'price' ? 'price-ascending' : kind === 'percentSale' ? 'sale-ascending' : 'weight-ascending';
  const order = index.order(orderKey);
  const sortedKey = `sorted:${kind}`;
  let sorted = index.memo.get(sortedKey) as Float64Array | undefined;
  if (!sorted) {
    sorted = new Float64Array(order.length);
    for (let i = 0; i < order.length; i++) sorted[i] = arr[order[i] as number] as number;
    index.memo.set(sortedKey, sorted);
  }
  const lower = (x: number, strict: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = sorted[mid] as number;
      if (v < x || (strict && v === x)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = lower(a, false);
  const to = lower(z, true);
  const n = order.length;
  if (2 * (to - from) <= n) {
    for (let i = from; i < to; i++) setBit(out, order[i] as number);
    return;
  }
  out.set(index.all);
  const clear = (i: number) => {
    const d = order[i] as number;
    out[d >>> 5] = (out[d >>> 5] as number) & ~(1 << (d & 31));
  };
  for (let i = 0; i < from; i++) clear(i);
  for (let i = to; i < n; i++) clear(i);
}

/** Products whose floor(rating) is f, built once per f. */
export function ratingFloorBits(index: CatalogIndex, f: number): Bitset {
  const key = `rating:${f}`;
  let b = index.memo.get(key) as Bitset | undefined;
  if (!b) {
    b = new Uint32Array(index.words);
    const rf = index.ratingFloor;
    for (let d = 0; d < index.size; d++) if (rf[d] === f) setBit(b, d);
    index.memo.set(key, b);
  }
  return b;
}

/** The field a terms option reads: with variant_available, option values of available variants only. */
export const termSource = (source: string, variantAvailable: boolean) =>
  variantAvailable && source.startsWith('option:') ? `option-available:${source.slice(7)}` : source;

/** The posting lists whose disjoint union is a terms selection's set, when it is one. */
export function selectionLists(index: CatalogIndex, sel: Selection, variantAvailable: boolean): Uint32Array[] | null {
  if (sel.option.kind !== 'terms') return null;
  const field = index.field(termSource(sel.option.source, variantAvailable));
  if (sel.values.length > 1 && (sel.and || !field.single)) return null;
  const ids = new Set<number>();
  for (const k of sel.values) {
    const id = field.keyIndex.get(k);
    if (id !== undefined) ids.add(id);
  }
  return [...ids].map((id) => field.postings[id] as Uint32Array);
}
