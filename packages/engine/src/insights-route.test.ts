import { describe, expect, it } from 'vitest';
import type { Insights } from './compute-insights';
import { createEngine } from './create-engine';
import { constantTimeEqual, createInsightsRoute, readRange } from './insights-route';
import { smallCatalog } from './test-fixtures';

const TOKEN = 'owner-secret-1';
const shop = (...args: [token?: string | undefined]) => {
  const token = args.length ? args[0] : TOKEN;
  return createEngine(smallCatalog(), { routes: [createInsightsRoute({ token })] });
};
const get = (e: ReturnType<typeof shop>, url: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => e.handle({ method: 'GET', url, headers });
const insights = (e: ReturnType<typeof shop>, url = '/api/insights') => {
  const res = get(e, url);
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as Insights;
};
let n = 0;
const track = (e: ReturnType<typeof shop>, rec: { pid: string; u: string; a: string; qs?: string; r?: string }) => {
  const res = e.handle({ method: 'POST', url: '/api/analytics', body: JSON.stringify({ id: `r${++n}`, tid: 'shop', ct: 'c', t: new Date().toISOString(), qs: '', r: '', sid: 's', ...rec }) });
  expect(res.status).toBe(200);
};

describe('GET /api/insights', () => {
  it('does not exist without a configured token, and answers 401 to a wrong or missing one', () => {
    expect(get(shop(undefined), '/api/insights').status).toBe(404);
    expect(get(shop(''), '/api/insights').status).toBe(404);
    const e = shop();
    expect(get(e, '/api/insights', {}).status).toBe(401);
    expect(get(e, '/api/insights', { authorization: 'Bearer owner-secret-2' }).status).toBe(401);
    expect(get(e, '/api/insights', { authorization: `Basic ${TOKEN}` }).status).toBe(401);
    // The token in the URL is not read.
    expect(get(e, `/api/insights?token=${TOKEN}`, {}).status).toBe(401);
    const denied = JSON.parse(get(e, '/api/insights', {}).body) as { message: string };
    expect(denied.message).not.toContain(TOKEN);
    expect(get(e, '/api/insights').status).toBe(200);
  });

  it('computes top queries, no-result and no-click queries, click-through by position, filters, carts and suggestions', () => {
    const e = shop();
    // What the shop's pages ask the engine (logged by the engine as it answers):
    expect(e.handle({ method: 'GET', url: '/api/search?q=Shirt&event_type=init' }).status).toBe(200);
    const shirts = JSON.parse(e.handle({ method: 'GET', url: '/api/search?q=shirt&event_type=init' }).body) as { products: Array<{ id: number }> };
    e.handle({ method: 'GET', url: '/api/search?q=shirt&pf_opt_color[]=Red&event_type=filter' });
    e.handle({ method: 'GET', url: '/api/search?q=zzzz&event_type=init' });
    e.handle({ method: 'GET', url: '/api/search?q=dress&event_type=init' });
    e.handle({ method: 'GET', url: '/api/filter?pf_opt_color[]=Red&pf_opt_size[]=M&event_type=filter' });
    e.handle({ method: 'GET', url: '/api/suggest?q=mug&event_type=suggest' });
    e.handle({ method: 'GET', url: '/api/suggest?q=qqqq&event_type=suggest' });
    // What the client records: a product view from the shirt search (the second product listed),
    // an add to cart on the product page that search led to, a quick view from the dropdown.
    const second = String(shirts.products[1]?.id);
    track(e, { pid: second, u: 'view_product', a: 'search', qs: '', r: 'https://shop.test/search?q=shirt' });
    track(e, { pid: second, u: 'add_to_cart', a: 'search', qs: '', r: 'https://shop.test/search?q=shirt' });
    track(e, { pid: '6', u: 'quick_view', a: 'suggest', qs: 'q=mug' });

    const r = insights(e);
    expect(r.totals).toMatchObject({ events: 3, searches: 4, noResultSearches: 1, clicks: 2, addToCarts: 1, suggestRequests: 2, filterRequests: 1 });
    expect(r.topQueries[0]).toMatchObject({ query: 'shirt', searches: 2, clicks: 1, addToCarts: 1, clickThrough: 0.5 });
    expect(r.noResultQueries).toEqual([{ query: 'zzzz', searches: 1, lastAt: expect.any(String) }]);
    expect(r.noClickQueries.map((q) => q.query)).toEqual(['dress']);
    const pos2 = r.clickThroughByPosition.find((p) => p.position === 2);
    expect(pos2).toMatchObject({ clicks: 1 });
    expect(pos2?.impressions).toBeGreaterThanOrEqual(3);
    expect(r.filterUse).toEqual(expect.arrayContaining([{ option: 'pf_opt_color', value: 'Red', selections: 2, listings: 2 }, { option: 'pf_opt_size', value: 'M', selections: 1, listings: 1 }]));
    expect(r.addToCartByQuery).toEqual([{ query: 'shirt', addToCarts: 1, buyNows: 0 }]);
    expect(r.suggestionUse.requests).toBe(2);
    expect(r.suggestionUse.events.quick_view).toBe(1);
    expect(r.suggestionUse.topTerms).toEqual(expect.arrayContaining([{ term: 'qqqq', requests: 1, empty: 1 }]));
  });

  it('counts a filter value as used when a shopper turns it on, not again for each page, sort or second value', () => {
    const e = shop();
    const get = (q: string) => expect(e.handle({ method: 'GET', url: `/api/filter?${q}` }).status).toBe(200);
    // Session a: Red, then page 2, then sorted, then Red + M, then M alone, then Red again.
    get('pf_opt_color[]=Red&sid=a&event_type=filter');
    get('pf_opt_color[]=Red&page=2&sid=a&event_type=page');
    get('pf_opt_color[]=Red&sort=price-ascending&sid=a&event_type=sort');
    get('pf_opt_color[]=Red&pf_opt_size[]=M&sid=a&event_type=filter');
    get('pf_opt_size[]=M&sid=a&event_type=filter');
    get('pf_opt_size[]=M&pf_opt_color[]=Red&sid=a&event_type=filter');
    // Session b turns Red on once.
    get('pf_opt_color[]=Red&sid=b&event_type=filter');
    const r = insights(e);
    expect(r.filterUse).toEqual([
      { option: 'pf_opt_color', value: 'Red', selections: 3, listings: 6 },
      { option: 'pf_opt_size', value: 'M', selections: 1, listings: 3 },
    ]);
  });

  it('narrows to a date range and refuses a bad date with 400', () => {
    const e = shop();
    track(e, { pid: '1', u: 'view_product', a: 'filter' });
    const today = new Date().toISOString().slice(0, 10);
    expect(insights(e, `/api/insights?from=${today}&to=${today}`).totals.events).toBe(1);
    expect(insights(e, '/api/insights?to=2000-01-01').totals.events).toBe(0);
    expect(insights(e, '/api/insights?from=2999-01-01').totals.events).toBe(0);
    const bad = get(e, '/api/insights?from=yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ param: 'from', error: 'invalid_date' });
  });
});

describe('readRange and constantTimeEqual', () => {
  it('reads days as whole UTC days and ISO times as they are', () => {
    expect(readRange('2026-11-01', '2026-11-01')).toEqual({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 2) - 1 });
    expect(readRange('2026-11-01T10:00:00Z', '')).toEqual({ from: Date.UTC(2026, 10, 1, 10) });
    expect(() => readRange('2026-11-02', '2026-11-01')).toThrow(/after/);
  });
  it('compares equal strings only', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcabc')).toBe(false);
    expect(constantTimeEqual('', 'a')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
