// importProductsFile: a catalogue read from a products file as a stream, product by product, in
// bounded memory, each product written into the engine's product store as it arrives (see
// json-elements.ts for the formats, staged-products.ts for the store). Any fault in the file
// rejects the promise with a ProductsFileError naming the product and byte offset: a file cut
// short is never taken for a whole catalogue.
import { createReadStream } from 'node:fs';
import { isRec } from '@pkg/kit';
import type { Catalog, CatalogProduct } from './catalog';
import { ItemPath, productFromJsonToStore, type ImportOptions } from './import-products-json';
import { ProductSplitter, ProductsFileError, type ProductPosition, type ProductsFileFormat } from './json-elements';
import { stageProducts } from './staged-products';

export { ProductsFileError, type ProductsFileFormat } from './json-elements';

export interface ProductsFileOptions extends ImportOptions {
  /** `json` (`{"products":[...]}` or an array of products) or `ndjson` (a product per line); default: `ndjson` for `.ndjson` and `.jsonl` files, else `json`. */
  format?: ProductsFileFormat;
  /**
   * `platform` (default): products as the platform's JSON (`/products.json`, its exports and
   * webhooks), read as productFromJson reads them; `catalog`: the engine's normalised products, as in a
   * Catalog JSON file (`{"products":[...],"filterTree":[...]}`).
   */
  shape?: 'platform' | 'catalog';
  /** The catalogue's other fields (filter tree, collections, ...); a JSON file's other top-level members are added over them. */
  catalog?: Omit<Catalog, 'products'>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/^\[@pkg\/engine\] /, '');

/** A normalised product as a Catalog JSON file holds it (checked enough for the store to write it). */
function catalogProduct(raw: unknown): CatalogProduct {
  if (!isRec(raw)) throw new TypeError('is not an object.');
  for (const k of ['tags', 'images', 'options', 'variants', 'collections'] as const) {
    if (!Array.isArray(raw[k])) throw new TypeError(`has no "${k}" array (a normalised catalogue product; use shape "platform" for the platform's product JSON).`);
  }
  return raw as unknown as CatalogProduct;
}

/**
 * Reads a products file into a catalogue for `createEngine`, streaming: the platform's export
 * `{"products":[...]}`, a JSON array of products, or NDJSON. The products are kept only as the
 * engine's compact records (about 370 bytes each with their variant columns, against about 4.7 KB
 * as objects, at the bench's shop density), and the first
 * engine built from the catalogue takes them. Rejects with a ProductsFileError (file, product
 * index or line, byte offset) on the first fault; never resolves with part of a file.
 */
export async function importProductsFile(file: string, options: ProductsFileOptions = {}): Promise<Catalog> {
  const format = options.format ?? (/\.(ndjson|jsonl)$/i.test(file) ? 'ndjson' : 'json');
  const platform = options.shape !== 'catalog';
  const staging = stageProducts();
  const fail = (at: ProductPosition, problem: string): never => {
    throw new ProductsFileError(file, at.offset, problem, at.index, at.line || undefined);
  };
  const path = new ItemPath('', 'products');
  const splitter = new ProductSplitter(file, format, (text, at, value) => {
    let raw: unknown = value;
    try {
      if (raw === undefined) raw = JSON.parse(text);
    } catch (err) {
      fail(at, `not valid JSON: ${message(err)}`);
    }
    try {
      path.i = at.index;
      staging.add(platform ? productFromJsonToStore(raw, options, path, at.index + 1) : catalogProduct(raw));
    } catch (err) {
      fail(at, platform ? message(err) : `products[${at.index}] ${message(err)}`);
    }
  });
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) splitter.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof ProductsFileError) throw err;
    throw new ProductsFileError(file, 0, `cannot be read: ${message(err)}`);
  } finally {
    stream.destroy();
  }
  splitter.end();
  const rest: Record<string, unknown> = { ...options.catalog };
  for (const [key, { text, offset }] of splitter.members) {
    try {
      rest[key] = JSON.parse(text);
    } catch (err) {
      throw new ProductsFileError(file, offset, `the top-level member "${key}" is not valid JSON: ${message(err)}`);
    }
  }
  return staging.catalog(rest as Omit<Catalog, 'products'>);
}
