// Merchandising banners in the product grid: read from the `banners` of a filter or search answer,
// and placed among the shown products at their position in the whole list.
import { isSafeUrl } from './links';
import { arr, isRec, num, str } from './read';

/** A banner as the listing shows it; text is shown as text, never as markup. */
export interface Banner {
  readonly id: string;
  /** 1-based position in the whole result list: the banner shows before that product. */
  readonly position: number;
  readonly text: string;
  /** The accessible name of its link: the text, or for an image alone the id in words. */
  readonly name: string;
  /** An http(s) or relative URL, or '' (none, or refused). */
  readonly image: string;
  /** An http(s) or relative URL, or '' (none, or refused: the banner shows without a link). */
  readonly link: string;
}

/**
 * Reads an answer's `banners`; never throws. A banner without a whole position from 1, or with
 * neither text nor a safe image, is left out; an unsafe image or link (javascript:, data: ...)
 * is dropped.
 */
export function normalizeBanners(raw: unknown): Banner[] {
  const out: Banner[] = [];
  arr(raw).forEach((b, i) => {
    if (!isRec(b)) return;
    const position = num(b.position);
    if (position === null || !Number.isInteger(position) || position < 1) return;
    const safe = (v: unknown) => (isSafeUrl(v) ? v.trim() : '');
    const text = str(b.text).trim();
    const image = safe(b.image);
    if (!text && !image) return;
    const id = str(b.id) || `banner-${i + 1}`;
    out.push({ id, position, text, name: text || id.replace(/[-_]+/g, ' ').trim(), image, link: safe(b.link) });
  });
  return out.sort((a, b) => a.position - b.position);
}

export type ListingItem<P> = { readonly kind: 'product'; readonly product: P; readonly index: number } | { readonly kind: 'banner'; readonly banner: Banner };

/**
 * The shown products with the banners that fall among them. `offset` is how many products of the
 * whole list come before the first shown one (pages before the first shown page); `total` the
 * size of the whole list. A banner at position p shows before product p; past the end of the list,
 * after the last product once it is shown.
 */
export function placeBanners<P>(products: readonly P[], banners: readonly Banner[], offset: number, total: number): ListingItem<P>[] {
  const items: ListingItem<P>[] = [];
  const end = offset + products.length;
  const atEnd = end >= total;
  const at = (b: Banner) => Math.min(b.position - 1, Math.max(total, end));
  let k = 0;
  const sorted = [...banners].sort((a, b) => a.position - b.position);
  while (k < sorted.length && at(sorted[k]!) < offset) k++;
  products.forEach((product, i) => {
    while (k < sorted.length && at(sorted[k]!) === offset + i) items.push({ kind: 'banner', banner: sorted[k++]! });
    items.push({ kind: 'product', product, index: i });
  });
  if (atEnd && products.length > 0) while (k < sorted.length) items.push({ kind: 'banner', banner: sorted[k++]! });
  return items;
}
