import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { createEngineServer, type EngineServer } from './node';
import { smallCatalog } from './test-fixtures';

describe('createEngineServer (@pkg/engine/node)', () => {
  let server: EngineServer;
  const dir = mkdtempSync(join(tmpdir(), 'engine-static-'));
  beforeAll(async () => {
    writeFileSync(join(dir, 'a.jpg'), 'jpeg-bytes');
    server = await createEngineServer(createEngine(smallCatalog()), { staticDirs: { '/images/demo': dir } });
  });
  afterAll(() => server.close());

  it('listens on a free local port', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });
  it('[F7.1] serves the filter call over HTTP, JSON and JSONP', async () => {
    const res = await fetch(`${server.url}/api/filter?pf_v_vendor[]=Globex&limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ total_product: 2 });
    const js = await fetch(`${server.url}/api/suggest?q=shirt&callback=cb`);
    expect(await js.text()).toMatch(/^\/\*\*\/cb\(\{"query":"shirt"/);
  });
  it('[F3.17, F3.16] keeps the cart by cookie and accepts analytics POSTs', async () => {
    const add = await fetch(`${server.url}/cart/add.js`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 9001, quantity: 1 }) });
    const cookie = add.headers.get('set-cookie')?.split(';')[0] ?? '';
    const cart = await (await fetch(`${server.url}/cart.js`, { headers: { cookie } })).json();
    expect(cart).toMatchObject({ item_count: 1 });
    const post = await fetch(`${server.url}/api/analytics`, { method: 'POST', body: JSON.stringify({ tid: 's', ct: 'c', pid: '1', t: 'now', u: 'quick_view', a: 'filter', qs: '', r: '', sid: 'x', id: 'node-1' }) });
    expect(post.status).toBe(200);
  });
  it('serves static files inside their folder only', async () => {
    const ok = await fetch(`${server.url}/images/demo/a.jpg`);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(await ok.text()).toBe('jpeg-bytes');
    expect((await fetch(`${server.url}/images/demo/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
  it('answers 413 to an oversized body and 404 JSON to unknown routes', async () => {
    const big = await fetch(`${server.url}/api/analytics`, { method: 'POST', body: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    const missing = await fetch(`${server.url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
  });
});
