// Importer for the platform's products JSON (`/products.json`, and the product its webhooks send:
// products with variants, options, images, tags as a comma-separated string or an array) into the
// normalised catalog. One reading for both: `productFromJson` validates a product and throws a
// `ProductJsonError` naming the first field of an unknown shape (`products[3].variants[0].price`).
// Absent and `null` fields take their defaults; a field that is present with another type is refused.
// One file past 300 lines because it is one reading: the field checks, the product's reading and
// every way in (importProductsJson, productFromJson, the file import's productFromJsonToStore,
// catalogFromProductsJson) share it, so no entry can read a field differently from another.
import { describeValue as shown, isRec, type Rec } from '@pkg/kit';
import type { Catalog, CatalogImage, CatalogOption, CatalogProduct, CatalogVariant } from './catalog';
import { sequenceCatalog } from './product-sequence';

export interface ImportOptions {
  /** Date used where the source has none (default 2024-01-01T00:00:00.000Z, so imports are deterministic). */
  defaultDate?: string;
  /** Collection handles every imported product joins (e.g. `['all']`). */
  collections?: string[];
}

/** A product JSON of an unknown shape: `field` is the path of the first wrong field (`variants[0].price`). */
export class ProductJsonError extends TypeError {
  override readonly name = 'ProductJsonError';
  constructor(readonly field: string, problem: string) {
    super(`[@pkg/engine] ${field} ${problem}`);
  }
}

const DEFAULT_DATE = '2024-01-01T00:00:00.000Z';


// Each check below takes the field's path in two parts (`at` and `name`: `products[3].variants[0]`
// and `.price`), joined only for an error: a file import checks millions of fields. A list's
// element path (`products[3]`, `.variants[0]`) is an ItemPath, written out only for an error too.

/**
 * The path of a list's element (`${base}${list}[${i}]`), written out only when an error names it.
 * One per list, moved along its elements (each element is read, and any error thrown, before the next).
 */
export class ItemPath {
  i = 0;
  constructor(readonly base: Path, readonly list: string) {}
  toString(): string {
    return `${this.base}${this.list}[${this.i}]`;
  }
}
/** A field's path so far: text, or a list element's (written out by `${at}`). */
type Path = string | ItemPath;

/** A text field: a string or a number (ids, skus and barcodes come as either); absent or null → `d`. */
function str(v: unknown, at: Path, name: string, d = ''): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return d;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new ProductJsonError(`${at}${name}`, `must be a string or a number, got ${shown(v)}.`);
}

/** A number given as a number or a numeric string ("19.99"); absent, null or "" → null. */
function num(v: unknown, at: Path, name: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  // (Number() itself skips the white space around the digits that trim() would cut.)
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new ProductJsonError(`${at}${name}`, `must be a number or a numeric string, got ${shown(v)}.`);
  return n;
}

function list(v: unknown, at: Path, name: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ProductJsonError(`${at}${name}`, `must be an array, got ${shown(v)}.`);
  return v;
}

function object(v: unknown, at: Path, name = ''): Rec {
  if (!isRec(v)) throw new ProductJsonError(`${at}${name}`, `must be an object, got ${shown(v)}.`);
  return v;
}

/**
 * One copy of each repeated short value (tags, vendors, types, option values, variant titles): a
 * catalogue repeats a few thousand of them hundreds of thousands of times, and strings split out of
 * a tag list or a title are new strings each time. Bounded, so an import of unique values does not
 * grow it past 50,000 entries (later values are kept as they are).
 */
const pool = new Map<string, string>();
/** How a short repeated value is kept: `intern`, or as it is. */
type Keep = (v: string) => string;
function intern(v: string): string {
  if (v.length > 64) return v;
  const known = pool.get(v);
  if (known !== undefined) return known;
  if (pool.size < 50_000) pool.set(v, v);
  return v;
}

/** Splits tags given as "a, b, c" or ["a", "b"] into trimmed, de-duplicated tags; an error names the field `${field}${name}`. */
export function splitTags(tags: unknown, field: Path = 'tags', keep: Keep = intern, name = ''): string[] {
  const parts = Array.isArray(tags) ? tags : str(tags, field, name).split(',');
  // (Room for all, cut to those kept: see `exactly`.)
  const out = new Array<string>(parts.length);
  let n = 0;
  // (A few tags each: a Set only for a long list.)
  const seen = parts.length > 16 ? new Set<string>() : null;
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i];
    const t = keep((typeof raw === 'string' ? raw : str(raw, field, `${name}[${i}]`)).trim());
    if (t === '' || (seen ? seen.has(t) : out.includes(t))) continue;
    seen?.add(t);
    out[n++] = t;
  }
  out.length = n;
  return out;
}


/** A hole of a sparse array (a JavaScript caller's; JSON has none): left out, as Array#map leaves it. */
const isHole = (xs: unknown[], i: number): boolean => xs[i] === undefined && !(i in xs);

