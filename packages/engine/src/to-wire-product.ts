import type { WireProduct, WireVariant } from '@pkg/core-filter';
import type { CatalogCollection, CatalogProduct } from './catalog';
import { productStats } from './catalog-index';

/** A numeric id stays a number on the wire (as the platform sends it); anything else a string. */
export function wireId(id: string): number | string {
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id;
}

/** The catalog product as the filter and search services send it (wire-format.md "Product"). */
export function toWireProduct(p: CatalogProduct, collections: ReadonlyMap<string, CatalogCollection>): WireProduct {
  const s = productStats(p);
  const optionKeys = p.options.map((o) => o.name.toLowerCase());
  const variants: WireVariant[] = p.variants.map((v) => ({
    id: wireId(v.id),
    title: v.title,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    compare_at_price: v.compareAtPrice,
    available: v.available,
    inventory_quantity: v.inventoryQuantity,
    image: v.image,
    merged_options: v.options.map((val, i) => `${optionKeys[i] ?? `option${i + 1}`}:${val}`),
    fulfillment_service: v.fulfillmentService,
    weight: v.weight,
  }));
  const out: WireProduct = {
    id: wireId(p.id),
    title: p.title,
    handle: p.handle,
    vendor: p.vendor,
    product_type: p.productType,
    tags: [...p.tags],
    skus: p.variants.map((v) => v.sku).filter(Boolean),
    barcodes: p.variants.map((v) => v.barcode).filter(Boolean),
    available: s.available,
    body_html: p.bodyHtml,
    template_suffix: p.templateSuffix ?? null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    published_at: p.publishedAt,
    images_info: p.images.map((img, i) => {
      const info: { id: number; position: number; src: string; width?: number; height?: number; alt: string | null } = { id: i + 1, position: i + 1, src: img.src, alt: img.alt ?? null };
      if (img.width !== undefined) info.width = img.width;
      if (img.height !== undefined) info.height = img.height;
      return info;
    }),
    media: p.images.map((img, i) => ({ media_type: 'image', id: i + 1, position: i + 1, src: img.src, alt: img.alt ?? null })),
    options_with_values: p.options.map((o) => ({ name: o.name.toLowerCase(), label: o.name, values: o.values.map((title) => ({ title, image: null })) })),
    collections: p.collections.flatMap((h) => {
      const c = collections.get(h);
      return c ? [{ id: wireId(c.id), handle: c.handle, title: c.title }] : [];
    }),
    price_min: s.priceMin,
    price_max: s.priceMax,
    compare_at_price_min: s.compareAtMin,
    compare_at_price_max: s.compareAtMax,
    percent_sale_min: s.percentSale,
    review_ratings: p.rating,
    review_count: p.reviewCount,
    weight_min: s.weightMin,
    variants,
  };
  if (p.metafields) out.metafields = p.metafields.map((m) => ({ ...m }));
  return out;
}

/** Wire products kept per engine: the most recently built ones, oldest dropped first. */
export const WIRE_CACHE = 4096;

/**
 * The wire form of product d, built once and kept while it is among the last WIRE_CACHE built
 * (a catalog snapshot never changes). Shared between answers: read-only for callers (freezing
 * them would cost more than building them).
 */
export function wireProducts(products: readonly CatalogProduct[], collections: ReadonlyMap<string, CatalogCollection>): (d: number) => WireProduct {
  const cache = new Map<number, WireProduct>();
  return (d) => {
    let w = cache.get(d);
    if (!w) {
      w = toWireProduct(products[d] as CatalogProduct, collections);
      if (cache.size >= WIRE_CACHE) cache.delete(cache.keys().next().value as number);
      cache.set(d, w);
    }
    return w;
  };
}
