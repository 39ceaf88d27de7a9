// Executes a parsed filter / search query on the index: the base set (scope, tags, availability,
// text), one bitset per selected option, disjunctive counts for every configured option (an
// option's counts ignore its own selection), and the requested page in the requested order.
import type {
  WireBucketValue,
  WireCollectionValue,
  WireFilterOption,
  WireMultiLevelTagValue,
  WireRangeValues,
  WireTermValue,
} from '@pkg/core-filter';
import { andInPlace, andInto, countAnd, countBits, forEachBit, fromPostings, hasBit, orInPlace, popcount32, setBit, type Bitset } from './bitset';
import type { EngineFilterOption } from './catalog';
import { keyOrder, keyRanks, prefixKeyOrder, type CatalogIndex, type TermField } from './catalog-index';
import { resolveOption, type FilterQuery, type ResolvedOption, type Selection } from './filter-query';
import { searchText, type TextResult } from './text-search';
import { compareNatural } from './text';

export interface FilterResult {
  total: number;
  /** Product positions of the requested page, in order. */
  docs: number[];
  options?: WireFilterOption[];
  text: TextResult | null;
}

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
function combineKeys(index: CatalogIndex, field: TermField, keys: readonly string[], and: boolean, fresh = (): Bitset => new Uint32Array(index.words)): Bitset {
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

function numberOf(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale'): Float64Array {
  return index.numbers[kind];
}

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
      return out;
    }
    case 'range': {
      const out = fresh();
      if (o.number === 'variantsPrice') {
        const off = index.variantPriceOffsets;
        const vp = index.variantPrices;
        for (let d = 0; d < index.size; d++) {
          let ok = false;
          for (let k = off[d] as number; k < (off[d + 1] as number) && !ok; k++) {
            const x = vp[k] as number;
            ok = sel.ranges.some(([lo, hi]) => inRange(x, lo, hi));
          }
          if (ok) setBit(out, d);
        }
        return out;
      }
      const arr = numberOf(index, o.number);
      if (sel.ranges.length === 1) {
        const [lo, hi] = sel.ranges[0] as [number | null, number | null];
        rangeInto(index, o.number, arr, lo ?? -Infinity, hi ?? Infinity, out);
        return out;
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
      return out;
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
function ratingFloorBits(index: CatalogIndex, f: number): Bitset {
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

/** Rating value k (F3.12): at least k, or with exact rating, in [k, k + 1) (5 is exactly 5). */
export function ratingMatches(rating: number, k: number, exact: boolean): boolean {
  if (!exact) return rating >= k && rating > 0;
  return rating > 0 && Math.floor(rating) === Math.floor(k);
}

/**
 * The base set: collection scope, tags, product availability and the text match (index.all,
 * unchanged, when nothing narrows it), and its posting list when it is a collection scope alone.
 */
function baseBits(index: CatalogIndex, q: FilterQuery, text: TextResult | null, scratch: Bitset): [Bitset, Uint32Array | undefined] {
  const tags = [...q.tags];
  for (const s of q.selections) if (s.option.kind === 'collectionTag') tags.push(...s.values);
  const narrow: Bitset[] = [];
  let list: Uint32Array | undefined;
  if (q.collectionScope !== null) {
    const id = index.collectionsByHandle.get(q.collectionScope)?.id ?? q.collectionScope;
    const field = index.field('collection');
    narrow.push(combineKeys(index, field, [id], false));
    // An unknown collection has no posting list (its set is empty either way).
    list = field.postings[field.keyIndex.get(id) as number];
  }
  if (tags.length > 0) narrow.push(combineKeys(index, index.field('tag'), tags, q.tagMode === 1));
  if (q.productAvailable) narrow.push(index.available);
  if (text) narrow.push(text.bits);
  return [intersect(index.all, narrow, scratch), narrow.length === 1 ? list : undefined];
}

/** a AND every set of `rest`, into `out` (or `a` itself when `rest` is empty: never written to). */
function intersect(a: Bitset, rest: readonly Bitset[], out: Bitset): Bitset {
  let src = a;
  for (const b of rest) {
    for (let i = 0; i < out.length; i++) out[i] = (src[i] as number) & (b[i] as number);
    src = out;
  }
  return src;
}

export interface RunContext {
  tree: readonly EngineFilterOption[];
}

/**
 * A set of products to count over: its bitset, its size, and its members either as posting lists
 * whose disjoint union it is (a selection of one value, or of values of a single-valued field such
 * as vendor, or a collection scope alone), or as a list extracted into `buf` on first use and
 * shared by every option counted over the set (or filled while the set is built: from its
 * driving posting lists, in their order, or while ANDing its bitsets, in increasing order).
 */
interface DocSet {
  bits: Bitset;
  size: number;
  lists: Uint32Array[] | null;
  list: Uint32Array | null;
  buf: Uint32Array;
}

/**
 * Per-index buffers reused by every request (requests run one at a time): bitsets for the base,
 * result and counting sets, member lists for the result and counting sets, and bitsets for the
 * selections (up to 16).
 */
type Scratch = [Bitset, Bitset, Bitset, Uint32Array, Uint32Array, Bitset[]];
const scratchOf = (index: CatalogIndex): Scratch => {
  let s = index.memo.get('scratch') as Scratch | undefined;
  if (!s) index.memo.set('scratch', (s = [...[0, 0, 0, 1, 1].map((list) => new Uint32Array(list ? index.size : index.words)), []] as unknown as Scratch));
  return s;
};

/** The field a terms option reads: with variant_available, option values of available variants only. */
const termSource = (source: string, variantAvailable: boolean) =>
  variantAvailable && source.startsWith('option:') ? `option-available:${source.slice(7)}` : source;

/** The posting lists whose disjoint union is a terms selection's set, when it is one. */
function selectionLists(index: CatalogIndex, sel: Selection, variantAvailable: boolean): Uint32Array[] | null {
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

const resolvedOf = new WeakMap<EngineFilterOption, ResolvedOption | undefined>();

/**
 * A set driven by posting lists is built member by member while it has fewer than `sparse` x
 * (bitset words) members; otherwise by ANDing every word. Internal: tests force either way.
 */
export const strategy = { sparse: 0.25 };

export function runFilter(index: CatalogIndex, q: FilterQuery, ctx: RunContext): FilterResult {
  const text = q.q !== ''
    ? searchText(index, q.q, { fuzzy: q.fuzzy, fullMinMatch: q.fullMinMatch, reduceMinMatch: q.reduceMinMatch, plusCharacter: q.plusCharacter, prefix: true })
    : null;
  const [baseOut, resultOut, countOut, resultList, countList, pool] = scratchOf(index);
  const [base, scope] = baseBits(index, q, text, baseOut);
  const sels = q.selections;
  const selLists = sels.map((s) => selectionLists(index, s, q.variantAvailable));
  // A selection's bitset is built when first needed (undefined until then): one known as posting
  // lists may never need it. null: the selection lets everything through. The first 16 are
  // written to per-index buffers reused by every request (a request rarely has more).
  let taken = 0;
  const fresh = (): Bitset => (taken < 16 ? (pool[taken++] ??= new Uint32Array(index.words)).fill(0) : new Uint32Array(index.words));
  const selBits = sels.map((s, i) => (selLists[i] ? undefined : selectionBits(index, s, q.variantAvailable, fresh)));
  const bitsOf = (i: number) => (selBits[i] ??= selectionBits(index, sels[i] as Selection, q.variantAvailable, fresh)) as Bitset;
  /** base AND every selection but those of option `skip`. */
  const setOf = (skip: string | null, out: Bitset, buf: Uint32Array): DocSet => {
    const others = sels.flatMap((s, i) => (s.id !== skip && selBits[i] !== null ? [i] : []));
    const only = others[0] as number;
    if (base === index.all && others.length === 1) {
      // One selection over the whole catalog: its own set, read-only, without a copy.
      const lists = selLists[only] as Uint32Array[] | null;
      if (lists) return { get bits() { return bitsOf(only); }, size: lists.reduce((n, l) => n + l.length, 0), lists, list: null, buf };
      const bits = bitsOf(only);
      return { bits, size: countBits(bits), lists: null, list: null, buf };
    }
    // A collection scope alone: its posting list.
    if (scope && others.length === 0) return { bits: base, size: scope.length, lists: [scope], list: null, buf };
    // Driven by the smallest set known as posting lists (a selection, or the collection scope)
    // when it is small: a bit test per member in each other set, instead of ANDing every word.
    let drive = scope ? [scope] : null;
    let driveSize = scope ? scope.length : Infinity;
    let driver = -1;
    for (const i of others) {
      const lists = selLists[i] ?? null;
      const n = lists ? lists.reduce((m, l) => m + l.length, 0) : Infinity;
      if (n < driveSize) [drive, driveSize, driver] = [lists, n, i];
    }
    if (drive && driveSize < strategy.sparse * index.words) {
      const tests = others.flatMap((i) => (i === driver ? [] : [bitsOf(i)]));
      if (driver >= 0 && base !== index.all) tests.push(base);
      out.fill(0);
      let n = 0;
      for (const docs of drive) {
        for (let k = 0; k < docs.length; k++) {
          const d = docs[k] as number;
          let t = 0;
          while (t < tests.length && hasBit(tests[t] as Bitset, d)) t++;
          if (t === tests.length) {
            setBit(out, d);
            buf[n++] = d;
          }
        }
      }
      return { bits: out, size: n, lists: null, list: buf.subarray(0, n), buf };
    }
    const sets = others.map(bitsOf);
    if (base !== index.all) sets.push(base);
    if (sets.length <= 1) {
      const bits = sets[0] ?? base;
      return { bits, size: countBits(bits), lists: null, list: null, buf };
    }
    // Listed while it is small enough for members to be read one by one (see countField, countIn).
    const [size, listed] = andInto(sets, out, buf, 5 * index.words);
    return { bits: out, size, lists: null, list: listed ? buf.subarray(0, size) : null, buf };
  };
  const resultSet = setOf(null, resultOut, resultList);
  const result = resultSet.bits;
  const total = resultSet.size;

  let options: WireFilterOption[] | undefined;
  if (q.buildFilterTree) {
    options = [];
    for (const cfg of ctx.tree) {
      if (cfg.status === 'disabled') continue;
      if (!resolvedOf.has(cfg)) resolvedOf.set(cfg, resolveOption(cfg.filterOptionId, cfg));
      const resolved = resolvedOf.get(cfg);
      if (!resolved || resolved.kind === 'ignored' || resolved.kind === 'collectionTag') continue;
      const selected = sels.find((s) => s.id === cfg.filterOptionId);
      // Disjunctive: this option's own selection does not narrow its counts.
      const set = selected ? setOf(cfg.filterOptionId, countOut, countList) : resultSet;
      // Over the whole catalog with no selection the answer never changes: computed once, frozen
      // and shared between answers (as products are).
      if (set.size === index.size && !selected) {
        const key = `all:${cfg.filterOptionId}:${q.variantAvailable}:${q.zeroOptions}`;
        let memo = index.memo.get(key) as WireFilterOption | undefined;
        if (!memo) index.memo.set(key, (memo = deepFreeze(buildOption(index, cfg, resolved, set, q, undefined))));
        options.push(memo);
        continue;
      }
      options.push(buildOption(index, cfg, resolved, set, q, selected));
    }
  }
  const out: FilterResult = { total, docs: pageDocs(index, q, result, text), text };
  if (options) out.options = options;
  return out;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

// ------------------------------------------------------------------ counting

/** The members of a set, extracted into its buffer (in increasing order) on first use. */
function listOf(set: DocSet): Uint32Array {
  if (!set.list) {
    const b = set.bits;
    const docs = set.buf;
    let i = 0;
    for (let w = 0; w < b.length; w++) {
      let x = (b[w] as number) | 0;
      while (x !== 0) {
        docs[i++] = (w << 5) + 31 - Math.clz32(x & -x);
        x &= x - 1;
      }
    }
    set.list = docs.subarray(0, i);
  }
  return set.list;
}

/** The members of a set as lists (in no particular order across lists). */
const membersOf = (set: DocSet): Uint32Array[] => set.lists ?? [listOf(set)];

/** Adds the values of the products `docs` to counts, through the field's forward index. */
function countDocs(field: TermField, docs: Uint32Array, counts: Uint32Array): void {
  const { offsets, vals, single, masks } = field;
  if (single) {
    for (let i = 0; i < docs.length; i++) {
      const v = (single[docs[i] as number] as number) - 1;
      if (v >= 0) counts[v] = (counts[v] as number) + 1;
    }
    return;
  }
  if (masks) {
    // One read per product instead of two scattered ones (offsets, then values).
    for (let i = 0; i < docs.length; i++) {
      for (let m = (masks[docs[i] as number] as number) | 0; m !== 0; m &= m - 1) {
        const v = 31 - Math.clz32(m & -m);
        counts[v] = (counts[v] as number) + 1;
      }
    }
    return;
  }
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    const end = offsets[d + 1] as number;
    for (let k = offsets[d] as number; k < end; k++) {
      const v = vals[k] as number;
      counts[v] = (counts[v] as number) + 1;
    }
  }
}

/**
 * doc_count per value id of a field over a set (read-only: a buffer reused by the next count, or
 * a cached histogram).
 */
function countField(index: CatalogIndex, field: TermField, set: DocSet): Uint32Array {
  // One counts array per field, reused by every request (read before the next count).
  const m = field.keys.length;
  const counts = (field.counts ??= new Uint32Array(m)).fill(0);
  const size = set.size;
  if (size === index.size) {
    field.postings.forEach((p, i) => (counts[i] = p.length));
    return counts;
  }
  if (set.lists) {
    // A disjoint union of posting lists: the sum of the field's histograms over each list, kept
    // for lists of at least 64 products and not shorter than the histogram (others are counted).
    for (const docs of set.lists) {
      if (docs.length < Math.max(64, m)) {
        countDocs(field, docs, counts);
        continue;
      }
      const h = index.histograms.get(docs, field, m, (out) => countDocs(field, docs, out));
      if (set.lists.length === 1) return h;
      for (let v = 0; v < m; v++) counts[v] = (counts[v] as number) + (h[v] as number);
    }
    return counts;
  }
  const avg = field.vals.length / Math.max(1, index.size);
  if (size * avg <= field.postingCost) {
    for (const docs of membersOf(set)) countDocs(field, docs, counts);
    return counts;
  }
  const b = set.bits;
  for (let v = 0; v < field.keys.length; v++) {
    const bits = field.bitsets[v];
    let n = 0;
    if (bits) {
      for (let i = 0; i < b.length; i++) {
        const w = (b[i] as number) & (bits[i] as number);
        if (w !== 0) n += popcount32(w);
      }
    } else {
      const p = field.postings[v] as Uint32Array;
      for (let k = 0; k < p.length; k++) if (hasBit(b, p[k] as number)) n++;
    }
    counts[v] = n;
  }
  return counts;
}

/**
 * Fills the histogram cache at build time, up to `maxBytes`: the counts of every `counted` field
 * over each posting list of a `selectable` field (a value a shopper can pick, or a collection
 * page), largest lists first (the costliest to count), so the first shopper to pick a popular
 * colour or vendor pays no count over its products. Lists that countField counts directly
 * (shorter than max(64, values of the counted field)) are skipped. One pass over the forward
 * indexes per pair of fields fills every histogram of the pair.
 */
export function warmHistograms(index: CatalogIndex, selectable: readonly TermField[], counted: readonly TermField[], maxBytes: number): void {
  const wanted: Array<[TermField, number, TermField]> = [];
  for (const a of selectable) a.postings.forEach((list, v) => {
    // Not a field over its own values' lists: its own selection is left out of its counts (only a
    // collection option on a collection page reads one, kept on first use).
    for (const b of counted) if (b !== a && list.length >= Math.max(64, b.keys.length)) wanted.push([a, v, b]);
  });
  wanted.sort((x, y) => (y[0].postings[y[1]] as Uint32Array).length - (x[0].postings[x[1]] as Uint32Array).length);
  let bytes = index.histograms.bytes;
  const rows = new Map<TermField, Map<TermField, Array<Uint32Array | undefined>>>();
  for (const [a, v, b] of wanted) {
    if ((bytes += b.keys.length * 4 + 128) > maxBytes) break;
    let byB = rows.get(a);
    if (!byB) rows.set(a, (byB = new Map()));
    let hs = byB.get(b);
    if (!hs) byB.set(b, (hs = []));
    hs[v] = new Uint32Array(b.keys.length);
  }
  for (const [a, byB] of rows) {
    // One pass over the products per selectable field, counting every field paired with it.
    const pairs = [...byB];
    const doc = new Uint32Array(1);
    for (let d = 0; d < index.size; d++) {
      doc[0] = d;
      for (let k = a.offsets[d] as number; k < (a.offsets[d + 1] as number); k++) {
        const v = a.vals[k] as number;
        for (const [b, hs] of pairs) {
          const h = hs[v];
          if (h) countDocs(b, doc, h);
        }
      }
    }
    for (const [b, hs] of pairs) hs.forEach((h, v) => h && index.histograms.get(a.postings[v] as Uint32Array, b, h.length, (out) => out.set(h)));
  }
}

/** |set AND bits|: a popcount over the words, or a bit test per member for a set smaller than that. */
function countIn(set: DocSet, bits: Bitset): number {
  if (set.size >= bits.length) return countAnd(set.bits, bits);
  let n = 0;
  for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) if (hasBit(bits, docs[i] as number)) n++;
  return n;
}

/**
 * Sorts option values per sortType (F3.7; natural key order by default), manual values first
 * when sortManualValues is set. `rank` gives a precomputed natural order of keys when known.
 */
function sortValues<T>(values: T[], key: (v: T) => string, count: (v: T) => number, cfg: EngineFilterOption, rank?: (v: T) => number): T[] {
  const manual = cfg.sortManualValues && cfg.manualValues ? cfg.manualValues : null;
  const type = cfg.sortType ?? 'key-asc';
  const byKey = rank ? (a: T, b: T) => rank(a) - rank(b) : (a: T, b: T) => compareNatural(key(a), key(b));
  const cmp = (a: T, b: T): number => {
    if (manual) {
      const ia = manual.indexOf(key(a));
      const ib = manual.indexOf(key(b));
      if (ia !== ib) return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib);
    }
    switch (type) {
      case 'key-desc': return byKey(b, a);
      case 'doc_count-desc': return count(b) - count(a) || byKey(a, b);
      case 'doc_count-asc': return count(a) - count(b) || byKey(a, b);
      default: return byKey(a, b);
    }
  };
  return values.sort(cmp);
}

/** Whether a key belongs to the option: specific values and excluded values (a tag prefix is applied by `prefixKeyOrder`). */
function keyAllowed(cfg: EngineFilterOption, key: string): boolean {
  if (cfg.excludedValues?.includes(key)) return false;
  return !(cfg.valueType === 'specific' && cfg.manualValues && !cfg.manualValues.includes(key));
}

function stripConfig(cfg: EngineFilterOption): WireFilterOption {
  const { field: _field, ...rest } = cfg;
  return { ...rest };
}

function buildOption(
  index: CatalogIndex,
  cfg: EngineFilterOption,
  resolved: ResolvedOption,
  set: DocSet,
  q: FilterQuery,
  selected: Selection | undefined,
): WireFilterOption {
  const out = stripConfig(cfg);
  const size = set.size;
  const keepZero = q.zeroOptions;
  const selectedKeys = new Set(selected?.values ?? []);
  switch (resolved.kind) {
    case 'terms': {
      const field = index.field(termSource(resolved.source, q.variantAvailable));
      const counts = countField(index, field, set);
      if (resolved.source.startsWith('mlt:')) {
        out.values = multiLevelValues(field, counts, cfg, keepZero, selectedKeys);
        break;
      }
      // Values are taken in the field's precomputed natural key order, so key-asc (the default)
      // and key-desc need no sort, and a stable sort by count keeps key order among equal counts.
      // A tag option with a prefix walks only its own keys, not every tag of the catalog.
      const prefixed = resolved.source === 'tag' && cfg.prefix;
      const order = prefixed ? prefixKeyOrder(field, prefixed) : keyOrder(field);
      const filtered = cfg.excludedValues || (cfg.valueType === 'specific' && cfg.manualValues);
      const type = cfg.sortType ?? 'key-asc';
      const values: WireTermValue[] = [];
      const keys = field.keys;
      for (let r = 0; r < order.length; r++) {
        const i = order[type === 'key-desc' ? order.length - 1 - r : r] as number;
        const n = counts[i] as number;
        const key = keys[i] as string;
        if ((n > 0 || keepZero || selectedKeys.has(key)) && (!filtered || keyAllowed(cfg, key))) values.push({ key, doc_count: n });
      }
      if (cfg.sortManualValues && cfg.manualValues) {
        const ranks = keyRanks(field);
        sortValues(values, (v) => v.key, (v) => v.doc_count, cfg, (v) => ranks[field.keyIndex.get(v.key) as number] as number);
      } else if (type === 'doc_count-desc') values.sort((a, b) => b.doc_count - a.doc_count);
      else if (type === 'doc_count-asc') values.sort((a, b) => a.doc_count - b.doc_count);
      out.values = values;
      break;
    }
    case 'collection': {
      const field = index.field('collection');
      const counts = countField(index, field, set);
      const values: WireCollectionValue[] = [];
      field.keys.forEach((id, i) => {
        const c = index.collectionsById.get(id);
        const n = counts[i] as number;
        if (!c || !(n > 0 || keepZero || selectedKeys.has(id)) || !keyAllowed(cfg, id)) return;
        const v: WireCollectionValue = { key: c.id, label: c.title, handle: c.handle, doc_count: n, sort_order: c.sortOrder };
        if (cfg.displayType === 'multi_level_collections' && c.tags && c.tags.length > 0) v.tags = [...c.tags];
        values.push(v);
      });
      out.values = cfg.sortType
        ? sortValues(values, (v) => v.label, (v) => v.doc_count, cfg)
        : values.sort((x, y) => (x.sort_order ?? 0) - (y.sort_order ?? 0) || compareNatural(x.label, y.label));
      break;
    }
    case 'stock': {
      const inStock = countIn(set, index.available);
      const values: WireTermValue[] = [
        { key: 'in-stock', doc_count: inStock },
        { key: 'out-of-stock', doc_count: size - inStock },
      ].filter((v) => v.doc_count > 0 || keepZero || selectedKeys.has(v.key));
      out.values = values;
      break;
    }
    case 'rating': {
      const exact = cfg.showExactRating ?? false;
      // Per floor(rating): a lookup per member for a small set, else an AND + popcount per floor.
      const counts = [0, 0, 0, 0, 0, 0];
      if (size < 5 * index.words) {
        const rf = index.ratingFloor;
        for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) (counts[rf[docs[i] as number] as number] as number)++;
        counts[0] = 0;
      } else for (let f = 1; f <= 5; f++) counts[f] = countAnd(set.bits, ratingFloorBits(index, f));
      const values: WireTermValue[] = [];
      for (let k = 5; k >= 1; k--) {
        let c = counts[k] as number;
        if (!exact) for (let j = k + 1; j <= 5; j++) c += counts[j] as number;
        if (c > 0 || keepZero || selectedKeys.has(String(k))) values.push({ key: String(k), doc_count: c });
      }
      out.values = values;
      break;
    }
    case 'range': {
      if (cfg.displayType === 'range') {
        out.values = rangeValues(index, resolved.number, set.bits, size, set.lists ?? (set.list ? [set.list] : undefined));
      } else {
        out.values = bucketValues(index, resolved.number, set, cfg, keepZero, selectedKeys);
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/**
 * Smallest and largest number over a set of `size` products. A listed set is read member by
 * member while that is shorter than walking the ascending order of the number from each end (about
 * catalog size / set size steps each). Otherwise its first and last member in that order, when a
 * walk of about `size` steps from each end finds them, else one scan of the set.
 */
function rangeValues(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale' | 'variantsPrice', b: Bitset, size: number, members?: Uint32Array[]): WireRangeValues {
  let min = Infinity;
  let max = -Infinity;
  const vp = kind === 'variantsPrice';
  const arr = vp ? index.variantPrices : numberOf(index, kind);
  const off = vp ? index.variantPriceOffsets : null;
  const span = (d: number) => {
    for (let k = off ? (off[d] as number) : d; k < (off ? (off[d + 1] as number) : d + 1); k++) {
      const x = arr[k] as number;
      if (x < min) min = x;
      if (x > max) max = x;
    }
  };
  if (size === 0) return { min: 0, max: 0 };
  if (members && size * size <= 2 * index.size) {
    for (const docs of members) for (let i = 0; i < docs.length; i++) span(docs[i] as number);
  } else if (!vp) {
    const order = index.order(kind === 'price' ? 'price-ascending' : kind === 'percentSale' ? 'sale-ascending' : 'weight-ascending');
    const steps = Math.min(order.length, size + 32);
    for (let i = 0; i < steps && min === Infinity; i++) {
      const d = order[i] as number;
      if (hasBit(b, d)) min = arr[d] as number;
    }
    for (let i = 1; i <= steps && max === -Infinity; i++) {
      const d = order[order.length - i] as number;
      if (hasBit(b, d)) max = arr[d] as number;
    }
  }
  if (min === Infinity || max === -Infinity) {
    min = Infinity;
    max = -Infinity;
    forEachBit(b, span);
  }
  return min === Infinity ? { min: 0, max: 0 } : { min, max };
}

/** Buckets from the option's manualValues (`from:to`), or round steps over the catalog's range. */
export function bucketBounds(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale' | 'variantsPrice', cfg: EngineFilterOption): Array<[number | null, number | null]> {
  const manual = (cfg.manualValues ?? []).map((v) => {
    const parts = v.split(':');
    const lo = parts[0] ? Number(parts[0]) : null;
    const hi = parts[1] ? Number(parts[1]) : null;
    return [lo, hi] as [number | null, number | null];
  }).filter(([lo, hi]) => (lo === null || Number.isFinite(lo)) && (hi === null || Number.isFinite(hi)));
  if (manual.length > 0) return manual;
  const all = rangeValues(index, kind, index.all, index.size);
  return autoBuckets(all.min, all.max, kind === 'percentSale' ? 1 : 0.01);
}

/** Five or so buckets with a round step (1, 2, 2.5, 5 x 10^n); the last is open-ended. */
export function autoBuckets(min: number, max: number, unit: number): Array<[number | null, number | null]> {
  if (!(max > min)) return [[null, null]];
  const raw = (max - min) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: Array<[number | null, number | null]> = [];
  let from = Math.floor(min / step) * step;
  while (from + step <= max) {
    out.push([from, Math.round((from + step - unit) / unit) * unit]);
    from += step;
  }
  out.push([from, null]);
  return out;
}

function bucketValues(
  index: CatalogIndex,
  kind: 'price' | 'weight' | 'percentSale' | 'variantsPrice',
  set: DocSet,
  cfg: EngineFilterOption,
  keepZero: boolean,
  selected: Set<string>,
): WireBucketValue[] {
  // One bitset per bucket, built once per option; a count is then one AND + popcount.
  const memoKey = `buckets:${cfg.filterOptionId}`;
  let memo = index.memo.get(memoKey) as { bounds: Array<[number | null, number | null]>; bits: Bitset[] } | undefined;
  if (!memo) {
    const bounds = bucketBounds(index, kind, cfg);
    const bits = bounds.map((r) => selectionBits(index, { id: cfg.filterOptionId, option: { kind: 'range', number: kind }, values: [], and: false, exactRating: false, ranges: [r] }, false) as Bitset);
    index.memo.set(memoKey, (memo = { bounds, bits }));
  }
  const bounds = memo.bounds;
  const counts = memo.bits.map((bits) => countIn(set, bits));
  const out: WireBucketValue[] = [];
  bounds.forEach(([lo, hi], i) => {
    const key = `${lo ?? ''}:${hi ?? ''}`;
    const c = counts[i] as number;
    if (c > 0 || keepZero || selected.has(key)) out.push({ key, from: lo, to: hi, doc_count: c });
  });
  return out;
}

function multiLevelValues(field: TermField, counts: Uint32Array, cfg: EngineFilterOption, keepZero: boolean, selected: Set<string>): WireMultiLevelTagValue[] {
  const nodes = new Map<string, WireMultiLevelTagValue>();
  const roots: WireMultiLevelTagValue[] = [];
  // Parents before children: paths by depth (one pass per level, three levels at most).
  const order: number[] = [];
  for (let depth = 1; depth <= 3; depth++) {
    field.keys.forEach((k, i) => {
      let n = 1;
      for (let c = 0; c < k.length; c++) if (k.charCodeAt(c) === 62) n++;
      if (n === depth) order.push(i);
    });
  }
  for (const i of order) {
    const path = field.keys[i] as string;
    const c = counts[i] as number;
    if (!(c > 0 || keepZero || selected.has(path))) continue;
    if (cfg.excludedValues?.includes(path)) continue;
    const cut = path.lastIndexOf('>');
    const node: WireMultiLevelTagValue = { tag: path, displayName: path.slice(cut + 1), doc_count: c };
    nodes.set(path, node);
    if (cut < 0) roots.push(node);
    else {
      const parent = nodes.get(path.slice(0, cut));
      if (parent) (parent.subTags ??= []).push(node);
    }
  }
  const sortTree = (list: WireMultiLevelTagValue[]): WireMultiLevelTagValue[] => {
    sortValues(list, (v) => v.displayName ?? v.tag, (v) => v.doc_count, cfg);
    for (const n of list) if (n.subTags) sortTree(n.subTags);
    return list;
  };
  return sortTree(roots);
}

// ------------------------------------------------------------------ paging

function pageDocs(index: CatalogIndex, q: FilterQuery, result: Bitset, text: TextResult | null): number[] {
  const from = (q.page - 1) * q.limit;
  const to = from + q.limit;
  if (q.sort === 'relevance' && text) return relevancePage(index, q, result, text, from, to);
  const out: number[] = [];
  let seen = 0;
  const av = index.available;
  if (q.sort === 'manual' || q.sort === 'relevance') {
    // Catalog order (the order these keys sort by): the members in increasing order, a word at a
    // time, whole words skipped before the page starts.
    for (let pass = q.sortFirstAvailable ? 0 : 2; pass < (q.sortFirstAvailable ? 2 : 3); pass++) {
      for (let w = 0; w < result.length && seen < to; w++) {
        let x = (result[w] as number) & (pass === 0 ? (av[w] as number) : pass === 1 ? ~(av[w] as number) : -1);
        const n = x === 0 ? 0 : popcount32(x);
        if (seen + n <= from) {
          seen += n;
          continue;
        }
        for (; x !== 0 && seen < to; x &= x - 1, seen++) if (seen >= from) out.push((w << 5) + 31 - Math.clz32(x & -x));
      }
    }
    return out;
  }
  const order = index.order(q.sort);
  const passes: Array<(d: number) => boolean> = q.sortFirstAvailable
    ? [(d) => hasBit(av, d), (d) => !hasBit(av, d)]
    : [() => true];
  for (const pass of passes) {
    for (let i = 0; i < order.length && seen < to; i++) {
      const d = order[i] as number;
      if (!hasBit(result, d) || !pass(d)) continue;
      if (seen >= from) out.push(d);
      seen++;
    }
  }
  return out;
}

function relevancePage(index: CatalogIndex, q: FilterQuery, result: Bitset, text: TextResult, from: number, to: number): number[] {
  const avail = q.sortFirstAvailable;
  const docs = text.docs;
  const scores = text.scores;
  const rank = (i: number) => (avail && !hasBit(index.available, docs[i] as number) ? 1 : 0);
  // Negative when text match i ranks before j: availability first (if asked), score, catalog order.
  const before = (i: number, j: number) => rank(i) - rank(j) || (scores[j] as number) - (scores[i] as number) || (docs[i] as number) - (docs[j] as number);
  if (to > 2000) {
    const all: number[] = [];
    for (let i = 0; i < docs.length; i++) if (hasBit(result, docs[i] as number)) all.push(i);
    all.sort(before);
    return all.slice(from, to).map((i) => docs[i] as number);
  }
  // Top `to` matches, kept sorted; most candidates fail the first comparison with the last kept.
  const top: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (!hasBit(result, docs[i] as number)) continue;
    if (top.length === to && before(i, top[to - 1] as number) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(top[mid] as number, i) < 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, i);
    if (top.length > to) top.pop();
  }
  return top.slice(from, to).map((i) => docs[i] as number);
}
