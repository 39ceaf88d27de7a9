// The wire values of each configured option over a set of products: terms, collections, stock,
// rating, range bounds and buckets, multi-level tags, in the option's configured order.
// Just over 300 lines because every value kind is built from the same counts and sorted by the same
// configured order inside `buildOption`; each kind's part is a few dozen lines.
import type { WireBucketValue, WireCollectionValue, WireFilterOption, WireMultiLevelTagValue, WireRangeValues, WireTermValue } from '@pkg/core-filter';
import { countAnd, forEachBit, hasBit, type Bitset } from './bitset';
import type { EngineFilterOption } from './catalog';
import { keyOrder, keyRanks, prefixKeyOrder, type CatalogIndex, type TermField } from './catalog-index';
import { countField, countIn, membersOf, type DocSet } from './facet-counts';
import type { FilterQuery, ResolvedOption, Selection } from './filter-query';
import { numberOf, ratingFloorBits, selectionBits, termSource } from './selection-sets';
import { compareNatural } from './text';
import { countVariantValues, type VariantMatcher } from './variant-match';

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

export function buildOption(
  index: CatalogIndex,
  cfg: EngineFilterOption,
  resolved: ResolvedOption,
  set: DocSet,
  q: FilterQuery,
  selected: Selection | undefined,
  variants?: VariantMatcher,
): WireFilterOption {
  const out = stripConfig(cfg);
  const size = set.size;
  const keepZero = q.zeroOptions;
  const selectedKeys = new Set(selected?.values ?? []);
  switch (resolved.kind) {
    case 'terms': {
      const field = index.field(termSource(resolved.source, q.variantAvailable));
      const counts = variants ? countVariantValues(index, field, resolved.source.slice(7), set, variants) : countField(index, field, set);
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
      // (A value with no count is listed only with zero options or when selected: most of a large facet's keys.)
      const zeros = keepZero || selectedKeys.size > 0;
      for (let r = 0; r < order.length; r++) {
        const i = order[type === 'key-desc' ? order.length - 1 - r : r] as number;
        const n = counts[i] as number;
        if (n === 0 && !zeros) continue;
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
        // (A collection no product is in any more, after live updates, is not listed: a fresh build has no key for it.)
        if (!c || (field.postings[i] as Uint32Array).length === 0 || !(n > 0 || keepZero || selectedKeys.has(id)) || !keyAllowed(cfg, id)) return;
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
 * walk of about `size` steps from each end finds them, else each member (from its lists when
 * listed, else one scan of the set).
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
  const spanMembers = (lists: Uint32Array[]) => {
    if (off) {
      for (const docs of lists) for (let i = 0; i < docs.length; i++) span(docs[i] as number);
      return;
    }
    // One number per product: a plain loop with its bounds in locals.
    let lo = min;
    let hi = max;
    for (const docs of lists) {
      for (let i = 0; i < docs.length; i++) {
        const x = arr[docs[i] as number] as number;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
      }
    }
    min = lo;
    max = hi;
  };
  if (size === 0) return { min: 0, max: 0 };
  if (members && size * size <= 2 * index.size) spanMembers(members);
  else if (!vp) {
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
    // The walk failed (the set's numbers sit apart from the catalog's ends: a search for mugs
    // among products of every price): each member read once, from its list when it has one.
    min = Infinity;
    max = -Infinity;
    if (members) spanMembers(members);
    else forEachBit(b, span);
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

/**
 * Five or so buckets with a round step (1, 2, 2.5, 5 x 10^n, a whole number of `unit`s); the last is
 * open-ended. Any finite range gives at most seven, in a bounded loop: hostile prices a few
 * doubles apart (3 and 3.0000000000000004), where adding a step smaller than the numbers' own
 * precision never moved on, made the loop endless; a range wider than the largest double gives
 * one open bucket, and bounds near it stay finite.
 */
export function autoBuckets(min: number, max: number, unit: number): Array<[number | null, number | null]> {
  const raw = (max - min) / 5;
  if (!(max > min) || !Number.isFinite(raw)) return [[null, null]];
  const mag = 10 ** Math.floor(Math.log10(raw));
  // (A whole number of units: a step of 2.5 cents started buckets at half cents, and a price of
  // -0.18 fell between [-0.2, -0.19] and [-0.175, -0.16].)
  const step = Math.max(unit, [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw && Math.abs(s / unit - Math.round(s / unit)) < 1e-9) ?? 10 * mag);
  const out: Array<[number | null, number | null]> = [];
  let from = Math.floor(min / step) * step;
  // (min / step rounds to 0 for a value just below 0.)
  if (from > min) from -= step;
  // (A step below the lowest double at the far end of the range: one open bucket.)
  if (!Number.isFinite(from)) return [[null, null]];
  // Bounds in whole units (0.6, not the 0.6000000000000001 of 0.2 + 0.2 + 0.2, which left a price
  // of 0.60 in no bucket), while they fit a double.
  const units = (x: number): number => {
    const n = Math.round(x / unit) / (1 / unit);
    return Number.isFinite(n) ? n : x;
  };
  // (Six steps reach max from at most one step below min; more only when a step is lost to rounding.)
  while (from + step <= max && from + step > from && out.length < 6) {
    // (Each ends one unit below the next.)
    out.push([units(from), units(from + step - unit)]);
    from += step;
  }
  out.push([units(from), null]);
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
