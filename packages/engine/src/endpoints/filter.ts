// /filter and /search: the products of a page, their total and the filter tree's counts; a search
// also counts matching collections and pages and offers did-you-mean when nothing matched.
import type { WireFilterResponse } from '@pkg/core-filter';
import { textOptions, type EngineContext } from '../engine-context';
import type { FilterQuery } from '../filter-query';
import { runFilter } from '../run-filter';
import { matchCollections, matchPages } from '../suggest';
import { didYouMean } from '../text-search';

export function filterAnswer(ctx: EngineContext, q: FilterQuery, search: boolean): WireFilterResponse {
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
