// /analytics (S8: tracked product views, quick views, add to cart, buy now) and /back-in-stock
// requests: validated here, kept in the engine's store (engine-store.ts).
import type { WireAnalyticsRecord } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import type { AnalyticsEvent, BackInStockEntry, MaybePromise } from '../engine-store';
import { andThen } from '../engine-store';
import type { BackInStockRequest } from '../engine-types';
import { parseJson } from '../http/respond';

/** Bytes of one analytics request body; beyond it the request is refused with a 400. */
export const ANALYTICS_BODY_BYTES = 8_192;

const ANALYTICS_ACTIONS = ['view_product', 'quick_view', 'add_to_cart', 'buy_now'];
const ANALYTICS_SOURCES = ['filter', 'search', 'suggest'];
const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,185}\.[^\s@<>"']{2,63}$/;

function validateRecord(r: unknown, i: number): asserts r is WireAnalyticsRecord {
  if (r === null || typeof r !== 'object' || Array.isArray(r)) throw badParam(`records[${i}]`, 'An analytics record must be a JSON object.');
  const rec = r as Record<string, unknown>;
  for (const f of ['tid', 'ct', 'pid', 't', 'u', 'a', 'qs', 'r', 'sid']) {
    const v = rec[f];
    if (typeof v !== 'string' || v.length > 2048) throw badParam(f, `Analytics field "${f}" must be a string of at most 2048 characters.`);
  }
  if (!ANALYTICS_ACTIONS.includes(rec.u as string)) throw badParam('u', `Unknown analytics action (u) ${JSON.stringify(String(rec.u).slice(0, 40))}: use one of ${ANALYTICS_ACTIONS.join(', ')}.`, 'unknown_type');
  if (!ANALYTICS_SOURCES.includes(rec.a as string)) throw badParam('a', `Unknown analytics source (a) ${JSON.stringify(String(rec.a).slice(0, 40))}: use one of ${ANALYTICS_SOURCES.join(', ')}.`, 'unknown_type');
  if (typeof rec.id !== 'string' || rec.id === '' || rec.id.length > 128) throw badParam('id', 'Analytics record id is missing (a string of 1 to 128 characters).');
}

/**
 * Validates every record first (one bad record rejects the batch and nothing is kept), then keeps
 * the new ones in one transaction; the answer (or its promise) comes once they are committed.
 */
export function recordAnalytics(ctx: EngineContext, records: readonly WireAnalyticsRecord[]): MaybePromise<{ accepted: number; duplicates: number }> {
  records.forEach((r, i) => validateRecord(r, i));
  const receivedAt = Date.now();
  const events = records.map((r): AnalyticsEvent => ({ id: r.id as string, receivedAt, tid: r.tid, ct: r.ct, pid: r.pid, t: r.t, u: r.u, a: r.a, qs: r.qs, r: r.r, sid: r.sid }));
  return ctx.store.analytics.add(events);
}

/** The POST /analytics body: one record or an array, JSON, at most 8 KB. */
export function readAnalyticsBody(body: string, maxRecords: number): WireAnalyticsRecord[] {
  if (new TextEncoder().encode(body).length > ANALYTICS_BODY_BYTES) throw badParam('body', `The body is over ${ANALYTICS_BODY_BYTES} bytes.`, 'body_too_large');
  const data = parseJson(body);
  const list = Array.isArray(data) ? data : [data];
  if (list.length > maxRecords) throw badParam('body', `At most ${maxRecords} records per request.`, 'too_many_values');
  return list as WireAnalyticsRecord[];
}

export function requestBackInStock(ctx: EngineContext, req: BackInStockRequest): MaybePromise<{ success: true; message: string }> {
  if (typeof req.email !== 'string' || !EMAIL.test(req.email.trim())) {
    throw badParam('email', 'Please provide a valid email address.', 'invalid_email');
  }
  const known = (req.variant_id !== undefined && ctx.index.variantById(String(req.variant_id))) || (req.product_id !== undefined && ctx.index.productById.has(String(req.product_id)));
  if (!known) throw new EngineRequestError(404, 'not_found', 'No such product or variant.', req.variant_id !== undefined ? 'variant_id' : 'product_id');
  const entry: BackInStockEntry = { email: req.email.trim(), at: Date.now() };
  if (req.product_id !== undefined) entry.product_id = req.product_id;
  if (req.variant_id !== undefined) entry.variant_id = req.variant_id;
  return andThen(ctx.store.backInStock.add(entry), () => ({ success: true as const, message: 'Thanks! We will notify you when this product becomes available!' }));
}
