// The suggestion answer (S3.4, wire-format.md) as plain, link-safe, highlighted items.
import { browserRate, collectionUrl, count, isBadInput, isSafeUrl, normalizeBanners, normalizeProduct, stripHtml } from '@pkg/core-filter';
import { searchUrl, pageUrl } from '@pkg/core-filter/search';
import { imageSize, productUrl } from '@pkg/core-filter/view';
import type { Banner, PageContext, Product, Settings } from '@pkg/core-filter';
import { arr, isRec, type Rec } from '@pkg/kit';
import { highlight, type TextPart } from './highlight';
import type { SuggestType } from './suggest-settings';

/** The size of suggestion images (F9.8, S9.20) on the shop platform's CDN. */
export const SUGGEST_IMAGE_SIZE = '200x';

export type SuggestItemKind = 'didYouMean' | 'suggestion' | 'collection' | 'page' | 'product' | 'recent' | 'popular' | 'trending' | 'viewAll';

/** One row of the dropdown: plain text, highlight parts, a safe link. */
export interface SuggestItem {
  readonly kind: SuggestItemKind;
  readonly text: string;
  readonly parts: readonly TextPart[];
  /** http(s) or relative; '#' when the answer's URL was refused. */
  readonly url: string;
  readonly product?: Product;
  /** A product's featured image at 200x (S9.20). */
  readonly image?: string;
}

/** The dropdown's blocks of an answer: one list for each block type asked for (`SuggestType`), and the did-you-mean terms. */
export type SuggestBlocks = { readonly [K in SuggestType | 'didYouMean']: readonly SuggestItem[] };

export interface SuggestResult extends SuggestBlocks {
  /** The term this answer is for. */
  readonly query: string;
  readonly eventType: string;
  readonly totalProduct: number;
  /** A corrected term the service searched instead ('' when none), and its count. */
  readonly suggestQuery: string;
  readonly suggestTotalProduct: number;
  readonly prevQuery: string;
  readonly prevTotalProduct: number;
  /** The term's redirect, only if http(s) or relative and not bad input; else null. */
  readonly redirect: string | null;
  /** Term to URL, unsafe URLs dropped. */
  readonly suggestionsRedirect: Readonly<Record<string, string>>;
  readonly allEmpty: boolean;
  /**
   * The owner's merchandising banners for this term (`banners`, core-filter's `normalizeBanners`:
   * text as text, unsafe image or link dropped), in their position order.
   */
  readonly banners: readonly Banner[];
  /** The did-you-mean follow-up answer (S4.4), when one was made. */
  readonly dym: SuggestResult | null;
}

export interface SuggestLinkContext {
  readonly settings: Settings;
  readonly page: PageContext;
  /** Highlight on (S5.8). */
  readonly highlight: boolean;
}

/** A URL we may follow: a non-empty http(s) or relative URL that passes the S5.1 screen. */
export function safeRedirect(url: unknown): string | null {
  return typeof url === 'string' && url.trim() !== '' && isSafeUrl(url) && !isBadInput(url) ? url.trim() : null;
}

/**
 * Normalises a suggestion answer for `term`: the object form or the `[{key, values}]` list form.
 * Never throws: unknown shapes give empty blocks; markup is stripped; unsafe URLs are refused.
 */
export function normalizeSuggestResponse(raw: unknown, term: string, ctx: SuggestLinkContext): SuggestResult {
  const r: Rec = Array.isArray(raw)
    ? Object.fromEntries(raw.filter(isRec).map((e) => [String(e.key), e.values]))
    : isRec(raw)
      ? raw
      : {};
  const { settings, page } = ctx;
  const item = (kind: SuggestItemKind, text: string, url: string, product?: Product): SuggestItem => ({
    kind,
    text,
    parts: highlight(text, term, ctx.highlight),
    url: safeRedirect(url) ?? '#',
    ...(product ? { product, image: imageSize(product.featuredImage, SUGGEST_IMAGE_SIZE) } : {}),
  });
  const redirects: Record<string, string> = {};
  if (isRec(r.suggestions_redirect))
    for (const [k, v] of Object.entries(r.suggestions_redirect)) {
      const u = safeRedirect(v);
      if (u) redirects[k.toLowerCase()] = u;
    }
  const terms = (kind: SuggestItemKind, list: unknown): SuggestItem[] =>
    arr(list)
      .map(stripHtml)
      .filter((s) => s && !isBadInput(s))
      .map((s) => item(kind, s, redirects[s.toLowerCase()] ?? searchUrl(settings, page, s)));
  return {
    query: term,
    eventType: r.event_type === 'suggest_dym' ? 'suggest_dym' : 'suggest',
    totalProduct: count(r.total_product),
    suggestions: terms('suggestion', r.suggestions),
    collections: arr(r.collections)
      .filter(isRec)
      .map((c) => item('collection', stripHtml(c.title), collectionUrl(page, String(c.handle ?? '')))),
    pages: arr(r.pages)
      .filter(isRec)
      .map((p) => item('page', stripHtml(p.title), pageUrl(typeof p.url === 'string' ? p.url : ''))),
    // A suggested product's link carries its position (`_pos`, 1-based): the product page reads
    // it and records its analytics with the source `suggest` (F3.16).
    products: arr(r.products).map((raw, i) => {
      const p = normalizeProduct(raw, { currency: settings.general.current_currency, noImageUrl: settings.general.no_image_url, rate: browserRate(settings) });
      return item('product', stripHtml(p.title), `${productUrl(settings, page, p.handle)}?_pos=${i + 1}`, p);
    }),
    didYouMean: terms('didYouMean', r.did_you_mean),
    suggestQuery: stripHtml(r.suggest_query),
    suggestTotalProduct: count(r.suggest_total_product),
    prevQuery: stripHtml(r.prev_query),
    prevTotalProduct: count(r.prev_total_product),
    redirect: safeRedirect(r.redirect),
    suggestionsRedirect: redirects,
    allEmpty: r.all_empty === true,
    banners: normalizeBanners(r.banners),
    dym: null,
  };
}
