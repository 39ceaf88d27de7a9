// Facet fields: the distinct values of one product attribute (vendor, type, tag, option,
// collection, multi-level tag, metafield) with posting lists, dense bitsets of the frequent values
// and a forward index for counting small result sets; built once per field by CatalogIndex.field.
// Over 300 lines: the field builder and the two ways the build feeds it (a visitor per product, or
// the string ids the store pass already took, `IdSource`) share one forward index and key table,
// and the visitors name each attribute's reading in one place for both.
import { fromPostings, type Bitset } from './bitset';
import type { CatalogCollection, CatalogOption, CatalogProduct } from './catalog';
import { OPTIONS, type ProductSource, type WrittenIds } from './product-store';
import { compareNatural, foldText } from './text';
import { StringMemo } from './string-memo';
import type { BufferFor } from './build-thread';
import { cut, grown, typedIn } from './typed-array';

/** One facet field: its distinct values with posting lists, dense bitsets and a forward index. */
export interface TermField {
  keys: string[];
  keyIndex: Map<string, number>;
  postings: Uint32Array[];
  /** A bitset for values frequent enough that it is not larger than the posting list. */
  bitsets: Array<Bitset | null>;
  /** Forward index: the values of doc d are vals[offsets[d] .. offsets[d + 1]). */
  offsets: Uint32Array;
  vals: Uint32Array;
  /**
   * For a field with at most one value per product (vendor, type, stock): that value + 1, or 0,
   * in the narrowest typed array that holds the values (fewer cache lines to read when counting).
   */
  single: Uint8Array | Uint16Array | Uint32Array | null;
  /**
   * For a field with several values per product and at most 32 keys (colours, sizes): bit k of
   * masks[d] is set when doc d has value k (narrowest typed array, as `single`).
   */
  masks: Uint8Array | Uint16Array | Uint32Array | null;
  /** Estimated cost of counting every value through postings / bitsets. */
  postingCost: number;
  /** Key ids in natural order and the rank of every key (F3.7 key-asc), computed on first use. */
  keyOrder?: Uint32Array;
  keyRank?: Uint32Array;
  /** Key ids with a prefix, in natural order, by prefix (tag options), computed on first use. */
  prefixOrders?: Map<string, Uint32Array>;
  /** Counts buffer and bitsets of selected rare values, reused by requests (see run-filter). */
  counts?: Uint32Array;
  built?: Map<number, Bitset>;
}

/**
 * A field's key ids in natural key order (F3.7 key-asc), computed once per field. Keys that
 * compare equal go by their first product, as a fresh build numbers keys; a key no product
 * carries (left by a live update, live-field.ts) is not listed.
 */
export function keyOrder(field: TermField): Uint32Array {
  const { keys, postings } = field;
  const first = (i: number) => (postings[i] as Uint32Array)[0] as number;
  return (field.keyOrder ??= Uint32Array.from(
    keys.map((_, i) => i).filter((i) => (postings[i] as Uint32Array).length > 0).sort((a, b) => compareNatural(keys[a] as string, keys[b] as string) || first(a) - first(b) || a - b),
  ));
}

/**
 * The keys of a field that start with `prefix`, in natural order (a tag option's values: the
 * tag field holds every tag of the catalog, and an option reads only its own prefix). Built on
 * first use and kept per prefix.
 */
export function prefixKeyOrder(field: TermField, prefix: string): Uint32Array {
  const byPrefix = (field.prefixOrders ??= new Map());
  let order = byPrefix.get(prefix);
  if (!order) byPrefix.set(prefix, (order = keyOrder(field).filter((i) => (field.keys[i] as string).startsWith(prefix))));
  return order;
}

/** The natural-order rank of a field's keys. */
export function keyRanks(field: TermField): Uint32Array {
  if (!field.keyRank) {
    const rank = new Uint32Array(field.keys.length);
    keyOrder(field).forEach((id, r) => (rank[id] = r));
    field.keyRank = rank;
  }
  return field.keyRank;
}

/** One product's values of a field: the key ids vals[from .. to) of keys (a forward index's slice). */
export interface ValueSpan {
  vals: Uint32Array;
  from: number;
  to: number;
  keys: readonly string[];
}

/** Emits the facet values of product d (at most once each are kept). */
export type FieldVisitor = (p: CatalogProduct, d: number, emit: (key: string) => void) => void;

/** Builds a field from a visitor over every product: forward index, then postings by counting sort. */
export function buildField(products: ProductSource, words: number, visit: FieldVisitor): TermField {
  return buildFields(products, words, [visit])[0] as TermField;
}

