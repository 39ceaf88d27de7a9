// Owner synonyms and merchandising rules: validation, each rule kind through the typed API and
// over HTTP, dates, and reloading while the engine (and its node server) runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireFilterResponse, WireSuggestResponse } from '@pkg/core-filter';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from './create-engine';
import type { EngineFilterResponse } from './engine-types';
import { MerchandisingError, parseMerchandising } from './merchandising';
import { createEngineServer } from './node';
import { smallCatalog } from './test-fixtures';

const ids = (r: WireFilterResponse) => r.products.map((p) => String(p.id));

describe('merchandising documents are validated', () => {
  const fails = (doc: unknown) => {
    try {
      parseMerchandising(doc);
    } catch (err) {
      expect(err).toBeInstanceOf(MerchandisingError);
      return (err as Error).message;
    }
    throw new Error('no error');
  };
  it('names the rule and the field at fault', () => {
    expect(fails({ rules: [{ id: 'xmas', query: 'gift', pin: [{ product: '1', position: 0 }] }] })).toBe('[@pkg/engine] Merchandising rule "xmas" pin[0].position: must be a whole number from 1.');
    expect(fails({ rules: [{ id: 'b', collection: 'men', banner: { position: 2, text: 'Hi', link: 'javascript:alert(1)' } }] })).toMatch(/rule "b" banner\.link: must be an http\(s\) URL/);
    expect(fails({ rules: [{ id: 'c', query: 'x', start: 'soon', hide: ['1'] }] })).toMatch(/rule "c" start: must be an ISO 8601 date/);
    expect(fails({ rules: [{ id: 'd', hide: ['1'] }] })).toMatch(/rule "d" query: a rule needs a query or a collection/);
    expect(fails({ rules: [{ id: 'e', query: 'x', boost: [{ field: 'colour', value: 'Red' }] }] })).toMatch(/rule "e" boost\[0\]\.field: must be one of vendor, type, tag, option/);
    expect(fails({ rules: [{ id: 'f', query: 'x' }] })).toMatch(/rule "f": does nothing/);
    expect(fails({ rules: [{ id: 'g', query: 'x', hide: ['1'] }, { id: 'g', query: 'y', hide: ['2'] }] })).toMatch(/rule "g" id: is used by another rule/);
    expect(fails({ synonyms: [{ terms: ['tee'] }] })).toMatch(/synonyms\[0\]\.terms: must list at least two terms/);
    expect(fails({ synonym: [] })).toMatch(/field "synonym": is not known/);
  });
  it('keeps the rules in force when a new document is invalid', () => {
    const e = createEngine(smallCatalog(), { merchandising: { rules: [{ id: 'h', query: 'shirt', hide: ['1'] }] } });
    expect(() => e.setMerchandising({ rules: [{ id: 'bad' }] })).toThrow(MerchandisingError);
    expect(ids(e.search({ q: 'shirt' }))).not.toContain('1');
  });
});

describe('synonyms', () => {
  it('two-way: each term finds the others', () => {
    const e = createEngine(smallCatalog(), { merchandising: { synonyms: [{ terms: ['coat', 'jacket'] }] } });
    expect(ids(e.search({ q: 'coat' }))).toEqual(['2']);
    expect(ids(e.search({ q: 'jacket' }))).toEqual(['2']);
  });
  it('one-way: from finds to, not the reverse', () => {
    const e = createEngine(smallCatalog(), { merchandising: { synonyms: [{ from: 'gown', to: ['dress'] }, { from: 'cup', to: ['mug'] }] } });
    expect(ids(e.search({ q: 'gown' }))).toEqual(['4']);
    expect(ids(e.search({ q: 'red gown' }))).toEqual(['4']);
    expect(ids(e.search({ q: 'cup', fuzzy: 'false' }))).toEqual(['6']);
    const plain = createEngine(smallCatalog());
    expect(ids(plain.search({ q: 'gown', fuzzy: 'false' }))).toEqual([]);
  });
});

