import type { WireProduct, WireVariant } from '@pkg/core-filter';
import type { CatalogCollection, CatalogProduct } from './catalog';
import { productStats } from './product-stats';
import type { ProductSource } from './product-store';

/** A numeric id stays a number on the wire (as the platform sends it); anything else a string. */
export function wireId(id: string): number | string {
  // /^[1-9]\d{0,14}$/, without a regular expression (several ids in every product).
  const n = id.length;
  if (n === 0 || n > 15 || id.charCodeAt(0) === 48) return id;
  let x = 0;
  for (let i = 0; i < n; i++) {
    const c = id.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return id;
    x = x * 10 + c;
  }
  return x;
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
  const skus: string[] = [];
  const barcodes: string[] = [];
  for (const v of p.variants) {
    if (v.sku) skus.push(v.sku);
    if (v.barcode) barcodes.push(v.barcode);
  }
  const inCollections: WireProduct['collections'] = [];
  for (const h of p.collections) {
    const c = collections.get(h);
    if (c) inCollections.push({ id: wireId(c.id), handle: c.handle, title: c.title });
  }
  const out: WireProduct = {
    id: wireId(p.id),
    title: p.title,
    handle: p.handle,
    vendor: p.vendor,
    product_type: p.productType,
    tags: [...p.tags],
    skus,
    barcodes,
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
    collections: inCollections,
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

/**
 * toWireProduct's fields but metafields, in its order, as a literal (see withVariantId: called
 * only on a product that has every one of them as its own, so none is read as missing).
 */
const copyFields = (p: WireProduct): WireProduct => ({
  id: p.id,
  title: p.title,
  handle: p.handle,
  vendor: p.vendor,
  product_type: p.product_type,
  tags: p.tags,
  skus: p.skus,
  barcodes: p.barcodes,
  available: p.available,
  body_html: p.body_html,
  template_suffix: p.template_suffix,
  created_at: p.created_at,
  updated_at: p.updated_at,
  published_at: p.published_at,
  images_info: p.images_info,
  media: p.media,
  options_with_values: p.options_with_values,
  collections: p.collections,
  price_min: p.price_min,
  price_max: p.price_max,
  compare_at_price_min: p.compare_at_price_min,
  compare_at_price_max: p.compare_at_price_max,
  percent_sale_min: p.percent_sale_min,
  review_ratings: p.review_ratings,
  review_count: p.review_count,
  weight_min: p.weight_min,
  variants: p.variants,
}) as unknown as WireProduct;
const FIELDS = Object.keys(copyFields({ id: 0, title: '', handle: '' }));

/**
 * `{ ...p, variant_id }`: a shared wire product naming the variant that matched the selected
 * variant options. A product with toWireProduct's fields in its order (metafields or not) is
 * copied by a literal: a spread of its 27 fields costs about ten times as much (bench/query-path.md).
 */
export function withVariantId(p: WireProduct, variantId: number | string): WireProduct {
  const keys = Object.keys(p);
  const n = FIELDS.length;
  let same = keys.length === n || (keys.length === n + 1 && keys[n] === 'metafields');
  for (let i = 0; same && i < n; i++) same = keys[i] === FIELDS[i];
  if (!same) return { ...p, variant_id: variantId };
  const out = copyFields(p);
  if (keys.length > n) out.metafields = p.metafields as NonNullable<WireProduct['metafields']>;
  out.variant_id = variantId;
  return out;
}

/** Wire products kept per engine: the most recently built ones, oldest dropped first. */
export const WIRE_CACHE = 4096;

/** The wire product of a slot, built on use and kept; `forget(d)` drops slot d's after a live update. */
export type WireProducts = ((d: number) => WireProduct) & { forget: (d: number) => void };

/**
 * The wire form of product d, built once and kept while it is among the last WIRE_CACHE built
 * (until a live update forgets it). Shared between answers: read-only for callers (freezing
 * them would cost more than building them).
 */
export function wireProducts(products: ProductSource, collections: ReadonlyMap<string, CatalogCollection>): WireProducts {
  // Kept products by position, and their positions in the order built (a ring: the next slot
  // to reuse is the oldest).
  const kept = new Array<WireProduct | undefined>(products.size);
  const ring = new Int32Array(Math.max(1, Math.min(WIRE_CACHE, products.size))).fill(-1);
  let next = 0;
  const wire = (d: number): WireProduct => {
    let w = kept[d];
    if (!w) {
      w = toWireProduct(products.get(d), collections);
      const old = ring[next] as number;
      if (old >= 0) kept[old] = undefined;
      ring[next] = d;
      next = (next + 1) % ring.length;
      kept[d] = w;
    }
    return w;
  };
  // A forgotten slot stays in the ring: reusing its place later clears nothing kept.
  return Object.assign(wire, { forget: (d: number) => void (kept[d] = undefined) });
}