/**
 * Builds several fields in one pass over the products: each product is read once and visited by
 * every field while it is at hand (a pass per field reads the whole catalogue again each time).
 */
export function buildFields(products: ProductSource, words: number, visits: readonly FieldVisitor[]): TermField[] {
  const n = products.size;
  const pass = fieldsPass(n, visits);
  for (let d = 0; d < n; d++) pass.visit(products.get(d), d);
  return pass.finish(words);
}

/** What `key` gives for a string id whose string is no value of the field (see IdSource). */
const NO_VALUE = Symbol('no value');

/**
 * Where a field's values are among the string ids the store's writer has just interned for a
 * product (WrittenIds), and the key each id's string gives (NO_VALUE: none; asked once per id):
 * a build's fields read them there instead of hashing every value again. The same values, in the
 * same order, as the field's visitor gives (visitorFor).
 */
export interface IdSource {
  kind: 'vendor' | 'type' | 'tag' | 'option' | 'collection';
  key(s: string): unknown;
  /** Options: whether an option name is the field's, and whether only available variants count. */
  named?(name: string): boolean;
  availableOnly?: boolean;
}

/** The IdSource of a field source, or null when its values are not among the store's ids (visitorFor then). */
export function idSourceFor(source: string, collectionsByHandle: ReadonlyMap<string, CatalogCollection>): IdSource | null {
  const colon = source.indexOf(':');
  const kind = colon < 0 ? source : source.slice(0, colon);
  const arg = colon < 0 ? '' : source.slice(colon + 1);
  const truthy = (s: string): unknown => (s ? s : NO_VALUE);
  switch (kind) {
    case 'vendor':
    case 'type':
      return { kind, key: truthy };
    case 'tag':
      return { kind, key: (s) => s };
    case 'option':
    case 'option-available':
      return { kind: 'option', key: truthy, named: (name) => foldName(name) === arg, availableOnly: kind === 'option-available' };
    case 'collection':
      return {
        kind,
        key: (h) => {
          const c = collectionsByHandle.get(h);
          return c ? c.id : h;
        },
      };
    default:
      return null;
  }
}

/**
 * Several fields over `n` slots built as their products are handed over, each once, in slot
 * order (every slot 0 .. n - 1, free ones as EMPTY_SLOT): by buildFields, or by a build while
 * it writes each product to the store (catalog-index.ts; `visitWritten`, with the string ids
 * its record took: a field with an IdSource reads its values there). `memory`: where the
 * forward indexes, postings, bitsets and narrow arrays are (a build's shared memory, SharedBudget in build-thread.ts).
 */
export function fieldsPass(
  n: number,
  visits: readonly FieldVisitor[],
  ids: ReadonlyArray<IdSource | null> = [],
  memory: BufferFor | null = null,
): { visit(p: CatalogProduct, d: number): void; visitWritten(p: CatalogProduct, d: number, w: WrittenIds): void; values(i: number): ValueSpan; finish(words: number): TermField[] } {
  const builders = visits.map(() => fieldBuilder(n, memory));
  const visit = (p: CatalogProduct, d: number): void => {
    for (let i = 0; i < builders.length; i++) {
      const b = builders[i] as FieldBuilder;
      b.start(d);
      (visits[i] as FieldVisitor)(p, d, b.emit);
    }
  };
  return {
    visit,
    visitWritten(p, d, w) {
      for (let i = 0; i < builders.length; i++) {
        const b = builders[i] as FieldBuilder;
        b.start(d);
        const source = ids[i];
        if (!source || !b.emitWritten(source, w)) (visits[i] as FieldVisitor)(p, d, b.emit);
      }
    },
    values: (i) => (builders[i] as FieldBuilder).values(),
    finish: (words) => builders.map((b) => b.finish(words)),
  };
}

interface FieldBuilder {
  start(d: number): void;
  emit(key: string): void;
  /** Emits the product's values from the string ids its record took; false (nothing emitted) when they are not all there. */
  emitWritten(source: IdSource, w: WrittenIds): boolean;
  /** The values of the product visited last (one object, updated in place by each call). */
  values(): ValueSpan;
  finish(words: number): TermField;
}

