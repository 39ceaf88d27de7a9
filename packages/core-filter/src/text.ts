// Plain-text helpers (S5.2, S5.9): shop HTML becomes text here; sanitising HTML lives in react-ui.

import { decodeEntities } from '@pkg/money';

export { decodeEntities };

/** Markup, an entity, an angle bracket, or whitespace that is not single inner spaces. */
const PLAIN_NEEDS_WORK = /[<>&]|\s\s|[^\S ]|^ | $/;

/**
 * Strips markup from a term, label, excerpt or description (S5.2): comments, script/style bodies
 * and tags go, entities are decoded, whitespace collapses. Non-strings give ''.
 */
export function stripHtml(value: unknown): string {
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : '';
  // Plain text (no markup, entity or angle bracket, single inner spaces only) is returned as is.
  if (!PLAIN_NEEDS_WORK.test(value)) return value;
  const text = value
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-z!/][^>]*(>|$)/gi, ' ');
  return decodeEntities(text).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
}

/** Escapes text for insertion into HTML (S3.3, S5.2). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Cuts an excerpt (S5.9): text longer than `threshold` (264) characters is cut to `limit`
 * characters, at a word boundary when one is near, plus an ellipsis.
 */
export function cutExcerpt(value: unknown, limit = 264, threshold = 264): string {
  const text = stripHtml(value);
  if (text.length <= threshold) return text;
  const max = limit > 0 ? Math.floor(limit) : threshold;
  let cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.8) cut = cut.slice(0, space);
  return `${cut.trimEnd()}...`;
}

/** Lowercase slug used by sub-category links and swatch file names (S2.13). */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['"`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Collapses whitespace and trims (S5.3). */
export function normalizeTerm(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/**
 * Whether an image is served by the shop platform's CDN, which answers size suffixes: the host
 * `cdn.shopify.com` (absolute or protocol-relative) or a shop's own `/cdn/shop/` path.
 */
export function isShopCdnImage(url: string): boolean {
  return /^(?:(?:https?:)?\/\/(?:cdn\.shopify\.com\/|[^/?#]+\/cdn\/shop\/)|\/cdn\/shop\/)/i.test(url);
}

/**
 * The one image-size helper (S9.15, F9.8): on the shop platform's CDN (`isShopCdnImage`) the size
 * suffix goes before the file extension, replacing a size suffix already there (`a.jpg?v=1` with
 * `200x` gives `a_200x.jpg?v=1`); any other URL, a URL without an extension, an empty size and
 * non-strings come back unchanged ('' for non-strings): other servers do not resize by name.
 */
export function imageSize(url: string, size: string): string {
  if (typeof url !== 'string') return '';
  if (!size || !isShopCdnImage(url)) return url;
  return url.replace(/(?:_(?:\d+x\d*|x\d+))?(\.[a-z0-9]{2,5})(?=([?#].*)?$)/i, `_${size}$1`);
}
