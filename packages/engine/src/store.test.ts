// The same contract for every store: memory, SQLite (a real file) and PostgreSQL (a real server,
// started by scripts/ensure-postgres.mjs inside pnpm test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../scripts/test-utils/postgres-database.mjs';
import { createEngine } from './create-engine';
import type { AnalyticsEvent, EngineStore, SearchLogEntry } from './engine-store';
import { createMemoryStore } from './engine-store';
import { LIMITS } from './limits';
import { openStore } from './store';
import { smallCatalog } from './test-fixtures';

const event = (id: string, over: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  id, receivedAt: 1_000, tid: 'shop', ct: 'c', pid: '1', t: '2026-01-01T00:00:00Z', u: 'view_product', a: 'search', qs: 'q=red', r: '', sid: 's', ...over,
});

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const kinds: Array<[string, () => Promise<{ open: () => Promise<EngineStore> }>]> = [
  ['memory', async () => {
    const store = createMemoryStore();
    return { open: async () => store };
  }],
  ['sqlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-sqlite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { open: () => openStore({ dataDir: dir }) };
  }],
  ['postgres', async () => {
    const db = await freshPostgresDatabase();
    cleanups.push(db.drop);
    return { open: () => openStore({ databaseUrl: db.url, poolSize: 2 }) };
  }],
];

describe.each(kinds)('%s store', (kind, make) => {
  it('keeps events once per id, all of a batch, and lists them by time range', async () => {
    const { open } = await make();
    const store = await open();
    expect(store.kind).toBe(kind);
    expect(await store.analytics.add([event('a'), event('b', { receivedAt: 2_000 })])).toEqual({ accepted: 2, duplicates: 0 });
    expect(await store.analytics.add([event('b'), event('c', { receivedAt: 3_000, u: 'add_to_cart' })])).toEqual({ accepted: 1, duplicates: 1 });
    expect((await store.analytics.list()).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect((await store.analytics.list({ from: 1_500, to: 2_500 })).map((e) => e.id)).toEqual(['b']);
    expect(await store.analytics.count()).toBe(3);
    expect(await store.analytics.count({ from: 2_000 })).toBe(2);
    expect((await store.analytics.list({ from: 3_000 }))[0]).toEqual(event('c', { receivedAt: 3_000, u: 'add_to_cart' }));
    await store.close();
  });

  it('keeps carts, the search log and back-in-stock requests, and still has them after a reopen', async () => {
    const { open } = await make();
    const first = await open();
    await first.carts.set('tok', new Map([['9001', 2], ['9002', 1]]));
    await first.searches.add({ at: 5, kind: 'search', q: 'red', sid: '', total: 2, page: 1, limit: 24, productIds: ['1', '5'], filters: [{ option: 'pf_opt_color', value: 'Red' }], eventType: 'init' });
    await first.backInStock.add({ email: 'a@b.co', variant_id: 9003, at: 7 });
    await first.analytics.add([event('kept')]);
    if (kind !== 'memory') await first.close();
    const second = kind === 'memory' ? first : await open();
    expect([...((await second.carts.get('tok')) ?? [])]).toEqual([['9001', 2], ['9002', 1]]);
    expect(await second.carts.get('nope')).toBeUndefined();
    expect(await second.searches.list({ from: 5, to: 5 })).toEqual([{ at: 5, kind: 'search', q: 'red', sid: '', total: 2, page: 1, limit: 24, productIds: ['1', '5'], filters: [{ option: 'pf_opt_color', value: 'Red' }], eventType: 'init' }]);
    expect(await second.backInStock.list()).toEqual([{ email: 'a@b.co', variant_id: 9003, at: 7 }]);
    expect(await second.analytics.count()).toBe(1);
    await second.close();
  });

  it('serves the engine: a cart, analytics and a logged search over handleAsync', async () => {
    const { open } = await make();
    const store = await open();
    const engine = createEngine(smallCatalog(), { store, createToken: () => 'tok9' });
    const add = await engine.handleAsync({ method: 'POST', url: '/cart/add.js', body: JSON.stringify({ id: 9001, quantity: 2 }) });
    expect(add.headers['set-cookie']).toContain('cart=tok9');
    const cart = await engine.handleAsync({ method: 'GET', url: '/cart.js', headers: { cookie: 'cart=tok9' } });
    expect(JSON.parse(cart.body)).toMatchObject({ token: 'tok9', item_count: 2 });
    const post = await engine.handleAsync({ method: 'POST', url: '/api/analytics', body: JSON.stringify({ ...event('x'), receivedAt: undefined }) });
    expect(JSON.parse(post.body)).toEqual({ success: true, accepted: 1, duplicates: 0 });
    await engine.handleAsync({ method: 'GET', url: '/api/search?q=shirt&event_type=init' });
    const logged = await store.searches.list();
    expect(logged.map((s) => [s.kind, s.q, s.eventType])).toEqual([['search', 'shirt', 'init']]);
    if (kind === 'postgres') expect(() => engine.handle({ method: 'GET', url: '/cart.js', headers: { cookie: 'cart=tok9' } })).toThrow(/handleAsync/);
    await store.close();
  });
});

describe('memory store bounds', () => {
  it('keeps the newest LIMITS.records of the search log, events and back-in-stock requests past the bound, dropping the oldest', () => {
    const store = createMemoryStore();
    const n = LIMITS.records + 5;
    for (let i = 0; i < n; i++) {
      store.searches.add({ at: i, kind: 'search', q: `q${i}`, sid: '', total: 0, page: 1, limit: 24, productIds: [], filters: [], eventType: 'init' });
      store.backInStock.add({ at: i, email: `a${i}@shop.test`, product_id: '1', variant_id: '11' });
    }
    void store.analytics.add(Array.from({ length: n }, (_, i) => event(`e${i}`)));
    const searches = store.searches.list() as SearchLogEntry[];
    expect([searches.length, searches[0]?.q, searches.at(-1)?.q]).toEqual([LIMITS.records, 'q5', `q${n - 1}`]);
    expect((store.backInStock.list() as unknown[]).length).toBe(LIMITS.records);
    expect(store.analytics.count()).toBe(LIMITS.records);
    // A dropped event's id may be sent again and is kept as new.
    expect(store.analytics.add([event('e0')])).toEqual({ accepted: 1, duplicates: 0 });
  });
});
