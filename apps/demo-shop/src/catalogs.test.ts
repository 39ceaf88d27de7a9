import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalogs.mjs';

type P = { id: string; handle: string; title: string; tags?: string[]; variants: Array<{ id: string }> };

describe('catalogs', () => {
  const luma = loadCatalog('luma').catalog as { products: P[]; filterTree: Array<{ filterOptionId: string }> };

  it('luma-scaled:<n> repeats Luma to n products, each with its own id, handle and title, the originals first and unchanged', () => {
    const { catalog, title } = loadCatalog('luma-scaled:400') as { catalog: { products: P[]; filterTree: unknown[] }; title: string };
    const products = catalog.products;
    expect(title).toBe('Luma x400');
    expect(products).toHaveLength(400);
    expect(products.slice(0, luma.products.length)).toEqual(luma.products);
    for (const key of ['id', 'handle', 'title'] as const) expect(new Set(products.map((p) => p[key])).size, key).toBe(400);
    expect(new Set(products.flatMap((p) => p.variants.map((v) => v.id))).size).toBe(products.reduce((n, p) => n + p.variants.length, 0));
    expect(products[luma.products.length]).toMatchObject({ title: `${luma.products[0]!.title} #1`, handle: `${luma.products[0]!.handle}-1` });
    expect(catalog.filterTree).toEqual(luma.filterTree);
  });

  it('luma-wide-option:<n> adds a Lot tag option with exactly n values, every value on a product', () => {
    const { catalog } = loadCatalog('luma-wide-option:1000') as { catalog: { products: P[]; filterTree: Array<{ filterOptionId: string; prefix?: string }> } };
    const lots = new Set(catalog.products.flatMap((p) => (p.tags ?? []).filter((t) => t.startsWith('lot:'))));
    expect(lots.size).toBe(1000);
    expect(lots.has('lot:Lot 0001') && lots.has('lot:Lot 1000')).toBe(true);
    expect(catalog.filterTree.at(-1)).toMatchObject({ filterOptionId: 'pf_t_lot', prefix: 'lot:' });
    expect(catalog.filterTree.slice(0, -1)).toEqual(luma.filterTree);
    expect(catalog.products.map((p) => p.id)).toEqual(luma.products.map((p) => p.id));
  });

  it('refuses unknown names and sizes out of range, saying what to use', () => {
    expect(() => loadCatalog('luma-scaled:0')).toThrow('[@apps/demo-shop] Catalog "luma-scaled:0": the product count must be 1 to 200000.');
    expect(() => loadCatalog('luma-wide-option:100001')).toThrow('the value count must be 1 to 100000');
    expect(() => loadCatalog('luma-scaled:abc')).toThrow(/Unknown catalog "luma-scaled:abc". Choose one of: luma, shopify-csv, luma-scaled:<products>, luma-wide-option:<values>/);
  });
});
