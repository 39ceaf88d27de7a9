// Over 300 lines because every answer shape a service sends (products, filter, panels, no-result
// data, product HTML) is read here, with the same never-throw readers; one reader per shape below.
// Response normalising (S3.1, S3.2, S3.5, S3.6, S3.12, F3.13, F3.14, F3.20, F8.12).
import { normalizeBanners } from './banners';
import { browserRate, priceOptionsToShown, priceSelectionsToShop, toShownCurrency } from './currency-conversion';
import { count, httpsUrl } from './option-values';
import { isSafeUrl } from './links';
import type { ControllerSettings } from './settings';
import { arr, isRec, num, str, strs, type Rec } from './read';
import { cutExcerpt, imageSize, stripHtml } from './text';
import { warn } from './warn';
import { readFilterAnswer, type FilterAnswer } from './read-answer';

export interface ProductImage {
  readonly id: string | number | null;
  readonly position: number;
  readonly src: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly alt: string;
}

export interface Variant {
  readonly id: string | number;
  readonly title: string;
  readonly sku: string;
  readonly barcode: string;
  readonly price: number | null;
  readonly compareAtPrice: number | null;
  readonly available: boolean;
  readonly inventoryQuantity: number;
  readonly image: string;
  /** `option1`, `option2` ... and `option_{name}` from merged_options (S3.2). */
  readonly options: Readonly<Record<string, string>>;
  readonly fulfillmentService: string;
  /** Gift cards are never currency-converted (S3.2). */
  readonly skipCurrencyConversion: boolean;
  readonly locations: readonly string[];
}

export interface Product {
  readonly id: string | number;
  readonly handle: string;
  readonly title: string;
  readonly vendor: string;
  readonly productType: string;
  readonly available: boolean;
  /** body_html, or content when body_html is missing (S3.1); shop HTML, sanitise before rendering. */
  readonly description: string;
  readonly templateSuffix: string;
  readonly tags: readonly string[];
  readonly skus: readonly string[];
  readonly barcodes: readonly string[];
  readonly collections: ReadonlyArray<{ id: string | number; handle: string; title: string }>;
  readonly metafields: ReadonlyArray<{ namespace: string; key: string; value: string | number | boolean | null }>;
  readonly splitProduct: boolean;
  readonly variantId: string | number | null;
  /** Images as a numbered map from 1, https added to protocol-relative URLs (S3.1). */
  readonly images: Readonly<Record<number, string>>;
  readonly imagesInfo: readonly ProductImage[];
  /** Only media of type image are kept (S3.1). */
  readonly media: readonly ProductImage[];
  /** The first image, else the configured no-image URL. */
  readonly featuredImage: string;
  /** Option names from options_with_values. */
  readonly options: readonly string[];
  readonly optionsWithValues: ReadonlyArray<{ name: string; label: string; values: readonly string[] }>;
  readonly price: number | null;
  readonly priceMin: number | null;
  readonly priceMax: number | null;
  readonly compareAtPriceMin: number | null;
  readonly compareAtPriceMax: number | null;
  readonly percentSaleMin: number;
  readonly reviewRatings: number | null;
  readonly reviewCount: number;
  readonly variants: readonly Variant[];
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string;
  /** Theme HTML of the product item, when the service sends it. */
  readonly html: string;
}

export interface NormalizeOptions {
  /** 'minor' divides prices by 100 (embedded page JSON, S3.1, F3.20); service answers are 'major'. */
  unit?: 'major' | 'minor';
  /** Reads per-currency copies such as price_min_eur when present (S3.1). */
  currency?: string;
  noImageUrl?: string;
  /** ISO time for missing dates (F3.14); pass the injected clock. */
  now?: string;
  /** In-browser conversion (S1.5): prices without a per-currency copy are multiplied by this rate; gift cards never are (S3.2). */
  rate?: number;
}

