import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachBit, type Bitset } from './bitset';
import { CatalogIndex } from './catalog-index';
import { createEngine } from './create-engine';
import { product, variant } from './test-fixtures';
import { flatRanges, inRanges, priceClasses } from './variant-price-classes';

const bitsOf = (b: Bitset): number[] => {
  const out: number[] = [];
  forEachBit(b, (d) => out.push(d));
  return out;
};

// Prices on a coarse grid so bounds often fall on a price; products of 0 to 4 variants, a few of
// them far apart (wide), and catalogs large enough that the sorted orders' marks are crossed.
const priceArb = fc.integer({ min: 0, max: 40 }).map((n) => n * 2.5);
const catalogArb = fc.array(fc.array(priceArb, { minLength: 0, maxLength: 4 }), { minLength: 0, maxLength: 300 });
const boundArb = fc.option(fc.tuple(priceArb, fc.constantFrom(0, 0.5)).map(([x, h]) => x + h), { nil: null });
const rangeArb = fc.tuple(boundArb, boundArb);
const selsArb = fc.array(fc.array(rangeArb, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 });

const catalogOf = (prices: number[][]) => ({
  products: prices.map((ps, i) => product(i + 1, { variants: ps.map((price) => variant({ options: ['Red', 'M'], price })) })),
  collections: [],
  filterTree: [],
});

describe('variant price classes', () => {
  it('[F7.1] split products into every variant in range, some variant maybe in range, and none, exactly', () => {
    fc.assert(
      fc.property(catalogArb, selsArb, (prices, ranges) => {
        const index = new CatalogIndex(catalogOf(prices));
        const sels = ranges.map(flatRanges);
        const c = priceClasses(index, sels);
        const inside = (x: number) => inRanges(x, sels);
        const want = { all: [] as number[], maybe: [] as number[], some: [] as number[] };
        prices.forEach((ps, d) => {
          if (ps.length === 0) return;
          if (ps.some(inside)) want.some.push(d);
          // Every variant in range: for each selection, the lowest to highest price inside one of its ranges.
          const [lo, hi] = [Math.min(...ps), Math.max(...ps)];
          if (sels.every((r) => Array.from({ length: r.length / 2 }, (_, k) => [r[2 * k]!, r[2 * k + 1]!]).some(([a, z]) => lo >= a! && hi <= z!))) want.all.push(d);
        });
        expect(bitsOf(c.all)).toEqual(want.all);
        expect(bitsOf(c.some())).toEqual(want.some);
        // maybe: never one of all; holds every product with a variant in range that is not in all.
        const maybe = bitsOf(c.maybe);
        expect(maybe.filter((d) => want.all.includes(d))).toEqual([]);
        expect(want.some.filter((d) => !want.all.includes(d) && !maybe.includes(d))).toEqual([]);
        // The straddling table lists the maybe products with exactly their variants in range.
        const { docs, offsets, variants } = c.straddling;
        expect([...docs]).toEqual(maybe);
        const off = index.variantPriceOffsets;
        docs.forEach((d, i) => {
          const got = [...variants.subarray(offsets[i], offsets[i + 1])].map((g) => g - off[d]!);
          expect(got).toEqual(prices[d]!.flatMap((x, k) => (inside(x) ? [k] : [])));
        });
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });

  it('[F7.1] a variants_price selection lets through the products with one variant priced in range', () => {
    // (The wire refuses a range whose min is above its max: those are drawn in order here.)
    const ordered = rangeArb.map(([a, z]): [number | null, number | null] => (a !== null && z !== null && a > z ? [z, a] : [a, z]));
    fc.assert(
      fc.property(catalogArb.map((c) => c.slice(0, 250)), fc.array(ordered, { minLength: 1, maxLength: 2 }), (prices, ranges) => {
        const catalog = { ...catalogOf(prices), filterTree: [{ filterOptionId: 'pf_x5_variants_price', filterType: 'variants_price', displayType: 'range' as const }] };
        const e = createEngine(catalog);
        const param = ranges.map(([lo, hi]) => `${lo ?? ''}:${hi ?? ''}`);
        const got = e.filter({ pf_x5_variants_price: param, limit: '250' }).products.map((p) => Number(p.id) - 1).sort((a, b) => a - b);
        const sels = [flatRanges(ranges)];
        expect(got).toEqual(prices.flatMap((ps, d) => (ps.some((x) => inRanges(x, sels)) ? [d] : [])));
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });
});
