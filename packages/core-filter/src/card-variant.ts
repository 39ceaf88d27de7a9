// What a product card shows when the answer names the variant that matched the shopper's selected
// options (`variant_id`): that variant's image and price instead of the product's.
import type { Product, Variant } from './normalize-product';
import type { Settings } from './settings';

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

/**
 * The owner's `showVariantImageBasedOnSelectedFilter` (v1 `general`, an option id such as
 * `pf_opt_color`; '' off): while the shopper has values of that option selected, a product with
 * more than one variant shows the image of the first variant (in the selection's order) whose
 * option of that name (the id without `<prefix>opt_`) has a selected value and an image. The
 * product is returned unchanged otherwise.
 */
export function withSelectedVariantImage(product: Product, settings: Settings, filters: Readonly<Record<string, readonly string[]>>): Product {
  const id = settings.filter.variantImageOption;
  const values = id ? filters[id] : undefined;
  if (!values?.length || product.variants.length < 2) return product;
  const key = `option_${id.replace(`${settings.filter.filterPrefix}opt_`, '')}`.toLowerCase();
  for (const value of values) {
    const want = value.toLowerCase();
    const variant = product.variants.find((v) => v.image && Object.entries(v.options).some(([k, x]) => k.toLowerCase() === key && x.toLowerCase() === want));
    if (variant) return { ...product, featuredImage: variant.image };
  }
  return product;
}
