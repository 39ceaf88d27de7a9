// The binary layout of a catalogue snapshot (catalog-snapshot.ts reads and writes the file): the
// built index and the product store's records (product-store.ts) as typed arrays laid end to end
// at 8-byte boundaries and read back as views of one buffer (no parsing, no rebuilding), and the
// strings (facet keys, dictionary terms, prefixes, the store's string table) in the JSON header.
import type { Bitset } from './bitset';
import type { Catalog } from './catalog';
import type { NumberField, RestoredIndex, CatalogIndex } from './catalog-index';
import { ProductStore, type StoreParts } from './product-store';
import type { TermField } from './facet-field';
import type { TextParts } from './text-index';

type Typed = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
const KINDS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f32: Float32Array, f64: Float64Array } as const;
type Kind = keyof typeof KINDS;
/** A typed array in the arrays section: its kind, byte offset and length. */
type Ref = [Kind, number, number];

const kindOf = (a: Typed): Kind =>
  a instanceof Uint8Array ? 'u8' : a instanceof Uint16Array ? 'u16' : a instanceof Uint32Array ? 'u32' : a instanceof Int32Array ? 'i32' : a instanceof Float32Array ? 'f32' : 'f64';

/** Collects typed arrays for the arrays section. */
class Arrays {
  readonly list: Typed[] = [];
  bytes = 0;
  add(a: Typed): Ref {
    const at = this.bytes;
    this.list.push(a);
    this.bytes = Math.ceil((at + a.byteLength) / 8) * 8;
    return [kindOf(a), at, a.length];
  }
  /** Arrays of one kind end to end, with their offsets (postings, lists by length). */
  addLists(lists: ReadonlyArray<ArrayLike<number> | undefined>): { data: Ref; offsets: Ref } {
    const offsets = new Uint32Array(lists.length + 1);
    lists.forEach((l, i) => (offsets[i + 1] = (offsets[i] as number) + (l?.length ?? 0)));
    const data = new Uint32Array(offsets[lists.length] as number);
    lists.forEach((l, i) => l && data.set(l, offsets[i] as number));
    return { data: this.add(data), offsets: this.add(offsets) };
  }
}

const view = (buf: ArrayBuffer, [kind, at, length]: Ref): Typed => new KINDS[kind](buf, at, length);
const listsOf = (buf: ArrayBuffer, r: { data: Ref; offsets: Ref }): Uint32Array[] => {
  const data = view(buf, r.data) as Uint32Array;
  const offsets = view(buf, r.offsets) as Uint32Array;
  return Array.from({ length: offsets.length - 1 }, (_, i) => data.subarray(offsets[i] as number, offsets[i + 1] as number));
};

/** The header's description of a built index (strings inline, arrays by Ref). */
export interface IndexLayout {
  size: number;
  live: number;
  locale: string;
  relevance: CatalogIndex['relevance'];
  all: Ref;
  available: Ref;
  numbers: Record<NumberField, Ref>;
  ratingFloor: Ref;
  fields: Array<{ source: string; keys: string[]; postings: { data: Ref; offsets: Ref }; bitsets: Array<[number, Ref]>; offsets: Ref; vals: Ref; single: Ref | null; masks: Ref | null; postingCost: number }>;
  orders: Array<[string, Ref]>;
  /** The facet histograms a build warms (facet-counts.ts warmHistograms): [list's field, value, counted field, counts], oldest first. */
  histograms: Array<[string, number, string, Ref]>;
  /** The product store: its records, their bounds per slot, its string table. */
  store: {
    data: Ref; starts: Ref; ends: Ref; strings: string[];
    variants: { first: Ref; count: Ref; price: Ref; available: Ref; options: Ref; names: Ref; wide: number[] };
  };
  text: {
    terms: readonly string[];
    termSlots: Ref; textOffsets: Ref; textBits: Array<[number, Ref]>; skuOnly: Ref; derived: Ref; stemOf: Ref; textDocs: Ref;
    codes: Ref | null; table: Ref; weights: Ref | null; sortedTerms: Ref; byLength: { data: Ref; offsets: Ref }; prefixes: string[]; prefixTop: { data: Ref; offsets: Ref };
    /** Per-term word counts (text-index.ts wordDocs), for live updates in place; absent in older files. */
    wordDocs?: Ref; plainDocs?: Ref;
  };
}

