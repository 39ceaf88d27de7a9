import { afterEach, describe, expect, it, vi } from 'vitest';

const GLOBALS = ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'crypto'] as const;
const touched: string[] = [];

function trapGlobals(): () => void {
  const saved = GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        throw new Error(`touched ${name}`);
      },
    });
  }
  return () => {
    for (const [name, d] of saved) {
      if (d) Object.defineProperty(globalThis, name, d);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
}

let restore: () => void = () => {};
afterEach(() => {
  restore();
  touched.length = 0;
});

describe('the package entry', () => {
  it('touches no browser global at import time, nor when every seam is injected', async () => {
    vi.resetModules();
    restore = trapGlobals();
    const mod = await import('./index');
    expect(Object.keys(mod).sort()).toEqual(['ACTIONS', 'CART_RETRY_DELAY', 'SOURCES', 'createAnalytics']);
    let n = 0;
    const q = mod.createAnalytics({
      url: '/collect',
      shop: 's',
      storage: null,
      fetch: async () => ({ status: 200, headers: { get: () => null }, json: async () => ({ token: 't', item_count: 1 }) }),
      beacon: null,
      listen: null,
      context: () => ({ qs: '', r: '' }),
      uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      warn: () => {},
    });
    q.track('view_product', 1, 'filter');
    await q.flush();
    expect(q.getSnapshot()).toMatchObject({ pending: 0, storageMode: 'memory', cartToken: 't' });
    q.destroy();
    expect(touched).toEqual([]);
  });
});