/** Each object of a list field read into the list's place, with its path and index (a hole stays one, as Array#map keeps it). */
function mapOf<T>(v: unknown, at: Path, name: string, read: (x: Rec, at: Path, i: number) => T): T[] {
  const xs = list(v, at, name);
  const xAt = new ItemPath(at, name);
  return xs.map((x, i) => {
    xAt.i = i;
    return read(object(x, xAt), xAt, i);
  });
}

/**
 * Cuts a list read by mapOf to the elements it keeps (not null, not a hole), in place; returns how
 * many. A product's lists are made at their length, as here, and kept as long as the catalogue:
 * an array grown by push has room for 17 at its first element (a variant's two option values took
 * 184 bytes, against 64 at their length).
 */
function exactly<T>(xs: Array<T | null>): number {
  let n = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x !== null && x !== undefined) xs[n++] = x;
  }
  xs.length = n;
  return n;
}

/** A list's strings (option values), each interned, holes left out; `at` is the list's path. */
function strings(v: unknown, at: Path, name: string, keep: Keep): string[] {
  const xs = list(v, at, name);
  const out = new Array<string>(xs.length);
  let n = 0;
  for (let j = 0; j < xs.length; j++) {
    const x = xs[j];
    if (isHole(xs, j)) continue;
    out[n++] = keep(typeof x === 'string' ? x : str(x, at, `${name}[${j}]`));
  }
  out.length = n;
  return out;
}

function variantFromJson(v: Rec, at: Path, productId: string, j: number, optionCount: number, keep: Keep): CatalogVariant {
  const price = num(v.price, at, '.price') ?? 0;
  const compare = num(v.compare_at_price, at, '.compare_at_price');
  const qty = num(v.inventory_quantity, at, '.inventory_quantity');
  if (v.available !== undefined && v.available !== null && typeof v.available !== 'boolean') throw new ProductJsonError(`${at}.available`, `must be true or false, got ${shown(v.available)}.`);
  const available = typeof v.available === 'boolean' ? v.available : qty === null ? true : qty > 0;
  // Each of the three is checked; the first max(1, options) are kept, the empty ones left out.
  const kept = Math.max(1, optionCount);
  const values = new Array<string>(kept < 3 ? kept : 3);
  let n = 0;
  // (Each read by its name: one key per read site, as every variant of a catalogue has them.)
  const o1 = str(v.option1, at, '.option1');
  const o2 = str(v.option2, at, '.option2');
  const o3 = str(v.option3, at, '.option3');
  if (o1 !== '') values[n++] = keep(o1);
  if (kept > 1 && o2 !== '') values[n++] = keep(o2);
  if (kept > 2 && o3 !== '') values[n++] = keep(o3);
  values.length = n;
  const fi = v.featured_image;
  if (fi !== undefined && fi !== null) object(fi, at, '.featured_image');
  const image = isRec(fi) && fi.src !== undefined && fi.src !== null ? str(fi.src, at, '.featured_image.src') : null;
  return {
    id: v.id === undefined || v.id === null ? `${productId}-${j + 1}` : str(v.id, at, '.id'),
    // (The default joined only when there is no title.)
    title: keep(v.title === undefined || v.title === null ? values.join(' / ') || 'Default Title' : str(v.title, at, '.title')),
    sku: str(v.sku, at, '.sku'),
    barcode: str(v.barcode, at, '.barcode'),
    price,
    compareAtPrice: compare !== null && compare > price ? compare : null,
    available,
    // S9.21: a missing inventory quantity becomes 99999 when available, otherwise 0.
    inventoryQuantity: qty ?? (available ? 99999 : 0),
    options: values,
    weight: num(v.grams, at, '.grams') ?? 0,
    image,
    fulfillmentService: keep(str(v.fulfillment_service, at, '.fulfillment_service', 'manual')),
  };
}

/**
 * One product of the platform's JSON, validated and normalised; `at` prefixes the field paths of
 * its errors (`products[3]`), `fallbackId` is used when it has no id (a position in a file).
 */
export function productFromJson(raw: unknown, options: ImportOptions = {}, at = 'product', fallbackId?: string): CatalogProduct {
  return readProduct(raw, options, at, fallbackId, intern);
}

/**
 * productFromJson for a product written into a product store at once (a file import): the same
 * product, its short strings not pooled (the store keeps one copy of each, and the product's
 * objects are let go once written; the pool's lookups cost about a tenth of an import).
 * `fallbackId` is a number, written out only when the product has no id.
 */
export const productFromJsonToStore = (raw: unknown, options: ImportOptions, at: Path, fallbackId?: number): CatalogProduct => readProduct(raw, options, at, fallbackId, (s) => s);

