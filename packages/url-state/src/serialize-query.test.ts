import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPTION_FLAGS, type FilterUrlState, type OptionFlags } from './filter-url-state';
import { parseQuery } from './parse-query';
import { serializeQuery } from './serialize-query';
import { createUrlConfig, type PageKind, type UrlConfig, type UrlScheme } from './url-config';

const config = createUrlConfig({ defaults: { limit: 16, display: 'grid', sort: 'manual' } });
const state = (partial: Partial<FilterUrlState>): FilterUrlState => ({ filters: {}, flags: {}, page: 1, extra: {}, ...partial });

describe('serializeQuery', () => {
  it('[S2.12] writes page, limit, sort and display, and omits page 1', () => {
    expect(serializeQuery(state({ page: 1, sort: 'price-ascending' }), config)).toBe('sort=price-ascending');
    expect(serializeQuery(state({ page: 2, limit: 24, sort: 'title-ascending', display: 'list' }), config)).toBe('display=list&limit=24&page=2&sort=title-ascending');
  });

  it('[S2.14] writes filters, page, sort, limit, display, tab and the term, sorted, dropping defaults', () => {
    const written = serializeQuery(
      state({ filters: { pf_t_size: ['M'], pf_t_color: ['Red'] }, page: 2, sort: 'manual', limit: 16, display: 'grid', tab: 'collections', term: 'red shoes' }),
      config,
    );
    expect(written).toBe('page=2&pf_t_color=Red&pf_t_size=M&q=red+shoes&tab=collections');
    expect(serializeQuery(state({ tab: 'products' }), createUrlConfig({ defaults: { tab: 'products' } }))).toBe('');
  });

  it('[S2.15] writes repeated keys with scheme 1, one comma-joined key with scheme 2 and no filters with scheme 0', () => {
    const s = state({ filters: { pf_t_color: ['Red', 'Blue, dark'] }, page: 2 });
    expect(serializeQuery(s, config)).toBe('page=2&pf_t_color=Red&pf_t_color=Blue%2C+dark');
    expect(serializeQuery(s, createUrlConfig({ scheme: 2 }))).toBe('page=2&pf_t_color=Red,Blue%2C+dark');
    expect(serializeQuery(s, createUrlConfig({ scheme: 0 }))).toBe('page=2');
  });

  it('[S2.15] applies the separate scheme on every page kind but the collection page', () => {
    const s = state({ filters: { pf_t_color: ['Red', 'Blue'] } });
    const options = { scheme: 1, schemeOutsideCollections: 2 } as const;
    expect(serializeQuery(s, createUrlConfig({ ...options, pageKind: 'collection' }))).toBe('pf_t_color=Red&pf_t_color=Blue');
    for (const pageKind of ['search', 'tag', 'other'] as const) {
      expect(serializeQuery(s, createUrlConfig({ ...options, pageKind })), pageKind).toBe('pf_t_color=Red,Blue');
    }
  });

  it('[S2.17] writes short names and sorts by the written name', () => {
    const short = createUrlConfig({ shortNames: ['pf_v_vendor:vendor', 'pf_t_color:a_color'] });
    expect(serializeQuery(state({ filters: { pf_v_vendor: ['Nike'], pf_t_color: ['Red'], pf_t_size: ['M'] } }), short)).toBe('a_color=Red&pf_t_size=M&vendor=Nike');
  });

  it('[S5.11, F5.3] writes the vendor or type filter back as q on its page, whatever the scheme', () => {
    const vendor = createUrlConfig({ pageKind: 'vendor', scheme: 0 });
    expect(serializeQuery(state({ filters: { pf_v_vendor: ['Nike'], pf_t_color: ['Red'] }, term: 'dropped' }), vendor)).toBe('q=Nike');
    const type = createUrlConfig({ pageKind: 'type' });
    expect(serializeQuery(state({ filters: { pf_pt_product_type: ['Shoes'], pf_t_color: ['Red'] } }), type)).toBe('pf_t_color=Red&q=Shoes');
  });

  it('[F3.15] writes <id>_and_condition=true for a set flag', () => {
    expect(serializeQuery(state({ filters: { pf_t_color: ['Red'] }, flags: { pf_t_color: { and_condition: true } } }), config)).toBe(
      'pf_t_color=Red&pf_t_color_and_condition=true',
    );
  });

  it('form-encodes keys and values (space as +) and keeps extra parameters', () => {
    expect(serializeQuery(state({ term: 'a&b=c d+e', extra: { utm_source: ['mail', ''], 'é k': ['v'] } }), config)).toBe('q=a%26b%3Dc+d%2Be&utm_source=mail&utm_source=&%C3%A9+k=v');
  });

  it('drops empty and repeated values, ids without the prefix, and pages or limits that are not valid', () => {
    const s = state({ filters: { pf_t_color: ['', 'Red', 'Red'], color: ['x'], pf_: ['y'], pf_t_size: [] }, page: 2.5, limit: 100 });
    expect(serializeQuery(s, config)).toBe('pf_t_color=Red');
  });
});

