// /filter and /search: the products of a page, their total and the filter tree's counts; a search
// also counts matching collections and pages and offers did-you-mean when nothing matched.
import type { EngineContext } from '../engine-context';
import type { FilterQuery } from '../filter-query';
import type { EngineFilterResponse } from '../engine-types';
import { activeRules, wireBanners } from '../merchandising';
import { merchPlan } from '../merchandising-apply';
import { runFilter } from '../run-filter';
import { matchCollections, matchPages } from '../suggest';
import { didYouMean, textOptions } from '../text-search';

/** Answers kept for `check_cache` requests, per engine; the oldest goes first past the bound. */
const CACHE_SIZE = 64;
const caches = new WeakMap<EngineContext, { merchandising: unknown; index: unknown; answers: Map<string, EngineFilterResponse> }>();

/**
 * `check_cache=true` (wire-format.md: sent only for an unfiltered first page with default sort
 * and limit): the same request answered before comes from the cache, marked `from_cache: true`.
 * The key is the parsed query and the merchandising rules in force, so cache busters (`t`, `_`,
 * `callback`, `sid`) never split it and a rule that starts, ends or is reloaded is never missed;
 * a live catalogue update (a new index) empties it.
 */
export function filterAnswer(ctx: EngineContext, q: FilterQuery, search: boolean): EngineFilterResponse {
  const scope = q.collectionScope;
  const handle = scope === null ? null : ctx.index.collectionsByHandle.has(scope) ? scope : (ctx.index.collectionsById.get(scope)?.handle ?? scope);
  const rules = activeRules(ctx.merchandising, q.q, handle, ctx.now());
  if (!q.checkCache) return answer(ctx, q, search, rules);
  let cache = caches.get(ctx);
  if (!cache || cache.merchandising !== ctx.merchandising || cache.index !== ctx.index) caches.set(ctx, (cache = { merchandising: ctx.merchandising, index: ctx.index, answers: new Map() }));
  const key = JSON.stringify([search, { ...q, eventType: '', checkCache: true }, rules.map((r) => r.id)]);
  const hit = cache.answers.get(key);
  if (hit) return { ...hit, from_cache: true, event_type: q.eventType || 'init' };
  const out = answer(ctx, q, search, rules);
  if (cache.answers.size >= CACHE_SIZE) cache.answers.delete(cache.answers.keys().next().value as string);
  cache.answers.set(key, out);
  return out;
}

function answer(ctx: EngineContext, q: FilterQuery, search: boolean, rules: ReturnType<typeof activeRules>): EngineFilterResponse {
  const r = runFilter(ctx.index, q, { tree: ctx.tree, merch: rules.length > 0 ? merchPlan(ctx.index, rules) : null });
  const out: EngineFilterResponse = {
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
  const banners = wireBanners(rules);
  if (banners.length > 0) out.banners = banners;
  return out;
}
