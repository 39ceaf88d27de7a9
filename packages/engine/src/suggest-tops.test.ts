// Suggest's precomputed answers for prefixes with many matches (endpoints/suggest.ts suggestTops)
// against the same requests answered without them: on a fresh build, for every product limit and
// request shape, and after any sequence of live updates (the stale entries computed again).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogProduct } from './catalog';
import type { ProductUpdate } from './catalog-updates';
import { createContext, type EngineContext } from './engine-context';
import { suggest, suggestTops, suggestTopsStats } from './endpoints/suggest';
import { generateCatalog } from './synthetic-catalog';
import { changeArb, updatedList, updateOf } from './test-fixtures';

const { minPostings, maxLetters } = suggestTops;

afterEach(() => {
  Object.assign(suggestTops, { minPostings, maxLetters });
});

/** The requests compared: every 1-3 letter prefix of the catalogue's words, with several shapes. */
function answers(ctx: EngineContext, terms: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const q of terms) {
    out.push(suggest(ctx, { q }));
    for (const product_limit of ['1', '7', '50', '0']) out.push(suggest(ctx, { q, product_limit }));
    out.push(suggest(ctx, { q, product_available: 'true' }));
    out.push(suggest(ctx, { q, suggest_types: 'products' }));
  }
  return out;
}

function termsOf(products: readonly CatalogProduct[]): string[] {
  const words = new Set(products.flatMap((p) => `${p.title} ${p.vendor} ${p.tags.join(' ')}`.toLowerCase().split(/[^a-z0-9]+/)));
  return [...new Set([...words].flatMap((w) => [w.slice(0, 1), w.slice(0, 2), w.slice(0, 3)]).filter(Boolean))].sort();
}

/** The same requests with nothing precomputed, on a fresh context of the same products. */
function plain(catalog: ReturnType<typeof generateCatalog>, products: CatalogProduct[], terms: readonly string[]): unknown[] {
  const was = suggestTops.minPostings;
  suggestTops.minPostings = Infinity;
  try {
    const ctx = createContext({ ...catalog, products }, {});
    const out = answers(ctx, terms);
    expect(suggestTopsStats(ctx).prefixes).toBe(0);
    return out;
  } finally {
    suggestTops.minPostings = was;
  }
}

describe('suggest: precomputed answers of prefixes with many matches', () => {
  it('[S7.1] keeps the answers a stock or sales change of a product cannot touch, and computes the others again', () => {
    const catalog = generateCatalog({ products: 300, seed: 8, vendors: 6, tags: 10 });
    suggestTops.minPostings = 1;
    const ctx = createContext(catalog, {});
    const terms = termsOf(catalog.products);
    suggest(ctx, { q: 'a' });
    const built = suggestTopsStats(ctx).prefixes;
    let list = [...catalog.products];
    const p = list[17] as CatalogProduct;
    const batches: ProductUpdate[][] = [
      [{ op: 'upsert', product: { ...p, variants: p.variants.map((v) => ({ ...v, available: !v.available, inventoryQuantity: v.available ? 0 : 3 })) } }],
      [{ op: 'upsert', product: { ...p, sales: p.sales + 1 } }],
    ];
    for (const batch of batches) {
      ctx.applyUpdates(batch);
      list = updatedList(list, batch);
      const { prefixes, current } = suggestTopsStats(ctx);
      // The prefixes of the product's words are computed again; the rest kept.
      expect(current).toBeGreaterThan(prefixes / 2);
      expect(current).toBeLessThan(built);
      expect(answers(ctx, terms)).toEqual(plain(catalog, list, terms));
    }
  });

  it('[S7.1] answers every product limit and request shape exactly as without them, on a fresh build', () => {
    const catalog = generateCatalog({ products: 400, seed: 21, vendors: 6, tags: 10 });
    const terms = termsOf(catalog.products);
    suggestTops.minPostings = 1;
    const ctx = createContext(catalog, {});
    const withTops = answers(ctx, terms);
    // Every prefix of up to six letters is precomputed here, and kept in a few bytes each.
    const stats = suggestTopsStats(ctx);
    expect(stats.prefixes).toBeGreaterThan(terms.length / 2);
    expect(stats.bytes).toBeLessThan(stats.prefixes * 300);
    expect(withTops).toEqual(plain(catalog, catalog.products, terms));
  });

  it('[S7.1] answers exactly as a fresh build after any sequence of live updates', () => {
    const catalog = generateCatalog({ products: 150, seed: 5, vendors: 6, tags: 10 });
    fc.assert(
      fc.property(fc.array(fc.array(changeArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (batches) => {
        suggestTops.minPostings = 1;
        const ctx = createContext(catalog, {});
        let list = [...catalog.products];
        let serial = 0;
        // Precomputed on the first request, before any update.
        suggest(ctx, { q: 'a' });
        expect(suggestTopsStats(ctx).prefixes).toBeGreaterThan(0);
        for (const changes of batches) {
          const batch: ProductUpdate[] = [];
          for (const c of changes) batch.push(updateOf(updatedList(list, batch), c, serial++));
          ctx.applyUpdates(batch);
          list = updatedList(list, batch);
          const terms = termsOf(list).filter((_, i) => i % 3 === 0);
          expect(answers(ctx, terms)).toEqual(plain(catalog, list, terms));
        }
      }),
      { numRuns: 12 },
    );
  });
});
