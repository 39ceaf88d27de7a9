import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, fixedHistory, type RouteChange, type RouterWindow } from './router';
import { createUrlConfig } from './url-config';
import { createMemoryHistory } from './memory';
import type { FilterUrlState } from './filter-url-state';

/** A window with a real history stack, built on URL, for Node (no DOM). */
function fakeWindow(start: string) {
  type Entry = { url: URL; state: unknown };
  const entries: Entry[] = [{ url: new URL(start, 'https://shop.test'), state: null }];
  let index = 0;
  const listeners = new Set<() => void>();
  const calls: string[] = [];
  const at = (): Entry => entries[index]!;
  const win: RouterWindow = {
    location: {
      get pathname() { return at().url.pathname; },
      get search() { return at().url.search; },
      get hash() { return at().url.hash; },
    },
    history: {
      get state() { return at().state; },
      pushState(data, _unused, url) {
        calls.push(`push ${url}`);
        entries.splice(index + 1, entries.length, { url: new URL(url!, at().url), state: data });
        index++;
      },
      replaceState(data, _unused, url) {
        calls.push(`replace ${url}`);
        entries[index] = { url: new URL(url!, at().url), state: data };
      },
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  return {
    win,
    calls,
    listeners,
    /** Back (-1) or forward (+1), firing popstate as a browser does. */
    go(delta: number) {
      index += delta;
      for (const listener of [...listeners]) listener();
    },
    /** A click on an in-page anchor: a new entry that differs only in its hash. */
    followAnchor(hash: string) {
      entries.splice(index + 1, entries.length, { url: new URL(hash, at().url), state: null });
      index++;
    },
    href: () => at().url.pathname + at().url.search + at().url.hash,
  };
}

const state = (partial: Partial<FilterUrlState>): FilterUrlState => ({ filters: {}, flags: {}, page: 1, extra: {}, ...partial });
const config = createUrlConfig({ defaults: { sort: 'manual' } });

describe('createRouter', () => {
  it('reads the current address', () => {
    const { win } = fakeWindow('/collections/shoes?pf_t_color=Red&page=2');
    const router = createRouter({ config, window: win });
    expect(router.read()).toEqual({ reset: false, state: state({ filters: { pf_t_color: ['Red'] }, page: 2 }) });
  });

  it('[S2.14] pushes the sorted address for a state, and writes nothing when it would not change', () => {
    const fake = fakeWindow('/collections/shoes?utm_source=mail');
    const router = createRouter({ config, window: fake.win });
    const read = router.read().state;
    expect(router.push({ ...read, filters: { pf_t_size: ['M'], pf_t_color: ['Red'] }, page: 2, sort: 'manual' })).toBe(true);
    expect(fake.href()).toBe('/collections/shoes?page=2&pf_t_color=Red&pf_t_size=M&utm_source=mail');
    expect(router.push(router.read().state)).toBe(false);
    expect(fake.calls).toEqual(['push /collections/shoes?page=2&pf_t_color=Red&pf_t_size=M&utm_source=mail']);
    expect(router.href(state({}))).toBe('/collections/shoes?utm_source=mail');
  });

  it('replaces the current entry and keeps its history state (scroll records live there)', () => {
    const fake = fakeWindow('/collections/shoes');
    fake.win.history.replaceState({ scroll: 120 }, '', '/collections/shoes');
    const router = createRouter({ config, window: fake.win });
    expect(router.replace(state({ page: 3 }))).toBe(true);
    expect(fake.href()).toBe('/collections/shoes?page=3');
    expect(fake.win.history.state).toEqual({ scroll: 120 });
  });

  it('[S2.16] hands the state read from the address to listeners on popstate, as a history event', () => {
    const fake = fakeWindow('/collections/shoes');
    const router = createRouter({ config, window: fake.win });
    const changes: RouteChange[] = [];
    router.subscribe((change) => changes.push(change));
    router.push(state({ filters: { pf_t_color: ['Red'] } }));
    router.push(state({ filters: { pf_t_color: ['Red'] }, page: 2 }));
    fake.go(-1);
    fake.go(-1);
    fake.go(2);
    expect(changes).toEqual([
      { state: state({ filters: { pf_t_color: ['Red'] } }), eventType: 'history', reset: false, path: '/collections/shoes', data: undefined, scroll: undefined },
      { state: state({}), eventType: 'history', reset: false, path: '/collections/shoes', data: undefined, scroll: undefined },
      { state: state({ filters: { pf_t_color: ['Red'] }, page: 2 }), eventType: 'history', reset: false, path: '/collections/shoes', data: undefined, scroll: undefined },
    ]);
  });

  it('[S2.16] ignores a popstate that changes only the hash', () => {
    const fake = fakeWindow('/collections/shoes?page=2');
    const router = createRouter({ config, window: fake.win });
    const listener = vi.fn();
    router.subscribe(listener);
    fake.followAnchor('#reviews');
    fake.go(-1);
    fake.go(1);
    expect(listener).not.toHaveBeenCalled();
    router.push(state({ page: 3 }));
    fake.followAnchor('#top');
    fake.go(-1); // hash only
    fake.go(-1); // back to page 2: a real change
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ state: { page: 2 }, eventType: 'history' });
  });

  it('[F5.8] replaces a bad address with its clean path when reading it', () => {
    const fake = fakeWindow('/search?q=<script>alert(1)</script>');
    const router = createRouter({ config: createUrlConfig({ pageKind: 'search' }), window: fake.win });
    expect(router.read()).toEqual({ reset: true, state: state({}), path: '/search' });
    expect(fake.calls).toEqual(['replace /search']);
    expect(fake.href()).toBe('/search');
  });

  it('[F5.8, S2.16] resets a bad address reached through history and tells the listeners', () => {
    const fake = fakeWindow('/search?q=x%22%20onmouseover%3Dalert(1)');
    fake.followAnchor('/search?q=shoes');
    const router = createRouter({ config: createUrlConfig({ pageKind: 'search' }), window: fake.win });
    const changes: RouteChange[] = [];
    router.subscribe((change) => changes.push(change));
    fake.go(-1);
    expect(changes).toEqual([{ state: state({}), eventType: 'history', reset: true, path: '/search', data: undefined, scroll: undefined }]);
    expect(fake.href()).toBe('/search');
  });

  it('adds one popstate handler for all listeners and removes it with the last one', () => {
    const fake = fakeWindow('/collections/shoes');
    const router = createRouter({ config, window: fake.win });
    const offA = router.subscribe(() => {});
    const offB = router.subscribe(() => {});
    expect(fake.listeners.size).toBe(1);
    offA();
    offA();
    expect(fake.listeners.size).toBe(1);
    offB();
    expect(fake.listeners.size).toBe(0);
  });
});

