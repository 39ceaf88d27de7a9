import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WireFilterOption } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { buildLumaCatalog } from '../scripts/luma-catalog';
import type { Catalog } from './catalog';
import { setupServer } from 'msw/node';
import { createEngine } from './create-engine';
import { createEngineHandlers } from './msw';
import { createEngineServer } from './node';

const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/luma');
const read = (f: string) => readFileSync(resolve(dataDir, f), 'utf8');

describe('the Luma demo catalog', () => {
  const built = buildLumaCatalog(dataDir);
  it('is exactly what the converter script produces (re-run `pnpm build:luma` after changing it)', () => {
    expect(built.catalog).toBe(read('catalog.json'));
    expect(built.filterTree).toBe(read('filter-tree.json'));
    expect(built.swatches).toBe(read('swatches.json'));
    expect(buildLumaCatalog(dataDir).catalog).toBe(built.catalog);
  });
  const catalog = JSON.parse(read('catalog.json')) as Catalog;
  const engine = createEngine(catalog);
  it('has one collection per handle and id, each with products', () => {
    const cols = catalog.collections ?? [];
    expect(new Set(cols.map((c) => c.handle)).size).toBe(cols.length);
    expect(new Set(cols.map((c) => c.id)).size).toBe(cols.length);
    const used = new Set(catalog.products.flatMap((p) => p.collections));
    expect(cols.filter((c) => !used.has(c.handle)).map((c) => c.handle)).toEqual([]);
  });
  it('names every collection once, so the collection filter and the suggestions can tell them apart', () => {
    const titles = (catalog.collections ?? []).map((c) => c.title);
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
    expect(titles).not.toContain('Collections');
    expect(titles).toEqual(expect.arrayContaining(["Men's Bottoms", "Women's Bottoms", "Men's Jackets", "Women's Jackets", 'Pants (Promotions)']));
  });
  it('has plain-text tag values spelt one way (no entities, no values that differ in letter case only)', () => {
    const entity = /&(#x?[0-9a-f]+|[a-z]+);/i;
    const tags = [...new Set(catalog.products.flatMap((p) => p.tags))];
    expect(tags.filter((t) => entity.test(t))).toEqual([]);
    const lower = tags.map((t) => t.toLowerCase());
    expect(tags.filter((_, i) => lower.indexOf(lower[i] as string) !== i)).toEqual([]);
    expect(tags).toEqual(expect.arrayContaining(['material:Cocona\u00ae performance fabric', 'material:CoolTech\u2122']));
  });
  it('has plain-text product titles and image alt texts (Luma names carry HTML entities)', () => {
    const entity = /&(#x?[0-9a-f]+|[a-z]+);/i;
    expect(catalog.products.filter((p) => entity.test(p.title)).map((p) => p.title)).toEqual([]);
    expect(catalog.products.some((p) => p.title.includes('\u00ae') || p.title.includes('\u2122'))).toBe(true);
    expect(catalog.products.flatMap((p) => p.images.map((i) => i.alt ?? '')).filter((a) => entity.test(a))).toEqual([]);
  });

  it('[F3.5] configures every display type in its filter tree', () => {
    const types = new Set((catalog.filterTree ?? []).map((o) => o.displayType));
    expect([...types].sort()).toEqual(['box', 'list', 'multi_level_collections', 'multi_level_tag', 'range', 'rating', 'sub_category', 'swatch']);
  });
  it('answers every configured option with values', () => {
    const r = engine.filter({ build_filter_tree: true });
    expect(r.total_product).toBe(catalog.products.length);
    for (const o of r.filter?.options ?? []) {
      const v = (o as WireFilterOption).values;
      expect(Array.isArray(v) ? v.length : v && 'min' in v ? 1 : 0, o.filterOptionId).toBeGreaterThan(0);
    }
  });
  it('[F3.11] ships swatch settings keyed pfs-swatch-<value> with one colour code', () => {
    const swatches = JSON.parse(read('swatches.json')) as Record<string, { type: string; colorCodes: string[] }>;
    expect(swatches['pfs-swatch-black']).toEqual({ type: 'one_color', colorCodes: ['#1d1d1d'] });
    expect(Object.values(swatches).every((s) => s.type === 'one_color' && /^#[0-9a-f]{6}$/.test(s.colorCodes[0] ?? ''))).toBe(true);
  });
  it('[F9.1] answers 24 products per page when no limit is given', () => {
    expect(engine.filter({}).products).toHaveLength(24);
  });
  it('[S9.11] pages the search panels 25 at a time by default', () => {
    const r = engine.collectionsPanel({});
    expect(r.total_collection).toBe(catalog.collections?.length);
    expect(r.collections).toHaveLength(25);
  });
  it('[S9.8] answers the client\'s default blocks (3 suggestions, 2 collections, 2 pages, 6 products), and three of each when no limit is sent, as the service does', () => {
    const limits = { suggestion_limit: 3, collection_limit: 2, page_limit: 2, product_limit: 6 };
    const r = engine.suggest({ q: 's', ...limits });
    expect(r.total_product).toBeGreaterThan(6);
    expect(r.products).toHaveLength(6);
    expect(r.suggestions).toHaveLength(3);
    expect(r.collections).toHaveLength(2);
    expect(engine.suggest({ q: 'p', ...limits }).pages).toHaveLength(2);
    const plain = engine.suggest({ q: 's' });
    expect([plain.products.length, plain.suggestions.length, plain.collections.length]).toEqual([3, 3, 3]);
  });
  it('has derived vendors, compare-at prices, stock, dates and review ratings', () => {
    const vendors = new Set(catalog.products.map((p) => p.vendor));
    expect(vendors.size).toBeGreaterThan(3);
    expect(catalog.products.some((p) => p.variants.some((v) => v.compareAtPrice !== null))).toBe(true);
    expect(catalog.products.some((p) => p.variants.some((v) => !v.available))).toBe(true);
    expect(new Set(catalog.products.map((p) => p.createdAt)).size).toBeGreaterThan(50);
    expect(catalog.products.filter((p) => p.rating > 0).length).toBeGreaterThan(20);
    expect(catalog.products.every((p) => p.images.every((i) => i.src.startsWith('/images/luma/')))).toBe(true);
  });
  it('is served through all three adapters: Node server (with its images), msw and engine.fetch', async () => {
    const server = await createEngineServer(engine, { staticDirs: { '/images/luma': resolve(dataDir, 'images') } });
    try {
      const r = (await (await fetch(`${server.url}/api/search?q=hoodie&limit=1`)).json()) as { total_product: number; products: Array<{ images_info: Array<{ src: string }> }> };
      expect(r.total_product).toBeGreaterThan(10);
      const img = await fetch(`${server.url}${r.products[0]?.images_info[0]?.src ?? ''}`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      await server.close();
    }
    const msw = setupServer(...createEngineHandlers(engine, { baseUrl: 'https://luma.test' }));
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      const viaMsw = (await (await fetch('https://luma.test/api/filter?pf_opt_color[]=Black')).json()) as { total_product: number };
      const inProcess = (await (await engine.fetch('/api/filter?pf_opt_color[]=Black')).json()) as { total_product: number };
      expect(viaMsw.total_product).toBeGreaterThan(0);
      expect(viaMsw.total_product).toBe(inProcess.total_product);
    } finally {
      msw.close();
    }
  });
});
