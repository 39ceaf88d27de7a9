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

export function filterAnswer(ctx: EngineContext, q: FilterQuery, search: boolean): EngineFilterResponse {
  const scope = q.collectionScope;
  const handle = scope === null ? null : ctx.index.collectionsByHandle.has(scope) ? scope : (ctx.index.collectionsById.get(scope)?.handle ?? scope);
  const rules = activeRules(ctx.merchandising, q.q, handle, ctx.now());
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