/** The layout of a freshly built index (no live updates: products fill the first `live` slots) and its arrays. */
export function packIndex(index: CatalogIndex): { layout: IndexLayout; arrays: Arrays } {
  if (index.next !== index.live || index.version !== 0) throw new Error('[@pkg/engine] A snapshot is written from a fresh build, not from an index changed by live updates.');
  const a = new Arrays();
  const numbers = Object.fromEntries(Object.entries(index.numbers).map(([k, arr]) => [k, a.add(arr)])) as Record<NumberField, Ref>;
  const fields = [...index.builtFields()].map(([source, f]) => ({
    source,
    keys: f.keys,
    postings: a.addLists(f.postings),
    bitsets: f.bitsets.flatMap((b, k): Array<[number, Ref]> => (b ? [[k, a.add(b)]] : [])),
    offsets: a.add(f.offsets),
    vals: a.add(f.vals),
    single: f.single ? a.add(f.single) : null,
    masks: f.masks ? a.add(f.masks) : null,
    postingCost: f.postingCost,
  }));
  const t = index.text.parts();
  const prefixes = [...t.prefixTop.keys()];
  const text: IndexLayout['text'] = {
    terms: t.terms,
    termSlots: a.add(t.termSlots), textOffsets: a.add(t.textOffsets), textBits: [...t.textBits].map(([k, b]) => [k, a.add(b)]),
    skuOnly: a.add(t.skuOnly), derived: a.add(t.derived), stemOf: a.add(t.stemOf), textDocs: a.add(t.textDocs),
    codes: t.textWeightCodes ? a.add(t.textWeightCodes) : null, table: a.add(t.textWeightTable), weights: t.textWeights ? a.add(t.textWeights) : null,
    sortedTerms: a.add(t.sortedTerms), byLength: a.addLists(Array.from(t.termsByLength, (l) => l ?? [])), prefixes, prefixTop: a.addLists(prefixes.map((p) => t.prefixTop.get(p) as Uint32Array)),
    ...(t.wordDocs && t.plainDocs ? { wordDocs: a.add(t.wordDocs), plainDocs: a.add(t.plainDocs) } : {}),
  };
  const s = index.products.parts();
  // Each histogram's posting list and counted field, by the field source and value they are.
  const listOf = new Map<Uint32Array, [string, number]>();
  const sourceOf = new Map<object, string>();
  for (const [source, f] of index.builtFields()) {
    sourceOf.set(f, source);
    f.postings.forEach((l, v) => listOf.set(l, [source, v]));
  }
  const histograms: IndexLayout['histograms'] = [];
  for (const [list, byField] of index.histograms.lists) {
    const at = listOf.get(list);
    if (at) for (const [field, h] of byField) {
      const source = sourceOf.get(field);
      if (source !== undefined) histograms.push([at[0], at[1], source, a.add(h)]);
    }
  }
  const layout: IndexLayout = {
    size: index.size, live: index.live, locale: index.text.analyzer.locale, relevance: index.relevance,
    all: a.add(index.all), available: a.add(index.available), numbers, ratingFloor: a.add(index.ratingFloor),
    fields, orders: [...index.orders].map(([k, o]) => [k, a.add(o)]), histograms,
    store: {
      data: a.add(s.data), starts: a.add(s.starts), ends: a.add(s.ends), strings: s.strings,
      variants: {
        first: a.add(s.variants.first), count: a.add(s.variants.count), price: a.add(s.variants.price), available: a.add(s.variants.available),
        options: a.add(s.variants.options), names: a.add(s.variants.names), wide: s.variants.wide,
      },
    },
    text,
  };
  return { layout, arrays: a };
}

/** The product store's parts in the arrays section (views, not copies). */
export function storeParts(layout: IndexLayout, buf: ArrayBuffer): StoreParts {
  const s = layout.store;
  const v = s.variants;
  const u32 = (r: Ref) => view(buf, r) as Uint32Array;
  return {
    data: view(buf, s.data) as Uint8Array, starts: u32(s.starts), ends: u32(s.ends), strings: s.strings,
    variants: { first: u32(v.first), count: u32(v.count), price: view(buf, v.price) as Float64Array, available: view(buf, v.available) as Uint8Array, options: u32(v.options), names: u32(v.names), wide: v.wide },
  };
}

/**
 * The parts of an index from its layout and the arrays section (views, not copies; the store's
 * per-slot bounds and its string table are copied, as live updates change them in place).
 */
