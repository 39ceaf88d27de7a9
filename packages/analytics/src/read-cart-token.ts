/**
 * Reads the cart token from the body of the cart JSON call (`{token, item_count}`, F3.17, F7.3).
 * A string token is returned as is; an empty cart (no token, with a numeric `item_count`) gives
 * `''`; anything else is not a cart answer and gives `null`. Never throws.
 */
export function readCartToken(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { token, item_count: count } = body as { token?: unknown; item_count?: unknown };
  return typeof token === 'string' ? token : token == null && typeof count === 'number' ? '' : null;
}