const id = (v: unknown): string | number => (typeof v === 'number' && Number.isFinite(v) ? v : str(v));
/** What products, their variants and their collections read alike: the id and the title. */
const named = (r: Rec): { id: string | number; title: string } => ({ id: id(r.id), title: str(r.title) });

/** One image as a list of it, or none without a source (for `flatMap`). */
function image(v: unknown, i: number): ProductImage[] {
  const r = isRec(v) ? v : { src: v };
  const src = str(r.src);
  return src ? [{ id: r.id === undefined ? null : id(r.id), position: num(r.position) ?? i + 1, src: httpsUrl(src), width: num(r.width), height: num(r.height), alt: stripHtml(r.alt) }] : [];
}

/** Normalises one product; never throws. Unknown shapes give empty fields. */
export function normalizeProduct(raw: unknown, options: NormalizeOptions = {}): Product {
  const p = isRec(raw) ? raw : {};
  const div = options.unit === 'minor' ? 100 : 1;
  const cur = (options.currency ?? '').toLowerCase();
  const rate = options.rate ?? 1;
  // An amount of the answer in the shown currency: divided to major units, then converted at `r`.
  const shown = (raw: unknown, r: number): number | null => {
    const n = num(raw);
    return n === null ? null : toShownCurrency(n / div, r);
  };
  const price = (field: string): number | null => {
    const perCurrency = cur ? num(p[`${field}_${cur}`]) : null;
    return perCurrency !== null ? perCurrency / div : shown(p[field], rate);
  };
  const available = p.available === true;
  const now = options.now ?? new Date(0).toISOString();
  const imagesInfo = arr(p.images_info).flatMap(image);
  const rawImages = Array.isArray(p.images) ? p.images.map((x) => (isRec(x) ? str(x.src) : str(x))) : isRec(p.images) ? Object.values(p.images).map(str) : [];
  const srcs = (rawImages.filter(Boolean).length ? rawImages.filter(Boolean) : imagesInfo.map((i) => i.src)).map(httpsUrl);
  const images: Record<number, string> = {};
  srcs.forEach((s, i) => (images[i + 1] = s));
  const optionsWithValues = arr(p.options_with_values)
    .filter(isRec)
    .map((o) => ({ name: str(o.name), label: stripHtml(o.label ?? o.name), values: arr(o.values).map((v) => (isRec(v) ? str(v.title) : str(v))).filter(Boolean) }))
    .filter((o) => o.name);
  const variants = arr(p.variants)
    .filter(isRec)
    .map((v): Variant => {
      const opts: Record<string, string> = {};
      strs(v.merged_options).forEach((m, i) => {
        const at = m.indexOf(':');
        const name = at >= 0 ? m.slice(0, at) : `option${i + 1}`;
        const value = at >= 0 ? m.slice(at + 1) : m;
        opts[`option${i + 1}`] = value;
        opts[`option_${name}`] = value;
      });
      const vAvailable = v.available === undefined ? available : v.available === true;
      const vRate = v.fulfillment_service === 'gift_card' ? 1 : rate;
      const featured = isRec(v.featured_image) ? str(v.featured_image.src) : '';
      return {
        ...named(v),
        sku: str(v.sku),
        barcode: str(v.barcode),
        price: shown(v.price, vRate),
        compareAtPrice: shown(v.compare_at_price, vRate),
        available: vAvailable,
        // S3.1, S9.21: a missing inventory quantity is 99999 when available, else 0.
        inventoryQuantity: num(v.inventory_quantity) ?? (vAvailable ? 99999 : 0),
        image: httpsUrl(str(v.image) || featured),
        options: opts,
        fulfillmentService: str(v.fulfillment_service),
        skipCurrencyConversion: v.fulfillment_service === 'gift_card',
        locations: strs(v.locations),
      };
    });
  const html = isRec(p.html) ? str(p.html.value) : '';
  return {
    ...named(p),
    handle: str(p.handle),
    vendor: str(p.vendor),
    productType: str(p.product_type),
    available,
    description: str(p.body_html) || str(p.content),
    templateSuffix: str(p.template_suffix),
    tags: strs(p.tags),
    skus: strs(p.skus),
    barcodes: strs(p.barcodes),
    collections: arr(p.collections).filter(isRec).map((c) => ({ ...named(c), handle: str(c.handle) })),
    metafields: arr(p.metafields)
      .filter(isRec)
      .map((m) => ({ namespace: str(m.namespace), key: str(m.key), value: typeof m.value === 'boolean' || typeof m.value === 'number' ? m.value : m.value === null ? null : str(m.value) })),
    splitProduct: p.split_product === true,
    variantId: p.variant_id == null ? null : id(p.variant_id),
    images,
    imagesInfo,
    media: arr(p.media)
      .filter((m) => isRec(m) && m.media_type === 'image')
      .flatMap(image),
    featuredImage: images[1] ?? httpsUrl(options.noImageUrl ?? ''),
    options: optionsWithValues.map((o) => o.name),
    optionsWithValues,
    price: price('price_min') ?? price('price'),
    priceMin: price('price_min'),
    priceMax: price('price_max'),
    compareAtPriceMin: price('compare_at_price_min'),
    compareAtPriceMax: price('compare_at_price_max'),
    percentSaleMin: num(p.percent_sale_min) ?? 0,
    reviewRatings: num(p.review_ratings),
    reviewCount: num(p.review_count) ?? 0,
    variants,
    // F3.14: missing dates default to now.
    createdAt: str(p.created_at) || now,
    updatedAt: str(p.updated_at) || now,
    publishedAt: str(p.published_at) || now,
    html,
  };
}

