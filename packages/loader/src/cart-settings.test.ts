import { describe, expect, it } from 'vitest';
import { CART_DEFAULTS, readCartOptions } from './cart-settings';

describe('readCartOptions', () => {
  it('gives the defaults without a cart section: no listing buttons, no back-in-stock form', () => {
    expect(readCartOptions(undefined)).toEqual({ options: CART_DEFAULTS, problems: [] });
    expect(CART_DEFAULTS).toMatchObject({ addToCart: false, quickView: false, cartUrl: '', cartPageUrl: '/cart', checkoutUrl: '/checkout', backInStockUrl: '', recentlyViewedLimit: 12 });
  });

  it('keeps valid values, frozen, and names every invalid or unknown key', () => {
    const { options, problems } = readCartOptions({
      addToCart: true,
      cartUrl: '/fr',
      backInStockUrl: 'https://notify.example/api',
      recentlyViewedLimit: 0,
      translations: { quickView: { open: 'Aperçu' }, basket: {} },
      cartPageUrl: 'data:text/html,x',
    });
    expect(options).toMatchObject({ addToCart: true, cartUrl: '/fr', backInStockUrl: 'https://notify.example/api', recentlyViewedLimit: 12, translations: {}, cartPageUrl: '/cart' });
    expect(Object.isFrozen(options)).toBe(true);
    expect(problems).toEqual([
      'settings.cart.recentlyViewedLimit must be a whole number from 1 to 50, got number 0.',
      'settings.cart.translations must be an object of addToCart, quickView, miniCart, backInStock, recentlyViewed, each an object of strings, got an object.',
      'settings.cart.cartPageUrl must be a relative, http: or https: URL, got string "data:text/html,x".',
    ]);
    expect(readCartOptions({ translations: { miniCart: { cart: 'Panier ({{count}})' } } }).options.translations).toEqual({ miniCart: { cart: 'Panier ({{count}})' } });
  });

  it('rejects a cart section that is not an object', () => {
    expect(readCartOptions('on').problems).toEqual(['settings.cart must be an object, got string "on".']);
  });
});
