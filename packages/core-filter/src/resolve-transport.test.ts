import { describe, expect, it, vi } from 'vitest';
import { buildFilterRequest } from './build-request';
import { getPageContext } from './page-context';
import { resolveTransport, transportKind } from './resolve-transport';
import { createSettings } from './create-settings';
import type { JsonpDocument, JsonpScript, Timers } from './transport';

const settings = createSettings({ shop: { name: 'Shop' } });
const fetchSettings = createSettings({ shop: { name: 'Shop' }, filter: { transport: 'fetch' } });
const request = () => buildFilterRequest({ settings, ctx: getPageContext(settings, '/collections/all', ''), state: { filters: {}, flags: {}, page: 1, limit: 12, sort: 'manual', display: 'grid', tab: 'products', q: '' } as never, eventType: 'init', options: [], now: 0 });
const okFetch = () => vi.fn(async () => ({ ok: true, status: 200, text: async () => '{"total_product":0}' }));
const failingFetch = () => vi.fn(async () => ({ ok: false, status: 503, statusText: 'Busy', text: async () => '' }));
// Retry delays (2000 ms, F9.2) pass at once; the request timeout never fires.
const immediate: Timers = { setTimeout: (fn, ms) => (ms === settings.filter.retryDelay && queueMicrotask(fn), 0), clearTimeout: () => {} };

function jsonpPage() {
  const scripts: JsonpScript[] = [];
  const doc: JsonpDocument = { createElement: () => ({ src: '', async: false, onerror: null }) as JsonpScript, head: { appendChild: (s) => scripts.push(s as JsonpScript) } };
  return { doc, scripts, global: {} as Record<string, unknown> };
}

describe('resolveTransport: the one transport rule', () => {
  it('[F7.1] script tags by default, fetch with a fetch seam or the fetch setting, fetch without a page', () => {
    const page = jsonpPage();
    expect(transportKind(settings, { document: page.doc, jsonpGlobal: page.global })).toBe('jsonp');
    expect(transportKind(settings, { document: page.doc, jsonpGlobal: page.global, fetch: okFetch() })).toBe('fetch');
    expect(transportKind(fetchSettings, { document: page.doc, jsonpGlobal: page.global })).toBe('fetch');
    expect(transportKind(settings)).toBe('fetch'); // Node: no document
    void resolveTransport(settings, { document: page.doc, jsonpGlobal: page.global })(request());
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.src).toMatch(/callback=pkgCoreFilterCb/);
  });

  it('[F9.2] retries twice per the settings, or not at all with retry: false', async () => {
    const f = failingFetch();
    await expect(resolveTransport(settings, { fetch: f, timers: immediate })(request())).rejects.toThrow(/503/);
    expect(f).toHaveBeenCalledTimes(3);
    const once = failingFetch();
    await expect(resolveTransport(settings, { fetch: once, timers: immediate, retry: false })(request())).rejects.toThrow(/503/);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('uses a given transport as it is', async () => {
    const transport = vi.fn(async () => 'answer');
    expect(resolveTransport(settings, { transport, fetch: okFetch() })).toBe(transport);
    expect(await resolveTransport(settings, { fetch: okFetch() })(request())).toEqual({ total_product: 0 });
  });
});
