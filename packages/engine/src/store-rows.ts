// How the SQLite and PostgreSQL stores write and read rows: one mapping for both.
import type { AnalyticsEvent, BackInStockEntry, SearchLogEntry, TimeRange } from './engine-store';

export const EVENT_COLUMNS = ['id', 'received_at', 'tid', 'ct', 'pid', 't', 'u', 'a', 'qs', 'r', 'sid'] as const;
export const SEARCH_COLUMNS = ['at', 'kind', 'q', 'sid', 'total', 'page', 'page_size', 'product_ids', 'filters', 'event_type'] as const;
export const BACK_IN_STOCK_COLUMNS = ['at', 'email', 'product_id', 'variant_id'] as const;

export type Row = Record<string, unknown>;

export const eventValues = (e: AnalyticsEvent): unknown[] => [e.id, e.receivedAt, e.tid, e.ct, e.pid, e.t, e.u, e.a, e.qs, e.r, e.sid];

export const eventFromRow = (r: Row): AnalyticsEvent => ({
  id: String(r.id),
  receivedAt: Number(r.received_at),
  tid: String(r.tid),
  ct: String(r.ct),
  pid: String(r.pid),
  t: String(r.t),
  u: String(r.u) as AnalyticsEvent['u'],
  a: String(r.a) as AnalyticsEvent['a'],
  qs: String(r.qs),
  r: String(r.r),
  sid: String(r.sid),
});

export const searchValues = (s: SearchLogEntry): unknown[] => [s.at, s.kind, s.q, s.sid, s.total, s.page, s.limit, JSON.stringify(s.productIds), JSON.stringify(s.filters), s.eventType];

export const searchFromRow = (r: Row): SearchLogEntry => ({
  at: Number(r.at),
  kind: String(r.kind) as SearchLogEntry['kind'],
  q: String(r.q),
  sid: String(r.sid),
  total: Number(r.total),
  page: Number(r.page),
  limit: Number(r.page_size),
  productIds: JSON.parse(String(r.product_ids)) as string[],
  filters: JSON.parse(String(r.filters)) as SearchLogEntry['filters'],
  eventType: String(r.event_type),
});

// Ids keep their JSON type (a number stays a number).
export const backInStockValues = (b: BackInStockEntry): unknown[] => [b.at, b.email, b.product_id === undefined ? null : JSON.stringify(b.product_id), b.variant_id === undefined ? null : JSON.stringify(b.variant_id)];

export const backInStockFromRow = (r: Row): BackInStockEntry => {
  const out: BackInStockEntry = { email: String(r.email), at: Number(r.at) };
  if (r.product_id != null) out.product_id = JSON.parse(String(r.product_id)) as string | number;
  if (r.variant_id != null) out.variant_id = JSON.parse(String(r.variant_id)) as string | number;
  return out;
};

/** Cart lines are kept as JSON `[[variantId, quantity], ...]`, in the order first added. */
export const cartToJson = (lines: ReadonlyMap<string, number>): string => JSON.stringify([...lines]);
export const cartFromRow = (r: Row | undefined): ReadonlyMap<string, number> | undefined => (r ? new Map(JSON.parse(String(r.lines)) as Array<[string, number]>) : undefined);

/** A WHERE clause on a time column for a range, with `$n` or `?` placeholders. */
export function rangeWhere(column: string, range: TimeRange | undefined, placeholder: (i: number) => string): { sql: string; values: number[] } {
  const parts: string[] = [];
  const values: number[] = [];
  if (range?.from !== undefined) {
    values.push(range.from);
    parts.push(`${column} >= ${placeholder(values.length)}`);
  }
  if (range?.to !== undefined) {
    values.push(range.to);
    parts.push(`${column} <= ${placeholder(values.length)}`);
  }
  return { sql: parts.length ? ` WHERE ${parts.join(' AND ')}` : '', values };
}
