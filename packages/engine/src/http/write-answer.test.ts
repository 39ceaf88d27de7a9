// The Node server's HTTP edges over a real socket: compression by Accept-Encoding, ETag/304 and
// Cache-Control per route (raw node:http, so nothing decompresses or caches on the way).
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import { createInsightsRoute } from '../insights-route';
import { createEngineServer, type EngineServer } from '../node';
import { generateCatalog } from '../synthetic-catalog';
import { MIN_COMPRESS_BYTES, SYNC_COMPRESS_BYTES } from './write-answer';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const FILTER = '/api/filter?build_filter_tree=true&limit=24';

describe('engine server HTTP: compression, ETag, Cache-Control', () => {
  let server: EngineServer;
  let noCache: EngineServer;
  beforeAll(async () => {
    const catalog = generateCatalog({ products: 300, seed: 7 });
    server = await createEngineServer(createEngine(catalog, { routes: [createInsightsRoute({ token: 'owner-token' })] }));
    noCache = await createEngineServer(createEngine(catalog, { cacheMaxAge: 0 }));
  });
  afterAll(() => Promise.all([server.close(), noCache.close()]));

  it('sends brotli, gzip or identity by Accept-Encoding, with Vary and the same content', async () => {
    const plain = await raw(server.url + FILTER);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(MIN_COMPRESS_BYTES);
    expect(plain.body.length).toBeLessThanOrEqual(SYNC_COMPRESS_BYTES); // compressed at once
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const br = await raw(server.url + FILTER, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // The second time the kept compressed bytes go out: the same, and the same length header.
    const brAgain = await raw(server.url + FILTER, { 'accept-encoding': 'br' });
    expect(brAgain.body.equals(br.body)).toBe(true);
    expect(brAgain.headers['content-length']).toBe(br.headers['content-length']);
    const gz = await raw(server.url + FILTER, { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const refused = await raw(server.url + FILTER, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('compresses a large answer on the thread pool to the same bytes a client reads back', async () => {
    const page = '/api/filter?build_filter_tree=true&limit=250';
    const plain = await raw(server.url + page);
    expect(plain.body.length).toBeGreaterThan(SYNC_COMPRESS_BYTES);
    for (const [coding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const got = await raw(server.url + page, { 'accept-encoding': coding });
      expect(got.headers['content-encoding']).toBe(coding);
      expect(Number(got.headers['content-length'])).toBe(got.body.length);
      expect(decode(got.body).equals(plain.body)).toBe(true);
    }
  });

  it('[F7.1] compresses JSONP answers too', async () => {
    const js = await raw(`${server.url}${FILTER}&callback=cb`, { 'accept-encoding': 'gzip' });
    expect(js.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.body).toString()).toMatch(/^\/\*\*\/cb\(\{/);
  });

  it('leaves small bodies uncompressed', async () => {
    const small = await raw(`${server.url}/api/products?ids=no-such-id`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
  });

  it('answers If-None-Match with 304 and no body, per representation', async () => {
    const first = await raw(server.url + FILTER, { 'accept-encoding': 'br' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[\w-]{20}-br"$/);
    const again = await raw(server.url + FILTER, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    expect(again.headers.vary).toBe('Accept-Encoding');
    const plain = await raw(server.url + FILTER);
    expect(plain.headers.etag).toBe(tag.replace('-br"', '"'));
    // Another request, another body, another tag: the old tag does not match.
    const other = await raw(`${server.url}/api/filter?build_filter_tree=true&limit=24&page=2`, { 'if-none-match': tag });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(plain.headers.etag);
    const head = await raw(server.url + FILTER, { 'if-none-match': String(plain.headers.etag) }, 'HEAD');
    expect(head.status).toBe(304);
  });

  it('lets catalogue reads be cached and nothing else', async () => {
    for (const path of [FILTER, '/api/search?q=cotton', '/api/suggest?q=co', '/api/search/collections?q=a', '/api/search/pages?q=a', '/api/products?ids=1', '/bc-sf-filter/filter?limit=2']) {
      const res = await raw(server.url + path);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'public, max-age=30']);
      expect(res.headers.etag, path).toBeDefined();
    }
    const notCached: Array<[string, string, string?]> = [
      ['POST', '/api/analytics', '[]'],
      ['GET', '/cart.js'],
      ['GET', '/api/nothing-here'],
      ['GET', '/api/filter?page=abc&limit=-4&pf_p_price=zz'],
      ['GET', '/api/insights?token=owner-token'],
      ['GET', '/api/insights'],
    ];
    for (const [method, path, body] of notCached) {
      const res = await raw(server.url + path, { 'accept-encoding': 'gzip' }, method, body);
      expect([method, path, String(res.headers['cache-control'])]).toEqual([method, path, expect.stringMatching(/^no-store/)]);
      expect(res.headers.etag, path).toBeUndefined();
    }
  });

  it('answers a CORS preflight with 204, no body and no Content-Length', async () => {
    const pre = await raw(`${server.url}/api/filter`, { 'accept-encoding': 'br' }, 'OPTIONS');
    expect(pre.status).toBe(204);
    expect(pre.headers['content-length']).toBeUndefined();
    expect(pre.headers['content-encoding']).toBeUndefined();
    expect(pre.headers['cache-control']).toBe('no-store');
  });

  it('with cacheMaxAge 0, asks caches to revalidate each time and still answers 304', async () => {
    const first = await raw(noCache.url + FILTER);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await raw(noCache.url + FILTER, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });
});
