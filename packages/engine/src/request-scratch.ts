// The per-index buffers a request reuses (requests run one at a time): kept across live updates
// (the index's size does not change; live-index.ts keeps the memo key).
import type { Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';

/**
 * Bitsets for the base, result and counting sets of a filter run, two member lists of catalog
 * size, and bitsets for its selections (up to 16, made on use). The two lists are the filter
 * run's result and counting members, and before them the text search's touched docs (its
 * results are copied out before the filter run writes them): one pair serves both.
 */
export type RequestScratch = [Bitset, Bitset, Bitset, Uint32Array, Uint32Array, Bitset[]];

export const SCRATCH_KEY = 'scratch';

export function requestScratch(index: CatalogIndex): RequestScratch {
  let s = index.memo.get(SCRATCH_KEY) as RequestScratch | undefined;
  if (!s) {
    const bits = () => new Uint32Array(index.words);
    const list = () => new Uint32Array(index.size);
    index.memo.set(SCRATCH_KEY, (s = [bits(), bits(), bits(), list(), list(), []]));
  }
  return s;
}
