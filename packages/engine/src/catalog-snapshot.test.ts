import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { readCatalogSnapshot, watchProductUpdates, writeCatalogSnapshot } from './node';
import { generateCatalog } from './synthetic-catalog';
import { smallCatalog } from './test-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'engine-snapshot-'));

describe('catalogue snapshots (readCatalogSnapshot / writeCatalogSnapshot)', () => {
  it('gives an engine that answers exactly like a fresh build', () => {
    const catalog = generateCatalog({ products: 800, seed: 5, descriptions: true });
    const file = join(dir, 'catalog.snapshot');
    expect(writeCatalogSnapshot(file, catalog)).toBeGreaterThan(1000);
    const fresh = createEngine(catalog);
    const replica = createEngine(readCatalogSnapshot(file));
    const calls = [
      '/api/filter?build_filter_tree=true',
      '/api/filter?build_filter_tree=true&pf_opt_color[]=Red&pf_opt_color[]=Navy&pf_t_tag[]=summer&sort=price-ascending',
      '/api/filter?build_filter_tree=true&collection_scope=tops&pf_p_price=20:60&pf_r_rating[]=4&pf_st_stock[]=in-stock',
      '/api/search?q=linen%20shirt&build_filter_tree=true&pf_v_vendor[]=' + encodeURIComponent(catalog.products[0]?.vendor ?? ''),
      '/api/search?q=cashmre&sort=best-selling',
      '/api/suggest?q=wo',
      '/api/products?ids=100003&ids=100010',
      '/collections/tops?view=boost-pfs-most-popular&sort_by=best-selling',
    ];
    for (const url of calls) expect([url, replica.handle({ method: 'GET', url }).body]).toEqual([url, fresh.handle({ method: 'GET', url }).body]);
  });

  it('refuses a file that is not a snapshot, naming it', () => {
    const file = join(dir, 'not-a-snapshot.json');
    writeFileSync(file, '{"products":[]}');
    expect(() => readCatalogSnapshot(file)).toThrow(/not-a-snapshot\.json cannot be read as a catalogue snapshot|not-a-snapshot\.json is not a catalogue snapshot/);
  });
});

describe('watchProductUpdates (an NDJSON file of webhook payloads)', () => {
  it('applies the lines present at start and each appended line; a bad line is reported and changes nothing', () => {
    const file = join(dir, 'updates.ndjson');
    const line = (topic: string, product: unknown) => `${JSON.stringify({ topic, product })}\n`;
    writeFileSync(file, line('products/create', { id: 901, title: 'Alpaca Poncho', vendor: 'Andes', variants: [{ price: '89.00' }] }));
    const engine = createEngine(smallCatalog());
    const errors: string[] = [];
    const watch = watchProductUpdates(engine, file, { interval: 60_000, onError: (e) => errors.push(e.message), collections: ['all'] });
    try {
      expect(engine.search({ q: 'poncho' }).total_product).toBe(1);
      appendFileSync(file, line('products/update', { id: 901, title: 'Llama Poncho', variants: [{ price: 'cheap' }] }) + line('products/delete', { id: 1 }) + '{"topic":"products/create","product":{"id":9');
      expect(watch.poll()).toMatchObject({ deleted: 1, products: 6 });
      expect(errors).toEqual([expect.stringMatching(/updates\.ndjson:2: product\.variants\[0\]\.price must be a number/)]);
      expect(engine.search({ q: 'alpaca' }).total_product).toBe(1);
      expect(engine.products(['1'])).toEqual([]);
      // The half-written last line waits for its end.
      appendFileSync(file, '02,"title":"Wool Scarf"}}\n');
      expect(watch.poll()).toMatchObject({ created: 1, products: 7 });
      expect(engine.search({ q: 'scarf' }).products.map((p) => p.id)).toEqual([902]);
      // A file replaced by a shorter one is read from its start.
      writeFileSync(file, line('products/delete', { id: 902 }));
      expect(watch.poll()).toMatchObject({ deleted: 1 });
    } finally {
      watch.close();
    }
  });
});