/** One field's forward index as its products are visited in slot order (see buildFields). */
function fieldBuilder(n: number, memory: BufferFor | null): FieldBuilder {
  const keys: string[] = [];
  const keyIndex = new Map<string, number>();
  const memo = new StringMemo();
  const offsets = typedIn(Uint32Array, n + 1, memory);
  // The forward index in a growable typed buffer; postings come from it by counting sort.
  let fwd = typedIn(Uint32Array, Math.max(64, n * 2), memory);
  let len = 0;
  // The last product that emitted each key (a product's key is kept once).
  let stamp = new Int32Array(64).fill(-1);
  let d = 0;
  const keyId = (key: string): number => {
    const str = typeof key === 'string';
    let id = str ? memo.get(key) : -1;
    if (id < 0) {
      id = keyIndex.get(key) ?? -1;
      if (id < 0) {
        id = keys.length;
        keys.push(key);
        keyIndex.set(key, id);
        if (id >= stamp.length) {
          const bigger = new Int32Array(stamp.length * 2).fill(-1);
          bigger.set(stamp);
          stamp = bigger;
        }
      }
      if (str) memo.set(key, id);
    }
    return id;
  };
  const emit = (key: string): void => add(keyId(key));
  // By the store's string id: 0 not seen yet, 1 no value, else the key id + 2.
  let byString = new Int32Array(64);
  // Options: by the store's string id of an option name, 0 not seen yet, 1 not this field's, 2 this field's.
  let named = new Uint8Array(16);
  const emitId = (source: IdSource, strings: readonly string[], s: number): void => {
    if (s >= byString.length) byString = grown(byString, Math.max(s + 1, byString.length * 2));
    let k = byString[s] as number;
    if (k === 0) {
      const key = source.key(strings[s] as string);
      k = key === NO_VALUE ? 1 : keyId(key as string) + 2;
      byString[s] = k;
    }
    if (k > 1) add(k - 2);
  };
  const emitWritten = (source: IdSource, w: WrittenIds): boolean => {
    if (!w.lists) return false;
    const { strings } = w;
    switch (source.kind) {
      case 'vendor':
        emitId(source, strings, w.vendor);
        return true;
      case 'type':
        emitId(source, strings, w.type);
        return true;
      case 'tag':
        for (let k = 0; k < w.tagCount; k++) emitId(source, strings, w.tags[k] as number);
        return true;
      case 'collection':
        for (let k = 0; k < w.collectionCount; k++) emitId(source, strings, w.collections[k] as number);
        return true;
      case 'option': {
        let i = -1;
        for (let k = 0; k < w.nameCount && i < 0; k++) {
          const s = w.names[k] as number;
          if (s >= named.length) named = grown(named, Math.max(s + 1, named.length * 2));
          if (named[s] === 0) named[s] = (source.named as (name: string) => boolean)(strings[s] as string) ? 2 : 1;
          if (named[s] === 2) i = k;
        }
        if (i < 0) return true;
        // The variant columns hold the first OPTIONS options.
        if (i >= OPTIONS) return false;
        const { options, available } = w;
        for (let g = w.first; g < w.first + w.count; g++) {
          if (source.availableOnly && available[g] === 0) continue;
          const v = options[g * OPTIONS + i] as number;
          if (v !== 0) emitId(source, strings, v - 1);
        }
        return true;
      }
    }
  };
  const add = (id: number): void => {
    if (stamp[id] === d) return;
    stamp[id] = d;
    // Grown to the size projected from the products so far (one copy, not a doubling series).
    if (len === fwd.length) fwd = grown(fwd, Math.max(len * 2 > 4096 ? Math.ceil(len * 1.25) : len * 2, Math.ceil(((len + 1) / (d + 1)) * n * 1.05)), memory);
    fwd[len++] = id;
  };
  const start = (doc: number): void => {
    d = doc;
    offsets[doc] = len;
  };
  const last: ValueSpan = { vals: fwd, from: 0, to: 0, keys };
  const values = (): ValueSpan => {
    last.vals = fwd;
    last.from = offsets[d] as number;
    last.to = len;
    return last;
  };
  const finish = (words: number): TermField => {
    offsets[n] = len;
    const vals = cut(fwd, len, memory);
    const counts = new Uint32Array(keys.length);
    for (let i = 0; i < len; i++) {
      const v = vals[i] as number;
      counts[v] = (counts[v] as number) + 1;
    }
    const postings = Array.from(counts, (c) => typedIn(Uint32Array, c, memory));
    const fill = new Uint32Array(keys.length);
    for (let doc = 0; doc < n; doc++) {
      const end = offsets[doc + 1] as number;
      for (let k = offsets[doc] as number; k < end; k++) {
        const v = vals[k] as number;
        const at = fill[v] as number;
        (postings[v] as Uint32Array)[at] = doc;
        fill[v] = at + 1;
      }
    }
    const bitsets = postings.map((p) => (p.length >= words ? fromPostings(n, p, memory) : null));
    let postingCost = 0;
    for (const p of postings) postingCost += p.length >= words ? words * 2 : p.length;
    const narrow = (max: number) => typedIn<Uint8Array | Uint16Array | Uint32Array>(max < 256 ? Uint8Array : max < 65536 ? Uint16Array : Uint32Array, n, memory);
    let single: TermField['single'] = narrow(keys.length + 1);
    for (let doc = 0; doc < n && single; doc++) {
      const at = offsets[doc] as number;
      const count = (offsets[doc + 1] as number) - at;
      if (count > 1) single = null;
      else single[doc] = count === 1 ? (vals[at] as number) + 1 : 0;
    }
    let masks: TermField['masks'] = null;
    if (!single && keys.length <= 32) {
      masks = narrow(2 ** keys.length - 1);
      for (let doc = 0; doc < n; doc++) {
        for (let k = offsets[doc] as number; k < (offsets[doc + 1] as number); k++) masks[doc] = (masks[doc] as number) | (1 << (vals[k] as number));
      }
    }
    return { keys, keyIndex, postings, bitsets, offsets, vals, single, masks, postingCost };
  };
  return { start, emit, emitWritten, values, finish };
}

