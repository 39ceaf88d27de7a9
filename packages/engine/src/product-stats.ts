// Derived product numbers read by the index, the wire product and product HTML.
import type { CatalogProduct } from './catalog';

export interface ProductStats {
  priceMin: number;
  priceMax: number;
  compareAtMin: number | null;
  compareAtMax: number | null;
  percentSale: number;
  weightMin: number;
  available: boolean;
}

/**
 * Derived product numbers: price range, compare-at range, best percent off, lightest weight. A
 * variant's percent off is read against a compare-at price above zero and is at most 100 (a
 * negative price, which hostile data can carry, takes no more than all of it, and a compare-at
 * price of 0 no infinite percent).
 */
export function productStats(p: CatalogProduct): ProductStats {
  let priceMin = Infinity;
  let priceMax = -Infinity;
  let caMin = Infinity;
  let caMax = -Infinity;
  let pct = 0;
  let weightMin = Infinity;
  let available = false;
  for (const v of p.variants) {
    if (v.price < priceMin) priceMin = v.price;
    if (v.price > priceMax) priceMax = v.price;
    if (v.compareAtPrice !== null && v.compareAtPrice > v.price) {
      if (v.compareAtPrice < caMin) caMin = v.compareAtPrice;
      if (v.compareAtPrice > caMax) caMax = v.compareAtPrice;
      if (v.compareAtPrice > 0) {
        const off = Math.min(100, Math.round(((v.compareAtPrice - v.price) / v.compareAtPrice) * 100));
        if (off > pct) pct = off;
      }
    }
    if (v.weight < weightMin) weightMin = v.weight;
    if (v.available) available = true;
  }
  if (p.variants.length === 0) {
    priceMin = priceMax = 0;
    weightMin = 0;
  }
  return {
    priceMin,
    priceMax,
    compareAtMin: caMin === Infinity ? null : caMin,
    compareAtMax: caMax === -Infinity ? null : caMax,
    percentSale: pct,
    weightMin,
    available,
  };
}
