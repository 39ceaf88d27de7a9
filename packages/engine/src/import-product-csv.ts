// Importer for the platform's product CSV export (one row per variant or extra image, grouped by
// Handle; the first row of a handle carries the product fields) into the normalised catalog.
import type { CatalogProduct, CatalogVariant } from './catalog';
import { splitTags, type ImportOptions } from './import-products-json';
import { parseCsvRecords } from './parse-csv';

const num = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export interface CsvImportOptions extends ImportOptions {
  /** First product id; later products count up (default 1). Variant ids are `<product id><3-digit index>`. */
  firstId?: number;
}

/**
 * Imports one or more product CSV files. Products keep the order of their first row; a `Collection`
 * column (present in some exports) adds the product to that collection handle.
 */
export function importProductCsv(texts: string | readonly string[], options: CsvImportOptions = {}): CatalogProduct[] {
  const date = options.defaultDate ?? '2024-01-01T00:00:00.000Z';
  const byHandle = new Map<string, Array<Record<string, string>>>();
  for (const text of typeof texts === 'string' ? [texts] : texts) {
    const rows = parseCsvRecords(text);
    if (rows.length > 0 && !('Handle' in (rows[0] as object))) {
      throw new TypeError('[@pkg/engine] importProductCsv expects the platform product CSV (a "Handle" column first).');
    }
    for (const r of rows) {
      const h = (r.Handle ?? '').trim();
      if (!h) continue;
      let g = byHandle.get(h);
      if (!g) byHandle.set(h, (g = []));
      g.push(r);
    }
  }
  let nextId = options.firstId ?? 1;
  const out: CatalogProduct[] = [];
  for (const [handle, rows] of byHandle) {
    const first = rows[0] as Record<string, string>;
    const id = String(nextId++);
    const optionNames = [1, 2, 3].map((i) => (first[`Option${i} Name`] ?? '').trim());
    const variants: CatalogVariant[] = [];
    const images: CatalogProduct['images'] = [];
    const seenImages = new Set<string>();
    for (const r of rows) {
      const src = (r['Image Src'] ?? '').trim();
      if (src && !seenImages.has(src)) {
        seenImages.add(src);
        const img: CatalogProduct['images'][number] = { src };
        const alt = (r['Image Alt Text'] ?? '').trim();
        if (alt) img.alt = alt;
        images.push(img);
      }
      const values = [1, 2, 3].map((i) => (r[`Option${i} Value`] ?? '').trim());
      const price = num(r['Variant Price']);
      if (price === null && !values[0]) continue; // an image-only row
      const qty = num(r['Variant Inventory Qty']);
      const tracked = (r['Variant Inventory Tracker'] ?? '').trim() !== '';
      const policy = (r['Variant Inventory Policy'] ?? 'deny').trim();
      const available = !tracked || policy === 'continue' || (qty ?? 0) > 0;
      const compare = num(r['Variant Compare At Price']);
      const grams = num(r['Variant Grams']) ?? 0;
      const vi = variants.length;
      const opts = values.filter((v, i) => v !== '' && (optionNames[i] !== '' || i === 0));
      const variantImage = (r['Variant Image'] ?? '').trim();
      variants.push({
        id: `${id}${String(vi + 1).padStart(3, '0')}`,
        title: opts.join(' / ') || 'Default Title',
        sku: (r['Variant SKU'] ?? '').trim(),
        barcode: (r['Variant Barcode'] ?? '').trim(),
        price: price ?? 0,
        compareAtPrice: compare !== null && compare > (price ?? 0) ? compare : null,
        available,
        inventoryQuantity: tracked ? qty ?? 0 : available ? 99999 : 0,
        options: opts,
        weight: Math.round(grams),
        image: variantImage || null,
        fulfillmentService: (r['Variant Fulfillment Service'] ?? 'manual').trim() || 'manual',
      });
    }
    const productOptions = optionNames
      .map((name, i) => ({ name, values: [...new Set(variants.map((v) => v.options[i] ?? '').filter(Boolean))] }))
      .filter((o, i) => o.name !== '' && !(i === 0 && o.name === 'Title' && o.values.length === 1 && o.values[0] === 'Default Title'));
    if (productOptions.length === 0) for (const v of variants) if (v.options.length === 1 && v.options[0] === 'Default Title') v.options = [];
    const published = (first.Published ?? 'true').trim().toLowerCase() !== 'false';
    const collection = (first.Collection ?? '').trim();
    out.push({
      id,
      handle,
      title: (first.Title ?? '').trim(),
      vendor: (first.Vendor ?? '').trim(),
      productType: (first.Type ?? '').trim(),
      tags: splitTags(first.Tags ?? ''),
      bodyHtml: first['Body (HTML)'] ?? '',
      createdAt: date,
      updatedAt: date,
      publishedAt: published ? date : '',
      images,
      options: productOptions,
      variants,
      collections: [...(options.collections ?? []), ...(collection ? [collection] : [])],
      rating: 0,
      reviewCount: 0,
      sales: 0,
    });
  }
  return out;
}
