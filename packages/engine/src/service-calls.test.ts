// The calls real clients of the hosted service make, answered as the service answers them
// (wire-format.md): its paths, its parameter shapes and its defaults.
import type { WireFilterResponse, WireSuggestResponse } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { smallCatalog } from './test-fixtures';

const e = createEngine(smallCatalog());
const get = <T>(url: string) => {
  const res = e.handle({ method: 'GET', url });
  return { status: res.status, body: JSON.parse(res.body) as T };
};
const ids = (r: WireFilterResponse) => r.products.map((p) => String(p.id));

describe('the service calls real clients make', () => {
  it('answers the service paths as aliases of its own, at the root and under the API base', () => {
    for (const base of ['', '/api']) {
      const filter = get<WireFilterResponse>(`http://x${base}/bc-sf-filter/filter?shop=a&build_filter_tree=true`);
      expect(filter.status).toBe(200);
      expect(filter.body).toEqual(get<WireFilterResponse>('http://x/api/filter?shop=a&build_filter_tree=true').body);
      expect(get<WireFilterResponse>(`http://x${base}/bc-sf-filter/search?q=shirt`).body.total_product).toBe(get<WireFilterResponse>('http://x/api/search?q=shirt').body.total_product);
      const s = get<WireSuggestResponse>(`http://x${base}/bc-sf-filter/search/suggest?q=shi`);
      expect(s.status).toBe(200);
      expect(s.body.query).toBe('shi');
    }
  });

  it('[S7.1] takes fuzzy as an edit distance 0..2 or a boolean, and refuses anything else', () => {
    expect(get(`http://x/api/suggest?q=shirt&fuzzy=2`).status).toBe(200);
    expect(get(`http://x/api/suggest?q=shirt&fuzzy=1`).status).toBe(200);
    // A typo is forgiven with fuzzy on (2 or true), not with 0 or false.
    const typo = (f: string) => get<WireFilterResponse>(`http://x/api/search?q=shrit&fuzzy=${f}`).body.total_product;
    expect(typo('2')).toBe(typo('true'));
    expect(typo('2')).toBeGreaterThan(0);
    expect(typo('0')).toBe(0);
    expect(typo('false')).toBe(0);
    expect(get(`http://x/api/search?q=shirt&fuzzy=3`).status).toBe(400);
  });

  it('[F7.1] reads sort in every shape clients send: plain, sort_by, sort[], sort[0], comma-joined, any case', () => {
    const plain = ids(get<WireFilterResponse>('http://x/api/filter?sort=price-descending').body);
    for (const q of ['sort_by=price-descending', 'sort%5B%5D=price-descending', 'sort%5B0%5D=price-descending', 'sort=price-descending,title-ascending', 'sort=Price-Descending', 'sort=&sort_by=price-descending']) {
      expect(ids(get<WireFilterResponse>(`http://x/api/filter?${q}`).body)).toEqual(plain);
    }
    expect(plain).not.toEqual(ids(get<WireFilterResponse>('http://x/api/filter?sort=price-ascending').body));
    expect(get('http://x/api/filter?sort=cheapest').status).toBe(400);
  });

  it('[F7.1] ignores cache busters and answers check_cache from its cache, saying so with from_cache', () => {
    const first = get<WireFilterResponse>('http://x/api/filter?check_cache=true&_=pf&t=1&limit=4&event_type=init').body;
    expect(first.from_cache).toBe(false);
    const again = get<WireFilterResponse>('http://x/api/filter?check_cache=true&_=1700000000&t=2&limit=4&event_type=init').body;
    expect(again.from_cache).toBe(true);
    expect(ids(again)).toEqual(ids(first));
    // Without check_cache the answer is always fresh; another request is another entry.
    expect(get<WireFilterResponse>('http://x/api/filter?_=1&limit=4').body.from_cache).toBe(false);
    expect(get<WireFilterResponse>('http://x/api/filter?check_cache=true&limit=3').body.from_cache).toBe(false);
  });

  it('[S7.1] gives three of each suggestion block unless told', () => {
    const r = get<WireSuggestResponse>('http://x/api/suggest?q=s').body;
    expect(r.products).toHaveLength(3);
    expect(r.suggestions.length).toBeLessThanOrEqual(3);
    expect(get<WireSuggestResponse>('http://x/api/suggest?q=s&product_limit=5').body.products).toHaveLength(5);
  });
});
