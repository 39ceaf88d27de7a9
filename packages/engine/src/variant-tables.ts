// The variant tables a live update would otherwise drop (the variant prices by product, the
// variant table and each option's value ids, variant-match.ts) brought up to date on their next
// use instead of being built again from the store: every run of slots the updates did not touch
// is copied from the table as it was (it may have moved, when a changed product's variant count
// changed), and only the changed slots are read from the store's variant columns. The result is
// the table a build on the updated index makes (a property test compares them,
// variant-tables.test.ts).
import type { CatalogIndex } from './catalog-index';
import { lowerBound } from './typed-array';

/** A table as it was before live updates, its variant offsets by slot, and the slots changed since. */
interface Before {
  table: unknown;
  offsets: Uint32Array;
  slots: Set<number>;
}

/**
 * Past this many changed slots a table is built again rather than brought up to date (copying
 * its runs then costs about what reading the store does).
 */
const MAX_SLOTS = 4096;

const stale = new WeakMap<CatalogIndex, Map<string, Before>>();

/**
 * `on`: whether tables are brought up to date (false: built again, as before; the update bench
 * times both); `carried`: how many were. Internal: for tests and the bench.
 */
export const variantCarry = { on: true, carried: 0 };

/**
 * Before a batch of live updates changes `slots`: the variant tables built now (by key, with their
 * offsets) are kept to be brought up to date on use, and tables kept before learn of these slots.
 */
export function keepVariantTables(index: CatalogIndex, slots: readonly number[], built: ReadonlyArray<[string, unknown, Uint32Array]>): void {
  let kept = stale.get(index);
  if (!kept) stale.set(index, (kept = new Map()));
  if (!variantCarry.on) return kept.clear();
  for (const [key, b] of kept) {
    for (const d of slots) b.slots.add(d);
    if (b.slots.size > MAX_SLOTS) kept.delete(key);
  }
  for (const [key, table, offsets] of built) if (slots.length <= MAX_SLOTS) kept.set(key, { table, offsets, slots: new Set(slots) });
}

/** The table kept under `key` before live updates (taken: it is brought up to date once), or null. */
export function takeVariantTable<T>(index: CatalogIndex, key: string): { table: T; offsets: Uint32Array; slots: Uint32Array } | null {
  const kept = stale.get(index);
  const b = kept?.get(key);
  if (!kept || !b) return null;
  kept.delete(key);
  return { table: b.table as T, offsets: b.offsets, slots: Uint32Array.from(b.slots).sort() };
}

type Column = Float64Array | Uint8Array | Uint32Array | Int32Array;

/**
 * A per-variant column laid out by `next` offsets: the runs of unchanged slots copied from `old`
 * (laid out by `before`), each changed slot (`slots`, increasing) written by `fill` at its new
 * position. null when an unchanged run's length differs (the caller builds the column anew).
 */
export function carryColumn<T extends Column>(old: T, before: Uint32Array, next: Uint32Array, slots: Uint32Array, make: (n: number) => T, fill: (d: number, out: T, at: number) => void): T | null {
  const size = next.length - 1;
  if (before.length !== next.length) return null;
  const out = make(next[size] as number);
  let from = 0;
  const copy = (to: number): boolean => {
    if (to <= from) return true;
    const a = before[from] as number;
    const b = before[to] as number;
    if (b - a !== (next[to] as number) - (next[from] as number)) return false;
    out.set(old.subarray(a, b), next[from] as number);
    return true;
  };
  for (let i = 0; i < slots.length; i++) {
    const d = slots[i] as number;
    if (!copy(d)) return null;
    fill(d, out, next[d] as number);
    from = d + 1;
  }
  if (!copy(size)) return null;
  variantCarry.carried++;
  return out;
}

/** Variant offsets by slot from the store's variant counts. */
export function offsetsOf(count: Uint32Array, size: number): Uint32Array {
  const offsets = new Uint32Array(size + 1);
  for (let d = 0; d < size; d++) offsets[d + 1] = (offsets[d] as number) + (count[d] as number);
  return offsets;
}

/** Per value id, its variants (positions in `vals`) in increasing order. */
export function variantPostings(vals: Int32Array, values: number): Uint32Array[] {
  const sizes = new Uint32Array(values);
  for (let g = 0; g < vals.length; g++) {
    const id = vals[g] as number;
    if (id >= 0) sizes[id] = (sizes[id] as number) + 1;
  }
  const postings = Array.from(sizes, (n) => new Uint32Array(n));
  const fill = new Uint32Array(values);
  for (let g = 0; g < vals.length; g++) {
    const id = vals[g] as number;
    if (id < 0) continue;
    const at = fill[id] as number;
    (postings[id] as Uint32Array)[at] = g;
    fill[id] = at + 1;
  }
  return postings;
}

/**
 * Each value's variant list brought up to date with `vals` (laid out by `next`): the entries of
 * unchanged slots moved with their slot, those of changed slots (`slots`, increasing) read again
 * from `vals`. Lists of values added since are built from `vals`.
 */
export function carryPostings(old: readonly Uint32Array[], before: Uint32Array, next: Uint32Array, slots: Uint32Array, vals: Int32Array, values: number): Uint32Array[] {
  // The new entries of the changed slots, by value.
  const added = new Map<number, number[]>();
  for (let i = 0; i < slots.length; i++) {
    const d = slots[i] as number;
    for (let g = next[d] as number; g < (next[d + 1] as number); g++) {
      const id = vals[g] as number;
      if (id < 0) continue;
      let list = added.get(id);
      if (!list) added.set(id, (list = []));
      list.push(g);
    }
  }
  const out: Uint32Array[] = [];
  for (let v = 0; v < values; v++) {
    const list = old[v] ?? new Uint32Array(0);
    const plus = added.get(v) ?? [];
    // Entries of list in each changed slot's old range: [cut[2i], cut[2i + 1]).
    const cut = new Uint32Array(slots.length * 2);
    let removed = 0;
    for (let i = 0; i < slots.length; i++) {
      const d = slots[i] as number;
      cut[2 * i] = lowerBound(list, before[d] as number);
      cut[2 * i + 1] = lowerBound(list, before[d + 1] as number);
      removed += (cut[2 * i + 1] as number) - (cut[2 * i] as number);
    }
    const res = new Uint32Array(list.length - removed + plus.length);
    let k = 0;
    let from = 0;
    let p = 0;
    // Unchanged entries [from, to) of list, moved as their run of slots starting at slot `run`.
    const move = (to: number, run: number) => {
      const delta = (next[run] as number) - (before[run] as number);
      if (delta === 0) res.set(list.subarray(from, to), k);
      else for (let j = from; j < to; j++) res[k + j - from] = (list[j] as number) + delta;
      k += to - from;
    };
    let run = 0;
    for (let i = 0; i < slots.length; i++) {
      const d = slots[i] as number;
      move(cut[2 * i] as number, run);
      const end = next[d + 1] as number;
      while (p < plus.length && (plus[p] as number) < end) res[k++] = plus[p++] as number;
      from = cut[2 * i + 1] as number;
      run = d + 1;
    }
    move(list.length, Math.min(run, next.length - 1));
    out.push(res);
  }
  return out;
}
