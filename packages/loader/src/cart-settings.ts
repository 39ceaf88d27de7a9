// The `cart` section of the page settings: add to cart and quick view on listing items, the
// cart's addresses, the back-in-stock endpoint and the recently-viewed list. The loader's own
// section, checked here and reported with core-filter's problems in one console message.
import { isSafeUrl } from '@pkg/core-filter';
import type { AddToCartButtonTranslations, BackInStockTranslations, MiniCartTranslations, QuickViewTranslations } from '@pkg/react-ui';
import { isRec } from '@pkg/kit';
import { BOOL_CHECK, readSection, type SectionChecks } from './read-section';

/** Every visible string of the cart parts, per part (react-ui's defaults fill the rest). */
export interface CartTranslations {
  readonly addToCart?: Partial<AddToCartButtonTranslations>;
  /** `open` names the listing's quick-view button (default "Quick view"). */
  readonly quickView?: Partial<QuickViewTranslations> & { open?: string };
  readonly miniCart?: Partial<MiniCartTranslations>;
  readonly backInStock?: Partial<BackInStockTranslations>;
  /** `title` of the recently-viewed slider (default "Recently viewed"). */
  readonly recentlyViewed?: { title?: string };
}

export interface CartOptions {
  /** An add-to-cart button on each listing item (default false). */
  readonly addToCart: boolean;
  /** A quick-view button on each listing item, opening the quick-view dialog (default false). */
  readonly quickView: boolean;
  /** The shop root the cart calls hang under: '' (default), a locale prefix such as '/fr', or an origin. */
  readonly cartUrl: string;
  /** The mini cart's "Check out" link (default '/cart'). */
  readonly cartPageUrl: string;
  /** Where quick view's "Buy now" goes after adding (default '/checkout'). */
  readonly checkoutUrl: string;
  /** Where back-in-stock requests are posted; '' (default) shows no back-in-stock form. */
  readonly backInStockUrl: string;
  /** How many viewed products are kept for the recently-viewed slider (default 12). */
  readonly recentlyViewedLimit: number;
  readonly translations: CartTranslations;
}

export const CART_DEFAULTS: CartOptions = Object.freeze({ addToCart: false, quickView: false, cartUrl: '', cartPageUrl: '/cart', checkoutUrl: '/checkout', backInStockUrl: '', recentlyViewedLimit: 12, translations: Object.freeze({}) });

const bool = BOOL_CHECK;
const url: [string, (v: unknown) => boolean] = ['a relative, http: or https: URL', (v) => typeof v === 'string' && isSafeUrl(v)];
const PARTS = ['addToCart', 'quickView', 'miniCart', 'backInStock', 'recentlyViewed'];

const CHECKS: SectionChecks = {
  addToCart: bool,
  quickView: bool,
  cartUrl: url,
  cartPageUrl: url,
  checkoutUrl: url,
  backInStockUrl: url,
  recentlyViewedLimit: ['a whole number from 1 to 50', (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 50],
  translations: [
    `an object of ${PARTS.join(', ')}, each an object of strings`,
    (v) => isRec(v) && Object.entries(v).every(([k, t]) => PARTS.includes(k) && isRec(t) && Object.values(t).every((s) => typeof s === 'string')),
  ],
};

/**
 * Reads `settings.cart`. Unknown keys and wrong types are problems (worded like core-filter's);
 * what is valid is kept, the rest takes its default.
 */
export function readCartOptions(raw: unknown): { options: CartOptions; problems: string[] } {
  return readSection('cart', raw, CART_DEFAULTS, CHECKS);
}
