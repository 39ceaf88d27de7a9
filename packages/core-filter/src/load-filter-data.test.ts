import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@pkg/url-state/memory';
import type { RequestSpec } from './build-request';
import { createFilterController, createFilterControllerWith } from './filter-controller';
import { listKind } from './kind-list';
import { rangeKind } from './kind-range';
import { loadFilterData } from './load-filter-data';
import { readFilterAnswer } from './read-answer';
import type { Transport } from './transport';

const options = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Vendor', position: 1, values: [{ key: 'Acme', doc_count: 30 }, { key: 'Bolt', doc_count: 1 }] },
];
const settings = { shop: { name: 'Shop' }, general: { collection_id: 3, collection_count: 40 } };

/** A transport answering every request from a small catalogue; requests are counted. */
function service() {
  const requests: RequestSpec[] = [];
  const transport: Transport = async (req) => {
    requests.push(req);
    const page = Number(req.params.find(([k]) => k === 'page')?.[1] ?? 1);
    return { total_product: 100, products: Array.from({ length: 5 }, (_, i) => ({ id: page * 100 + i, title: `P${page}-${i}`, handle: `p${page}-${i}`, price_min: 10 })), filter: { options } };
  };
  return { transport, requests };
}

describe('loadFilterData and initialData (server rendering)', () => {
  it('[F5.8, S5.1] reads a bad address on the server as none: the clean state is requested and no link keeps the bad query', async () => {
    const server = service();
    const url = '/collections/all?pf_v_vendor=Acme&q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E';
    const controller = createFilterController({ settings, transport: server.transport, window: null, location: { pathname: '/collections/all', search: url.slice(url.indexOf('?')) }, sessionStorage: null });
    await controller.init();
    const params = new Map(server.requests[0]!.params);
    expect([params.has('q'), params.has('pf_v_vendor[]')]).toEqual([false, false]);
    expect(controller.getSnapshot().state.q).toBe('');
    expect(controller.href({ page: 2 })).toBe('/collections/all?page=2');
    controller.destroy();

    const data = await loadFilterData({ settings, url, transport: server.transport });
    const served = new Map(server.requests[1]!.params);
    expect([served.has('q'), served.has('pf_v_vendor[]')]).toEqual([false, false]);

    // The answer for that address hydrates the server's render and the browser's, which resets
    // the address to its clean path; neither sends anything.
    const ssr = createFilterController({ settings, transport: server.transport, window: null, initialData: data, sessionStorage: null });
    const history = createMemoryHistory(url);
    const browser = createFilterController({ settings, transport: server.transport, history, initialData: data, location: { pathname: '/collections/all', search: url.slice(url.indexOf('?')) }, sessionStorage: null });
    await Promise.all([ssr.init(), browser.init()]);
    expect(server.requests).toHaveLength(2);
    for (const c of [ssr, browser]) expect([c.getSnapshot().totalProduct, c.getSnapshot().state.q, c.getSnapshot().state.filters]).toEqual([100, '', {}]);
    expect(history.entries().urls).toEqual(['/collections/all']);
    ssr.destroy();
    browser.destroy();
  });

  it('computes the answer of an address on the server, as JSON, and a hydrating controller starts with it and sends nothing', async () => {
    const server = service();
    const url = '/collections/all?pf_v_vendor=Acme&page=2&utm_source=mail';
    const data = await loadFilterData({ settings, url, transport: server.transport, now: () => Date.UTC(2026, 0, 2) });
    expect(server.requests).toHaveLength(1);
    expect(data).toEqual(JSON.parse(JSON.stringify(data)));
    expect(data.url).toBe(url);
    expect(data.at).toBe(Date.UTC(2026, 0, 2));

    const browser = service();
    const history = createMemoryHistory(url);
    const controller = createFilterController({ settings, transport: browser.transport, history, initialData: data, location: { pathname: '/collections/all', search: '?pf_v_vendor=Acme&page=2&utm_source=mail' }, sessionStorage: null });
    const s = controller.getSnapshot();
    expect(s.status).toBe('success');
    expect(s.state.filters).toEqual({ pf_v_vendor: ['Acme'] });
    expect(s.pagination.currentPage).toBe(2);
    expect(s.products.map((p) => p.title)).toEqual(['P2-0', 'P2-1', 'P2-2', 'P2-3', 'P2-4']);
    expect(s.options.map((o) => o.id)).toEqual(['pf_v_vendor']);
    await controller.init();
    expect(browser.requests).toHaveLength(0);
    // Links come from the state and keep the parameters the product does not own.
    expect(controller.href({ page: 3 })).toBe('/collections/all?page=3&pf_v_vendor=Acme&utm_source=mail');
    expect(controller.href({ page: 1 })).toBe('/collections/all?pf_v_vendor=Acme&utm_source=mail');
    // The next action fetches as usual.
    await controller.setPage(3);
    expect(browser.requests).toHaveLength(1);
    expect(history.entries().urls.at(-1)).toBe('/collections/all?page=3&pf_v_vendor=Acme&utm_source=mail');
    controller.destroy();
  });

  it('renders answered where there is no browser: the address is the initial data\'s', async () => {
    const data = await loadFilterData({ settings, url: '/collections/all?pf_v_vendor=Acme', transport: service().transport });
    const browser = service();
    const controller = createFilterController({ settings, transport: browser.transport, initialData: data, window: null });
    expect(controller.getSnapshot().status).toBe('success');
    expect(controller.getSnapshot().state.filters).toEqual({ pf_v_vendor: ['Acme'] });
    expect(controller.href({ page: 2 })).toBe('/collections/all?page=2&pf_v_vendor=Acme');
    controller.destroy();
  });

  it('ignores initial data made for another address: init() fetches, with a development warning', async () => {
    const server = service();
    const data = await loadFilterData({ settings, url: '/collections/all?pf_v_vendor=Bolt', transport: server.transport });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const browser = service();
    const controller = createFilterController({ settings, transport: browser.transport, history: createMemoryHistory('/collections/all?pf_v_vendor=Acme'), initialData: data, location: { pathname: '/collections/all', search: '?pf_v_vendor=Acme' }, sessionStorage: null });
    expect(controller.getSnapshot().status).toBe('idle');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("initial data is for '/collections/all?pf_v_vendor=Bolt'"));
    await controller.init();
    expect(browser.requests).toHaveLength(1);
    expect(controller.getSnapshot().state.filters).toEqual({ pf_v_vendor: ['Acme'] });
    warn.mockRestore();
    controller.destroy();
  });

  it('rejects with the transport error when the first request fails', async () => {
    const failing: Transport = async () => {
      throw new Error('down');
    };
    await expect(loadFilterData({ settings: { ...settings, filter: { retries: 0 } }, url: '/collections/all', transport: failing })).rejects.toThrow(/down/);
  });

  it('[S1.5] builds the first request with the reader the page uses, so a lean page with in-browser conversion starts from the answer to what it would send', async () => {
    // Shop prices 10, 30, 50, 70, 90; the address asks for 20:60, in the currency the page shows.
    const prices = [10, 30, 50, 70, 90];
    const sent: string[] = [];
    const transport: Transport = async (req) => {
      const range = req.params.find(([k]) => k === 'pf_p_price[]')?.[1] ?? ':';
      sent.push(range);
      const [lo, hi] = range.split(':').map((n) => (n === '' ? null : Number(n)));
      const hits = prices.filter((p) => (lo === null || lo === undefined || p >= lo) && (hi === null || hi === undefined || p <= hi));
      return { total_product: hits.length, products: hits.map((p) => ({ id: p, title: `P${p}`, handle: `p${p}`, price_min: p })), filter: { options: [{ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', values: { min: 10, max: 90 } }] } };
    };
    const converting = { ...settings, general: { ...settings.general, current_currency: 'EUR', currency_rate: 0.5 }, filter: { multiCurrency: true, convertPriceInBrowser: true } };
    const url = '/collections/all?pf_p_price=20:60';

    // The lean page's reader: its selections are the shop's amounts, sent as they are.
    const lean = await loadFilterData({ settings: converting, url, transport, readAnswer: readFilterAnswer });
    // The default, createFilterController's normalizeFilterAnswer: shown amounts, sent divided by the rate.
    const full = await loadFilterData({ settings: converting, url, transport });
    expect(sent).toEqual(['20:60', '40:120']);

    const browser = service();
    const page = createFilterControllerWith([listKind, rangeKind], { settings: converting, transport: browser.transport, initialData: lean, window: null });
    const s = page.getSnapshot();
    expect([s.status, s.totalProduct, s.state.filters]).toEqual(['success', 2, { pf_p_price: ['20:60'] }]);
    expect((s.products as { price_min: number }[]).map((p) => p.price_min)).toEqual([30, 50]);
    expect(s.options[0]?.range).toMatchObject({ min: 10, max: 90, current: [20, 60], money: true });
    await page.init();
    expect(browser.requests).toHaveLength(0);
    page.destroy();
    // What the full page starts from is the answer to its own request (prices 40 to 120 in the shop's currency).
    const fullPage = createFilterController({ settings: converting, transport: browser.transport, initialData: full, window: null });
    expect([fullPage.getSnapshot().totalProduct, fullPage.getSnapshot().products.map((p) => p.priceMin)]).toEqual([3, [25, 35, 45]]);
    fullPage.destroy();
  });
});
