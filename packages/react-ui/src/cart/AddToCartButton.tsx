import { useState } from 'react';
import type { Product } from '@pkg/core-filter';
import { cardView } from '@pkg/core-filter/view';
import { cx } from '../class-names';
import type { CartStore } from './cart-store';

export interface AddToCartButtonTranslations {
  addToCart: string;
  soldOut: string;
  /** Read after the title: "Add to cart, Chaz Kangeroo Hoodie". */
  separator: string;
}

export const defaultAddToCartButtonTranslations: AddToCartButtonTranslations = { addToCart: 'Add to cart', soldOut: 'Sold out', separator: ', ' };

export interface AddToCartButtonProps {
  product: Product;
  store: CartStore;
  /** Called after the cart accepted the add (e.g. analytics 'add_to_cart'). */
  onAdded?(productId: string | number): void;
  className?: string;
  translations?: Partial<AddToCartButtonTranslations>;
}

/**
 * The variant a listing item adds: the one the answer named (a split product's own, or the variant
 * that matched the selected options, whose image and price the card shows: `cardView`), or null
 * when that one is sold out; without one, the first available variant.
 */
export function listingVariantId(product: Product): string | number | null {
  const shown = cardView(product).variant;
  if (shown) return shown.available ? shown.id : null;
  return product.variants.find((v) => v.available)?.id ?? null;
}

/**
 * Add to cart from a listing item: adds one of the item's variant (`listingVariantId`), named
 * with the product title for screen readers, disabled and labelled "Sold out" when nothing is
 * available, and busy while the cart call runs. Failures show in the mini cart's alert.
 */
export function AddToCartButton({ product, store, onAdded, className, translations }: AddToCartButtonProps) {
  const t = { ...defaultAddToCartButtonTranslations, ...translations };
  const [busy, setBusy] = useState(false);
  const id = listingVariantId(product);
  const label = id === null ? t.soldOut : t.addToCart;
  return (
    <button
      type="button"
      className={cx('pkg-button', 'pkg-add-to-cart', className)}
      disabled={id === null || busy}
      aria-busy={busy || undefined}
      aria-label={`${label}${t.separator}${product.title}`}
      onClick={async () => {
        if (id === null) return;
        setBusy(true);
        const cart = await store.add(id, 1);
        setBusy(false);
        if (cart) onAdded?.(product.id);
      }}
    >
      {label}
    </button>
  );
}
