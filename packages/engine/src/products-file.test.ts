import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from './catalog';
import { CatalogIndex } from './catalog-index';
import { createEngine } from './create-engine';
import { arraysBuffer, packIndex } from './index-snapshot';
import { importProductsJson } from './import-products-json';
import { ProductSplitter, ProductsFileError, type ProductPosition, type ProductsFileFormat } from './json-elements';
import { catalogFromProducts, createBuildThread, importProductsFile } from './node';
import { generateCatalog, toPlatformProduct } from './synthetic-catalog';

const dir = mkdtempSync(join(tmpdir(), 'engine-products-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const write = (text: string | Buffer, ext = 'json') => {
  const file = join(dir, `f${files++}.${ext}`);
  writeFileSync(file, text);
  return file;
};

/** Splits `bytes` fed in chunks of `size` bytes: the products' texts and positions, and the other members. */
function split(bytes: Buffer, format: ProductsFileFormat, size: number, maxBytes?: number) {
  const out: Array<[string, ProductPosition]> = [];
  const s = new ProductSplitter('t.json', format, (text, at) => out.push([text, at]), maxBytes);
  for (let i = 0; i < bytes.length; i += size) s.push(bytes.subarray(i, i + size));
  s.end();
  return { out, members: Object.fromEntries([...s.members].map(([k, v]) => [k, JSON.parse(v.text)])) };
}

const splitError = (text: string | Buffer, format: ProductsFileFormat = 'json', size = 7): ProductsFileError => {
  try {
    split(Buffer.from(text), format, size);
  } catch (err) {
    expect(err).toBeInstanceOf(ProductsFileError);
    return err as ProductsFileError;
  }
  throw new Error('expected a ProductsFileError');
};

// Strings holding what a splitter could take for structure: quotes, escaped backslashes before
// quotes, brackets and braces, commas, new lines escaped, multi-byte characters split by chunks.
const tricky = [
  { id: 1, title: 'Say "hi" [to] {you}, ok', body_html: '<p>a \\"quoted\\" back\\\\slash</p>', tags: ['a]b', '{c', '"'] },
  { id: 2, title: 'Crème brûlée — 東京 🍰', handle: 'x\\', variants: [{ price: '1.00', option1: ']}' }], options: [{ name: 'Size', values: ['S'] }] },
  { id: 3, title: 'ends in a backslash \\', tags: 'x, y', nested: { deep: [[[{ a: '"]' }]]] } },
];

describe('ProductSplitter (a products file split into its products as its bytes arrive)', () => {
  const exported = Buffer.from(`\uFEFF {"shop":{"name":"A [shop]"} ,"products" : [\n${tricky.map((p) => JSON.stringify(p)).join(' ,\r\n')}\n], "filterTree": [{"filterOptionId":"pf_v_vendor"}]}\n`);

  it('gives the same products, offsets and other members whatever the chunk boundaries (every size from 1 byte)', () => {
    const whole = split(exported, 'json', exported.length);
    expect(whole.out.map(([t]) => JSON.parse(t))).toEqual(tricky);
    expect(whole.members).toEqual({ shop: { name: 'A [shop]' }, filterTree: [{ filterOptionId: 'pf_v_vendor' }] });
    // Each offset is the product's first byte.
    for (const [text, at] of whole.out) expect(exported.subarray(at.offset, at.offset + Buffer.byteLength(text)).toString('utf8')).toBe(text);
    for (let size = 1; size < exported.length; size++) expect(split(exported, 'json', size)).toEqual(whole);
  });

  it('reads products a line each, several to a line and spread over lines alike (a product\'s end guessed at its line\'s end only when that text parses as one object)', () => {
    const texts = tricky.map((p) => JSON.stringify(p));
    const layouts = [
      `[\n${texts.join(',\n')}\n]`, // one a line: every guess taken
      `[${texts[0]}, ${texts[1]}\n,${texts[2]}]`, // two on the first line: its guess fails
      `[\n${texts[0]},\n${texts[1]}]\n`, // the last one's line ends in "]"
      JSON.stringify(tricky, null, 2), // spread over lines: no guess parses
      `[\n${texts[0]} ,\r\n  ${texts[1]}\t,\n${texts[2]}  \n]`,
    ];
    for (const layout of layouts) {
      const bytes = Buffer.from(layout);
      const whole = split(bytes, 'json', bytes.length);
      const parsed = JSON.parse(layout) as unknown[];
      expect(whole.out.map(([t]) => JSON.parse(t))).toEqual(parsed);
      for (const [text, at] of whole.out) expect(bytes.subarray(at.offset, at.offset + Buffer.byteLength(text)).toString('utf8')).toBe(text);
      for (const size of [1, 3, 17, 64, 200]) expect(split(bytes, 'json', size)).toEqual(whole);
    }
    // One a line, whole in a chunk: each is handed over parsed (its value JSON.parse of its text); spread over lines, none is.
    const values = (layout: string) => {
      const given: unknown[] = [];
      const s = new ProductSplitter('t.json', 'json', (text, _at, value) => given.push(value === undefined ? 'text only' : isDeepStrictEqual(value, JSON.parse(text)) ? 'parsed' : 'another value'));
      s.push(Buffer.from(layout));
      s.end();
      return given;
    };
    expect(values(layouts[0] as string)).toEqual(['parsed', 'parsed', 'parsed']);
    expect(values(layouts[3] as string)).toEqual(['text only', 'text only', 'text only']);
    // A product that is not valid JSON on its own line is handed over as text, its end found by the byte loop.
    const bad = split(Buffer.from('[\n{"id":1},\n{"id":2,},\n{"id":3}\n]'), 'json', 64).out;
    expect(bad.map(([t, at]) => [t, at.index, at.offset])).toEqual([['{"id":1}', 0, 2], ['{"id":2,}', 1, 12], ['{"id":3}', 2, 23]]);
  });

  it('finds a product\'s end in a large chunk whatever its bytes at the byte loop\'s 64 KiB windows (escapes, quotes, a long number)', () => {
    const escapes = { id: 1, body_html: 'a\\"b]}\\'.repeat(30_000), tags: ['x'] };
    for (const layout of [`[${JSON.stringify(escapes)},\n12${'3'.repeat(140_000)}, {"k":"${'\\\\'.repeat(50_000)}"}]`, `{"products":[${'7'.repeat(70_000)}],"${'\\"'.repeat(40_000)}":[1]}`]) {
      const bytes = Buffer.from(layout);
      const whole = split(bytes, 'json', bytes.length);
      expect(whole).toEqual(split(bytes, 'json', 4096));
      expect(whole.out.map(([t]) => t).join('|')).toBe(whole.out.map(([, at]) => bytes.subarray(at.offset, at.offset + Buffer.byteLength(whole.out[at.index]?.[0] ?? '')).toString('utf8')).join('|'));
    }
    expect(split(Buffer.from(`[${JSON.stringify(escapes)}]`), 'json', 1 << 20).out.map(([t]) => JSON.parse(t))).toEqual([escapes]);
  });

  it('reads a bare array, an empty one, and bare values as products (the importer then refuses them)', () => {
    expect(split(Buffer.from('[{"id":1},{"id":2}]'), 'json', 3).out.map(([t, at]) => [JSON.parse(t), at.index])).toEqual([[{ id: 1 }, 0], [{ id: 2 }, 1]]);
    expect(split(Buffer.from(' [ ] '), 'json', 1).out).toEqual([]);
    expect(split(Buffer.from('{"products":[]}'), 'json', 2).out).toEqual([]);
    expect(split(Buffer.from('[1, "a,]", null,true]'), 'json', 2).out.map(([t]) => JSON.parse(t))).toEqual([1, 'a,]', null, true]);
  });

  it('reads NDJSON with CRLF, blank lines and a BOM, naming each product\'s line', () => {
    const text = Buffer.from(`\uFEFF${JSON.stringify(tricky[0])}\r\n\r\n  \n${JSON.stringify(tricky[1])}\r\n${JSON.stringify(tricky[2])}`);
    for (const size of [1, 2, 5, 64, text.length]) {
      const { out } = split(text, 'ndjson', size);
      expect(out.map(([t]) => JSON.parse(t))).toEqual(tricky);
      expect(out.map(([, at]) => [at.index, at.line])).toEqual([[0, 1], [1, 4], [2, 5]]);
      expect(out[1]?.[1].offset).toBe(text.indexOf('{"id":2'));
    }
  });

  it('refuses a file cut short at any byte: never the products before the cut as a whole catalogue', () => {
    const text = Buffer.from(`{"products":[${tricky.map((p) => JSON.stringify(p)).join(',')}],"filterTree":[]}`);
    for (let cut = 0; cut < text.length; cut++) {
      const err = splitError(text.subarray(0, cut), 'json', 5);
      expect(err.message).toMatch(/truncated|empty/);
      expect(err.offset).toBe(cut);
    }
    expect(splitError('{"products":[{"id":1},{"id":2').message).toBe('[@pkg/engine] t.json (products[1], byte 29): the file ends inside this product (truncated).');
  });

  it('names the product and byte offset of a malformed file, and never reads past a fault', () => {
    expect(splitError('{"products":[{"id":1},]}').message).toBe('[@pkg/engine] t.json (products[1], byte 22): expected a product, found "]".');
    expect(splitError('{"products":[{"id":1} {"id":2}]}').message).toBe('[@pkg/engine] t.json (products[1], byte 22): expected "," or "]" after a product, found "{".');
    expect(splitError('[{"id":1}] [').message).toMatch(/byte 11\): expected the end of the file after the top-level value, found "\["/);
    expect(splitError('{"items":[]}').message).toMatch(/has no "products" array/);
    expect(splitError('{"products":{"id":1}}').message).toMatch(/byte 12\): expected an array as the value of "products", found "\{"/);
    expect(splitError('{"products":[],"products":[]}').message).toMatch(/"products" twice/);
    expect(splitError('').message).toMatch(/the file is empty/);
    expect(splitError('{"id":1}\n{"id":2}\n').message).toMatch(/byte 9\): expected the end of the file after the top-level value \(an NDJSON file needs the \.ndjson extension or format "ndjson"\), found "\{"/);
    expect(splitError('x').message).toMatch(/NDJSON file needs the \.ndjson extension/);
  });

  it('keeps a product longer than many chunks whole, and refuses one over the size bound', () => {
    const long = { id: 1, body_html: 'x'.repeat(300_000) };
    const line = Buffer.from(`${JSON.stringify(long)}\n{"id":2}\n`);
    expect(split(line, 'ndjson', 4096).out.map(([t]) => JSON.parse(t))).toEqual([long, { id: 2 }]);
    expect(split(Buffer.from(`[${JSON.stringify(long)}]`), 'json', 4096).out.map(([t]) => JSON.parse(t))).toEqual([long]);
    expect(() => split(line, 'ndjson', 4096, 100_000)).toThrow('(line 1, byte 0): the line is over 100000 bytes.');
    expect(() => split(Buffer.from(`[{"id":0},${JSON.stringify(long)}]`), 'json', 4096, 100_000)).toThrow('(products[1], byte 10): this product is over 100000 bytes.');
  });
});

