// What a product card shows when the answer names the variant that matched the shopper's selected
// options (`variant_id`): that variant's image and price instead of the product's.
import type { Product, Variant } from './normalize-product';

export interface CardView {
  /** The matched variant, or null when the answer names none (or one the product does not have). */
  readonly variant: Variant | null;
  readonly image: string;
  readonly price: number | null;
  /** The top of a price range; null for the single price of a matched variant. */
  readonly priceMax: number | null;
  readonly compareAtPrice: number | null;
}

/** The image and price a product card shows (the matched variant's when the answer names one). */
export function cardView(product: Product): CardView {
  // Products built by hand (a theme's own data) may lack the field: read as none.
  const id = product.variantId as Product['variantId'] | undefined;
  const variant = id === null || id === undefined ? undefined : product.variants.find((v) => v.id === id);
  if (!variant) return { variant: null, image: product.featuredImage, price: product.priceMin, priceMax: product.priceMax, compareAtPrice: product.compareAtPriceMin };
  return { variant, image: variant.image || product.featuredImage, price: variant.price ?? product.priceMin, priceMax: null, compareAtPrice: variant.compareAtPrice };
}
