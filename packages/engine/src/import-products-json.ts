// Importer for the platform's products JSON (`/products.json`: products with variants, options,
// images, tags as a comma-separated string or an array) into the normalised catalog.
import type { CatalogProduct, CatalogVariant } from './catalog';

export interface ImportOptions {
  /** Date used where the source has none (default 2024-01-01T00:00:00.000Z, so imports are deterministic). */
  defaultDate?: string;
  /** Collection handles every imported product joins (e.g. `['all']`). */
  collections?: string[];
}

const DEFAULT_DATE = '2024-01-01T00:00:00.000Z';

type Json = Record<string, unknown>;
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Splits tags given as "a, b, c" or ["a", "b"] into trimmed, de-duplicated tags. */
export function splitTags(tags: unknown): string[] {
  const list = Array.isArray(tags) ? tags.map((t) => str(t)) : str(tags).split(',');
  return [...new Set(list.map((t) => t.trim()).filter(Boolean))];
}

/** Imports `{ products: [...] }` (or a bare array of products). Throws a TypeError on a wrong shape. */
export function importProductsJson(input: unknown, options: ImportOptions = {}): CatalogProduct[] {
  const list = Array.isArray(input) ? input : input && typeof input === 'object' ? (input as Json).products : undefined;
  if (!Array.isArray(list)) {
    throw new TypeError('[@pkg/engine] importProductsJson expects { products: [...] } as the platform serves it at /products.json.');
  }
  const date = options.defaultDate ?? DEFAULT_DATE;
  return list.map((raw, i): CatalogProduct => {
    if (!raw || typeof raw !== 'object') throw new TypeError(`[@pkg/engine] products[${i}] is not an object.`);
    const p = raw as Json;
    const id = str(p.id, String(i + 1));
    const productOptions = (Array.isArray(p.options) ? (p.options as Json[]) : [])
      .map((o) => ({ name: str(o.name), values: Array.isArray(o.values) ? (o.values as unknown[]).map((v) => str(v)) : [] }))
      .filter((o) => o.name !== '');
    const images = (Array.isArray(p.images) ? (p.images as Json[]) : []).map((img) => {
      const out: CatalogProduct['images'][number] = { src: str(img.src) };
      const w = num(img.width);
      const h = num(img.height);
      if (w !== null) out.width = w;
      if (h !== null) out.height = h;
      if (typeof img.alt === 'string') out.alt = img.alt;
      return out;
    }).filter((img) => img.src !== '');
    const variants = (Array.isArray(p.variants) ? (p.variants as Json[]) : []).map((v, j): CatalogVariant => {
      const price = num(v.price) ?? 0;
      const compare = num(v.compare_at_price);
      const qty = num(v.inventory_quantity);
      const available = typeof v.available === 'boolean' ? v.available : qty === null ? true : qty > 0;
      const values = [v.option1, v.option2, v.option3].map((x) => str(x)).slice(0, Math.max(1, productOptions.length)).filter((x) => x !== '');
      const fi = v.featured_image as Json | null | undefined;
      return {
        id: str(v.id, `${id}-${j + 1}`),
        title: str(v.title, values.join(' / ') || 'Default Title'),
        sku: str(v.sku),
        barcode: str(v.barcode),
        price,
        compareAtPrice: compare !== null && compare > price ? compare : null,
        available,
        // S9.21: a missing inventory quantity becomes 99999 when available, otherwise 0.
        inventoryQuantity: qty ?? (available ? 99999 : 0),
        options: values,
        weight: num(v.grams) ?? 0,
        image: fi && typeof fi.src === 'string' ? fi.src : null,
        fulfillmentService: str(v.fulfillment_service, 'manual'),
      };
    });
    return {
      id,
      handle: str(p.handle, id),
      title: str(p.title),
      vendor: str(p.vendor),
      productType: str(p.product_type),
      tags: splitTags(p.tags),
      bodyHtml: str(p.body_html),
      createdAt: str(p.created_at, date),
      updatedAt: str(p.updated_at, str(p.created_at, date)),
      publishedAt: str(p.published_at, str(p.created_at, date)),
      images,
      options: productOptions,
      variants,
      collections: [...(options.collections ?? [])],
      rating: 0,
      reviewCount: 0,
      sales: 0,
    };
  });
}