export function unpackIndex(layout: IndexLayout, buf: ArrayBuffer): RestoredIndex {
  const sp = storeParts(layout, buf);
  const v = sp.variants;
  const products = ProductStore.restore({
    data: sp.data, starts: sp.starts.slice(), ends: sp.ends.slice(), strings: [...sp.strings],
    variants: { ...v, first: v.first.slice(), count: v.count.slice(), names: v.names.slice() },
  });
  const u32 = (r: Ref) => view(buf, r) as Uint32Array;
  const fields = new Map<string, TermField>();
  for (const f of layout.fields) {
    const bitsets: Array<Bitset | null> = f.keys.map(() => null);
    for (const [k, r] of f.bitsets) bitsets[k] = u32(r);
    fields.set(f.source, {
      keys: f.keys, keyIndex: new Map(f.keys.map((k, i) => [k, i])), postings: listsOf(buf, f.postings), bitsets,
      offsets: u32(f.offsets), vals: u32(f.vals),
      single: f.single ? (view(buf, f.single) as TermField['single']) : null, masks: f.masks ? (view(buf, f.masks) as TermField['masks']) : null,
      postingCost: f.postingCost,
    });
  }
  const t = layout.text;
  const text: TextParts = {
    terms: t.terms, termSlots: view(buf, t.termSlots) as Int32Array, textOffsets: u32(t.textOffsets), textBits: new Map(t.textBits.map(([k, r]) => [k, u32(r)])),
    skuOnly: view(buf, t.skuOnly) as Uint8Array, derived: view(buf, t.derived) as Uint8Array, stemOf: view(buf, t.stemOf) as Int32Array, textDocs: u32(t.textDocs),
    textWeightCodes: t.codes ? (view(buf, t.codes) as Uint8Array) : null, textWeightTable: view(buf, t.table) as Float32Array, textWeights: t.weights ? (view(buf, t.weights) as Float32Array) : null,
    sortedTerms: u32(t.sortedTerms), termsByLength: listsOf(buf, t.byLength).map((l) => (l.length > 0 ? Array.from(l) : undefined)) as Array<number[] | undefined>,
    prefixTop: new Map(listsOf(buf, t.prefixTop).map((l, i) => [t.prefixes[i] as string, l])),
    wordDocs: t.wordDocs ? u32(t.wordDocs) : null, plainDocs: t.plainDocs ? u32(t.plainDocs) : null,
  };
  const histograms = layout.histograms.map(([list, v, counted, r]): RestoredIndex['histograms'][number] => [list, v, counted, u32(r)]);
  return {
    products, live: layout.live, histograms, next: layout.live, all: u32(layout.all), available: u32(layout.available),
    numbers: Object.fromEntries(Object.entries(layout.numbers).map(([k, r]) => [k, view(buf, r)])) as Record<NumberField, Float64Array>,
    ratingFloor: view(buf, layout.ratingFloor) as Uint8Array, fields, orders: new Map(layout.orders.map(([k, r]) => [k, u32(r)])), text,
  };
}

/** Copies the arrays into one buffer laid out as their Refs say. */
export function arraysBuffer(arrays: Arrays): Uint8Array {
  const out = new Uint8Array(arrays.bytes);
  let at = 0;
  for (const a of arrays.list) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at = Math.ceil((at + a.byteLength) / 8) * 8;
  }
  return out;
}

const RESTORED = Symbol('pkg-engine-restored-index');
type WithRestored = Catalog & { [RESTORED]?: { layout: IndexLayout; buf: ArrayBuffer } };

/** Marks a catalogue read from a snapshot with its built index (taken by the first engine made from it). */
export function attachIndex(catalog: Catalog, layout: IndexLayout, buf: ArrayBuffer): Catalog {
  Object.defineProperty(catalog, RESTORED, { value: { layout, buf }, configurable: true, enumerable: false });
  return catalog;
}

/**
 * The built index a snapshot's catalogue carries, when it was built with the same analyser
 * locale and relevance weights; taken once (a second engine from the same catalogue builds its
 * own, as the arrays are changed in place by live updates).
 */
export function takeIndex(catalog: Catalog, locale: string, relevance: CatalogIndex['relevance']): RestoredIndex | null {
  const r = (catalog as WithRestored)[RESTORED];
  if (!r) return null;
  delete (catalog as WithRestored)[RESTORED];
  const same = r.layout.locale === locale && JSON.stringify(r.layout.relevance) === JSON.stringify(relevance);
  return same ? unpackIndex(r.layout, r.buf) : null;
}

/** Whether a catalogue carries a built index (read from a snapshot, not yet taken by an engine). */
export const carriesIndex = (catalog: Catalog): boolean => RESTORED in catalog;

/**
 * The catalogue without its products (the header keeps it as JSON), its products not read: a
 * snapshot's catalogue decodes them only when asked.
 */
export function catalogRest(catalog: Catalog): Omit<Catalog, 'products'> {
  const rest: Record<string, unknown> = {};
  for (const k of Object.keys(catalog)) if (k !== 'products') rest[k] = (catalog as unknown as Record<string, unknown>)[k];
  return rest as Omit<Catalog, 'products'>;
}
