// The variant tables a live update would otherwise drop (the variant prices by product, the
// variant table and each option's value ids and value counts, variant-match.ts) brought up to
// date on their next use instead of being built again from the store: every run of slots the
// updates did not touch is copied from the table as it was (it may have moved, when a changed
// product's variant count changed), and only the changed slots are read from the store's variant
// columns. The result is the table a build on the updated index makes (a property test compares
// them, variant-tables.test.ts). Also the compact per-variant value ids (one byte each for an
// option of up to 127 values).
import type { CatalogIndex } from './catalog-index';

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

type Column = Float64Array | Uint8Array | Uint32Array | ValueIds;

/** Per-variant value ids of an option (-1: none), in the narrowest signed type that holds its ids. */
export type ValueIds = Int8Array | Int16Array | Int32Array;

/** `n` value ids, all -1, for an option of `values` values (one byte each for up to 127 values). */
export const valueIds = (n: number, values: number): ValueIds => (values <= 127 ? new Int8Array(n) : values <= 32767 ? new Int16Array(n) : new Int32Array(n)).fill(-1);

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

/** Per value id, its number of variants. */
export function valueCounts(vals: ValueIds, values: number): Uint32Array {
  const counts = new Uint32Array(values);
  for (let g = 0; g < vals.length; g++) {
    const id = vals[g] as number;
    if (id >= 0) counts[id] = (counts[id] as number) + 1;
  }
  return counts;
}

/** `old` counts (of `oldVals`, laid out by `before`) with the changed slots' variants counted again from `vals` (laid out by `next`). */
export function carryCounts(old: Uint32Array, oldVals: ValueIds, before: Uint32Array, vals: ValueIds, next: Uint32Array, slots: Uint32Array, values: number): Uint32Array {
  const counts = new Uint32Array(values);
  counts.set(old.subarray(0, values));
  for (let i = 0; i < slots.length; i++) {
    const d = slots[i] as number;
    for (let g = before[d] as number; g < (before[d + 1] as number); g++) {
      const id = oldVals[g] as number;
      if (id >= 0) counts[id] = (counts[id] as number) - 1;
    }
    for (let g = next[d] as number; g < (next[d + 1] as number); g++) {
      const id = vals[g] as number;
      if (id >= 0) counts[id] = (counts[id] as number) + 1;
    }
  }
  return counts;
}
