// Variant price ranges decided product by product where they can be: a product whose every
// variant is priced inside the selected ranges needs no variant read for the price (any variant
// that passes the options passes the price), and one whose variants are all outside them never
// matches. Only the products whose variants' prices straddle a bound (few: variants of a product
// are priced alike) are read variant by variant. Built from each product's lowest and highest
// variant price, once per set of ranges (the last few kept per index).
import { countBits, forEachBit, setBit, type Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import { lowerBound } from './typed-array';

/** A price selection's ranges flattened: [lo, hi, lo, hi, ...], open ends as -/+Infinity. */
export type FlatRanges = Float64Array;

export const flatRanges = (ranges: ReadonlyArray<readonly [number | null, number | null]>): FlatRanges =>
  Float64Array.from(ranges.flatMap(([lo, hi]) => [lo ?? -Infinity, hi ?? Infinity]));

/** Whether price x lies in one range of every price selection. */
export function inRanges(x: number, sels: readonly FlatRanges[]): boolean {
  for (let i = 0; i < sels.length; i++) {
    const r = sels[i] as FlatRanges;
    let k = 0;
    while (k < r.length && !(x >= (r[k] as number) && x <= (r[k + 1] as number))) k += 2;
    if (k === r.length) return false;
  }
  return true;
}

/**
 * Live products split by the price selections: `all`, every variant priced in range (for each
 * selection, inside one of its ranges); `maybe`, the others with a variant that may be (their
 * lowest to highest price meets a range of every selection). A product in neither has no variant
 * in range. `straddling`: the products of `maybe` with their variants in range; `some`: the
 * products with one variant in range (all, and those of maybe that have one).
 */
export interface PriceClasses {
  all: Bitset;
  maybe: Bitset;
  straddling: Straddling;
  some(): Bitset;
}

/**
 * The products of `maybe` in increasing order, and each one's variants priced in range
 * (positions in the variant table, in order): those of docs[i] are variants[offsets[i] ..
 * offsets[i + 1]]. Read in sequence, they replace reading every variant of those products.
 */
export interface Straddling {
  docs: Uint32Array;
  offsets: Uint32Array;
  variants: Uint32Array;
}

/**
 * Per product, its lowest and highest variant price (NaN for both without variants), and the live
 * products with variants in increasing order of each, with prefix bitsets to cut those orders fast.
 */
interface PriceBounds {
  lo: Float64Array;
  hi: Float64Array;
  byLo: SortedPrefixes;
  byHi: SortedPrefixes;
}

/**
 * Products in increasing order of a number, that number in the same order, and `marks[j]`, the
 * bitset of the first j x `step` products: any first n are then a mark and at most step / 2 bits.
 */
interface SortedPrefixes {
  order: Uint32Array;
  sorted: Float64Array;
  step: number;
  marks: Bitset[];
}

/** Marks per order (bitsets of words each): the bits set or cleared past a mark are at most order / (2 x MARKS). */
const MARKS = 32;

function sortedPrefixes(ids: readonly number[], by: Float64Array, words: number): SortedPrefixes {
  const order = Uint32Array.from(ids).sort((x, y) => (by[x] as number) - (by[y] as number));
  const sorted = Float64Array.from(order, (d) => by[d] as number);
  const step = Math.max(1, Math.ceil(order.length / MARKS));
  const marks: Bitset[] = [new Uint32Array(words)];
  const bits = new Uint32Array(words);
  for (let i = 0; i < order.length; i++) {
    setBit(bits, order[i] as number);
    if ((i + 1) % step === 0 || i === order.length - 1) marks.push(bits.slice());
  }
  return { order, sorted, step, marks };
}

/** out = the bits of the first n products of the order. */
function prefixInto(p: SortedPrefixes, n: number, out: Bitset): void {
  const j = Math.min(p.marks.length - 1, Math.round(n / p.step));
  out.set(p.marks[j] as Bitset);
  const at = Math.min(j * p.step, p.order.length);
  for (let i = at; i < n; i++) setBit(out, p.order[i] as number);
  for (let i = n; i < at; i++) {
    const d = p.order[i] as number;
    out[d >>> 5] = (out[d >>> 5] as number) & ~(1 << (d & 31));
  }
}

/** The first position in a sorted list whose value is above x. */
function upperBound(list: Float64Array, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function priceBounds(index: CatalogIndex): PriceBounds {
  let r = index.memo.get('variant-price-bounds') as PriceBounds | undefined;
  if (!r) {
    const off = index.variantPriceOffsets;
    const prices = index.variantPrices;
    const lo = new Float64Array(index.size).fill(NaN);
    const hi = new Float64Array(index.size).fill(NaN);
    const ids: number[] = [];
    for (let d = 0; d < index.size; d++) {
      const end = off[d + 1] as number;
      let a = Infinity;
      let z = -Infinity;
      for (let g = off[d] as number; g < end; g++) {
        const x = prices[g] as number;
        if (x < a) a = x;
        if (x > z) z = x;
      }
      if (a <= z && index.isLive(d)) {
        [lo[d], hi[d]] = [a, z];
        ids.push(d);
      }
    }
    r = { lo, hi, byLo: sortedPrefixes(ids, lo, index.words), byHi: sortedPrefixes(ids, hi, index.words) };
    index.memo.set('variant-price-bounds', r);
  }
  return r;
}

/** Sets of price classes kept per index: the most recent. */
const KEPT = 8;

export function priceClasses(index: CatalogIndex, sels: readonly FlatRanges[]): PriceClasses {
  const cache = (index.memo.get('variant-price-classes') as Map<string, PriceClasses> | undefined) ?? new Map<string, PriceClasses>();
  index.memo.set('variant-price-classes', cache);
  const key = sels.map((r) => r.join(',')).join(';');
  let c = cache.get(key);
  if (c) {
    cache.delete(key);
    cache.set(key, c);
    return c;
  }
  const bounds = priceBounds(index);
  const all = new Uint32Array(index.words);
  const maybe = new Uint32Array(index.words);
  const first = sels[0];
  if (sels.length === 1 && first && first.length === 2) oneRange(index, bounds, first[0] as number, first[1] as number, all, maybe);
  else anyRanges(bounds, sels, all, maybe);
  const straddling = straddlingOf(index, maybe, sels);
  let some: Bitset | null = null;
  c = {
    all,
    maybe,
    straddling,
    some: () => {
      if (!some) {
        some = all.slice();
        const { docs, offsets } = straddling;
        for (let i = 0; i < docs.length; i++) if ((offsets[i + 1] as number) > (offsets[i] as number)) setBit(some, docs[i] as number);
      }
      return some;
    },
  };
  cache.set(key, c);
  if (cache.size > KEPT) cache.delete(cache.keys().next().value as string);
  return c;
}

/**
 * One range [a, z], from four cuts of the two orders: all = highest <= z and not lowest < a;
 * maybe = lowest <= z and not highest < a, and not all.
 */
function oneRange(index: CatalogIndex, b: PriceBounds, a: number, z: number, all: Bitset, maybe: Bitset): void {
  let cuts = index.memo.get('variant-price-cuts') as Bitset[] | undefined;
  if (!cuts) index.memo.set('variant-price-cuts', (cuts = [0, 1, 2, 3].map(() => new Uint32Array(index.words))));
  const [loBelowA, loToZ, hiBelowA, hiToZ] = cuts as [Bitset, Bitset, Bitset, Bitset];
  prefixInto(b.byLo, lowerBound(b.byLo.sorted, a), loBelowA);
  prefixInto(b.byLo, upperBound(b.byLo.sorted, z), loToZ);
  prefixInto(b.byHi, lowerBound(b.byHi.sorted, a), hiBelowA);
  prefixInto(b.byHi, upperBound(b.byHi.sorted, z), hiToZ);
  for (let w = 0; w < all.length; w++) {
    const inside = (hiToZ[w] as number) & ~(loBelowA[w] as number);
    all[w] = inside;
    maybe[w] = (loToZ[w] as number) & ~(hiBelowA[w] as number) & ~inside;
  }
}

/** Any ranges and selections: every product's lowest and highest price read. */
function anyRanges(b: PriceBounds, sels: readonly FlatRanges[], all: Bitset, maybe: Bitset): void {
  const ids = b.byLo.order;
  for (let i = 0; i < ids.length; i++) {
    const d = ids[i] as number;
    const a = b.lo[d] as number;
    const z = b.hi[d] as number;
    let every = true;
    let meets = true;
    for (let s = 0; s < sels.length && meets; s++) {
      const r = sels[s] as FlatRanges;
      let inside = false;
      let met = false;
      for (let k = 0; k < r.length; k += 2) {
        if (a >= (r[k] as number) && z <= (r[k + 1] as number)) inside = true;
        if (a <= (r[k + 1] as number) && z >= (r[k] as number)) met = true;
      }
      every &&= inside;
      meets = met;
    }
    if (meets && every) setBit(all, d);
    else if (meets) setBit(maybe, d);
  }
}

/** The straddling table of the maybe products. */
function straddlingOf(index: CatalogIndex, maybe: Bitset, sels: readonly FlatRanges[]): Straddling {
  const off = index.variantPriceOffsets;
  const docs = new Uint32Array(countBits(maybe));
  let m = 0;
  let i = 0;
  forEachBit(maybe, (d) => {
    docs[i++] = d;
    m += (off[d + 1] as number) - (off[d] as number);
  });
  const offsets = new Uint32Array(docs.length + 1);
  const variants = new Uint32Array(m);
  const first = sels[0];
  const one = sels.length === 1 && first !== undefined && first.length === 2;
  const k = inRangeVariants(docs, off, index.variantPrices, one ? null : sels, one ? (first[0] as number) : 0, one ? (first[1] as number) : 0, offsets, variants);
  return { docs, offsets, variants: variants.subarray(0, k) };
}

/**
 * Fills the table's offsets and variants (those in range of every selection of `sels`, or with
 * `sels` null in the one range [a, z], compared inline); returns the number of variants.
 */
function inRangeVariants(docs: Uint32Array, off: Uint32Array, prices: Float64Array, sels: readonly FlatRanges[] | null, a: number, z: number, offsets: Uint32Array, variants: Uint32Array): number {
  let k = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    offsets[i] = k;
    const end = off[d + 1] as number;
    for (let g = off[d] as number; g < end; g++) {
      const x = prices[g] as number;
      variants[k] = g;
      // (Written always, kept when in range: no branch the compiler has not seen taken.)
      k += (sels === null ? x >= a && x <= z : inRanges(x, sels)) ? 1 : 0;
    }
  }
  offsets[docs.length] = k;
  return k;
}
