// The requested page of a result set in the requested order: catalog order a word at a time,
// a precomputed sort order, or by text relevance (a bounded top list).
import { hasBit, popcount32, type Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import type { FilterQuery } from './filter-query';
import type { TextResult } from './text-search';

export function pageDocs(index: CatalogIndex, q: FilterQuery, result: Bitset, text: TextResult | null): number[] {
  const from = (q.page - 1) * q.limit;
  const to = from + q.limit;
  if (q.sort === 'relevance' && text) return relevancePage(index, q, result, text, from, to);
  const out: number[] = [];
  let seen = 0;
  const av = index.available;
  if (q.sort === 'manual' || q.sort === 'relevance') {
    // Catalog order (the order these keys sort by): the members in increasing order, a word at a
    // time, whole words skipped before the page starts.
    for (let pass = q.sortFirstAvailable ? 0 : 2; pass < (q.sortFirstAvailable ? 2 : 3); pass++) {
      for (let w = 0; w < result.length && seen < to; w++) {
        let x = (result[w] as number) & (pass === 0 ? (av[w] as number) : pass === 1 ? ~(av[w] as number) : -1);
        const n = x === 0 ? 0 : popcount32(x);
        if (seen + n <= from) {
          seen += n;
          continue;
        }
        for (; x !== 0 && seen < to; x &= x - 1, seen++) if (seen >= from) out.push((w << 5) + 31 - Math.clz32(x & -x));
      }
    }
    return out;
  }
  const order = index.order(q.sort);
  const passes: Array<(d: number) => boolean> = q.sortFirstAvailable
    ? [(d) => hasBit(av, d), (d) => !hasBit(av, d)]
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
    if (top.length === to) {
      const last = top[to - 1] as number;
      if (!avail) {
        // (before(i, last) >= 0 without availability: a lower score, or the same and later.)
        const s = scores[i] as number;
        const t = scores[last] as number;
        if (s < t || (s === t && (docs[i] as number) > (docs[last] as number))) continue;
      } else if (before(i, last) >= 0) continue;
    }
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
