// /cart.js, /cart/add.js, /cart/change.js: a shop-style cart of variant lines per token, kept in
// the engine's store.
import type { WireCart } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import { andThen, type MaybePromise } from '../engine-store';
import type { CartLineInput } from '../engine-types';
import { LIMITS } from '../limits';
import { wireId } from '../to-wire-product';

export interface CartChange {
  id?: string | number;
  line?: number;
  quantity: number;
}

const EMPTY_CART: WireCart = { token: '', item_count: 0, items: [], total_price: 0, currency: 'USD' };

function cartJson(ctx: EngineContext, token: string, lines: ReadonlyMap<string, number> | undefined): WireCart {
  const items: NonNullable<WireCart['items']> = [];
  let count = 0;
  let total = 0;
  for (const [variantId, quantity] of lines ?? []) {
    const found = ctx.index.variantById(variantId);
    if (!found) continue;
    const { p, v } = found;
    const price = Math.round(v.price * 100);
    items.push({ id: wireId(v.id), product_id: wireId(p.id), variant_id: wireId(v.id), quantity, title: v.title && v.title !== 'Default Title' ? `${p.title} - ${v.title}` : p.title, price, handle: p.handle, image: v.image ?? p.images[0]?.src ?? null });
    count += quantity;
    total += price * quantity;
  }
  return { token: lines ? token : '', item_count: count, items, total_price: total, currency: 'USD' };
}

/** The cart of a token (a well-formed one, else a new token), empty when unknown. */
function cartFor(ctx: EngineContext, token: string | null): MaybePromise<[string, Map<string, number>]> {
  const given = token && /^[A-Za-z0-9_-]{1,64}$/.test(token) ? token : null;
  const t: string = given ?? ctx.options.createToken();
  return andThen(ctx.store.carts.get(t), (kept) => [t, new Map(kept ?? [])]);
}

function quantityOf(raw: unknown, param: string, min: number): number {
  const n = raw === undefined ? 1 : Number(raw);
  if (!Number.isInteger(n) || n < min || n > LIMITS.quantity) throw badParam(param, `quantity must be a whole number from ${min} to ${LIMITS.quantity}.`);
  return n;
}

export function cart(ctx: EngineContext, token: string | null): MaybePromise<WireCart> {
  return andThen(token ? ctx.store.carts.get(token) : undefined, (lines) => (token && lines ? cartJson(ctx, token, lines) : { ...EMPTY_CART, items: [] }));
}

export function hasCart(ctx: EngineContext, token: string | null | undefined): MaybePromise<boolean> {
  return typeof token === 'string' ? andThen(ctx.store.carts.get(token), (lines) => lines !== undefined) : false;
}

export function cartAdd(ctx: EngineContext, token: string | null, items: readonly CartLineInput[]): MaybePromise<WireCart> {
  if (items.length === 0) throw badParam('items', 'Nothing to add: send { id, quantity } or { items: [...] }.');
  for (const it of items) {
    if (!ctx.index.variantById(String(it.id))) throw new EngineRequestError(404, 'not_found', `No variant with id "${String(it.id).slice(0, 40)}".`, 'id');
    quantityOf(it.quantity, 'quantity', 1);
  }
  return andThen(cartFor(ctx, token), ([t, lines]) => {
    for (const it of items) {
      const id = String(it.id);
      if (!lines.has(id) && lines.size >= LIMITS.cartLines) throw badParam('items', `A cart holds at most ${LIMITS.cartLines} lines.`, 'too_many_values');
      lines.set(id, Math.min(LIMITS.quantity, (lines.get(id) ?? 0) + quantityOf(it.quantity, 'quantity', 1)));
    }
    return andThen(ctx.store.carts.set(t, lines), () => cartJson(ctx, t, lines));
  });
}

export function cartChange(ctx: EngineContext, token: string | null, change: CartChange): MaybePromise<WireCart> {
  const qty = quantityOf(change.quantity, 'quantity', 0);
  return andThen(cartFor(ctx, token), ([t, lines]) => {
    let id = change.id !== undefined ? String(change.id) : undefined;
    if (id === undefined && change.line !== undefined) id = [...lines.keys()][change.line - 1];
    if (id === undefined || !lines.has(id)) throw new EngineRequestError(404, 'not_found', 'That line is not in the cart.', change.id !== undefined ? 'id' : 'line');
    if (qty === 0) lines.delete(id);
    else lines.set(id, qty);
    return andThen(ctx.store.carts.set(t, lines), () => cartJson(ctx, t, lines));
  });
}
