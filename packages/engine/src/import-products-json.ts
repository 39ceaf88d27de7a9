// Importer for the platform's products JSON (`/products.json`, and the product its webhooks send:
// products with variants, options, images, tags as a comma-separated string or an array) into the
// normalised catalog. One reading for both: `productFromJson` validates a product and throws a
// `ProductJsonError` naming the first field of an unknown shape (`products[3].variants[0].price`).
// Absent and `null` fields take their defaults; a field that is present with another type is refused.
import { describeValue as shown, isRec, type Rec } from '@pkg/kit';
import type { CatalogProduct, CatalogVariant } from './catalog';

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


/** A text field: a string or a number (ids, skus and barcodes come as either); absent or null → `d`. */
function str(v: unknown, field: string, d = ''): string {
  if (v === undefined || v === null) return d;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new ProductJsonError(field, `must be a string or a number, got ${shown(v)}.`);
}

/** A number given as a number or a numeric string ("19.99"); absent, null or "" → null. */
function num(v: unknown, field: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n)) throw new ProductJsonError(field, `must be a number or a numeric string, got ${shown(v)}.`);
  return n;
}

function list(v: unknown, field: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ProductJsonError(field, `must be an array, got ${shown(v)}.`);
  return v;
}

function object(v: unknown, field: string): Rec {
  if (!isRec(v)) throw new ProductJsonError(field, `must be an object, got ${shown(v)}.`);
  return v;
}

/**
 * One copy of each repeated short value (tags, vendors, types, option values, variant titles): a
 * catalogue repeats a few thousand of them hundreds of thousands of times, and strings split out of
 * a tag list or a title are new strings each time. Bounded, so an import of unique values does not
 * grow it past 50,000 entries (later values are kept as they are).
 */
const pool = new Map<string, string>();
function intern(v: string): string {
  if (v.length > 64) return v;
  const known = pool.get(v);
  if (known !== undefined) return known;
  if (pool.size < 50_000) pool.set(v, v);
  return v;
}

/** Splits tags given as "a, b, c" or ["a", "b"] into trimmed, de-duplicated tags. */
export function splitTags(tags: unknown, field = 'tags'): string[] {
  const parts = Array.isArray(tags) ? tags.map((t, i) => str(t, `${field}[${i}]`)) : str(tags, field).split(',');
  return [...new Set(parts.map((t) => intern(t.trim())).filter(Boolean))];
}

/**
 * One product of the platform's JSON, validated and normalised; `at` prefixes the field paths of
 * its errors (`products[3]`), `fallbackId` is used when it has no id (a position in a file).
 */
export function productFromJson(raw: unknown, options: ImportOptions = {}, at = 'product', fallbackId?: string): CatalogProduct {
  const p = object(raw, at);
  const f = (name: string) => `${at}.${name}`;
  const date = options.defaultDate ?? DEFAULT_DATE;
  const id = str(p.id, f('id'), fallbackId ?? '');
  if (id === '') throw new ProductJsonError(f('id'), 'is required.');
  const productOptions = list(p.options, f('options')).map((raw, i) => {
    const o = object(raw, f(`options[${i}]`));
    return { name: intern(str(o.name, f(`options[${i}].name`))), values: list(o.values, f(`options[${i}].values`)).map((v, j) => intern(str(v, f(`options[${i}].values[${j}]`)))) };
  }).filter((o) => o.name !== '');
  const images = list(p.images, f('images')).map((raw, i) => {
    const img = object(raw, f(`images[${i}]`));
    const out: CatalogProduct['images'][number] = { src: str(img.src, f(`images[${i}].src`)) };
    const w = num(img.width, f(`images[${i}].width`));
    const h = num(img.height, f(`images[${i}].height`));
    if (w !== null) out.width = w;
    if (h !== null) out.height = h;
    if (img.alt !== undefined && img.alt !== null) out.alt = str(img.alt, f(`images[${i}].alt`));
    return out;
  }).filter((img) => img.src !== '');
  const variants = list(p.variants, f('variants')).map((raw, j): CatalogVariant => {
    const at = f(`variants[${j}]`);
    const v = object(raw, at);
    const price = num(v.price, `${at}.price`) ?? 0;
    const compare = num(v.compare_at_price, `${at}.compare_at_price`);
    const qty = num(v.inventory_quantity, `${at}.inventory_quantity`);
    if (v.available !== undefined && v.available !== null && typeof v.available !== 'boolean') throw new ProductJsonError(`${at}.available`, `must be true or false, got ${shown(v.available)}.`);
    const available = typeof v.available === 'boolean' ? v.available : qty === null ? true : qty > 0;
    const values = (['option1', 'option2', 'option3'] as const).map((k) => intern(str(v[k], `${at}.${k}`))).slice(0, Math.max(1, productOptions.length)).filter((x) => x !== '');
    const fi = v.featured_image;
    if (fi !== undefined && fi !== null) object(fi, `${at}.featured_image`);
    const image = isRec(fi) && fi.src !== undefined && fi.src !== null ? str(fi.src, `${at}.featured_image.src`) : null;
    return {
      id: str(v.id, `${at}.id`, `${id}-${j + 1}`),
      title: intern(str(v.title, `${at}.title`, values.join(' / ') || 'Default Title')),
      sku: str(v.sku, `${at}.sku`),
      barcode: str(v.barcode, `${at}.barcode`),
      price,
      compareAtPrice: compare !== null && compare > price ? compare : null,
      available,
      // S9.21: a missing inventory quantity becomes 99999 when available, otherwise 0.
      inventoryQuantity: qty ?? (available ? 99999 : 0),
      options: values,
      weight: num(v.grams, `${at}.grams`) ?? 0,
      image,
      fulfillmentService: intern(str(v.fulfillment_service, `${at}.fulfillment_service`, 'manual')),
    };
  });
  const created = str(p.created_at, f('created_at'), date);
  return {
    id,
    handle: str(p.handle, f('handle'), id),
    title: str(p.title, f('title')),
    vendor: intern(str(p.vendor, f('vendor'))),
    productType: intern(str(p.product_type, f('product_type'))),
    tags: splitTags(p.tags ?? '', f('tags')),
    bodyHtml: str(p.body_html, f('body_html')),
    createdAt: created,
    updatedAt: str(p.updated_at, f('updated_at'), created),
    publishedAt: str(p.published_at, f('published_at'), created),
    images,
    options: productOptions,
    variants,
    collections: [...(options.collections ?? [])],
    rating: 0,
    reviewCount: 0,
    sales: 0,
  };
}

/**
 * Imports `{ products: [...] }` (or a bare array of products). Throws a `ProductJsonError` (a
 * TypeError) naming the field on a wrong shape, e.g. `products[3].variants[0].price`.
 */
export function importProductsJson(input: unknown, options: ImportOptions = {}): CatalogProduct[] {
  const products = Array.isArray(input) ? input : isRec(input) ? input.products : undefined;
  if (!Array.isArray(products)) {
    throw new ProductJsonError('products', 'is missing: importProductsJson expects { products: [...] } as the platform serves it at /products.json.');
  }
  return products.map((raw, i) => productFromJson(raw, options, `products[${i}]`, String(i + 1)));
}