describe('createRouter over a history seam', () => {
  it('[S2.16] keeps foreign parameters in their order on every write, after ours', () => {
    const history = createMemoryHistory('/collections/shoes?utm_source=mail&preview_theme_id=7&theme_x=b&theme_x=a');
    const router = createRouter({ config, history });
    router.push(state({ filters: { pf_t_color: ['Red'] } }));
    expect(history.entries().urls.at(-1)).toBe('/collections/shoes?pf_t_color=Red&utm_source=mail&preview_theme_id=7&theme_x=b&theme_x=a');
    router.replace(state({ page: 2 }), { path: '/collections/boots' });
    expect(history.entries().urls.at(-1)).toBe('/collections/boots?page=2&utm_source=mail&preview_theme_id=7&theme_x=b&theme_x=a');
  });

  it('[S2.16, S2.19] a move restores the path, title, scroll and data each entry was written with', () => {
    const history = createMemoryHistory('/collections/all');
    history.title('Products - Shop');
    const router = createRouter({ config, history });
    const changes: RouteChange[] = [];
    router.subscribe((change) => changes.push(change));
    history.scroll(640);
    router.push(state({}), { path: '/collections/bags', title: 'Bags - Shop', data: { scope: '5' } });
    expect(history.title()).toBe('Bags - Shop');
    history.scroll(300);
    router.push(state({ filters: { pf_v_vendor: ['Acme'] } }), { data: { scope: '5' } });
    history.go(-1);
    expect(changes.at(-1)).toEqual({ state: state({}), eventType: 'history', reset: false, path: '/collections/bags', data: { scope: '5' }, scroll: 300 });
    expect(history.title()).toBe('Bags - Shop');
    history.go(-1);
    expect(changes.at(-1)).toMatchObject({ path: '/collections/all', data: undefined, scroll: 640 });
    expect(history.title()).toBe('Products - Shop');
    router.scrollTo(640);
    expect(history.scroll()).toBe(640);
    history.go(2);
    expect(changes.at(-1)).toMatchObject({ state: { filters: { pf_v_vendor: ['Acme'] } }, path: '/collections/bags', data: { scope: '5' } });
    expect(history.entries()).toEqual({ urls: ['/collections/all', '/collections/bags', '/collections/bags?pf_v_vendor=Acme'], index: 2 });
  });

  it('a framework history (here a plain object) is all the router needs', () => {
    const log: string[] = [];
    let url = new URL('https://shop.test/search?q=hat');
    const history = {
      location: () => url,
      data: () => null,
      push: (to: string) => void (log.push(`push ${to}`), (url = new URL(to, url))),
      replace: (to: string) => void (log.push(`replace ${to}`), (url = new URL(to, url))),
      listen: () => () => {},
    };
    const router = createRouter({ config: createUrlConfig({ pageKind: 'search' }), history });
    expect(router.read().state.term).toBe('hat');
    router.push({ ...router.read().state, tab: 'pages' });
    expect(log).toEqual(['push /search?q=hat&tab=pages']);
  });
});

