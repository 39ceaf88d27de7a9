// Over 300 lines because it is only type declarations: one place for every wire shape, by design.
// The wire format: names and shapes of what the filter, search and suggestion services send and
// receive, as real shops use them. Defined once, here, where the client reads them; the engine
// (`@pkg/engine`) answers in exactly these shapes and imports them with `import type`.
//
// These are the shapes *on the wire*, before normalising: fields may be missing, numbers may be
// strings. The normalisers in this package turn them into the stricter client models.

/** The kinds of filter option a shop can configure (F3 enumerations). */
export type FilterType =
  | 'collection'
  | 'vendor'
  | 'product_type'
  | 'title'
  | 'price'
  | 'variants_price'
  | 'percent_sale'
  | 'review_ratings'
  | 'weight'
  | 'stock'
  | 'tag'
  | 'multi_level_tag'
  | 'location'
  /** Variant option (size, colour ...), id prefix `pf_opt_`. */
  | 'option'
  /** Metafield, id prefix `pf_m_`. */
  | 'metafield';

export type DisplayType =
  | 'list'
  | 'box'
  | 'range'
  | 'swatch'
  | 'rating'
  | 'sub_category'
  | 'multi_level_collections'
  | 'multi_level_tag';

export type SelectType = 'single' | 'multiple';
export type ValueType = 'all' | 'specific';
export type OptionStatus = 'active' | 'disabled';
export type ShowMoreType = 'none' | 'scrollbar' | 'viewmore' | 'viewmore_scrollbar';
export type OptionSortType = 'key-asc' | 'key-desc' | 'doc_count-asc' | 'doc_count-desc';
export type DisplayColumn = 'style1' | 'style2' | 'style3';

/** Sort keys of F3.19 / S9.3. */
export type SortKey =
  | 'relevance'
  | 'best-selling'
  | 'manual'
  | 'price-ascending'
  | 'price-descending'
  | 'title-ascending'
  | 'title-descending'
  | 'created-descending'
  | 'created-ascending'
  | 'published-descending'
  | 'published-ascending'
  | 'sale-descending'
  | 'sale-ascending'
  | 'review-ratings-ascending'
  | 'review-ratings-descending';

export type EventType =
  | 'init'
  | 'resend'
  | 'history'
  | 'clear'
  | 'clearAll'
  | 'filter'
  | 'collection'
  | 'page'
  | 'sort'
  | 'limit'
  | 'display'
  | 'incollection_search'
  | 'previous'
  | 'suggest'
  | 'suggest_dym';

/** A list, box or swatch value: `[{ key, doc_count }]`. */
export interface WireTermValue {
  key: string;
  doc_count: number;
  label?: string;
}

/** A price or percent-sale bucket: `[{ from, to, doc_count }]`; an open end is absent or null. */
export interface WireBucketValue {
  key?: string;
  from?: number | null;
  to?: number | null;
  doc_count: number;
}

/** A collection value: `[{ key: <collection id>, label, handle, doc_count, sort_order }]`. */
export interface WireCollectionValue {
  key: string;
  label: string;
  handle: string;
  doc_count: number;
  sort_order?: number;
  tags?: string[];
}

/** A multi-level tag value, three levels deep at most. */
export interface WireMultiLevelTagValue {
  tag: string;
  displayName?: string;
  doc_count: number;
  handle?: string;
  subTags?: WireMultiLevelTagValue[];
}

/** A number range: `{ min, max }`. */
export interface WireRangeValues {
  min: number;
  max: number;
}

export type WireOptionValues =
  | WireTermValue[]
  | WireBucketValue[]
  | WireCollectionValue[]
  | WireMultiLevelTagValue[]
  | WireRangeValues;

/** Swatch setting, keyed `pfs-swatch-<value>` in the shop's settings. */
export interface WireSwatchSetting {
  type: 'one_color' | 'two_colors' | 'image';
  colorCodes?: string[] | string;
  imageUrl?: string;
}

/** A filter option as the service sends it (filter.options[]). */
export interface WireFilterOption {
  filterOptionId: string;
  filterType: FilterType | string;
  displayType: DisplayType | string;
  selectType?: SelectType | string;
  valueType?: ValueType | string;
  status?: OptionStatus | string;
  position?: number;
  label?: string;
  prefix?: string;
  manualValues?: string[] | null;
  sortType?: OptionSortType | string;
  sortManualValues?: boolean;
  showMoreType?: ShowMoreType | string;
  isCollapsePC?: boolean;
  isCollapseMobile?: boolean;
  showSearchBoxFilterPC?: boolean;
  showSearchBoxFilterMobile?: boolean;
  displayAllValuesInUppercaseForm?: boolean;
  excludedValues?: string[];
  replaceTextFilterValues?: string;
  removeTextFilterValues?: string;
  keepValuesStatic?: boolean;
  activeCollectionAll?: boolean;
  tooltip?: string | null;
  useAndCondition?: boolean;
  showExactRating?: boolean;
  excludePriceFromValue?: boolean;
  starColor?: string;
  displayColumn?: DisplayColumn | string;
  swatchStyle?: string;
  shortenPipsRange?: boolean;
  inventoryBaseSelectedLocations?: boolean;
  sliderStep?: number | string;
  sliderRange?: number | string;
  sliderDelimiter?: string;
  hideTextBoxes?: boolean;
  values?: WireOptionValues;
}

export interface WireImageInfo {
  id?: number | string;
  position?: number;
  src: string;
  width?: number;
  height?: number;
  alt?: string | null;
}

/** A media entry: an image's fields and its type (only `image` entries are read). */
export interface WireMedia extends WireImageInfo {
  media_type: string;
}

export interface WireOptionWithValues {
  name: string;
  label?: string;
  values?: Array<{ title: string; image?: string | null }> | string[];
}

