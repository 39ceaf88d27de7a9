// A product webhook payload read as a live update: the topic (`products/create`, `products/update`,
// `products/delete`) and the product JSON, validated like the importer reads products.json.
import type { ProductUpdate } from './catalog-updates';
import { productFromJson, ProductJsonError, type ImportOptions } from './import-products-json';

/** The webhook topics a live update understands. */
export const PRODUCT_TOPICS = ['products/create', 'products/update', 'products/delete'] as const;
export type ProductTopic = (typeof PRODUCT_TOPICS)[number];

/**
 * The update a webhook payload asks for. `products/delete` needs `{ id }`. A created or updated
 * product whose `status` is not `active`, or whose `published_at` is `null` (a draft, archived or
 * unpublished product), leaves the storefront: it is deleted. An updated product keeps the fields
 * the platform's product does not carry (collections, rating, sales, metafields; see
 * ProductUpdate). Throws a `ProductJsonError` naming the field on an unknown shape.
 */
export function parseProductWebhook(topic: string, payload: unknown, options: ImportOptions = {}): ProductUpdate {
  if (!(PRODUCT_TOPICS as readonly string[]).includes(topic)) throw new ProductJsonError('topic', `must be one of ${PRODUCT_TOPICS.join(', ')}, got "${topic.slice(0, 40)}".`);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new ProductJsonError('product', 'must be the product JSON object the webhook sends.');
  const p = payload as Record<string, unknown>;
  if (topic === 'products/delete' || (p.status !== undefined && p.status !== 'active') || p.published_at === null) {
    const id = typeof p.id === 'number' && Number.isFinite(p.id) ? String(p.id) : typeof p.id === 'string' && p.id !== '' ? p.id : '';
    if (id === '') throw new ProductJsonError('product.id', 'is required: a string or a number.');
    return { op: 'delete', id };
  }
  return { op: 'upsert', product: productFromJson(p, options, 'product'), merge: true };
}
