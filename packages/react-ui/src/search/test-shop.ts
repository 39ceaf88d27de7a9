// Test helpers for the search components (not exported): a small catalog answered in the wire
// format by an in-memory transport whose answers the test can hold back and release.
import { createSettings, type Transport } from '@pkg/core-filter';
import { createSuggestController, type SuggestControllerOptions } from '@pkg/suggest';

export const settings = createSettings({
  api: { suggestionUrl: '/api/suggest', searchUrl: '/api/search', productsUrl: '/api/products' },
  shop: { domain: 'shop.test', money_format: '${{amount}}' },
});

export const catalog = [
  { id: 1, title: 'Red shoe', handle: 'red-shoe', vendor: 'Acme', skus: ['RS-1'], images: ['https://cdn.shopify.com/red-shoe.jpg'], price_min: 40, price_max: 40, compare_at_price_min: 50, available: true },
  { id: 2, title: 'Red hat', handle: 'red-hat', vendor: 'Hatters', skus: ['RH-2'], images: ['https://cdn.test/red-hat.png'], price_min: 15, price_max: 15, available: true },
  { id: 3, title: 'Blue shoe', handle: 'blue-shoe', vendor: 'Acme', skus: [], images: [], price_min: 30, price_max: 30, available: true },
];

export interface Call {
  q: string;
  params: ReadonlyArray<readonly [string, string]>;
  release(): void;
}

/** Answers like the service; `hold` keeps answers back until `release()` (or `releaseAll`). */
export function fakeService(opts: { hold?: boolean; extra?: (q: string) => Record<string, unknown> } = {}) {
  const calls: Call[] = [];
  const transport: Transport = ({ params }) => {
    const q = new Map(params).get('q') ?? '';
    const hits = catalog.filter((p) => q.split(' ').every((w) => p.title.toLowerCase().includes(w.toLowerCase())));
    const answer = {
      query: q,
      total_product: hits.length,
      suggestions: hits.length ? [`${q} sale`] : [],
      collections: [],
      pages: [],
      products: hits,
      ...opts.extra?.(q),
    };
    return new Promise((resolve) => {
      const call = { q, params, release: () => resolve(answer) };
      calls.push(call);
      if (!opts.hold) call.release();
    });
  };
  return { transport, calls, releaseAll: () => calls.forEach((c) => c.release()) };
}

export function makeController(options: Partial<SuggestControllerOptions> = {}) {
  const visited: string[] = [];
  const submitted: string[] = [];
  const service = fakeService();
  const controller = createSuggestController({
    settings,
    transport: service.transport,
    storage: null,
    pathname: '/',
    navigate: (url) => void visited.push(url),
    submitSearch: (term) => void submitted.push(term),
    ...options,
  });
  return { controller, visited, submitted, service };
}