function readProduct(raw: unknown, options: ImportOptions, at: Path, fallbackId: string | number | undefined, keep: Keep): CatalogProduct {
  const p = object(raw, at);
  const date = options.defaultDate ?? DEFAULT_DATE;
  const id = p.id === undefined || p.id === null ? (fallbackId === undefined ? '' : String(fallbackId)) : str(p.id, at, '.id');
  if (id === '') throw new ProductJsonError(`${at}.id`, 'is required.');
  // (Options without a name and images without a source are left out; holes too.)
  const productOptions = mapOf(p.options, at, '.options', (o, oAt): CatalogOption | null => {
    const name = keep(str(o.name, oAt, '.name'));
    const values = strings(o.values, oAt, '.values', keep);
    return name !== '' ? { name, values } : null;
  });
  const images = mapOf(p.images, at, '.images', (img, iAt): CatalogImage | null => {
    const out: CatalogImage = { src: str(img.src, iAt, '.src') };
    const w = num(img.width, iAt, '.width');
    const h = num(img.height, iAt, '.height');
    if (w !== null) out.width = w;
    if (h !== null) out.height = h;
    if (img.alt !== undefined && img.alt !== null) out.alt = str(img.alt, iAt, '.alt');
    return out.src !== '' ? out : null;
  });
  const optionCount = exactly(productOptions);
  exactly(images);
  const variants = mapOf(p.variants, at, '.variants', (v, vAt, j) => variantFromJson(v, vAt, id, j, optionCount, keep));
  exactly(variants);
  const created = str(p.created_at, at, '.created_at', date);
  return {
    id,
    handle: str(p.handle, at, '.handle', id),
    title: str(p.title, at, '.title'),
    vendor: keep(str(p.vendor, at, '.vendor')),
    productType: keep(str(p.product_type, at, '.product_type')),
    tags: splitTags(p.tags ?? '', at, keep, '.tags'),
    bodyHtml: str(p.body_html, at, '.body_html'),
    createdAt: created,
    updatedAt: str(p.updated_at, at, '.updated_at', created),
    publishedAt: str(p.published_at, at, '.published_at', created),
    images: images as CatalogImage[],
    options: productOptions as CatalogOption[],
    variants,
    collections: options.collections ? options.collections.slice() : [],
    rating: 0,
    reviewCount: 0,
    sales: 0,
  };
}

/** The products list of `{ products: [...] }` or of a bare array; `fn` names the importer in the error. */
function productsOf(input: unknown, fn: string): unknown[] {
  const products = Array.isArray(input) ? input : isRec(input) ? input.products : undefined;
  if (!Array.isArray(products)) {
    throw new ProductJsonError('products', `is missing: ${fn} expects { products: [...] } as the platform serves it at /products.json.`);
  }
  return products;
}

/**
 * Imports `{ products: [...] }` (or a bare array of products). Throws a `ProductJsonError` (a
 * TypeError) naming the field on a wrong shape, e.g. `products[3].variants[0].price`.
 */
export function importProductsJson(input: unknown, options: ImportOptions = {}): CatalogProduct[] {
  const products = productsOf(input, 'importProductsJson');
  const at = new ItemPath('', 'products');
  // (Every element read, a hole of a JavaScript caller's array too: it is no product, an error.)
  const out = new Array<CatalogProduct>(products.length);
  for (let i = 0; i < products.length; i++) {
    at.i = i;
    out[i] = readProduct(products[i], options, at, i + 1, intern);
  }
  return out;
}

/**
 * A catalogue for `createEngine` of the platform's products JSON (`{ products: [...] }` or a bare
 * array) and `rest` (filter tree, collections, ...). The engine's build imports each product as
 * it writes it into its store and indexes it, then lets it go: the catalogue is never held as
 * objects, and the build takes about a quarter less time than importProductsJson's products
 * would (bench/import.md). The products are read as importProductsJson reads them; a product of
 * a wrong shape makes `createEngine` throw its ProductJsonError (`products[3].variants[0].price`).
 * Reading the catalogue's `products` imports them all at once (importProductsJson) and keeps
 * them. The input is read again by each build: leave it unchanged while the catalogue is in use.
 */
export function catalogFromProductsJson(input: unknown, rest: Omit<Catalog, 'products'> = {}, options: ImportOptions = {}): Catalog {
  const products = productsOf(input, 'catalogFromProductsJson');
  const at = new ItemPath('', 'products');
  // (Nothing is thrown before a product's own import, which names its first wrong field: a wrong
  // shape counts as none when the build sizes its arrays.)
  const rec = (d: number): Rec | null => {
    const raw = products[d];
    return isRec(raw) ? raw : null;
  };
  return sequenceCatalog(
    {
      length: products.length,
      at(d) {
        at.i = d;
        return productFromJsonToStore(products[d], options, at, d + 1);
      },
      variantCount: (d) => {
        const v = rec(d)?.variants;
        return Array.isArray(v) ? v.length : 0;
      },
      title: (d) => {
        try {
          return str(rec(d)?.title, at, '.title');
        } catch {
          return '';
        }
      },
    },
    () => importProductsJson(input, options),
    rest,
  );
}
