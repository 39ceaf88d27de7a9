// /collections/<handle>?view=boost-pfs-most-popular: a collection's best sellers (or another sort).
import type { WireMostPopularResponse } from '@pkg/core-filter';
import { paramsOf, type EngineContext } from '../engine-context';
import { LIMITS } from '../limits';
import type { ParamsInit, RequestParams } from '../request-params';
import { runFilter } from '../run-filter';

export function mostPopular(ctx: EngineContext, handle: string, init: ParamsInit | RequestParams = {}): WireMostPopularResponse | null {
  const params = paramsOf(init);
  if (handle !== 'all' && !ctx.index.collectionsByHandle.has(handle)) return null;
  const sort = params.string('sort_by', 'best-selling');
  const limit = params.int('limit', ctx.options.mostPopularLimit, 1, LIMITS.blockLimit);
  const q = ctx.parse({ sort, limit, ...(handle === 'all' ? {} : { collection_scope: handle }) }, false);
  return { products: runFilter(ctx.index, q, { tree: ctx.tree }).docs.map(ctx.wire) };
}