describe('importProductsFile (a catalogue streamed from a products file)', () => {
  const shop = generateCatalog({ products: 600, seed: 5, profile: 'shop' });
  const platform = shop.products.map(toPlatformProduct);
  const tree = shop.filterTree ?? [];
  const queries = [{ build_filter_tree: 'true' }, { q: 'classic cotton', build_filter_tree: 'true' }, { 'pf_v_vendor[]': shop.products[0]?.vendor ?? '', sort: 'price-ascending', limit: '50' }];
  const answers = (catalog: Catalog) => {
    const e = createEngine(catalog);
    return [...queries.map((q) => e.search(q)), e.suggest({ q: 'co' })];
  };
  const expected = answers({ products: importProductsJson({ products: platform }), filterTree: tree });

  it('builds the engine a whole-file import builds, from the platform export, a bare array and NDJSON', async () => {
    const exported = write(JSON.stringify({ products: platform, filterTree: tree }));
    expect(answers(await importProductsFile(exported))).toEqual(expected);
    const array = write(JSON.stringify(platform));
    expect(answers(await importProductsFile(array, { catalog: { filterTree: tree } }))).toEqual(expected);
    const ndjson = write(platform.map((p) => JSON.stringify(p)).join('\r\n'), 'ndjson');
    expect(answers(await importProductsFile(ndjson, { catalog: { filterTree: tree } }))).toEqual(expected);
  });

  it('builds the same engine with a build thread (the inversion handed to a worker thread)', async () => {
    const thread = createBuildThread({ minProducts: 0, onError: (e) => { throw e; } });
    try {
      const catalog = await importProductsFile(write(JSON.stringify({ products: platform, filterTree: tree })));
      const e = createEngine(catalog, { buildThread: thread });
      expect([...queries.map((q) => e.search(q)), e.suggest({ q: 'co' })]).toEqual(expected);
    } finally {
      await thread.close();
    }
  });

  it('reads a Catalog JSON file of normalised products (shape "catalog") as JSON.parse does', async () => {
    const luma = readFileSync(join(__dirname, '../../../data/luma/catalog.json'), 'utf8');
    const imported = await importProductsFile(write(luma), { shape: 'catalog' });
    const parsed = JSON.parse(luma) as Catalog;
    expect(imported.products).toEqual(parsed.products);
    expect(answers(imported)).toEqual(answers(parsed));
  });

  it('hands its products to the first engine built from it; live updates change that engine', async () => {
    const catalog = await importProductsFile(write(JSON.stringify({ products: platform.slice(0, 20) })));
    expect(catalog.products.map((p) => p.id)).toEqual(platform.slice(0, 20).map((p) => String(p.id)));
    const engine = createEngine(catalog);
    expect(() => catalog.products).toThrow('moved into the engine built from it');
    const first = engine.catalog.products[0];
    if (!first) throw new Error('no product');
    engine.applyProductUpdates([{ op: 'upsert', product: { ...first, title: 'Renamed Zebra Coat' } }]);
    expect(engine.search({ q: 'zebra' }).products.map((p) => p.id)).toEqual([Number(first.id)]);
    expect(engine.catalog.products).toHaveLength(20);
  });

  it('builds from an async iterable of products (catalogFromProducts) as from the array', async () => {
    const products = importProductsJson({ products: platform });
    async function* arriving() {
      for (const p of products) yield p;
    }
    expect(answers(await catalogFromProducts(arriving(), { filterTree: tree }))).toEqual(expected);
  });

  it('rejects, naming the product and byte offset, a product that is not an object or has a wrong field', async () => {
    const text = `{"products":[${JSON.stringify(platform[0])},"a string",{"id":3}]}`;
    await expect(importProductsFile(write(text))).rejects.toThrow(`(products[1], byte ${text.indexOf('"a string"')}): products[1] must be an object, got string "a string".`);
    const bad = `${JSON.stringify(platform[0])}\n${JSON.stringify({ ...platform[1], variants: [{ price: 'free' }] })}\n`;
    await expect(importProductsFile(write(bad, 'ndjson'))).rejects.toThrow(`(line 2, byte ${bad.indexOf('\n') + 1}): products[1].variants[0].price must be a number or a numeric string, got string "free".`);
    await expect(importProductsFile(write('[{"id":1},{"id":2,}]'))).rejects.toThrow(/\(products\[1\], byte 10\): not valid JSON/);
    await expect(importProductsFile(write('{"products":[{"id":1}]}'), { shape: 'catalog' })).rejects.toThrow('(products[0], byte 13): products[0] has no "tags" array');
  });

  it('rejects a product that is not valid JSON on its own line of an export, naming it and its byte offset', async () => {
    await expect(importProductsFile(write(`[\n${JSON.stringify(platform[0])},\n{"id":2,},\n{"id":3}\n]`))).rejects.toThrow(`(products[1], byte ${Buffer.byteLength(JSON.stringify(platform[0])) + 4}): not valid JSON`);
  });

  it('rejects a file cut short, a missing file and a bad top-level member, with no catalogue', async () => {
    const whole = JSON.stringify({ products: platform.slice(0, 50) });
    const cut = write(whole.slice(0, Math.floor(whole.length * 0.7)));
    await expect(importProductsFile(cut)).rejects.toThrow(/truncated/);
    const ndjsonCut = platform.slice(0, 5).map((p) => JSON.stringify(p)).join('\n').slice(0, -10);
    await expect(importProductsFile(write(ndjsonCut, 'ndjson'))).rejects.toThrow(/\(line 5, byte \d+\): not valid JSON/);
    await expect(importProductsFile(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json \(byte 0\): cannot be read: ENOENT/);
    await expect(importProductsFile(write('{"products":[],"filterTree":[1,]}'))).rejects.toThrow(/byte 28\): the top-level member "filterTree" is not valid JSON/);
  });
});

