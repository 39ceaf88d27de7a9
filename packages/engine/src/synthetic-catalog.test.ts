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
