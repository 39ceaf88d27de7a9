// A bounded cache of facet histograms: the counts of a field's values over ONE posting list (the
// products of one value of a field: one colour, one vendor, one collection). Such counts do not
// depend on the query that first needed them (a live update adjusts them, see update). It is not a
// results cache: a query's counts are added up from these histograms (see run-filter), never
// looked up by the query.
import type { TermField } from './facet-field';
import { lowerBound } from './typed-array';

/** The default bound of a catalog's histogram cache, in bytes (counts plus per-entry overhead). */
export const HISTOGRAM_CACHE_BYTES = 4 * 1024 * 1024;

/** Bytes charged per histogram on top of its counts (Map entries, the typed array object). */
export const HISTOGRAM_ENTRY_OVERHEAD = 128;

/**
 * Histograms by posting list, then by field (both by identity). Once the bytes they hold (4 per
 * value plus HISTOGRAM_ENTRY_OVERHEAD per histogram) pass `maxBytes`, the histograms of the least
 * recently used posting lists are dropped first (a histogram larger than the bound is not kept).
 */
export class HistogramCache {
  readonly lists = new Map<Uint32Array, Map<object, Uint32Array>>();
  /** Bytes held now, as charged against the bound. */
  bytes = 0;

  constructor(readonly maxBytes: number = HISTOGRAM_CACHE_BYTES) {}

  /**
   * Keeps every histogram right after product d changed in a live update (live-index.ts):
   * `moved` maps each posting list d left or joined to the list that replaces it (its histograms
   * move there, counting d's values out or in), `changes` gives the fields whose values of d
   * changed, before and after (lists holding d count the difference). A field's values of d that
   * did not change are read from its forward index. A histogram of a field that has gained
   * keys since is dropped (it is counted again on use).
   */
  update(d: number, moved: ReadonlyMap<Uint32Array, Uint32Array>, changes: ReadonlyMap<TermField, { before: readonly number[]; after: readonly number[] }>): void {
    const valuesOf = (f: TermField, when: 'before' | 'after'): readonly number[] => changes.get(f)?.[when] ?? Array.from(f.vals.subarray(f.offsets[d] as number, f.offsets[d + 1] as number));
    const add = (byField: Map<object, Uint32Array>, f: TermField, h: Uint32Array, values: readonly number[], by: 1 | -1): void => {
      if (h.length !== f.keys.length) {
        byField.delete(f);
        this.bytes -= h.length * 4 + HISTOGRAM_ENTRY_OVERHEAD;
        return;
      }
      for (const v of values) h[v] = (h[v] as number) + by;
    };
    const moves: Array<[Uint32Array, Uint32Array, Map<object, Uint32Array>]> = [];
    for (const [list, byField] of this.lists) {
      const next = moved.get(list);
      if (next) {
        const joined = next.length > list.length;
        for (const [f, h] of byField) add(byField, f as TermField, h, valuesOf(f as TermField, joined ? 'after' : 'before'), joined ? 1 : -1);
        moves.push([list, next, byField]);
      } else if (list[lowerBound(list, d)] === d) {
        for (const [f, h] of byField) {
          const c = changes.get(f as TermField);
          if (!c) continue;
          add(byField, f as TermField, h, c.before, -1);
          if (byField.has(f)) add(byField, f as TermField, h, c.after, 1);
        }
      }
    }
    for (const [list, next, byField] of moves) {
      this.lists.delete(list);
      this.lists.set(next, byField);
    }
  }

  /** The histogram of `field` over `list`, or a new one of `length` counts filled by `fill` and kept. Read-only. */
  get(list: Uint32Array, field: object, length: number, fill: (out: Uint32Array) => void): Uint32Array {
    const lists = this.lists;
    let byField = lists.get(list);
    // Most recently used last: a Map iterates in insertion order.
    if (byField) lists.delete(list);
    lists.set(list, (byField ??= new Map()));
    let h = byField.get(field);
    if (!h) {
      fill((h = new Uint32Array(length)));
      byField.set(field, h);
      this.bytes += length * 4 + HISTOGRAM_ENTRY_OVERHEAD;
      for (const [l, hs] of lists) {
        if (this.bytes <= this.maxBytes) break;
        lists.delete(l);
        for (const x of hs.values()) this.bytes -= x.length * 4 + HISTOGRAM_ENTRY_OVERHEAD;
      }
    }
    return h;
  }
}
