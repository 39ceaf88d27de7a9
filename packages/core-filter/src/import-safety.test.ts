import { afterEach, describe, expect, it, vi } from 'vitest';

const GLOBALS = ['window', 'document', 'location', 'history', 'navigator', 'localStorage', 'sessionStorage', 'fetch'];

afterEach(() => {
  for (const name of GLOBALS) if (Object.getOwnPropertyDescriptor(globalThis, `__saved_${name}`)) restore(name);
});

function restore(name: string): void {
  const saved = Object.getOwnPropertyDescriptor(globalThis, `__saved_${name}`);
  delete (globalThis as Record<string, unknown>)[`__saved_${name}`];
  if (saved?.value) Object.defineProperty(globalThis, name, saved.value as PropertyDescriptor);
  else delete (globalThis as Record<string, unknown>)[name];
}

describe('import safety', () => {
  it('importing the package and creating settings and a controller touches no browser global', async () => {
    const touched: string[] = [];
    for (const name of GLOBALS) {
      const original = Object.getOwnPropertyDescriptor(globalThis, name);
      Object.defineProperty(globalThis, `__saved_${name}`, { value: original, configurable: true });
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return original && 'value' in original ? original.value : original?.get?.call(globalThis);
        },
      });
    }
    vi.resetModules();
    const mod = await import('./index');
    const settings = mod.createSettings({ general: { collection_id: 1 } });
    mod.createFilterController({ settings, transport: async () => ({ total_product: 0, products: [] }), location: { pathname: '/collections/all' }, window: null, sessionStorage: null, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
    expect(touched).toEqual([]);
    expect(typeof mod.createFilterController).toBe('function');
  });
});