describe('fixedHistory', () => {
  const config = createUrlConfig({ pageKind: 'collection', scheme: 1 });

  it('stays at its address: links keep the parameters the product does not own, writes and listeners do nothing', () => {
    const history = fixedHistory({ pathname: '/collections/all', search: 'utm_source=mail&pf_v_vendor=Acme' });
    const router = createRouter({ config, history });
    expect(router.read()).toMatchObject({ reset: false, state: { filters: { pf_v_vendor: ['Acme'] } } });
    expect(router.href({ ...router.read().state, page: 2 })).toBe('/collections/all?page=2&pf_v_vendor=Acme&utm_source=mail');
    expect(router.push({ ...router.read().state, page: 3 })).toBe(true);
    const heard = vi.fn();
    router.subscribe(heard)();
    expect(history.location()).toEqual({ pathname: '/collections/all', search: '?utm_source=mail&pf_v_vendor=Acme', hash: '' });
    expect(heard).not.toHaveBeenCalled();
  });

  it('[F5.8, S5.1] stands a bad address at its clean path with no query, or at / when the path itself is bad', () => {
    const bad = fixedHistory({ pathname: '/collections/all', search: '?q=%3Cscript%3Ealert(1)%3C/script%3E&utm_source=mail' });
    expect(bad.location()).toEqual({ pathname: '/collections/all', search: '', hash: '' });
    expect(createRouter({ config, history: bad }).href({ ...createRouter({ config, history: bad }).read().state, page: 2 })).toBe('/collections/all?page=2');
    // The hash is screened too: a good query after it goes with the rest.
    expect(fixedHistory({ pathname: '/collections/all', search: '?page=2', hash: '#<img src=x onerror=alert(1)>' }).location()).toEqual({ pathname: '/collections/all', search: '', hash: '' });
    expect(fixedHistory({ pathname: '/collections/<script>alert(1)</script>', search: '?page=2' }).location()).toEqual({ pathname: '/', search: '', hash: '' });
  });
});

describe('browser default', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
    vi.resetModules();
  });

  it('never touches window at import or creation, and asks for one when there is none', async () => {
    let touched = 0;
    Object.defineProperty(globalThis, 'window', { configurable: true, get: () => (touched++, undefined) });
    vi.resetModules();
    const fresh = { ...(await import('./index')), ...(await import('./router')) };
    const router = fresh.createRouter({ config: fresh.createUrlConfig() });
    expect(touched).toBe(0);
    expect(() => router.read()).toThrow('[@pkg/url-state] No window: pass createRouter({ window }).');
    expect(touched).toBeGreaterThan(0);
  });

  it('says only that there is no window in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      Object.defineProperty(globalThis, 'window', { configurable: true, value: undefined });
      const fresh = { ...(await import('./index')), ...(await import('./router')) };
      expect(() => fresh.createRouter({ config: fresh.createUrlConfig() }).read()).toThrowError(/^\[@pkg\/url-state\] No window$/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('uses the global window when there is one, looked up on first use', async () => {
    const fake = fakeWindow('/collections/all?page=4');
    (globalThis as { window?: unknown }).window = fake.win;
    const fresh = { ...(await import('./index')), ...(await import('./router')) };
    expect(fresh.createRouter({ config: fresh.createUrlConfig() }).read().state.page).toBe(4);
  });
});
