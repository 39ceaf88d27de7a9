import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { WireFilterResponse } from '@pkg/core-filter';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { createEngineHandlers } from './msw';
import { smallCatalog } from './test-fixtures';

describe('the msw peer range', () => {
  it('starts at the msw version the tests run with and stops before msw 3 (which needs Node 22)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string>; devDependencies: Record<string, string> };
    const tested = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('msw/package.json'), 'utf8')) as { version: string };
    expect(pkg.devDependencies.msw).toBe(tested.version);
    expect(pkg.peerDependencies.msw).toBe(`^${tested.version}`);
    expect(tested.version.split('.')[0]).toBe('2');
  });
});

describe('createEngineHandlers (@pkg/engine/msw)', () => {
  const server = setupServer(...createEngineHandlers(createEngine(smallCatalog()), { baseUrl: 'https://shop.test' }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('[F7.1] answers the API through msw', async () => {
    const res = await fetch('https://shop.test/api/filter?pf_opt_color[]=Green');
    expect(((await res.json()) as WireFilterResponse).total_product).toBe(1);
  });
  it('[S7.4, S7.3] answers the shop-style routes, with and without a locale prefix', async () => {
    expect((await fetch('https://shop.test/collections/men?view=desc')).status).toBe(200);
    expect((await fetch('https://shop.test/de/collections/men?view=desc')).status).toBe(200);
    const html = await (await fetch('https://shop.test/collections/all/product-1?view=boost-pfs-product-item')).json();
    expect(html).toMatchObject({ products: [{ id: 1 }] });
  });
  it('answers the original service\'s paths (/bc-sf-filter/filter, /search) that real pages\' settings name', async () => {
    const res = await fetch('https://shop.test/bc-sf-filter/filter?pf_opt_color[]=Green');
    expect(((await res.json()) as WireFilterResponse).total_product).toBe(1);
    expect((await fetch('https://shop.test/bc-sf-filter/search?q=x')).status).toBe(200);
  });
  it('[F3.17] answers cart calls and analytics POSTs', async () => {
    expect(await (await fetch('https://shop.test/cart.js')).json()).toMatchObject({ token: '', item_count: 0 });
    const post = await fetch('https://shop.test/api/analytics', { method: 'POST', body: JSON.stringify({ tid: 's', ct: 'c', pid: '1', t: 'now', u: 'buy_now', a: 'suggest', qs: '', r: '', sid: 'x', id: 'msw-1' }) });
    expect(await post.json()).toEqual({ success: true, accepted: 1, duplicates: 0 });
  });
});
