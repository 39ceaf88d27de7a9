// /analytics (S8: tracked product views, quick views, add to cart, buy now) and /back-in-stock
// requests: validated here, kept in the engine's store (engine-store.ts).
import type { WireAnalyticsRecord } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import type { BackInStockRequest } from '../engine-types';

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
  if (!ANALYTICS_ACTIONS.includes(rec.u as string)) throw badParam('u', `Analytics action must be one of ${ANALYTICS_ACTIONS.join(', ')}.`);
  if (!ANALYTICS_SOURCES.includes(rec.a as string)) throw badParam('a', `Analytics source must be one of ${ANALYTICS_SOURCES.join(', ')}.`);
  if (rec.id !== undefined && (typeof rec.id !== 'string' || rec.id.length > 128)) throw badParam('id', 'Analytics record id must be a string of at most 128 characters.');
}

/** Validates every record first (one bad record rejects the batch), then keeps each new one. */
export function recordAnalytics(ctx: EngineContext, records: readonly WireAnalyticsRecord[]): { accepted: number; duplicates: number } {
  records.forEach((r, i) => validateRecord(r, i));
  let accepted = 0;
  let duplicates = 0;
  for (const r of records) {
    if (ctx.store.analytics.add(r)) accepted++;
    else duplicates++;
  }
  return { accepted, duplicates };
}

export function requestBackInStock(ctx: EngineContext, req: BackInStockRequest): { success: true; message: string } {
  if (typeof req.email !== 'string' || !EMAIL.test(req.email.trim())) {
    throw badParam('email', 'Please provide a valid email address.', 'invalid_email');
  }
  const known = (req.variant_id !== undefined && ctx.index.variantById(String(req.variant_id))) || (req.product_id !== undefined && ctx.index.productById.has(String(req.product_id)));
  if (!known) throw new EngineRequestError(404, 'not_found', 'No such product or variant.', req.variant_id !== undefined ? 'variant_id' : 'product_id');
  const entry: BackInStockRequest = { email: req.email.trim() };
  if (req.product_id !== undefined) entry.product_id = req.product_id;
  if (req.variant_id !== undefined) entry.variant_id = req.variant_id;
  ctx.store.backInStock.add(entry);
  return { success: true, message: 'Thanks! We will notify you when this product becomes available!' };
}
