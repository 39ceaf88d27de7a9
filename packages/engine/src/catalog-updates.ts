// Live catalogue updates: products created, changed or deleted while the engine runs. A batch of
// updates gives a new product list (positions kept for changed products, new ones appended); the
// engine then builds the index of that list and puts it in force at once, so the next request sees
// every count, text match, suggestion and cached answer of the new catalogue (engine-context.ts).
import type { CatalogProduct } from './catalog';

/**
 * One change: `upsert` replaces the product with the same id where it stands, or appends it;
 * with `merge`, the fields a platform product does not carry (`collections`, `rating`,
 * `reviewCount`, `sales`, `metafields`, `templateSuffix`) are kept from the product it replaces.
 * `delete` removes the product with that id (nothing when there is none).
 */
export type ProductUpdate = { op: 'upsert'; product: CatalogProduct; merge?: boolean } | { op: 'delete'; id: string };

export interface ProductUpdateResult {
  created: number;
  updated: number;
  deleted: number;
  /** Products in the catalogue after the batch. */
  products: number;
}

/** The product list after a batch of updates, applied in order; the input list is not changed. */
export function applyProductUpdates(products: readonly CatalogProduct[], updates: readonly ProductUpdate[]): { products: CatalogProduct[]; result: ProductUpdateResult } {
  const out: Array<CatalogProduct | null> = [...products];
  const at = new Map<string, number>();
  for (let d = out.length - 1; d >= 0; d--) at.set((out[d] as CatalogProduct).id, d);
  const result: ProductUpdateResult = { created: 0, updated: 0, deleted: 0, products: 0 };
  for (const u of updates) {
    if (u.op === 'delete') {
      const d = at.get(u.id);
      if (d === undefined) continue;
      out[d] = null;
      at.delete(u.id);
      result.deleted++;
      continue;
    }
    const d = at.get(u.product.id);
    if (d === undefined) {
      at.set(u.product.id, out.length);
      out.push(u.product);
      result.created++;
      continue;
    }
    const old = out[d] as CatalogProduct;
    out[d] = u.merge ? mergeKept(u.product, old) : u.product;
    result.updated++;
  }
  const list = out.filter((p): p is CatalogProduct => p !== null);
  result.products = list.length;
  return { products: list, result };
}

/** The product an update with `merge` puts in force: the fields a platform product lacks come from the old one. */
export function mergeKept(next: CatalogProduct, old: CatalogProduct): CatalogProduct {
  const merged: CatalogProduct = { ...next, collections: old.collections, rating: old.rating, reviewCount: old.reviewCount, sales: old.sales };
  if (old.metafields !== undefined) merged.metafields = old.metafields;
  if (old.templateSuffix !== undefined) merged.templateSuffix = old.templateSuffix;
  return merged;
}
