// One product's values of a facet field changed in place (live-index.ts): its postings and dense
// bitsets, its forward index entry, the single-value and mask arrays, the posting cost and the
// caches of key order and counts. New keys are appended; a key left with no product stays (term
// listings skip it, see keyOrder) and is reported so that the caller can rebuild such fields.
import { setBit } from './bitset';
import type { TermField } from './facet-field';
import { lowerBound } from './typed-array';

const insertSorted = (list: Uint32Array, d: number): Uint32Array => {
  const lo = lowerBound(list, d);
  if (list[lo] === d) return list;
  const out = new Uint32Array(list.length + 1);
  out.set(list.subarray(0, lo));
  out[lo] = d;
  out.set(list.subarray(lo), lo + 1);
  return out;
};

const removeSorted = (list: Uint32Array, d: number): Uint32Array => {
  const at = list.indexOf(d);
  if (at < 0) return list;
  const out = new Uint32Array(list.length - 1);
  out.set(list.subarray(0, at));
  out.set(list.subarray(at + 1), at);
  return out;
};

const narrowFor = (max: number, n: number) => new (max < 256 ? Uint8Array : max < 65536 ? Uint16Array : Uint32Array)(n);
/** `a` copied into a wider typed array when `max` does not fit its type. */
function widened<T extends Uint8Array | Uint16Array | Uint32Array>(a: T, max: number): T {
  const limit = a instanceof Uint8Array ? 255 : a instanceof Uint16Array ? 65535 : 0xffffffff;
  if (max <= limit) return a;
  const b = narrowFor(max, a.length);
  b.set(a);
  return b as T;
}

/** What changed for one product (HistogramCache.update keeps the cached counts right with it). */
export interface FieldChanges {
  moved: Map<Uint32Array, Uint32Array>;
  values: Map<TermField, { before: number[]; after: number[] }>;
}

/** Sets the values of doc d to `keys` (distinct; none and `live` false for a delete). Returns true when a key is left with no product. */
export function updateFieldDoc(field: TermField, d: number, keys: readonly string[], words: number, live: boolean, changed: FieldChanges): boolean {
  const start = field.offsets[d] as number;
  const end = field.offsets[d + 1] as number;
  const before = Array.from(field.vals.subarray(start, end));
  const keyCount = field.keys.length;
  const ids = keys.map((k) => {
    let id = field.keyIndex.get(k);
    if (id === undefined) {
      id = field.keys.length;
      field.keys.push(k);
      field.keyIndex.set(k, id);
      field.postings.push(new Uint32Array(0));
      field.bitsets.push(null);
    }
    return id;
  });
  if (before.length === ids.length && before.every((v, i) => v === ids[i])) return false;
  changed.values.set(field, { before, after: ids });
  let orphan = false;
  let firstMoved = false;
  const cost = (len: number) => (len >= words ? words * 2 : len);
  const change = (id: number, add: boolean) => {
    const list = field.postings[id] as Uint32Array;
    const next = add ? insertSorted(list, d) : removeSorted(list, d);
    field.postingCost += cost(next.length) - cost(list.length);
    field.postings[id] = next;
    changed.moved.set(list, next);
    if (next[0] !== list[0]) firstMoved = true;
    if (next.length === 0) orphan = true;
    const bits = field.bitsets[id];
    if (bits) {
      if (add) setBit(bits, d);
      else bits[d >>> 5] = (bits[d >>> 5] as number) & ~(1 << (d & 31));
    }
  };
  for (const id of before) if (!ids.includes(id)) change(id, false);
  for (const id of ids) if (!before.includes(id)) change(id, true);
  // The forward index: in place when the number of values is unchanged, else spliced. An empty
  // slot keeps its old entry: no set of products ever holds it, and slots are not reused.
  if (ids.length === 0 && !live) {
    // (nothing: a delete)
  } else if (ids.length === before.length) field.vals.set(ids, start);
  else {
    const delta = ids.length - before.length;
    const vals = new Uint32Array(field.vals.length + delta);
    vals.set(field.vals.subarray(0, start));
    vals.set(ids, start);
    vals.set(field.vals.subarray(end), start + ids.length);
    field.vals = vals;
    const offsets = field.offsets;
    for (let e = d + 1; e < offsets.length; e++) offsets[e] = (offsets[e] as number) + delta;
  }
  if (field.single && live) {
    if (ids.length > 1) field.single = null;
    else {
      field.single = widened(field.single, field.keys.length + 1);
      field.single[d] = ids.length === 1 ? (ids[0] as number) + 1 : 0;
    }
  }
  if (field.masks && live) {
    if (field.keys.length > 32) field.masks = null;
    else {
      field.masks = widened(field.masks, 2 ** field.keys.length - 1);
      let m = 0;
      for (const id of ids) m |= 1 << id;
      field.masks[d] = m >>> 0;
    }
  }
  if (field.keys.length !== keyCount) delete field.counts;
  // Key order ranks ties by first product: redone when keys come, go or move.
  if (field.keys.length !== keyCount || orphan || firstMoved || before.some((id) => (field.postings[id] as Uint32Array).length === 0)) {
    delete field.keyOrder;
    delete field.keyRank;
    delete field.prefixOrders;
  }
  delete field.built;
  return orphan;
}
