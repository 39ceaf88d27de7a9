import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserBeacon, browserContext, browserListen, browserStorage, browserUuid } from './browser-defaults';
import { UUID_V4 } from './uuid-v4';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browser defaults', () => {
  it('are safe without a DOM (Node, server rendering)', () => {
    expect(browserStorage()).toBeNull();
    expect(browserBeacon()).toBeNull();
    expect(browserContext()).toEqual({ qs: '', r: '' });
    const off = browserListen(() => {});
    expect(() => off()).not.toThrow();
  });

  it('[F3.18] browserUuid makes v4 UUIDs with getRandomValues, or Math.random without crypto', () => {
    expect(browserUuid()).toMatch(UUID_V4);
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(0xab) });
    expect(browserUuid()).toBe('abababab-abab-4bab-abab-abababababab');
    vi.stubGlobal('crypto', undefined);
    const ids = new Set(Array.from({ length: 50 }, () => browserUuid()));
    expect([...ids].every((id) => UUID_V4.test(id))).toBe(true);
    expect(ids.size).toBe(50);
  });

  it('maps the page events to hide, show and storage', () => {
    const handlers = new Map<string, (e?: unknown) => void>();
    const target = {
      addEventListener: (t: string, f: (e?: unknown) => void) => handlers.set(t, f),
      removeEventListener: (t: string) => handlers.delete(t),
    };
    const doc = { ...target, visibilityState: 'hidden', referrer: 'https://r.test/' };
    vi.stubGlobal('window', { ...target, localStorage: 'LS' });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { search: '?q=1' });
    const seen: unknown[] = [];
    const off = browserListen((e, k) => seen.push(k === undefined ? e : [e, k]));
    handlers.get('visibilitychange')?.();
    doc.visibilityState = 'visible';
    handlers.get('visibilitychange')?.();
    handlers.get('pagehide')?.();
    handlers.get('online')?.();
    handlers.get('storage')?.({ key: 'pkg-analytics:pending' });
    expect(seen).toEqual(['hide', 'show', 'hide', 'show', ['storage', 'pkg-analytics:pending']]);
    off();
    expect(handlers.size).toBe(0);
    expect(browserStorage()).toBe('LS');
    expect(browserContext()).toEqual({ qs: 'q=1', r: 'https://r.test/' });
  });
});
