// Fakes for the tests of this package (not exported from the entry point): a virtual clock with
// timers, a transport whose answers the test releases in any order, and wire answers.
import { createSettings, toUrl, type RequestSpec, type Settings, type SettingsInput, type Timers, type Transport, type WireSuggestResponse } from '@pkg/core-filter';

export function fakeTimers(): Timers & { now(): number; advance(ms: number): void; pending(): number } {
  let clock = 0;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      const id = ++seq;
      queue.set(id, { at: clock + ms, fn });
      return id;
    },
    clearTimeout: (id) => void queue.delete(id as number),
    now: () => clock,
    pending: () => queue.size,
    advance(ms) {
      const end = clock + ms;
      for (;;) {
        const next = [...queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!next) break;
        queue.delete(next[0]);
        clock = next[1].at;
        next[1].fn();
      }
      clock = end;
    },
  };
}

export interface Call {
  readonly spec: RequestSpec;
  readonly url: string;
  readonly params: URLSearchParams;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A transport that records each call and answers only when the test says so. */
export function deferredTransport(): { transport: Transport; calls: Call[] } {
  const calls: Call[] = [];
  const transport: Transport = (spec) =>
    new Promise((resolve, reject) => {
      const url = toUrl(spec);
      calls.push({ spec, url, params: new URL(url, 'https://x.test').searchParams, resolve, reject });
    });
  return { transport, calls };
}

/** A transport that answers at once from a function of the params. */
export function answeringTransport(answer: (params: URLSearchParams, url: string) => unknown): { transport: Transport; calls: URLSearchParams[] } {
  const calls: URLSearchParams[] = [];
  const transport: Transport = async (spec) => {
    const url = toUrl(spec);
    const params = new URL(url, 'https://x.test').searchParams;
    calls.push(params);
    return answer(params, url);
  };
  return { transport, calls };
}

export function testSettings(extra: SettingsInput = {}): Settings {
  return createSettings({
    ...extra,
    api: { suggestionUrl: 'https://api.test/suggest', productsUrl: 'https://api.test/products', searchUrl: 'https://api.test/search', ...extra.api },
    shop: { domain: 'demo.myshopify.com', name: 'Demo', ...extra.shop },
  });
}

/** A suggestion answer for `q`: one suggestion, one product, the totals given. */
export function wireAnswer(q: string, extra: Partial<WireSuggestResponse> = {}): WireSuggestResponse {
  return {
    query: q,
    event_type: 'suggest',
    total_product: 1,
    suggestions: [`${q} sale`],
    collections: [],
    pages: [],
    products: [{ id: 1, title: `${q} product`, handle: `${q.replace(/\W+/g, '-')}-product`, price_min: 10, price_max: 10 }],
    ...extra,
  };
}

/** Lets pending promise callbacks run. */
export const tick = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