export interface PanelItem {
  readonly id: string | number;
  readonly title: string;
  /** /collections/{handle} for collections, the page url for pages (S2.20); '#' if unsafe. */
  readonly handle: string;
  readonly url: string;
  readonly image: string;
  /** Plain-text excerpt (S5.2, S5.9). */
  readonly excerpt: string;
}

/** The search page's collections and pages panels of an answer (S2.20-S2.22). */
export interface SearchPanelsResult {
  readonly totalCollection: number;
  readonly totalPage: number;
  readonly collections: readonly PanelItem[];
  readonly pages: readonly PanelItem[];
}

/** A whole answer: what the controller applies, the panels and the answer's own flags. */
export interface FilterResult extends FilterAnswer<Product>, SearchPanelsResult {
  readonly fromCache: boolean;
  readonly eventType: string;
  readonly error: string;
}

// Blocked schemes (javascript:, data:, ...) never reach an href or src (S5.7).
const isSafe = isSafeUrl;

/** What `normalizeFilterAnswer` reads; `normalizeFilterResponse` calls it by this name, so the search entry leaves the request side out. */
function readProductAnswer(raw: unknown, settings: ControllerSettings, options: NormalizeOptions = {}): FilterAnswer<Product> {
  const r = isRec(raw) ? raw : {};
  const answer = readFilterAnswer(r);
  return {
    ...answer,
    products: answer.products.map((p) => normalizeProduct(p, { currency: settings.general.current_currency, noImageUrl: settings.general.no_image_url, rate: browserRate(settings), ...options })),
    filterOptions: answer.filterOptions && priceOptionsToShown(answer.filterOptions, settings),
    didYouMean: strs(r.did_you_mean).map(stripHtml).filter(Boolean),
    banners: normalizeBanners(r.banners),
  };
}

/**
 * Reads what the filter controller applies from an answer (S3.5, F3.13): products as `Product`
 * (in the shown currency, S1.5), the filter options (price options converted too), banners and
 * did-you-mean terms. Never throws. The controller's `readAnswer` in `createFilterController`.
 * Its `requestFilters` is the request side of that conversion (`priceSelectionsToShop`): a
 * controller given this reader sends price selections, made in the shown currency, in the shop's.
 */
export const normalizeFilterAnswer = /* @__PURE__ */ Object.assign(readProductAnswer, { requestFilters: priceSelectionsToShop });

