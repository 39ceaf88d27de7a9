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
import { andInPlace, countAnd, countBits, fromPostings, hasBit, orInPlace, popcount32, setBit, type Bitset } from './bitset';
import type { EngineFilterOption } from './catalog';
import { keyRanks, type CatalogIndex, type TermField } from './catalog-index';
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
  return field.bitsets[id] ?? fromPostings(index.size, field.postings[id] as Uint32Array);
}

/** Union (or intersection with `and`) of the value sets of one field. */
function combineKeys(index: CatalogIndex, field: TermField, keys: readonly string[], and: boolean): Bitset {
  const out = and ? Uint32Array.from(index.all) : new Uint32Array(index.words);
  for (const k of keys) {
    const b = termBits(index, field, k);
    if (and) {
      if (!b) return new Uint32Array(index.words);
      andInPlace(out, b);
    } else if (b) orInPlace(out, b);
  }
  return out;
}

function numberOf(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale'): Float64Array {
  return index.numbers[kind];
}

const inRange = (x: number, lo: number | null, hi: number | null) => (lo === null || x >= lo) && (hi === null || x <= hi);

/** The set of products one selection lets through. */
export function selectionBits(index: CatalogIndex, sel: Selection, variantAvailable: boolean): Bitset | null {
  const o = sel.option;
  switch (o.kind) {
    case 'terms': {
      const source = variantAvailable && o.source.startsWith('option:') ? `option-available:${o.source.slice(7)}` : o.source;
      return combineKeys(index, index.field(source), sel.values, sel.and);
    }
    case 'collection': {
      const keys = sel.values.map((v) => index.collectionsByHandle.get(v)?.id ?? v);
      return combineKeys(index, index.field('collection'), keys, sel.and);
    }
    case 'stock': {
      const wantIn = sel.values.some((v) => v === 'in-stock');
      const wantOut = sel.values.some((v) => v !== 'in-stock');
      if (wantIn && wantOut) return sel.and ? new Uint32Array(index.words) : null;
      const out = Uint32Array.from(index.available);
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
      const out = new Uint32Array(index.words);
      pass.forEach((p, f) => {
        if (p) orInPlace(out, ratingFloorBits(index, f));
      });
      return out;
    }
    case 'range': {
      const out = new Uint32Array(index.words);
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
 * Sets the bits of products whose number lies in [a, z]. A narrow range walks the slice of the
 * ascending order found by binary search; a wide one scans the typed array 32 products at a time.
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
  if ((to - from) * 8 < index.size) {
    for (let i = from; i < to; i++) setBit(out, order[i] as number);
    return;
  }
  const n = index.size;
  for (let w = 0; w < out.length; w++) {
    const base = w << 5;
    const end = Math.min(32, n - base);
    let bits = 0;
    for (let j = 0; j < end; j++) {
      const x = arr[base + j] as number;
      if (x >= a && x <= z) bits |= 1 << j;
    }
    out[w] = bits;
  }
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

/** The base set: collection scope, tags, product availability and the text match. */
function baseBits(index: CatalogIndex, q: FilterQuery, text: TextResult | null): Bitset {
  const base = Uint32Array.from(index.all);
  if (q.collectionScope !== null) {
    const id = index.collectionsByHandle.get(q.collectionScope)?.id ?? q.collectionScope;
    andInPlace(base, combineKeys(index, index.field('collection'), [id], false));
  }
  const tags = [...q.tags];
  for (const s of q.selections) if (s.option.kind === 'collectionTag') tags.push(...s.values);
  if (tags.length > 0) andInPlace(base, combineKeys(index, index.field('tag'), tags, q.tagMode === 1));
  if (q.productAvailable) andInPlace(base, index.available);
  if (text) andInPlace(base, text.bits);
  return base;
}

export interface RunContext {
  tree: readonly EngineFilterOption[];
}

export function runFilter(index: CatalogIndex, q: FilterQuery, ctx: RunContext): FilterResult {
  const text = q.q !== ''
    ? searchText(index, q.q, { fuzzy: q.fuzzy, fullMinMatch: q.fullMinMatch, reduceMinMatch: q.reduceMinMatch, plusCharacter: q.plusCharacter, prefix: true })
    : null;
  const base = baseBits(index, q, text);
  const selBits = q.selections.map((s) => selectionBits(index, s, q.variantAvailable));
  const result = Uint32Array.from(base);
  for (const b of selBits) if (b) andInPlace(result, b);
  const total = countBits(result);

  let options: WireFilterOption[] | undefined;
  if (q.buildFilterTree) {
    options = [];
    for (const cfg of ctx.tree) {
      if (cfg.status === 'disabled') continue;
      const resolved = resolveOption(cfg.filterOptionId, cfg);
      if (!resolved || resolved.kind === 'ignored' || resolved.kind === 'collectionTag') continue;
      // Disjunctive: this option's own selection does not narrow its counts.
      let countBase = result;
      if (q.selections.some((s) => s.id === cfg.filterOptionId)) {
        countBase = Uint32Array.from(base);
        q.selections.forEach((s, i) => {
          const b = selBits[i];
          if (s.id !== cfg.filterOptionId && b) andInPlace(countBase, b);
        });
      }
      const selected = q.selections.find((s) => s.id === cfg.filterOptionId);
      // Over the whole catalog with no selection the answer never changes: computed once.
      if (countBase === result ? total === index.size : countBits(countBase) === index.size) {
        if (!selected) {
          const key = `all:${cfg.filterOptionId}:${q.variantAvailable}:${q.zeroOptions}`;
          let memo = index.memo.get(key) as WireFilterOption | undefined;
          if (!memo) index.memo.set(key, (memo = buildOption(index, cfg, resolved, countBase, q, undefined)));
          options.push(structuredCloneOption(memo));
          continue;
        }
      }
      options.push(buildOption(index, cfg, resolved, countBase, q, selected));
    }
  }
  const out: FilterResult = { total, docs: pageDocs(index, q, result, text), text };
  if (options) out.options = options;
  return out;
}

function structuredCloneOption(o: WireFilterOption): WireFilterOption {
  return JSON.parse(JSON.stringify(o)) as WireFilterOption;
}

// ------------------------------------------------------------------ counting

/** The members of a bitset as a list, extracted once per bitset and shared by every option counted over it. */
const memberLists = new WeakMap<Bitset, Uint32Array>();
function docsOf(b: Bitset, size: number): Uint32Array {
  let docs = memberLists.get(b);
  if (!docs) {
    docs = new Uint32Array(size);
    let i = 0;
    for (let w = 0; w < b.length; w++) {
      let x = b[w] as number;
      while (x !== 0) {
        const t = x & -x;
        docs[i++] = (w << 5) + (31 - Math.clz32(t));
        x ^= t;
      }
    }
    memberLists.set(b, docs);
  }
  return docs;
}

/** doc_count per value id of a field over the set B (of `size` members). */
export function countField(index: CatalogIndex, field: TermField, b: Bitset, size: number): Uint32Array {
  const counts = new Uint32Array(field.keys.length);
  if (size === index.size) {
    field.postings.forEach((p, i) => (counts[i] = p.length));
    return counts;
  }
  const avg = field.vals.length / Math.max(1, index.size);
  if (size * avg <= field.postingCost) {
    const { offsets, vals, single } = field;
    const docs = docsOf(b, size);
    if (single) {
      for (let i = 0; i < docs.length; i++) {
        const v = single[docs[i] as number] as number;
        if (v >= 0) counts[v] = (counts[v] as number) + 1;
      }
      return counts;
    }
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const end = offsets[d + 1] as number;
      for (let k = offsets[d] as number; k < end; k++) {
        const v = vals[k] as number;
        counts[v] = (counts[v] as number) + 1;
      }
    }
    return counts;
  }
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

const sizes = new WeakMap<Bitset, number>();
function sizeOf(b: Bitset): number {
  let n = sizes.get(b);
  if (n === undefined) sizes.set(b, (n = countBits(b)));
  return n;
}

function forEachDoc(b: Bitset, fn: (d: number) => void): void {
  for (let w = 0; w < b.length; w++) {
    let x = b[w] as number;
    while (x !== 0) {
      const t = x & -x;
      fn((w << 5) + (31 - Math.clz32(t)));
      x ^= t;
    }
  }
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

/** Whether a key belongs to the option: prefix, specific values and excluded values. */
function keyAllowed(cfg: EngineFilterOption, key: string, resolved: ResolvedOption): boolean {
  if (cfg.excludedValues?.includes(key)) return false;
  if (cfg.valueType === 'specific' && cfg.manualValues && !cfg.manualValues.includes(key)) return false;
  if (resolved.kind === 'terms' && resolved.source === 'tag' && cfg.prefix && !key.startsWith(cfg.prefix)) return false;
  return true;
}

function stripConfig(cfg: EngineFilterOption): WireFilterOption {
  const { field: _field, ...rest } = cfg;
  return { ...rest };
}

function buildOption(
  index: CatalogIndex,
  cfg: EngineFilterOption,
  resolved: ResolvedOption,
  b: Bitset,
  q: FilterQuery,
  selected: Selection | undefined,
): WireFilterOption {
  const out = stripConfig(cfg);
  const size = sizeOf(b);
  const keepZero = q.zeroOptions;
  const selectedKeys = new Set(selected?.values ?? []);
  switch (resolved.kind) {
    case 'terms': {
      const source = q.variantAvailable && resolved.source.startsWith('option:') ? `option-available:${resolved.source.slice(7)}` : resolved.source;
      const field = index.field(source);
      const counts = countField(index, field, b, size);
      if (resolved.source.startsWith('mlt:')) {
        out.values = multiLevelValues(field, counts, cfg, keepZero, selectedKeys);
        break;
      }
      const ranks = keyRanks(field);
      const ids: number[] = [];
      for (let i = 0; i < field.keys.length; i++) {
        const key = field.keys[i] as string;
        if ((counts[i] as number) > 0 || keepZero || selectedKeys.has(key)) {
          if (keyAllowed(cfg, key, resolved)) ids.push(i);
        }
      }
      sortValues(ids, (i) => field.keys[i] as string, (i) => counts[i] as number, cfg, (i) => ranks[i] as number);
      out.values = ids.map((i): WireTermValue => ({ key: field.keys[i] as string, doc_count: counts[i] as number }));
      break;
    }
    case 'collection': {
      const field = index.field('collection');
      const counts = countField(index, field, b, size);
      const values: WireCollectionValue[] = [];
      field.keys.forEach((id, i) => {
        const c = index.collectionsById.get(id);
        const n = counts[i] as number;
        if (!c || !(n > 0 || keepZero || selectedKeys.has(id)) || !keyAllowed(cfg, id, resolved)) return;
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
      const inStock = countAnd(b, index.available);
      const values: WireTermValue[] = [
        { key: 'in-stock', doc_count: inStock },
        { key: 'out-of-stock', doc_count: size - inStock },
      ].filter((v) => v.doc_count > 0 || keepZero || selectedKeys.has(v.key));
      out.values = values;
      break;
    }
    case 'rating': {
      const exact = cfg.showExactRating ?? false;
      const counts = [0, 1, 2, 3, 4, 5].map((f) => (f === 0 ? 0 : countAnd(b, ratingFloorBits(index, f))));
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
        out.values = rangeValues(index, resolved.number, b);
      } else {
        out.values = bucketValues(index, resolved.number, b, cfg, keepZero, selectedKeys);
      }
      break;
    }
    default:
      break;
  }
  return out;
}

function rangeValues(index: CatalogIndex, kind: 'price' | 'weight' | 'percentSale' | 'variantsPrice', b: Bitset): WireRangeValues {
  let min = Infinity;
  let max = -Infinity;
  if (kind === 'variantsPrice') {
    const off = index.variantPriceOffsets;
    forEachDoc(b, (d) => {
      for (let k = off[d] as number; k < (off[d + 1] as number); k++) {
        const x = index.variantPrices[k] as number;
        if (x < min) min = x;
        if (x > max) max = x;
      }
    });
  } else {
    // The first and last member of the set in the ascending order of the number.
    const order = index.order(kind === 'price' ? 'price-ascending' : kind === 'percentSale' ? 'sale-ascending' : 'weight-ascending');
    const arr = numberOf(index, kind);
    for (let i = 0; i < order.length; i++) {
      const d = order[i] as number;
      if (hasBit(b, d)) {
        min = arr[d] as number;
        break;
      }
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const d = order[i] as number;
      if (hasBit(b, d)) {
        max = arr[d] as number;
        break;
      }
    }
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
  const all = rangeValues(index, kind, index.all);
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
  b: Bitset,
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
  const counts = memo.bits.map((bits) => countAnd(b, bits));
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
  const order = index.order(q.sort);
  const out: number[] = [];
  let seen = 0;
  const passes: Array<(d: number) => boolean> = q.sortFirstAvailable
    ? [(d) => hasBit(index.available, d), (d) => !hasBit(index.available, d)]
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