/** Splits a multi-level tag `A>B>C` into its paths `A`, `A>B`, `A>B>C` (three levels at most). */
export function multiLevelPaths(tag: string): string[] {
  const parts = tag.split('>').map((s) => s.trim()).filter(Boolean).slice(0, 3);
  return parts.map((_, i) => parts.slice(0, i + 1).join('>'));
}

const nameCache = new Map<string, string>();
/** An option name folded as option ids read it (`Size` and `size` are one option). */
export function foldName(name: string): string {
  let f = nameCache.get(name);
  if (f === undefined) {
    f = foldText(name);
    if (nameCache.size < 10_000) nameCache.set(name, f);
  }
  return f;
}

/** Emits the facet values of a product for a field source (see CatalogIndex.field). */
export function visitorFor(source: string, collectionsByHandle: ReadonlyMap<string, CatalogCollection>): FieldVisitor {
  const colon = source.indexOf(':');
  const kind = colon < 0 ? source : source.slice(0, colon);
  const arg = colon < 0 ? '' : source.slice(colon + 1);
  switch (kind) {
    case 'vendor': return (p, _d, emit) => { if (p.vendor) emit(p.vendor); };
    case 'type': return (p, _d, emit) => { if (p.productType) emit(p.productType); };
    case 'tag': return (p, _d, emit) => { for (const t of p.tags) emit(t); };
    case 'option':
    case 'option-available':
    {
      // Option names repeat (usually the very same few strings): remember whether each of the
      // first few names seen matches, so most products fold no name and look up no map.
      const names: string[] = [];
      const matches: boolean[] = [];
      const matchOf = (name: string): boolean => {
        for (let j = 0; j < names.length; j++) if (names[j] === name) return matches[j] as boolean;
        const match = foldName(name) === arg;
        if (names.length < 8) {
          names.push(name);
          matches.push(match);
        }
        return match;
      };
      return (p, _d, emit) => {
        let i = -1;
        for (let k = 0; k < p.options.length && i < 0; k++) if (matchOf((p.options[k] as CatalogOption).name)) i = k;
        if (i < 0) return;
        for (const v of p.variants) {
          if (kind === 'option-available' && !v.available) continue;
          const val = v.options[i];
          if (val) emit(val);
        }
      };
    }
    case 'collection':
      return (p, _d, emit) => {
        for (const h of p.collections) {
          const c = collectionsByHandle.get(h);
          emit(c ? c.id : h);
        }
      };
    case 'title': return (p, _d, emit) => emit(p.title);
    case 'mlt':
      return (p, _d, emit) => {
        for (const t of p.tags) {
          const rest = t.slice(arg.length);
          if (t.startsWith(arg) && rest.includes('>')) for (const path of multiLevelPaths(rest)) emit(path);
        }
      };
    case 'metafield':
      return (p, _d, emit) => {
        for (const m of p.metafields ?? []) if (`${m.namespace}.${m.key}` === arg && m.value !== null) emit(String(m.value));
      };
    default: return () => undefined;
  }
}

