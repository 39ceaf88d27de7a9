import type { WireFilterOption, WireSwatchSetting } from '@pkg/core-filter';

/** A product image in the normalised catalog. */
export interface CatalogImage {
  src: string;
  width?: number;
  height?: number;
  alt?: string | null;
}

/** A variant in the normalised catalog. Prices are major units (19.99). */
export interface CatalogVariant {
  id: string;
  title: string;
  sku: string;
  barcode: string;
  price: number;
  /** `null` when the variant is not on sale. */
  compareAtPrice: number | null;
  available: boolean;
  inventoryQuantity: number;
  /** Option values in the order of the product's `options` (option1, option2, option3). */
  options: string[];
  /** Grams. */
  weight: number;
  image: string | null;
  fulfillmentService: string;
}

/** A variant option of a product (Size, Color ...) with its values in display order. */
export interface CatalogOption {
  name: string;
  values: string[];
}

/** A product in the normalised catalog that every importer produces and the engine indexes. */
export interface CatalogProduct {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  bodyHtml: string;
  /** ISO 8601 dates. */
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  images: CatalogImage[];
  options: CatalogOption[];
  variants: CatalogVariant[];
  /** Handles of the collections the product belongs to, in no particular order. */
  collections: string[];
  /** Average review rating 0..5 (0: no reviews). */
  rating: number;
  reviewCount: number;
  /** Units sold, for `best-selling`. */
  sales: number;
  templateSuffix?: string | null;
  metafields?: Array<{ namespace: string; key: string; value: string | number | boolean | null }>;
}

export interface CatalogCollection {
  id: string;
  handle: string;
  title: string;
  description: string;
  image: string | null;
  /** Position among collections in a collection filter option (its `sort_order`). */
  sortOrder: number;
  /** Second-level tags shown under the collection in a multi-level collection option. */
  tags?: string[];
}

export interface CatalogPage {
  id: string;
  title: string;
  url: string;
  bodyHtml: string;
}

/**
 * A filter-tree configuration entry: a wire filter option without values, plus `field` naming the
 * variant option (`pf_opt_`) or metafield (`namespace.key`, `pf_m_`) it reads when the id suffix
 * does not say it. (A local extension of WireFilterOption.)
 */
export type EngineFilterOption = Omit<WireFilterOption, 'values'> & { field?: string };

/** The normalised catalog an engine is built over. */
export interface Catalog {
  products: CatalogProduct[];
  collections?: CatalogCollection[];
  pages?: CatalogPage[];
  /** Filter-tree configuration: which options the filter answers carry. */
  filterTree?: EngineFilterOption[];
  /** Search redirects: a term (lower case) to a URL (`redirect` in suggest answers). */
  redirects?: Record<string, string>;
  /** Past queries with their frequency, used as query completions in suggest. */
  popularQueries?: Array<{ query: string; count: number }>;
  /** Swatch settings keyed `pfs-swatch-<value>` (passed through for the loader). */
  swatches?: Record<string, WireSwatchSetting>;
}