describe('rules', () => {
  it('pins a product at a position of a search, when it is in the result', () => {
    const e = createEngine(smallCatalog(), { merchandising: { rules: [{ id: 'p', query: 'Shirt', pin: [{ product: 'product-5', position: 1 }, { product: '6', position: 2 }] }] } });
    const r = ids(e.search({ q: 'shirt' }));
    expect(r[0]).toBe('5');
    expect(r).not.toContain('6');
    expect(r.slice(1).sort()).toEqual(['1', '3']);
    // Other queries are untouched.
    expect(ids(e.search({ q: 'red' }))[0]).not.toBe('5');
  });
  it('hides products from the result and its counts', () => {
    const e = createEngine(smallCatalog(), { merchandising: { rules: [{ id: 'h', collection: 'men', hide: ['1'] }] } });
    const r = e.filter({ collection_scope: 'men', build_filter_tree: 'true' });
    expect(ids(r)).not.toContain('1');
    expect(r.total_product).toBe(2);
    const vendor = r.filter?.options.find((o) => o.filterOptionId === 'pf_v_vendor');
    expect(vendor?.values).toEqual([{ key: 'Globex', doc_count: 2 }]);
    // Not on other pages.
    expect(ids(e.filter({ collection_scope: 'sale' }))).toContain('1');
  });
  it('boosts and buries by attribute, keeping the requested order within each group', () => {
    const e = createEngine(smallCatalog(), {
      merchandising: { rules: [{ id: 'bb', collection: 'all', boost: [{ field: 'vendor', value: 'Globex' }], bury: [{ field: 'tag', value: 'summer' }] }] },
    });
    const r = ids(e.filter({ limit: '10' }));
    expect(r.slice(0, 2)).toEqual(['2', '5']);
    expect(r.slice(-2)).toEqual(['1', '3']);
    // Paging reads the same arrangement.
    expect(ids(e.filter({ limit: '2', page: '2' }))).toEqual(r.slice(2, 4));
  });
  it('answers banners of the rules in force, with start and end dates', () => {
    let now = Date.parse('2026-12-01T00:00:00Z');
    const e = createEngine(smallCatalog(), {
      now: () => now,
      merchandising: {
        rules: [{ id: 'xmas', query: 'shirt', start: '2026-12-01', end: '2026-12-26', banner: { position: 3, text: 'Gift <b>ideas</b>', image: '/images/xmas.jpg', link: '/collections/sale' } }],
      },
    });
    const r: EngineFilterResponse = e.search({ q: 'shirt' });
    expect(r.banners).toEqual([{ id: 'xmas', position: 3, text: 'Gift <b>ideas</b>', image: '/images/xmas.jpg', link: '/collections/sale' }]);
    now = Date.parse('2026-12-27T00:00:00Z');
    expect(e.search({ q: 'shirt' }).banners).toBeUndefined();
  });
  it('sends banners in the wire answer of /search', () => {
    const e = createEngine(smallCatalog(), { merchandising: { rules: [{ id: 'm', collection: 'men', banner: { position: 1, text: 'New in' } }] } });
    const body = JSON.parse(e.handle({ method: 'GET', url: '/api/filter?collection_scope=men' }).body) as EngineFilterResponse;
    expect(body.banners).toEqual([{ id: 'm', position: 1, text: 'New in', image: null, link: null }]);
    expect(JSON.parse(e.handle({ method: 'GET', url: '/api/filter?collection_scope=women' }).body)).not.toHaveProperty('banners');
  });
  it('the suggestion answer carries the banners of the rules for the typed query, on the wire as in /search', () => {
    let now = Date.parse('2026-12-01T00:00:00Z');
    const e = createEngine(smallCatalog(), {
      now: () => now,
      merchandising: {
        rules: [
          { id: 'xmas', query: 'Shirt', end: '2026-12-26', banner: { position: 2, text: 'Gift ideas', link: '/collections/sale' } },
          { id: 'all-page', collection: 'all', banner: { position: 1, text: 'Listing only' } },
        ],
      },
    });
    const body = JSON.parse(e.handle({ method: 'GET', url: '/api/suggest?q=%20shirt' }).body) as WireSuggestResponse;
    expect(body.banners).toEqual([{ id: 'xmas', position: 2, text: 'Gift ideas', image: null, link: '/collections/sale' }]);
    expect(body.banners).toEqual(e.search({ q: 'shirt' }).banners?.filter((b) => b.id === 'xmas'));
    // Another term, a collection-only rule, or a rule past its end date: no banners.
    expect(e.suggest({ q: 'shir' })).not.toHaveProperty('banners');
    now = Date.parse('2026-12-27T00:00:00Z');
    expect(e.suggest({ q: 'shirt' })).not.toHaveProperty('banners');
  });
});

describe('reloading while running', () => {
  it('the node server puts a changed merchandising file in force, and keeps the old rules when the new file is invalid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-merch-'));
    const file = join(dir, 'merchandising.json');
    writeFileSync(file, JSON.stringify({ rules: [{ id: 'one', query: 'shirt', pin: [{ product: '5', position: 1 }] }] }));
    const engine = createEngine(smallCatalog());
    const errors: string[] = [];
    const server = await createEngineServer(engine, { merchandisingFile: file, watchInterval: 20, onMerchandisingError: (e) => errors.push(e.message) });
    try {
      const first = async () => ((await (await fetch(`${server.url}/api/search?q=shirt`)).json()) as WireFilterResponse).products[0]?.id;
      expect(await first()).toBe(5);
      writeFileSync(file, JSON.stringify({ rules: [{ id: 'two', query: 'shirt', pin: [{ product: '3', position: 1 }] }] }));
      await vi.waitFor(() => expect(engine.merchandising().rules?.[0]?.id).toBe('two'), { timeout: 5000, interval: 20 });
      expect(await first()).toBe(3);
      writeFileSync(file, '{ "rules": [ { "id": "broken" } ] }');
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
      expect(errors[0]).toMatch(/rule "broken"/);
      expect(await first()).toBe(3);
    } finally {
      await server.close();
    }
  });
  it('refuses to start on an invalid merchandising file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-merch-'));
    const file = join(dir, 'merchandising.json');
    writeFileSync(file, 'not json');
    await expect(createEngineServer(createEngine(smallCatalog()), { merchandisingFile: file })).rejects.toThrow(/cannot be read as JSON/);
  });
});