describe('the index built from the store\'s records (a streamed import) and from the objects', () => {
  it('[F7.1] is byte for byte the same index, with the same layout, on random catalogues of both profiles', async () => {
    // (The first fields all read their values from the records' string ids, so the products are decoded leanly; product_type is read from the product.)
    for (const [seed, products, profile, fields] of [[3, 400, 'shop', ['option:color', 'option:size', 'collection']], [11, 900, 'classic', ['option:color', 'collection']], [29, 1200, 'shop', ['option:color', 'option:size', 'collection', 'product_type']], [41, 60, 'classic', ['option:size', 'product_type']]] as const) {
      const catalog = generateCatalog({ products, seed, profile, descriptions: seed % 2 === 1 });
      const fromObjects = new CatalogIndex(catalog, { fields });
      const fromRecords = new CatalogIndex(await catalogFromProducts(catalog.products, { collections: catalog.collections ?? [] }), { fields });
      const [a, b] = [packIndex(fromObjects), packIndex(fromRecords)];
      expect(b.layout).toEqual(a.layout);
      expect(Buffer.from(arraysBuffer(b.arrays)).equals(Buffer.from(arraysBuffer(a.arrays)))).toBe(true);
      expect(fromRecords.text.parts()).toEqual(fromObjects.text.parts());
      for (const d of [0, 1, products >> 1, products - 1]) expect(fromRecords.products.get(d)).toEqual(catalog.products[d]);
    }
  });

  it('[F7.1] is the same index built from the records with a build thread (the index\'s arrays in shared memory)', async () => {
    const thread = createBuildThread({ minProducts: 0, onError: (e) => { throw e; } });
    try {
      const fields = ['option:color', 'collection'];
      const catalog = generateCatalog({ products: 700, seed: 5, profile: 'shop' });
      const fromObjects = new CatalogIndex(catalog, { fields });
      const fromRecords = new CatalogIndex(await catalogFromProducts(catalog.products, { collections: catalog.collections ?? [] }), { fields, thread });
      const [a, b] = [packIndex(fromObjects), packIndex(fromRecords)];
      expect(b.layout).toEqual(a.layout);
      expect(Buffer.from(arraysBuffer(b.arrays)).equals(Buffer.from(arraysBuffer(a.arrays)))).toBe(true);
    } finally {
      await thread.close();
    }
  });
});
