import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
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

  it('gives the built index to the first engine, which then takes live updates like a fresh build', () => {
    const catalog = generateCatalog({ products: 600, seed: 8, descriptions: true });
    const file = join(dir, 'index.snapshot');
    writeCatalogSnapshot(file, catalog);
    const read = readCatalogSnapshot(file);
    const title = read.products[0]?.title as string;
    // The index comes from the file, not from the products: a title changed after reading is not searched.
    (read.products[0] as { title: string }).title = 'Zanzibar Quokka';
    const replica = createEngine(read);
    const titles = (e: ReturnType<typeof createEngine>) => e.search({ q: 'zanzibar quokka' }).products.map((p) => p.title);
    expect(titles(replica)).not.toContain('Zanzibar Quokka');
    // A second engine from the same catalogue builds its own index (the first one's changes in place).
    expect(titles(createEngine(read))[0]).toBe('Zanzibar Quokka');
    (read.products[0] as { title: string }).title = title;
    const updates = [
      { op: 'upsert' as const, product: { ...(catalog.products[3] as (typeof catalog.products)[number]), title: 'Linen Zanzibar Shirt', tags: ['summer'] } },
      { op: 'delete' as const, id: catalog.products[5]?.id as string },
      { op: 'upsert' as const, product: { ...(catalog.products[7] as (typeof catalog.products)[number]), id: 'new-1', handle: 'new-1' } },
    ];
    replica.applyProductUpdates(updates);
    const fresh = createEngine(catalog);
    fresh.applyProductUpdates(updates);
    for (const url of ['/api/filter?build_filter_tree=true&pf_t_tag[]=summer&sort=price-ascending', '/api/search?q=zanzibar&build_filter_tree=true', '/api/suggest?q=zan', '/api/filter?sort=best-selling&limit=50']) {
      expect([url, replica.handle({ method: 'GET', url }).body]).toEqual([url, fresh.handle({ method: 'GET', url }).body]);
    }
  });

  it('refuses a snapshot of another format version, an older snapshot, and a cut or damaged one, naming the file', () => {
    const file = join(dir, 'small.snapshot');
    writeCatalogSnapshot(file, smallCatalog());
    const bytes = readFileSync(file);
    const variant = (name: string, change: (b: Buffer) => Buffer) => {
      const f = join(dir, name);
      writeFileSync(f, change(Buffer.from(bytes)));
      return f;
    };
    expect(() => readCatalogSnapshot(variant('v9.snapshot', (b) => (b.writeUInt32LE(9, 8), b)))).toThrow(/v9\.snapshot is a snapshot of format version 9; this engine reads version 3/);
    expect(() => readCatalogSnapshot(variant('v1.snapshot', () => serialize({ magic: 'pkg-engine-catalog-snapshot', version: 1, catalog: smallCatalog() })))).toThrow(/v1\.snapshot is not a catalogue snapshot of this engine/);
    expect(() => readCatalogSnapshot(variant('cut.snapshot', (b) => b.subarray(0, b.length - 100)))).toThrow(/cut\.snapshot is cut short/);
    expect(() => readCatalogSnapshot(variant('header.snapshot', (b) => (b.write('}', 16, 'latin1'), b)))).toThrow(/header\.snapshot has a damaged header/);
    // A byte changed among the products' records (the title of the first product).
    const titleAt = bytes.indexOf(smallCatalog().products[0]?.title as string, 16 + bytes.readUInt32LE(12));
    expect(titleAt).toBeGreaterThan(0);
    expect(() => readCatalogSnapshot(variant('records.snapshot', (b) => (b.write('#', titleAt + 1, 'latin1'), b)))).toThrow(/records\.snapshot has damaged arrays/);
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
      // A character whose bytes were written in two appends (a line cut at any byte) is read whole.
      const crepe = Buffer.from(line('products/create', { id: 903, title: 'Crêpe Apron', variants: [{ price: '12.00' }] }));
      const cut = crepe.indexOf(Buffer.from('ê')) + 1;
      appendFileSync(file, crepe.subarray(0, cut));
      expect(watch.poll()).toBeNull();
      appendFileSync(file, crepe.subarray(cut));
      expect(watch.poll()).toMatchObject({ created: 1 });
      expect(engine.search({ q: 'apron' }).products.map((p) => p.title)).toEqual(['Crêpe Apron']);
      expect(errors).toHaveLength(1);
      // A file replaced by a shorter one is read from its start.
      writeFileSync(file, line('products/delete', { id: 902 }));
      expect(watch.poll()).toMatchObject({ deleted: 1 });
    } finally {
      watch.close();
    }
  });
});