export interface WireVariant {
  id: number | string;
  title?: string;
  sku?: string | null;
  barcode?: string | null;
  /** Major units; arrives as a string in some responses. */
  price?: number | string | null;
  compare_at_price?: number | string | null;
  available?: boolean;
  inventory_quantity?: number;
  image?: string | null;
  featured_image?: { src: string } | null;
  /** `['size:M', 'color:Red']`. */
  merged_options?: string[];
  fulfillment_service?: string;
  locations?: string[];
  weight?: number;
}

export interface WireMetafield {
  namespace: string;
  key: string;
  value: string | number | boolean | null;
  value_type?: string;
}

/** A product as the filter and search services send it. */
export interface WireProduct {
  id: number | string;
  title: string;
  handle: string;
  vendor?: string;
  product_type?: string;
  tags?: string[];
  skus?: string[];
  barcodes?: string[];
  available?: boolean;
  body_html?: string | null;
  content?: string | null;
  template_suffix?: string | null;
  created_at?: string;
  updated_at?: string;
  published_at?: string;
  images_info?: WireImageInfo[];
  images?: string[] | Record<string, string>;
  media?: WireMedia[];
  options_with_values?: WireOptionWithValues[];
  collections?: Array<{ id: number | string; handle?: string; title?: string; sort_value?: number }>;
  price_min?: number | string;
  price_max?: number | string;
  compare_at_price_min?: number | string | null;
  compare_at_price_max?: number | string | null;
  percent_sale_min?: number;
  review_ratings?: number;
  review_count?: number;
  weight_min?: number;
  variants?: WireVariant[];
  metafields?: WireMetafield[];
  split_product?: boolean;
  variant_id?: number | string;
  html?: { value: string; theme_id?: number | string };
  /** Per-currency copies such as `price_min_eur`. */
  [perCurrency: `${'price' | 'compare_at_price'}_${'min' | 'max'}_${string}`]: number | string | null | undefined;
}

/** The filter or search answer (`filterUrl`, `searchUrl`). */
export interface WireFilterResponse {
  total_product: number;
  total_collection?: number;
  total_page?: number;
  from_cache?: boolean;
  event_type?: EventType | string;
  products: WireProduct[];
  filter?: { options: WireFilterOption[] };
  error?: string;
  /** Search only: a term the service suggests when the query found nothing. */
  did_you_mean?: string[];
  /** Merchandising banners in force for the request (position: 1-based in the whole list). */
  banners?: WireBanner[];
}

/** A merchandising banner of a filter or search answer. */
export interface WireBanner {
  id: string;
  position: number;
  text: string | null;
  image: string | null;
  link: string | null;
}

export interface WireCollection {
  id: number | string;
  title: string;
  handle: string;
  image?: { src: string } | null;
  body_html?: string | null;
}

export interface WirePage {
  id: number | string;
  title: string;
  url: string;
  image?: { src: string } | null;
  body_html?: string | null;
}

/** Search-page panels: `searchUrl/collections` and `searchUrl/pages`. */
export interface WireCollectionsPanelResponse {
  total_collection: number;
  collections: WireCollection[];
}

export interface WirePagesPanelResponse {
  total_page: number;
  pages: WirePage[];
}

/** The suggestion answer (`suggestionUrl`). */
export interface WireSuggestResponse {
  query: string;
  prev_query?: string;
  suggest_query?: string;
  event_type?: 'suggest' | 'suggest_dym' | string;
  total_product: number;
  prev_total_product?: number;
  suggest_total_product?: number;
  suggestions: string[];
  collections: Array<{ title: string; handle: string; id: number | string }>;
  pages: Array<{ title: string; url: string; id?: number | string }>;
  products: WireProduct[];
  did_you_mean?: string[];
  redirect?: string | null;
  suggestions_redirect?: Record<string, string>;
  local_cache?: boolean;
  all_empty?: boolean;
  /** Merchandising banners of rules for this query (the same shape as a filter answer's). */
  banners?: WireBanner[];
}

/** Collection description (`{collection path}?view=desc`). */
export interface WireCollectionDescription {
  collection: { id?: number | string; title: string; description?: string; handle: string; image?: { src: string } | null };
}

/** Theme product HTML (`/collections/all/h1+h2?view=boost-pfs-product-item`). */
export interface WireProductHtmlResponse {
  products: Array<{ id: number | string; html: { value: string; theme_id?: number | string } }>;
}

/** Most popular (`/collections/{handle}?view=boost-pfs-most-popular&sort_by=best-selling`). */
export interface WireMostPopularResponse {
  products: WireProduct[];
}

/** The platform's cart JSON (`/cart.js`). */
export interface WireCart {
  token: string;
  item_count: number;
  items?: Array<{ id: number | string; product_id: number | string; variant_id: number | string; quantity: number; title: string; price: number; handle?: string; image?: string | null }>;
  total_price?: number;
  currency?: string;
}

/** An analytics record (F3.16), posted as JSON to `analyticsUrl`. */
export interface WireAnalyticsRecord {
  tid: string;
  ct: string;
  pid: string;
  t: string;
  u: 'view_product' | 'quick_view' | 'add_to_cart' | 'buy_now';
  a: 'filter' | 'search' | 'suggest';
  qs: string;
  r: string;
  sid: string;
  /** Our addition: a per-record id so that a resend is recognised and never counted twice. */
  id?: string;
}

/** A JSON error answer from our engine for a bad request. */
export interface WireError {
  error: string;
  message: string;
  param?: string;
}

/** The no-result data a theme embeds in the page (S3.12, F3.20). */
export interface WireNoResultData {
  search_terms?: string[];
  products?: WireProduct[];
  metafields?: WireMetafield[];
}
