// GET <apiBase>/insights: the search insights of a date range, for the shop owner only.
// `Authorization: Bearer <token>` must match the configured token (compared in constant time);
// without a configured token the route does not exist (404 from the engine); a wrong or missing
// token gets 401. The token is read from the header only, never from the URL, and never logged.
import { computeInsights } from './compute-insights';
import { badParam, EngineRequestError } from './engine-request-error';
import { andThen, type TimeRange } from './engine-store';
import type { Answer, EngineRoute } from './http/route';

export interface InsightsRouteOptions {
  /** The owner's token (e.g. `process.env.INSIGHTS_TOKEN`); empty or undefined: no insights route. */
  token: string | undefined;
  /** The API base the route lives under (default `/api`, the engine's default). */
  apiBase?: string;
}

/** Compares two strings in time that depends on their lengths only, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}

/**
 * The owner-only check of a route: `Authorization: Bearer <token>` compared in constant time with
 * the configured token; a wrong or missing one is a 401 saying what `what` needs. The token is read
 * from the header only, never from the URL.
 */
export function requireBearer(headers: Readonly<Record<string, string>>, token: string, what: string): void {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1] ?? '';
  if (!constantTimeEqual(given, token)) {
    throw new EngineRequestError(401, 'unauthorized', `${what} need the header "Authorization: Bearer <token>" with the shop owner's token.`);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `from` / `to`: a day (`2026-11-25`, UTC; `to` includes the whole day) or an ISO time. */
export function readRange(from: string, to: string): TimeRange {
  const range: TimeRange = {};
  const read = (name: 'from' | 'to', value: string): number | undefined => {
    if (value === '') return undefined;
    const t = Date.parse(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
    if (!Number.isFinite(t)) throw badParam(name, `"${value.slice(0, 40)}" is not a date: use YYYY-MM-DD or an ISO 8601 time.`, 'invalid_date');
    return DAY.test(value) && name === 'to' ? t + 86_400_000 - 1 : t;
  };
  const f = read('from', from);
  const t = read('to', to);
  if (f !== undefined) range.from = f;
  if (t !== undefined) range.to = t;
  if (f !== undefined && t !== undefined && f > t) throw badParam('from', '`from` is after `to`.', 'invalid_date');
  return range;
}

/** The insights route for `createEngine(catalog, { routes: [createInsightsRoute({ token })] })`. */
export function createInsightsRoute(options: InsightsRouteOptions): EngineRoute {
  const token = options.token ?? '';
  const path = `${(options.apiBase ?? '/api').replace(/\/+$/, '')}/insights`;
  return (req, { store }) => {
    if (token === '' || req.path !== path) return undefined;
    if (req.method === 'OPTIONS') return { status: 204, body: '' };
    requireBearer(req.headers, token, 'Insights');
    if (req.method !== 'GET') throw new EngineRequestError(405, 'method_not_allowed', `${path} answers GET only.`);
    const range = readRange(req.params.string('from'), req.params.string('to'));
    return andThen(store.analytics.list(range), (events) =>
      andThen(store.searches.list(range), (searches) =>
        andThen(store.analytics.count(range), (eventCount): Answer => ({ body: computeInsights({ events, searches, eventCount, range }), headers: { 'cache-control': 'no-store, private' } })),
      ),
    );
  };
}