// Arbitrary configurations and states that the address bar can carry, for the round trip.
const pageKinds: PageKind[] = ['collection', 'search', 'vendor', 'type', 'tag', 'other'];
const schemes: UrlScheme[] = [0, 1, 2];
const configArb = fc
  .record({
    prefix: fc.constantFrom('pf_', 'f_'),
    scheme: fc.constantFrom(...schemes),
    schemeOutsideCollections: fc.constantFrom(...schemes),
    pageKind: fc.constantFrom(...pageKinds),
    termKey: fc.constantFrom('q', 'query'),
    short: fc.boolean(),
    defaults: fc.record({ sort: fc.constantFrom('manual', 'relevance'), limit: fc.integer({ min: 1, max: 70 }), display: fc.constant('grid'), tab: fc.constant('products') }),
  })
  .map(({ prefix, short, ...rest }) =>
    createUrlConfig({ ...rest, prefix, shortNames: short ? [`${prefix}v_vendor:vendor`, `${prefix}t_color:color`, `${prefix}t_color_and_condition:and`] : [] }),
  );

const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });
const record = <T>(entries: [string, T][]): Record<string, T> => {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) out[key] = value;
  return out;
};

function stateArb(cfg: UrlConfig): fc.Arbitrary<FilterUrlState> {
  const p = cfg.prefix;
  const id = fc.oneof(
    fc.constantFrom(`${p}t_color`, `${p}v_vendor`, `${p}pt_product_type`, `${p}c_collection`, `${p}p_price`, `${p}__proto__`),
    text.map((name) => `${p}m_${name}`).filter((key) => !/_(and_condition|show_exact_rating|exclude_from_value)$/.test(key)),
  );
  const values = fc.uniqueArray(fc.oneof(text, fc.constantFrom('Red, Blue', '10:100', ':50', 'a+b', '100%', '%41', ' ')), { minLength: 1, maxLength: 4 });
  const flags = fc.subarray([...OPTION_FLAGS], { minLength: 1 }).map((list) => Object.fromEntries(list.map((f) => [f, true])) as OptionFlags);
  const reserved = new Set([cfg.termKey, 'q', 'page', 'sort', 'limit', 'display', 'tab', 'vendor', 'color', 'and']);
  const extraKey = fc.oneof(fc.constantFrom('utm_source', '__proto__', 'constructor', 'toString', 'a b', 'x[]'), text).filter((k) => !k.startsWith(p) && !reserved.has(k));
  const other = (fallback: string) => text.filter((v) => v !== fallback);
  return fc
    .record(
      {
        filters: fc.uniqueArray(fc.tuple(id, values), { selector: ([k]) => k, maxLength: 4 }),
        flags: fc.uniqueArray(fc.tuple(id, flags), { selector: ([k]) => k, maxLength: 3 }),
        page: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constant(Number.MAX_SAFE_INTEGER)),
        sort: other(cfg.defaults.sort!),
        limit: fc.integer({ min: 1, max: 70 }).filter((n) => n !== cfg.defaults.limit),
        display: other('grid'),
        tab: other('products'),
        term: text,
        extra: fc.uniqueArray(fc.tuple(extraKey, fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { minLength: 1, maxLength: 3 })), { selector: ([k]) => k, maxLength: 3 }),
      },
      { requiredKeys: ['filters', 'flags', 'page', 'extra'] },
    )
    .map((s) => ({ ...s, filters: record(s.filters), flags: record(s.flags), extra: record(s.extra) }) as FilterUrlState);
}

/** What of a state the address bar carries under a configuration. */
function carried(s: FilterUrlState, cfg: UrlConfig): FilterUrlState {
  const scheme = cfg.pageKind === 'collection' ? cfg.scheme : cfg.schemeOutsideCollections;
  const moved = cfg.pageKind === 'vendor' ? cfg.vendorParam : cfg.pageKind === 'type' ? cfg.typeParam : undefined;
  const filters = scheme ? s.filters : record(Object.entries(s.filters).filter(([k]) => k === moved));
  const out: { -readonly [K in keyof FilterUrlState]: FilterUrlState[K] } = { ...s, filters, flags: scheme ? s.flags : {} };
  if (moved && cfg.termKey === 'q') delete out.term;
  return out;
}

describe('parseQuery(serializeQuery(state)) round trip', () => {
  it('[S2.14, S2.15, S2.17] gives back every state the address bar carries, for every scheme (fast-check)', () => {
    fc.assert(
      fc.property(
        configArb.chain((cfg) => fc.tuple(fc.constant(cfg), stateArb(cfg))),
        ([cfg, s]) => {
          const query = serializeQuery(s, cfg);
          expect(parseQuery(query, cfg)).toEqual(carried(s, cfg));
          const keys = query ? query.split('&').map((pair) => decodeURIComponent(pair.split('=')[0]!.replace(/\+/g, ' '))) : [];
          expect(keys).toEqual([...keys].sort());
        },
      ),
      { numRuns: 4000 },
    );
  }, 120_000);

  it('keeps commas inside values with scheme 2 (written as %2C, split only on raw commas)', () => {
    const two = createUrlConfig({ scheme: 2 });
    const s = state({ filters: { pf_t_color: ['Red, Blue', 'a,b,c', 'Green'] } });
    expect(serializeQuery(s, two)).toBe('pf_t_color=Red%2C+Blue,a%2Cb%2Cc,Green');
    expect(parseQuery(serializeQuery(s, two), two)).toEqual(s);
  });
});
