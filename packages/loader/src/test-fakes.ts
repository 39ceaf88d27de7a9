// Test fakes shared by the loader's tests (not part of the package entry).

/** A window whose width can be changed: `resize(w)` sets innerWidth and fires the resize listeners. */
export function fakeResizableWindow(width: number) {
  const listeners = new Set<() => void>();
  return {
    innerWidth: width,
    addEventListener: (_: 'resize', fn: () => void) => void listeners.add(fn),
    removeEventListener: (_: 'resize', fn: () => void) => void listeners.delete(fn),
    resize(w: number) {
      this.innerWidth = w;
      for (const fn of listeners) fn();
    },
    listeners,
  } as { innerWidth: number; resize(w: number): void; addEventListener(t: 'resize', f: () => void): void; removeEventListener(t: 'resize', f: () => void): void; listeners: Set<() => void> } & Record<string, unknown>;
}

/** A wire product with two variants (the second sold out), as the filter and products calls send it. */
export function wireProduct(id: number, title: string, options: { soldOut?: boolean } = {}) {
  return {
    id,
    title,
    handle: title.toLowerCase().replace(/\s+/g, '-'),
    price_min: 10,
    price_max: 12,
    available: !options.soldOut,
    options_with_values: [{ name: 'size', label: 'Size', values: [{ title: 'S' }, { title: 'M' }] }],
    variants: [
      { id: id * 100 + 1, title: 'S', price: 10, available: !options.soldOut, merged_options: ['size:S'] },
      { id: id * 100 + 2, title: 'M', price: 12, available: false, merged_options: ['size:M'] },
    ],
  };
}

type FetchInit = { method?: string; body?: BodyInit | null } | undefined;

/**
 * A shop answering the platform's cart calls (`/cart.js`, `/cart/add.js`, `/cart/change.js`, prices
 * in cents), a back-in-stock endpoint (400 `invalid_email` without an @) and a products call, in
 * memory. Every request is kept in `requests`.
 */
export function fakeShop(products: ReadonlyArray<ReturnType<typeof wireProduct>>) {
  const lines = new Map<number, number>();
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const backInStock: unknown[] = [];
  const variant = (id: number) => products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find((x) => x.v.id === id);
  const cart = () => {
    const items = [...lines].map(([id, quantity]) => {
      const { p, v } = variant(id)!;
      return { id, product_id: p.id, variant_id: id, quantity, title: `${p.title} - ${v.title}`, price: v.price * 100 };
    });
    return { token: lines.size ? 'tok-1' : '', item_count: items.reduce((n, i) => n + i.quantity, 0), items, total_price: items.reduce((n, i) => n + i.price * i.quantity, 0), currency: 'USD' };
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (input: string, init?: FetchInit): Promise<Response> => {
    const url = new URL(input, 'http://shop.test');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    requests.push({ url: url.pathname + url.search, method: init?.method ?? 'GET', body });
    const b = (body ?? {}) as { id?: number | string; quantity?: number; email?: string };
    switch (url.pathname) {
      case '/cart.js':
        return json(cart());
      case '/cart/add.js': {
        if (!variant(Number(b.id))) return json({ status: 404, message: 'No such variant.' }, 404);
        lines.set(Number(b.id), (lines.get(Number(b.id)) ?? 0) + (b.quantity ?? 1));
        return json(cart());
      }
      case '/cart/change.js':
        if (b.quantity === 0) lines.delete(Number(b.id));
        else lines.set(Number(b.id), b.quantity ?? 1);
        return json(cart());
      case '/api/back-in-stock':
        if (!String(b.email).includes('@')) return json({ error: 'invalid_email', message: 'Please provide a valid email address.' }, 400);
        backInStock.push(body);
        return json({ success: true });
      case '/api/products':
        return json(url.searchParams.getAll('ids').flatMap((id) => products.filter((p) => String(p.id) === id)));
      default:
        return json({ error: 'not_found' }, 404);
    }
  };
  return { fetch, requests, backInStock, lines };
}
