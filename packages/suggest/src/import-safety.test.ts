import { afterEach, describe, expect, it, vi } from 'vitest';

const GLOBALS = ['window', 'document', 'location', 'history', 'navigator', 'localStorage', 'sessionStorage'];

describe('import safety', () => {
  afterEach(() => {
    for (const name of GLOBALS) delete (globalThis as Record<string, unknown>)[name];
    vi.resetModules();
  });

  it('touches no browser global when imported or when a controller is created with seams', async () => {
    const touched: string[] = [];
    for (const name of GLOBALS)
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => {
          touched.push(name);
          return undefined;
        },
      });
    vi.resetModules();
    const mod = await import('./index');
    const c = mod.createSuggestController({ settings: {}, transport: async () => ({}), timers: { setTimeout: () => 0, clearTimeout: () => undefined }, storage: null, navigate: () => undefined, pathname: '/' });
    c.setInput('x');
    mod.createSearchPanels({ settings: {}, term: 'x', transport: async () => ({}) });
    expect(touched).toEqual([]);
  });
});
