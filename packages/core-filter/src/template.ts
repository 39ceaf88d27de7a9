// Product templates with {{product.*}} placeholders whose output is escaped (S3.3, S5.2).
import type { Product } from './normalize-product';
import { escapeHtml } from './text';

const PRICE_KEYS = new Set(['price', 'priceMin', 'priceMax', 'compareAtPriceMin', 'compareAtPriceMax', 'price_min', 'price_max', 'compare_at_price_min', 'compare_at_price_max']);
const camel = (s: string): string => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * Renders `{{product.title}}`, `{{product.price}}`, `{{product.metafields.ns.key}}` and any other
 * `{{product.<path>}}` (snake_case or camelCase). Every value is HTML-escaped; price fields go
 * through `formatPrice` when given; unknown placeholders become ''.
 */
export function renderTemplate(template: string, product: Product, formatPrice?: (amount: number) => string): string {
  if (typeof template !== 'string') return '';
  return template.replace(/\{\{\s*product\.([\w.-]+)\s*\}\}/g, (_m, path: string) => {
    const parts = path.split('.');
    if (parts[0] === 'metafields' && parts.length >= 3) {
      const ns = parts[1];
      const key = parts.slice(2).join('.');
      const m = product.metafields.find((x) => x.namespace === ns && x.key === key);
      return escapeHtml(m?.value ?? '');
    }
    let value: unknown = product;
    for (const part of parts) {
      if (value === null || typeof value !== 'object') return '';
      const rec = value as Record<string, unknown>;
      value = Object.prototype.hasOwnProperty.call(rec, part) ? rec[part] : Object.prototype.hasOwnProperty.call(rec, camel(part)) ? rec[camel(part)] : undefined;
    }
    if (typeof value === 'number' && formatPrice && parts.length === 1 && PRICE_KEYS.has(parts[0] ?? '')) return escapeHtml(formatPrice(value));
    if (Array.isArray(value)) return escapeHtml(value.filter((v) => typeof v !== 'object').join(', '));
    return value === null || value === undefined || typeof value === 'object' ? '' : escapeHtml(value);
  });
}
