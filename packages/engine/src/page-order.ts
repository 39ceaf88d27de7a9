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

/**
 * A relevance page ending past `sortPast` sorts every kept match instead of keeping a top list.
 * Internal: tests force either way.
 */
export const relevanceStrategy = { sortPast: 2000 };

function relevancePage(index: CatalogIndex, q: FilterQuery, result: Bitset, text: TextResult, from: number, to: number): number[] {
  const avail = q.sortFirstAvailable;
  const docs = text.docs;
  // Each match the filters keep is scored once (a one-word query's scores are read on demand).
  const scores = text.scores;
  const rank = (i: number) => (avail && !hasBit(index.available, docs[i] as number) ? 1 : 0);
  // Negative when text match i (score s) ranks before j (score t): availability first (if asked),
  // score, catalog order.
  const before = (i: number, s: number, j: number, t: number) => rank(i) - rank(j) || t - s || (docs[i] as number) - (docs[j] as number);
  if (to > relevanceStrategy.sortPast) {
    const all: number[] = [];
    const score = new Float64Array(docs.length);
    for (let i = 0; i < docs.length; i++) {
      if (!hasBit(result, docs[i] as number)) continue;
      all.push(i);
      score[i] = scores.at(i);
    }
    all.sort((i, j) => before(i, score[i] as number, j, score[j] as number));
    return all.slice(from, to).map((i) => docs[i] as number);
  }
  // Top `to` matches and their scores, kept sorted; most candidates fail the first comparison
  // with the last kept.
  // (Typed arrays one longer than the list, shifted by hand: a splice and a pop per kept match
  // cost more than the shift of a few entries.)
  const top = new Int32Array(to + 1);
  const tops = new Float64Array(to + 1);
  let kept = 0;
  for (let i = 0; i < docs.length; i++) {
    if (!hasBit(result, docs[i] as number)) continue;
    let s: number;
    if (kept === to) {
      const last = top[to - 1] as number;
      const t = tops[to - 1] as number;
      if (!avail) {
        // (before(i, last) >= 0 without availability: a lower score, or the same and later, as
        // every later match is: docs increase. So is a match whose bound is no more than that.)
        if (scores.bound(i) <= t) continue;
        s = scores.at(i);
        if (s < t || (s === t && (docs[i] as number) > (docs[last] as number))) continue;
      } else if (before(i, (s = scores.at(i)), last, t) >= 0) continue;
    } else s = scores.at(i);
    let lo = 0;
    let hi = kept;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(top[mid] as number, tops[mid] as number, i, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let k = kept; k > lo; k--) {
      top[k] = top[k - 1] as number;
      tops[k] = tops[k - 1] as number;
    }
    top[lo] = i;
    tops[lo] = s;
    if (kept < to) kept++;
  }
  const page: number[] = [];
  for (let k = from; k < kept; k++) page.push(docs[top[k] as number] as number);
  return page;
}
