import type { CatalogProduct } from './catalog';
import { productStats } from './product-stats';
import { escapeHtml } from './text';

/** Only http(s), protocol-relative and root-relative URLs may reach `src` / `href`. */
export function safeUrl(url: string): string | null {
  const u = url.trim();
  if (/^https?:\/\//i.test(u) || /^\/(?!\\)/.test(u)) return u;
  return null;
}

/** Formats an amount with a `{{amount}}` money format (grouped thousands, two decimals). */
export function formatAmount(amount: number, format: string): string {
  const fixed = (Math.round(amount * 100) / 100).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return format.includes('{{amount}}') ? format.replace('{{amount}}', `${grouped}.${cents}`) : `${grouped}.${cents}`;
}

/**
 * The theme product-item HTML (S7.4): a small product card. Every catalog string is escaped and
 * only safe URLs are written, so a hostile title or image URL cannot inject markup.
 */
export function renderProductHtml(p: CatalogProduct, moneyFormat: string): string {
  const s = productStats(p);
  const href = `/products/${encodeURIComponent(p.handle)}`;
  const img = p.images[0] ? safeUrl(p.images[0].src) : null;
  const price = escapeHtml(formatAmount(s.priceMin, moneyFormat));
  const compare = s.compareAtMin !== null ? ` <s class="boost-pfs-product-compare-price">${escapeHtml(formatAmount(s.compareAtMin, moneyFormat))}</s>` : '';
  return (
    `<div class="boost-pfs-product-item" data-product-id="${escapeHtml(p.id)}">` +
    `<a class="boost-pfs-product-link" href="${escapeHtml(href)}">` +
    (img ? `<img class="boost-pfs-product-image" src="${escapeHtml(img)}" alt="${escapeHtml(p.images[0]?.alt ?? p.title)}" loading="lazy">` : '') +
    `<span class="boost-pfs-product-title">${escapeHtml(p.title)}</span></a>` +
    `<p class="boost-pfs-product-vendor">${escapeHtml(p.vendor)}</p>` +
    `<p class="boost-pfs-product-price">${price}${compare}</p>` +
    (s.available ? '' : '<p class="boost-pfs-product-sold-out">Sold out</p>') +
    `</div>`
  );
}
