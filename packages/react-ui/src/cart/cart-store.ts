import { createStore } from '@pkg/kit';
import type { WireCart } from '@pkg/core-filter';

/** A fetch-compatible function (the browser's, or `engine.fetch` in tests). */
export type CartFetch = (input: string, init?: RequestInit) => Promise<Response>;

export type CartLine = NonNullable<WireCart['items']>[number];

export interface CartSnapshot {
  /** The last cart the platform answered; null until the first answer. */
  readonly cart: WireCart | null;
  readonly status: 'idle' | 'loading' | 'error';
  /** The platform's message (or a network message) when the last call failed. */
  readonly error: string | null;
  /** Counts successful adds; the mini cart opens when it changes. */
  readonly added: number;
}

export interface CartStoreOptions {
  /** Defaults to the browser's fetch, resolved when first needed. */
  fetch?: CartFetch;
  /** The shop root the cart paths hang under: '' (default), '/fr' for a locale, or an origin. */
  cartUrl?: string;
  /** Sent with every cart call (default 'same-origin'); use 'include' for a cart on another origin. */
  credentials?: RequestCredentials;
}

export interface CartStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CartSnapshot;
  /** GET /cart.js. */
  refresh(): Promise<WireCart | null>;
  /** POST /cart/add.js `{ id, quantity }`; resolves to the new cart, or null when it failed (see `error`). */
  add(variantId: string | number, quantity?: number): Promise<WireCart | null>;
  /** POST /cart/change.js `{ id, quantity }` (0 removes the line). */
  change(variantId: string | number, quantity: number): Promise<WireCart | null>;
}

const isCart = (v: unknown): v is WireCart =>
  typeof v === 'object' && v !== null && typeof (v as WireCart).token === 'string' && typeof (v as WireCart).item_count === 'number';

/**
 * A tiny cart store over the platform's cart calls (`/cart.js`, `/cart/add.js`,
 * `/cart/change.js`). Calls never throw: failures come back as `status: 'error'` with the
 * platform's message. The cart token travels in the `cart` cookie, as on the platform.
 */
export function createCartStore(options: CartStoreOptions = {}): CartStore {
  const root = (options.cartUrl ?? '').replace(/\/+$/, '');
  const doFetch: CartFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const credentials = options.credentials ?? 'same-origin';
  const store = createStore<CartSnapshot>({ cart: null, status: 'idle', error: null, added: 0 });
  const set = store.update;
  const snap = store.getSnapshot;
  let seq = 0;
  async function call(path: string, body?: object, isAdd = false): Promise<WireCart | null> {
    const mine = ++seq;
    set({ status: 'loading', error: null });
    try {
      const res = await doFetch(`${root}${path}`, body
        ? { method: 'POST', credentials, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }
        : { credentials, headers: { accept: 'application/json' } });
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok || !isCart(json)) {
        const msg = json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string' ? (json as { message: string }).message : `Cart request failed (${res.status}).`;
        if (mine === seq) set({ status: 'error', error: msg });
        return null;
      }
      // A slower, older answer never overwrites a newer one.
      if (mine === seq) set({ cart: json, status: 'idle', ...(isAdd ? { added: snap().added + 1 } : {}) });
      else if (isAdd) set({ added: snap().added + 1 });
      return json;
    } catch (e) {
      if (mine === seq) set({ status: 'error', error: e instanceof Error ? e.message : String(e) });
      return null;
    }
  }
  return {
    subscribe: store.subscribe,
    getSnapshot: snap,
    refresh: () => call('/cart.js'),
    add: (id, quantity = 1) => call('/cart/add.js', { id, quantity }, true),
    change: (id, quantity) => call('/cart/change.js', { id, quantity }),
  };
}
