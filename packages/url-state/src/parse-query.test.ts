import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query';
import type { FilterUrlState } from './filter-url-state';
import { serializeQuery } from './serialize-query';
import { createUrlConfig } from './url-config';

const config = createUrlConfig({ defaults: { limit: 16, display: 'grid', sort: 'manual' } });

describe('parseQuery', () => {
  it('[S2.14, S9.14] reads filters, page, sort, limit, display, tab and the term', () => {
    const state = parseQuery('?pf_t_color=Red&pf_t_color=Blue&pf_p_price=10:100&page=3&sort=price-ascending&limit=24&display=list&tab=pages&q=red+shoes', config);
    expect(state).toEqual({
      filters: { pf_t_color: ['Red', 'Blue'], pf_p_price: ['10:100'] },
      flags: {},
      page: 3,
      sort: 'price-ascending',
      limit: 24,
      display: 'list',
      tab: 'pages',
      term: 'red shoes',
      extra: {},
    });
    expect(Object.isFrozen(state)).toBe(true);
  });

  it('[S2.14] reads values equal to their defaults as absent, and page 1 when there is none', () => {
    expect(parseQuery('sort=manual&limit=16&display=grid', config)).toEqual({ filters: {}, flags: {}, page: 1, extra: {} });
  });

  it('[S2.15, F5.2] reads repeated keys with scheme 1 and comma-joined values with scheme 2', () => {
    expect(parseQuery('pf_t_color=Red,Blue&pf_t_color=Green', config).filters).toEqual({ pf_t_color: ['Red,Blue', 'Green'] });
    const two = createUrlConfig({ scheme: 2 });
    expect(parseQuery('pf_t_color=Red,Blue&pf_t_color=Green', two).filters).toEqual({ pf_t_color: ['Red', 'Blue', 'Green'] });
    expect(parseQuery('pf_t_color=Red%2C+dark,Blue', two).filters).toEqual({ pf_t_color: ['Red, dark', 'Blue'] });
  });

  it('[S2.15] uses the separate scheme outside collection pages', () => {
    const search = createUrlConfig({ scheme: 1, schemeOutsideCollections: 2, pageKind: 'search' });
    expect(parseQuery('pf_t_color=Red,Blue', search).filters).toEqual({ pf_t_color: ['Red', 'Blue'] });
    expect(parseQuery('pf_t_color=Red,Blue', { ...search, pageKind: 'collection' }).filters).toEqual({ pf_t_color: ['Red,Blue'] });
  });

  it('[S2.17] maps short names back to long ones, and still reads the long ones', () => {
    const short = createUrlConfig({ shortNames: ['pf_v_vendor:vendor', 'pf_t_color:color'] });
    expect(parseQuery('vendor=Nike&color=Red&pf_t_color=Blue', short).filters).toEqual({ pf_v_vendor: ['Nike'], pf_t_color: ['Red', 'Blue'] });
  });

  it('[S5.11, F5.3] moves q into the vendor parameter on a vendor page and the type parameter on a type page', () => {
    expect(parseQuery('q=Nike', createUrlConfig({ pageKind: 'vendor' }))).toEqual({ filters: { pf_v_vendor: ['Nike'] }, flags: {}, page: 1, extra: {} });
    expect(parseQuery('q=Shoes&pf_t_color=Red', createUrlConfig({ pageKind: 'type' })).filters).toEqual({ pf_pt_product_type: ['Shoes'], pf_t_color: ['Red'] });
    expect(parseQuery('q=Nike', createUrlConfig({ pageKind: 'search' })).term).toBe('Nike');
    const vendorWithOtherTermKey = createUrlConfig({ pageKind: 'vendor', termKey: 'search' });
    expect(parseQuery('q=Nike&search=red', vendorWithOtherTermKey)).toMatchObject({ filters: { pf_v_vendor: ['Nike'] }, term: 'red' });
  });

  it('[F3.15] reads <id>_and_condition and the other option flags', () => {
    const state = parseQuery('pf_t_color=Red&pf_t_color_and_condition=true&pf_r_rating_show_exact_rating=true&pf_p_price_exclude_from_value=false', config);
    expect(state.filters).toEqual({ pf_t_color: ['Red'] });
    expect(state.flags).toEqual({ pf_t_color: { and_condition: true }, pf_r_rating: { show_exact_rating: true } });
  });

  it('reads a configured term key and keeps other parameters in extra', () => {
    const custom = createUrlConfig({ termKey: 'query' });
    expect(parseQuery('query=boots&q=x&utm_source=mail&utm_source=ad&flag', custom)).toMatchObject({ term: 'boots', extra: { q: ['x'], utm_source: ['mail', 'ad'], flag: [''] } });
  });

  it('[S5.6] reads a page that is not a positive integer as 1, and a limit that is not a whole number in 1..70 as NaN (the reader falls back)', () => {
    for (const page of ['abc', '0', '-2', '2.5', '1e3', '', '99999999999999999999', ' 2']) expect(parseQuery(`page=${page}`, config).page, page).toBe(1);
    expect(parseQuery('page=007', config).page).toBe(7);
    for (const limit of ['abc', '0', '71', '100', '-1']) expect(parseQuery(`limit=${limit}`, config).limit, limit).toBeNaN();
    expect(parseQuery('limit=', config).limit).toBeUndefined();
    expect(parseQuery('limit=70', config).limit).toBe(70);
  });

  it('takes the first non-empty page, sort, term ... and drops empty and repeated filter values', () => {
    expect(parseQuery('sort=&sort=a&sort=b&q=&q=x&q=y&page=2&page=3', config)).toMatchObject({ sort: 'a', term: 'x', page: 2 });
    expect(parseQuery('pf_t_color=&pf_t_color=Red&pf_t_color=Red&pf_t_size=', config).filters).toEqual({ pf_t_color: ['Red'] });
  });

  it('ignores the hash and a leading ?', () => {
    expect(parseQuery('?pf_t_color=Red#pf_t_size=M', config).filters).toEqual({ pf_t_color: ['Red'] });
  });

  it('keeps malformed escapes as text and decodes everything exactly once', () => {
    expect(parseQuery('q=100%&pf_t_a=%E2%82&pf_t_b=%253Cb%253E', config)).toMatchObject({
      term: '100%',
      filters: { pf_t_a: ['\ufffd'], pf_t_b: ['%3Cb%3E'] },
    });
  });

  it('never pollutes prototypes: __proto__ and constructor are ordinary keys', () => {
    const state = parseQuery('__proto__=x&constructor=y&pf___proto__=z&__proto__[polluted]=1&toString=1', config);
    expect(Object.keys(state.extra).sort()).toEqual(['__proto__', '__proto__[polluted]', 'constructor', 'toString']);
    expect(state.extra['__proto__']).toEqual(['x']);
    expect(state.filters['pf___proto__']).toEqual(['z']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(state.extra)).toBeNull();
    expect(Object.getPrototypeOf(state.filters)).toBeNull();
  });

  it('copes with a huge query of repeated keys', () => {
    const query = Array.from({ length: 50_000 }, (_, i) => `pf_t_color=v${i % 1000}&x=${i}`).join('&');
    const state = parseQuery(query, config);
    expect(state.filters['pf_t_color']).toHaveLength(1000);
    expect(state.extra['x']).toHaveLength(50_000);
  });

  it('never throws on arbitrary, truncated or malformed query strings, and reads its own output back unchanged but for an unreadable limit (fast-check)', () => {
    const token = fc.constantFrom('&', '=', '%', '%2', '%zz', '%E2%82', '%C3%A9', ',', '+', '#', '?', '__proto__', 'constructor', 'prototype', 'pf_', 'pf_t_color', 'pf_c_x', '_and_condition', 'page', 'limit', 'sort', 'q', 'tab', '1', '0', '-1', 'true', 'é', '🔥', '[]');
    const query = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.array(token, { maxLength: 40 }).map((parts) => parts.join('')));
    const configs = [
      config,
      createUrlConfig({ scheme: 2, shortNames: ['pf_t_color:color'] }),
      createUrlConfig({ scheme: 0, pageKind: 'vendor' }),
      createUrlConfig({ pageKind: 'type', schemeOutsideCollections: 2, termKey: 'search' }),
    ];
    fc.assert(
      fc.property(query, fc.constantFrom(...configs), (search, cfg) => {
        const read = parseQuery(search, cfg);
        expect(Number.isSafeInteger(read.page) && read.page >= 1).toBe(true);
        // An unreadable limit (NaN) is not written back: it reads as absent the second time.
        const { limit, ...rest } = read;
        const state: FilterUrlState = Number.isNaN(limit) ? rest : read;
        const again = parseQuery(serializeQuery(state, cfg), cfg);
        if (cfg.scheme === 0) expect({ ...again, filters: {}, flags: {} }).toEqual({ ...state, filters: {}, flags: {} });
        else expect(again).toEqual(state);
      }),
      { numRuns: 5000 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  }, 120_000);
});
