// /filter and /search: the products of a page, their total and the filter tree's counts; a search
// also counts matching collections and pages and offers did-you-mean when nothing matched.
import type { WireFilterResponse } from '@pkg/core-filter';
import { textOptions, type EngineContext } from '../engine-context';
import type { FilterQuery } from '../filter-query';
import { runFilter } from '../run-filter';
import { matchCollections, matchPages } from '../suggest';
import { didYouMean } from '../text-search';

/** Answers kept for `check_cache` requests, per engine; the oldest goes first past the bound. */
const CACHE_SIZE = 64;
const caches = new WeakMap<EngineContext, Map<string, WireFilterResponse>>();

/**
 * `check_cache=true` (wire-format.md: sent only for an unfiltered first page with default sort
 * and limit): the same request answered before comes from the cache, marked `from_cache: true`.
 * The key is the parsed query, so cache busters (`t`, `_`, `callback`, `sid`) never split it.
 */
export function filterAnswer(ctx: EngineContext, q: FilterQuery, search: boolean): WireFilterResponse {
  if (!q.checkCache) return answer(ctx, q, search);
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  const key = JSON.stringify([search, { ...q, eventType: '', checkCache: true }]);
  const hit = cache.get(key);
  if (hit) return { ...hit, from_cache: true, event_type: q.eventType || 'init' };
  const out = answer(ctx, q, search);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, out);
  return out;
}

function answer(ctx: EngineContext, q: FilterQuery, search: boolean): WireFilterResponse {
  const r = runFilter(ctx.index, q, { tree: ctx.tree });
  const out: WireFilterResponse = {
    total_product: r.total,
    from_cache: false,
    event_type: q.eventType || 'init',
    products: r.docs.map(ctx.wire),
  };
  if (search) {
    out.total_collection = q.q ? matchCollections(ctx.collections, q.q, q.fuzzy).length : ctx.collections.length;
    out.total_page = q.q ? matchPages(ctx.pages, q.q, q.fuzzy).length : ctx.pages.length;
    if (r.total === 0 && q.q) {
      out.did_you_mean = didYouMean(ctx.index, q.q, textOptions(q), 2);
    }
  }
  if (r.options) out.filter = { options: r.options };
  return out;
}
