// handle() never throws and never answers 5xx, whatever the method, path, query or body.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { importProductsJson } from './import-products-json';
import { smallCatalog } from './test-fixtures';

const here = dirname(fileURLToPath(import.meta.url));
// Hostile strings kept in the project (copied from the shared hostile-input set, see data/README).
const hostile = readFileSync(resolve(here, 'fixtures/hostile-input.txt'), 'utf8').split('\n').filter(Boolean);

const keys = ['q', 'page', 'limit', 'sort', 'tag', 'tag_mode', 'callback', 'collection_scope', 'pf_t_tag[]', 'pf_opt_color[]', 'pf_p_price', 'pf_r_rating[]',
  'pf_st_stock[]', 'pf_zz_x', 'pf_opt_color_and_condition', 'ids', 'view', 'suggestion_limit', 'event_type', 'prev_query', 'reduce_min_match', 'fuzzy', 'token', 'sort_by'];
const paths = ['/api/filter', '/api/search', '/api/search/collections', '/api/search/pages', '/api/suggest', '/api/products', '/api/analytics', '/api/back-in-stock',
  '/collections/men', '/collections/all/product-1+product-2', '/collections/all', '/cart.js', '/cart/add.js', '/cart/change.js', '/fr/collections/men', '/x', '/'];
const value = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...hostile), fc.integer().map(String), fc.constantFrom('', ':', '1:', ':2', '-1', '1e9', 'NaN', '%', '%E0%A4%A'));

describe('handle() under hostile input', () => {
  const engine = createEngine(smallCatalog());
  it('never throws and always answers JSON or JSONP with a 2xx or 4xx status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'get', ''),
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 8 }),
        fc.oneof(fc.constant(null), fc.string({ maxLength: 60 }), fc.json(), fc.constantFrom('{"id":9001,"quantity":1}', '{"email":"a@b.co","variant_id":9001}')),
        (method, path, query, body) => {
          const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const res = engine.handle({ method, url: `${path}?${qs}`, body, headers: { cookie: 'cart=abc' } });
          expect(res.status).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(500);
          if (res.status !== 204) expect(() => (res.body.startsWith('/**/') ? null : JSON.parse(res.body))).not.toThrow();
        },
      ),
      { numRuns: 1500, seed: 7 },
    );
  }, 60_000);

  it('survives raw, undecodable and oversized URLs', () => {
    for (const url of ['/api/filter?q=%E0%A4%A', '/collections/%E0%A4%A?view=desc', `/api/search?${'x=1&'.repeat(5000)}`, 'http://[::1', '/api/filter?limit=99999999999999999999', '/api/filter?pf_p_price=1e999:']) {
      const res = engine.handle({ method: 'GET', url });
      expect(res.status).toBeLessThan(500);
    }
  });

  it('answers hostile search terms with data, never an echo of markup in product HTML', () => {
    for (const q of hostile) {
      const res = engine.handle({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q.slice(0, 200))}` });
      expect(res.status).toBe(200);
    }
  });
});

describe('a catalogue of hostile numbers (prices, compare-at prices, weights, stock as the platform JSON may carry them)', () => {
  // Numbers a product JSON can hold that the importer takes: signed zeros, the ends of the doubles, neighbours of a double, sub-cent prices.
  const numbers = ['0', '-0', '3', '3.0000000000000004', '-5', '0.005', '1e308', '-1e308', '5e-324', '-5e-324', '1.7976931348623157e308', '99999999999999999999', '19.99', ' 7 '];
  const tree = [
    { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'list' },
    { filterOptionId: 'pf_p_slider', filterType: 'price', displayType: 'range' },
    { filterOptionId: 'pf_vp_variant_price', filterType: 'variants_price', displayType: 'list' },
    { filterOptionId: 'pf_ps_sale', filterType: 'percent_sale', displayType: 'list' },
    { filterOptionId: 'pf_w_weight', filterType: 'weight', displayType: 'list' },
    { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list' },
  ];
  /** Every number of an answer, with its path (a non-finite one would be null on the wire, or worse). */
  const nonFinite = (x: unknown, at = ''): string[] =>
    typeof x === 'number' ? (Number.isFinite(x) ? [] : [`${at} = ${x}`]) : x && typeof x === 'object' ? Object.entries(x).flatMap(([k, v]) => nonFinite(v, `${at}.${k}`)) : [];
  it('answers every filter, search, sort and range in finite numbers, and the bucket and slider options stay usable', () => {
    const n = fc.constantFrom(...numbers);
    const platformVariant = fc.record({ price: n, compare_at_price: fc.option(n, { nil: null }), grams: n, inventory_quantity: n });
    fc.assert(
      fc.property(
        fc.array(fc.array(platformVariant, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('price-ascending', 'price-descending', 'sale-descending', 'sale-ascending', 'best-selling', 'created-descending'),
        fc.constantFrom('', '0:10', '3:', ':3', '-99999999:99999999', '99999999:', '0.005:0.005'),
        (variants, sort, range) => {
          const e = createEngine({ products: importProductsJson(variants.map((vs, i) => ({ id: i + 1, title: `P${i}`, variants: vs }))), filterTree: tree as never });
          const query: Record<string, string | boolean> = { build_filter_tree: true, sort };
          if (range) query.pf_p_price = range;
          const answer = e.filter(query);
          expect(nonFinite(answer)).toEqual([]);
          expect(answer.total_product).toBeLessThanOrEqual(variants.length);
          expect(nonFinite(e.search({ ...query, q: 'p1' }))).toEqual([]);
          const res = e.handle({ method: 'GET', url: `/api/filter?build_filter_tree=true&sort=${sort}${range ? `&pf_p_price=${encodeURIComponent(range)}` : ''}` });
          expect(res.status).toBe(200);
          expect(res.body).not.toMatch(/NaN|Infinity/);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