/** Reads the collections and pages panels of a search answer (S2.20, S5.2, S5.7, S5.9); never throws. */
export function normalizeSearchPanels(raw: unknown, settings: ControllerSettings): SearchPanelsResult {
  const r = isRec(raw) ? raw : {};
  const panel = (list: unknown, kind: 'collections' | 'pages'): PanelItem[] =>
    arr(list)
      .filter(isRec)
      .map((c) => {
        const handle = str(c.handle);
        const u = kind === 'collections' ? `/collections/${encodeURIComponent(handle)}` : str(c.url);
        const img = isRec(c.image) ? httpsUrl(str(c.image.src)) : '';
        // S5.7: a bad collection image URL is replaced by a blank image.
        // S5.9: excerpt images are optimised to 200x.
        // A title that is nothing but markup names the item by its handle (a link needs a name);
        // an item with neither is left out.
        const title = stripHtml(c.title) || stripHtml(handle.replace(/[-_]+/g, ' '));
        return { id: id(c.id), title, handle, url: u && isSafe(u) ? u : '#', image: img && isSafe(img) ? imageSize(img, '200x') : '', excerpt: cutExcerpt(c.body_html, settings.filter.searchExcerptLimit) };
      })
      .filter((item) => item.title !== '');
  return { totalCollection: count(r.total_collection), totalPage: count(r.total_page), collections: panel(r.collections, 'collections'), pages: panel(r.pages, 'pages') };
}

/** Normalises a whole filter, search or panel answer (S3.5, F3.13): the answer, the panels and its flags; never throws. */
export function normalizeFilterResponse(raw: unknown, settings: ControllerSettings, options: NormalizeOptions = {}): FilterResult {
  const r = isRec(raw) ? raw : {};
  return { ...readProductAnswer(r, settings, options), ...normalizeSearchPanels(r, settings), fromCache: r.from_cache === true, eventType: str(r.event_type), error: str(r.error) };
}

export interface NoResultData {
  readonly searchTerms: readonly string[];
  readonly products: readonly Product[];
  readonly metafields: Product['metafields'];
}

/**
 * Reads the no-result data a theme embeds in the page (S3.12, F3.20): search terms and products,
 * product prices divided by 100. Invalid JSON logs 'Failed to parse notFoundJson.' and gives an
 * empty result; nothing is shown to the shopper (F8.12, S8.10).
 */
export function parseNoResultData(json: unknown, options: Omit<NormalizeOptions, 'unit'> = {}): NoResultData {
  let data: unknown = json;
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json);
    } catch {
      warn('Failed to parse notFoundJson.');
      return { searchTerms: [], products: [], metafields: [] };
    }
  }
  const r = isRec(data) ? data : {};
  return {
    searchTerms: strs(r.search_terms).map(stripHtml).filter(Boolean),
    products: arr(r.products).map((p) => normalizeProduct(p, { ...options, unit: 'minor' })),
    metafields: normalizeProduct({ metafields: r.metafields }).metafields,
  };
}

/** Collection description answer (S7.3) as plain fields; null when unreadable. */
export function normalizeCollectionDescription(raw: unknown, settings: ControllerSettings): { title: string; description: string; handle: string; image: string } | null {
  const c = isRec(raw) && isRec(raw.collection) ? raw.collection : null;
  if (!c) return null;
  const img = isRec(c.image) ? httpsUrl(str(c.image.src)) : '';
  return { title: stripHtml(c.title), description: cutExcerpt(c.description ?? c.body_html, settings.filter.collectionDescriptionLimit), handle: str(c.handle), image: img && isSafe(img) ? img : '' };
}

/** Theme product HTML answer (S7.4): product id to html. Bad JSON warns (S8.6). */
export function readProductHtml(raw: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!isRec(raw) || !Array.isArray(raw.products)) {
    warn('Bad JSON from the product HTML fetch; the list is not rendered from it.');
    return out;
  }
  for (const p of raw.products) if (isRec(p) && isRec(p.html)) out.set(str(p.id), str(p.html.value));
  return out;
}
