// Links (S2.8-S2.13) and the document title (S2.19).
import { cardView } from './card-variant';
import type { Product } from './normalize-product';
import type { PageContext } from './page-context';
import type { ControllerSettings, Settings } from './settings';
import { slugify, stripHtml } from './text';

const enc = (s: string): string => encodeURIComponent(s);

/** True for http:, https: and relative URLs: the only ones allowed into href or src. */
export function isSafeUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const u = url.trim().replace(/[\u0000-\u001f\s]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u);
  return scheme ? /^https?$/i.test(scheme[1] ?? '') : true;
}

/** A safe URL or '#' (a blocked or missing URL never reaches an attribute). */
export function safeUrl(url: unknown): string {
  return isSafeUrl(url) && url.trim() !== '' ? url.trim() : '#';
}

/** Adds the locale prefix to a root-relative path (S2.9). */
export function withLocale(ctx: Pick<PageContext, 'localePrefix'>, path: string): string {
  return ctx.localePrefix && path.startsWith('/') && !path.startsWith('//') ? `${ctx.localePrefix}${path}` : path;
}

/** The collection a product link goes through: the current one, or 'all' off collection pages (S2.8). */
export function linkCollection(ctx: PageContext): string {
  if (!ctx.isCollectionPage || ctx.isVendorPage || ctx.isTypePage || !ctx.collectionHandle) return 'all';
  return ctx.collectionHandle;
}

export function productUrl(settings: Settings, ctx: PageContext, handle: string): string {
  const h = enc(handle);
  const path = settings.filter.addCollectionToProductUrl ? `/collections/${enc(linkCollection(ctx))}/products/${h}` : `/products/${h}`;
  return withLocale(ctx, path);
}

/**
 * A listed product's link: its page (`productUrl`), with `?variant=<id>` when the answer named the
 * variant that matched the selected options (`variant_id`, read by `cardView`), so the product
 * page opens on the variant the card shows.
 */
export function productLink(settings: Settings, ctx: PageContext, product: Product): string {
  const url = productUrl(settings, ctx, product.handle);
  const variant = cardView(product).variant;
  return variant ? `${url}?variant=${enc(String(variant.id))}` : url;
}

export function searchUrl(settings: ControllerSettings, ctx: PageContext, term: string): string {
  return withLocale(ctx, `/search?${enc(settings.filter.searchTermKey)}=${enc(term)}`);
}

export function collectionUrl(ctx: PageContext, handle: string): string {
  return withLocale(ctx, `/collections/${enc(handle)}`);
}

/** A page suggestion links to the page url as given, if safe (S2.11). */
export function pageUrl(url: string): string {
  return safeUrl(url);
}

export function vendorUrl(ctx: PageContext, vendor: string): string {
  return withLocale(ctx, `/collections/vendors?q=${enc(vendor)}`);
}

/** Sub-category page: /collections/{handle}/{slugified-tag} (S2.13). */
export function subCategoryUrl(ctx: PageContext, handle: string, tag: string): string {
  const slug = slugify(tag);
  return withLocale(ctx, `/collections/${enc(handle)}${slug ? `/${slug}` : ''}`);
}

export interface ToolbarParams {
  page?: number;
  limit?: number;
  sort?: string;
  display?: string;
}

/**
 * A toolbar link (S2.12): the current query with page, limit, sort and display set; page=1 is
 * omitted. Other parameters of the current query are kept.
 */
export function toolbarUrl(path: string, currentSearch: string, params: ToolbarParams): string {
  const q = new URLSearchParams(currentSearch);
  for (const key of ['page', 'limit', 'sort', 'display'] as const) {
    const v = params[key];
    if (v === undefined) continue;
    if (key === 'page' && Number(v) <= 1) q.delete('page');
    else q.set(key, String(v));
  }
  if (q.get('page') === '1') q.delete('page');
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Document title on a collection page: '{collection title} - {shop name}' (S2.19). */
export function documentTitle(collectionTitle: string, shopName: string): string {
  const t = stripHtml(collectionTitle);
  const s = stripHtml(shopName);
  return t && s ? `${t} - ${s}` : t || s;
}
