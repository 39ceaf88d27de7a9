// Logs each filter, search and suggest request the engine answers over HTTP into the store's
// search log: the client's analytics records carry no result counts, positions or filter values,
// so insights read them from here (see compute-insights.ts).
import type { WireFilterResponse, WireSuggestResponse } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { andThen, type MaybePromise, type SearchLogEntry } from '../engine-store';
import type { FilterQuery } from '../filter-query';
import type { RequestParams } from '../request-params';

/** Logs the answer, then hands it back (once the log entry is written). */
export function logged<T extends WireFilterResponse | WireSuggestResponse>(ctx: EngineContext, kind: SearchLogEntry['kind'], q: FilterQuery, params: RequestParams, answer: T): MaybePromise<T> {
  const entry: SearchLogEntry = {
    at: Date.now(),
    kind,
    q: q.q,
    sid: params.string('sid').slice(0, 128),
    total: answer.total_product,
    page: kind === 'suggest' ? 1 : q.page,
    limit: kind === 'suggest' ? answer.products.length : q.limit,
    productIds: answer.products.map((p) => String(p.id)),
    filters: q.selections.flatMap((s) => s.values.map((value) => ({ option: s.id, value }))),
    eventType: q.eventType,
  };
  return andThen(ctx.store.searches.add(entry), () => answer);
}
