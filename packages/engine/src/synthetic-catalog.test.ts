import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { generateCatalog, seededRandom, zipf } from './synthetic-catalog';

describe('generateCatalog', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(generateCatalog({ products: 200, seed: 3 })).toEqual(generateCatalog({ products: 200, seed: 3 }));
    expect(generateCatalog({ products: 200, seed: 3 })).not.toEqual(generateCatalog({ products: 200, seed: 4 }));
  });
  it('draws Zipf-like vendors: the first rank is the most frequent by far', () => {
    const next = zipf(100, 1.07, seededRandom(1));
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 20000; i++) counts[next()]! += 1;
    expect(counts[0]!).toBeGreaterThan(counts[9]! * 5);
  });
  it('builds a 5,000-product catalog the engine serves with every option of its tree', () => {
    const catalog = generateCatalog({ products: 5000, seed: 1 });
    const engine = createEngine(catalog);
    const r = engine.filter({ build_filter_tree: true, 'pf_opt_color[]': 'Black' });
    expect(r.total_product).toBeGreaterThan(100);
    expect(r.filter?.options.map((o) => o.filterOptionId)).toEqual(catalog.filterTree?.map((o) => o.filterOptionId));
  });
});

describe('generateCatalog({ profile: "shop" })', () => {
  it('has the density of real shops: 60 types, vendors specialised by type, ~7.5 Zipf tags and ~4.9 variants per product', () => {
    const { products } = generateCatalog({ products: 4000, seed: 2, profile: 'shop' });
    expect(generateCatalog({ products: 50, seed: 2, profile: 'shop' })).toEqual(generateCatalog({ products: 50, seed: 2, profile: 'shop' }));
    const types = new Set(products.map((p) => p.productType));
    expect(types.size).toBeGreaterThan(50);
    const typesOfVendor = new Map<string, Set<string>>();
    for (const p of products) typesOfVendor.set(p.vendor, (typesOfVendor.get(p.vendor) ?? new Set()).add(p.productType));
    expect(Math.max(...[...typesOfVendor.values()].map((s) => s.size))).toBeLessThanOrEqual(3);
    const plainTags = products.reduce((n, p) => n + p.tags.filter((t) => !t.startsWith('cat:')).length, 0) / products.length;
    expect(plainTags).toBeGreaterThan(6.5);
    expect(plainTags).toBeLessThan(8);
    const variants = products.reduce((n, p) => n + p.variants.length, 0) / products.length;
    expect(variants).toBeGreaterThan(3.5);
    expect(variants).toBeLessThan(6.5);
    expect(new Set(products.flatMap((p) => p.options.find((o) => o.name === 'Color')?.values ?? [])).size).toBe(25);
    expect(new Set(products.flatMap((p) => p.options.find((o) => o.name === 'Size')?.values ?? [])).size).toBe(10);
  });
});
