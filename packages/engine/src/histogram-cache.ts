// A bounded cache of facet histograms: the counts of a field's values over ONE posting list (the
// products of one value of a field: one colour, one vendor, one collection). A catalog snapshot
// never changes, so such counts do not depend on the query that first needed them. It is not a
// results cache: a query's counts are added up from these histograms (see run-filter), never
// looked up by the query.

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

  /** Drops every histogram (a live update changed the catalogue). */
  clear(): void {
    this.lists.clear();
    this.bytes = 0;
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
