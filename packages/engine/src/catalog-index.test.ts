import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog';
import { CatalogIndex } from './catalog-index';
import { createEngine } from './create-engine';
import { buildField, visitorFor } from './facet-field';
import { product, variant } from './test-fixtures';
import { generateCatalog } from './synthetic-catalog';
import { tokenize } from './text';
import { PREFIX_EXPANSIONS } from './text-index';

/** The words tokenize() gives a text, plus its '+' words, as the index reads every field. */
const wordsOf = (text: string) => [...tokenize(text), ...(text.includes('+') ? tokenize(text, true).filter((w) => w.includes('+')) : [])];

describe('CatalogIndex term dictionary', () => {
  const text = fc.array(fc.constantFrom('a', 'B', 'z', 'Q', '0', '9', '-', ' ', '+', '_', '.', 'é', 'Ü', 'ß', '東'), { maxLength: 14 }).map((cs) => cs.join(''));

  it('holds exactly the words tokenize() finds in titles and SKUs (the ASCII fast path included), SKU-only words flagged', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 4 }), (rows) => {
        const catalog: Catalog = {
          products: rows.map(([title, sku], i) => product(i + 1, { title, vendor: '', productType: '', options: [{ name: 'Color', values: ['Red'] }], variants: [variant({ options: ['Red'], sku })] })),
        };
        const index = new CatalogIndex(catalog);
        const fromTitles = new Set(rows.flatMap(([title]) => wordsOf(title)).concat('red'));
        const fromSkus = new Set(rows.flatMap(([, sku]) => wordsOf(sku)));
        const words = index.text.terms.filter((_, id) => index.text.derived[id] === 0);
        expect(words.sort()).toEqual([...new Set([...fromTitles, ...fromSkus])].sort());
        index.text.terms.forEach((term, id) => {
          expect(index.text.termId(term)).toBe(id);
          if (index.text.derived[id] === 0) expect(index.text.skuOnly[id]).toBe(fromTitles.has(term) ? 0 : 1);
        });
        expect(index.text.termId('not-a-term')).toBe(-1);
      }),
      { numRuns: 500 },
    );
  });

  it("lists a product under every word of each of its SKUs, the words a SKU shares with the product's previous SKU included", () => {
    // Parts that make SKUs share leading words, differ inside a word or by case, or leave the ASCII path.
    const sku = fc.array(fc.constantFrom('S', 's', 'A1', '10', '100', '-', '--', ' ', '+', 'é', 'x'), { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.array(sku, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const catalog: Catalog = {
          products: rows.map((skus, i) => product(i + 1, { title: 'item', vendor: '', productType: '', tags: [], options: [{ name: 'Color', values: ['Red'] }], variants: skus.map((s) => variant({ options: ['Red'], sku: s })) })),
        };
        const text = new CatalogIndex(catalog).text;
        // Each word's products: those with it in a SKU, as a word or through a word's stem.
        const expected = new Map<string, Set<number>>();
        rows.forEach((skus, d) => {
          for (const w of skus.flatMap(wordsOf)) for (const term of new Set([w, text.analyzer.stem(w)])) expected.set(term, (expected.get(term) ?? new Set()).add(d));
        });
        for (const [term, docs] of expected) {
          const id = text.termId(term);
          expect(id).not.toBe(-1);
          expect([...text.textDocs.subarray(text.textStart[id], text.textEnd[id])]).toEqual([...docs].sort((a, b) => a - b));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('CatalogIndex prefix completions', () => {
  it('completes every 1-3 character prefix with the terms a full sort by products, then spelling, puts first', () => {
    // Shop density at 3,000 products: thousands of SKU and id terms in one product each, so most
    // terms of a prefix tie on their count and the spelling decides.
    const index = new CatalogIndex(generateCatalog({ products: 3000, seed: 11, profile: 'shop' }));
    const text = index.text;
    const live = text.terms.map((term, t) => ({ term, t, df: text.df(t) })).filter((x) => text.derived[x.t] === 0 && x.df > 0);
    const prefixes = [...new Set(live.flatMap((x) => [x.term.slice(0, 1), x.term.slice(0, 2), x.term.slice(0, 3)]))];
    let ties = 0;
    for (const pre of prefixes) {
      const expected = live
        .filter((x) => x.term.length > pre.length && x.term.startsWith(pre))
        .sort((a, b) => b.df - a.df || (a.term < b.term ? -1 : 1))
        .slice(0, PREFIX_EXPANSIONS);
      // (Prefixes whose list is cut inside a run of equal counts: the spelling decides who stays.)
      if (expected.length === PREFIX_EXPANSIONS && live.some((x) => x.df === expected.at(-1)?.df && x.term.length > pre.length && x.term.startsWith(pre) && !expected.includes(x))) ties++;
      expect(text.completions(pre).map((t) => text.terms[t]), pre).toEqual(expected.map((x) => x.term));
    }
    expect(ties).toBeGreaterThan(5);
  });
});

describe('CatalogIndex text weights', () => {
  // Product k has the word and k - 1 other words in its title: the shorter the title, the more
  // the word weighs (length normalisation), each length a distinct weight.
  const repeated = (count: number): Catalog => ({
    products: Array.from({ length: count }, (_, i) => product(i + 1, { title: ['zeta', ...Array.from({ length: i }, (_, k) => `w${k}`)].join(' ') })),
  });

  it('stores few distinct weights as one-byte codes and ranks by them', () => {
    const index = new CatalogIndex(repeated(20));
    expect(index.text.textWeightCodes).not.toBeNull();
    expect(index.text.textWeights).toBeNull();
    const ids = createEngine(repeated(20)).search({ q: 'zeta', limit: '3' }).products.map((p) => p.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('falls back to float32 weights past 256 distinct values and ranks the same way', () => {
    const index = new CatalogIndex(repeated(300));
    expect(index.text.textWeightCodes).toBeNull();
    expect(index.text.textWeights).not.toBeNull();
    const ids = createEngine(repeated(300)).search({ q: 'zeta', limit: '3' }).products.map((p) => p.id);
    expect(ids).toEqual([1, 2, 3]);
  });
});

describe('CatalogIndex facet fields', () => {
  it('keeps a one-value-per-product array only for fields that have at most one value per product', () => {
    const catalog: Catalog = {
      products: [
        product(1, { vendor: 'Acme', tags: ['a', 'b'] }),
        product(2, { vendor: '', tags: [] }),
        product(3, { vendor: 'Globex', tags: ['b'] }),
      ],
    };
    const index = new CatalogIndex(catalog);
    const vendor = index.field('vendor');
    // Value + 1, 0 for none, in the narrowest typed array.
    expect(vendor.single).toBeInstanceOf(Uint8Array);
    // Slots past the products are free (headroom for live creates) and hold no value.
    expect([...(vendor.single ?? [])].map((v) => (v === 0 ? null : vendor.keys[v - 1]))).toEqual(['Acme', null, 'Globex', ...Array<null>(index.size - 3).fill(null)]);
    expect(index.field('tag').single).toBeNull();
  });

  it('keeps a bitmask of values per product for a field of several values per product and at most 32 keys', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    const few = new CatalogIndex({ products: [product(1, { tags: ['a', 'b'] }), product(2, { tags: [] }), product(3, { tags: ['b', 'c'] })] });
    const tag = few.field('tag');
    const keysOf = (m: number) => tag.keys.filter((_, k) => (m >> k) & 1);
    expect(tag.masks).toBeInstanceOf(Uint8Array);
    expect([...(tag.masks ?? [])].slice(0, 3).map(keysOf)).toEqual([['a', 'b'], [], ['b', 'c']]);
    const many = (n: number) => new CatalogIndex({ products: [product(1, { tags: tags(n) }), product(2, { tags: ['t0', `t${n - 1}`] })] }).field('tag');
    expect(many(16).masks).toBeInstanceOf(Uint16Array);
    expect(many(32).masks).toBeInstanceOf(Uint32Array);
    expect([...(many(32).masks ?? [])].slice(0, 2)).toEqual([0xffffffff, 0x80000001]);
    expect(many(33).masks).toBeNull();
  });

  it("reads each product's values by the string ids its record took exactly as its visitor reads the product", () => {
    // Values that repeat across products and variants, names that fold alike, empty values, more
    // than three options (the variant columns hold three), tags listed twice, unknown collections.
    const value = fc.constantFrom('', 'Red', 'red', 'M', 'XL', 'Ü', '0');
    const name = fc.constantFrom('Color', 'colour', 'COLOR', 'Size', 'Extra', '');
    const item = fc.record({
      vendor: fc.constantFrom('', 'Acme', 'Globex'),
      productType: fc.constantFrom('', 'Shirt'),
      tags: fc.array(fc.constantFrom('', 'a', 'b', 'cat:X>Y'), { maxLength: 4 }),
      collections: fc.array(fc.constantFrom('men', 'sale', 'gone'), { maxLength: 3 }),
      options: fc.array(fc.record({ name, values: fc.array(value, { maxLength: 3 }) }), { maxLength: 5 }),
      variants: fc.array(fc.record({ options: fc.array(value, { maxLength: 5 }), available: fc.boolean() }), { maxLength: 4 }),
    });
    const sources = ['vendor', 'type', 'tag', 'collection', 'option:color', 'option-available:color', 'option:size', 'option:extra', 'option-available:extra', 'option:'];
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (items) => {
        const catalog: Catalog = {
          collections: ['men', 'sale'].map((h) => ({ id: `c-${h}`, handle: h, title: h, description: '', image: null, sortOrder: 0 })),
          products: items.map((it, i) => product(i + 1, { ...it, variants: it.variants.map((v) => variant(v)) })),
        };
        const index = new CatalogIndex(catalog, { fields: sources });
        for (const source of sources) {
          const visit = visitorFor(source, index.collectionsByHandle);
          // The same field through its visitor over the products (the build's objects: the store is still warm).
          const expected = buildField(index.products, index.words, (p, d, emit) => index.isLive(d) && visit(p, d, emit));
          const built = index.field(source);
          expect({ keys: built.keys, offsets: built.offsets, vals: built.vals, postings: built.postings }).toEqual({ keys: expected.keys, offsets: expected.offsets, vals: expected.vals, postings: expected.postings });
        }
        // The option values' text terms, read by string id in the build, as a rebuild from the products reads them.
        const parts = index.text.parts();
        index.dropText();
        expect(index.text.parts()).toEqual(parts);
      }),
      { numRuns: 150 },
    );
  });
});
