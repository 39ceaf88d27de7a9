// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, type Analytics } from '@pkg/analytics';
import { createSettings, normalizeProduct } from '@pkg/core-filter';
import { createRecentlyViewed } from '@pkg/react-ui';
import { mountCart, type CartInstance } from './mount-cart';
import { mountFilter, type LoaderInstance } from './mount-filter';
import { fakeResizableWindow, fakeShop, wireProduct } from './test-fakes';
import { trackProductPage } from './track-product-page';

const PRODUCTS = [wireProduct(1, 'Red Shirt'), wireProduct(2, 'Blue Shirt'), wireProduct(3, 'Old Watch', { soldOut: true })];
const CART = { addToCart: true, quickView: true, backInStockUrl: '/api/back-in-stock' };
const SETTINGS = { api: { filterUrl: 'http://shop.test/api/filter', analyticsUrl: '/api/analytics', productsUrl: '/api/products' }, shop: { domain: 'shop.test', money_format: '${{amount}}' }, filter: { transport: 'fetch' }, cart: CART };
const settingsBlock = (json: unknown) => `<script type="application/json" id="pkg-settings">${JSON.stringify(json)}</script>`;
const listing = { total_product: 2, products: PRODUCTS.slice(0, 2), filter: { options: [] } };
const filterFetch = () => vi.fn(async () => new Response(JSON.stringify(listing), { status: 200, headers: { 'content-type': 'application/json' } }));

/** Lets fetch answers, effects and React's scheduler run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};
const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);
const $$ = (sel: string) => Array.from(document.querySelectorAll<HTMLElement>(sel));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

/** An analytics queue in memory, posting to a list. */
function memoryAnalytics() {
  const data = new Map<string, string>();
  const posted: Array<Record<string, string>> = [];
  const analytics = createAnalytics({
    url: '/api/analytics',
    shop: 'shop.test',
    storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) },
    fetch: async (url, init) => {
      if (url !== '/cart.js') posted.push(JSON.parse(init?.body ?? '{}'));
      return { status: 200, headers: { get: () => null }, json: async () => ({ token: 'tok-1', item_count: 1 }) };
    },
    listen: null,
    context: () => ({ qs: '', r: '' }),
  });
  return { analytics, posted };
}

let cart: CartInstance | null = null;
let filter: LoaderInstance | null = null;
let analytics: Analytics | null = null;
afterEach(() => {
  filter?.destroy();
  cart?.destroy();
  analytics?.destroy();
  filter = cart = analytics = null;
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-product-id');
});

async function listingPage(extra: { analytics?: Analytics } = {}) {
  document.head.innerHTML = settingsBlock(SETTINGS);
  document.body.innerHTML = `<header><div class="pkg-mini-cart-container"><a href="/cart">Cart</a></div></header><div class="pkg-products-container"></div>`;
  const shop = fakeShop(PRODUCTS);
  const location = { pathname: '/collections/all', search: '' };
  cart = mountCart({ window: null, fetch: shop.fetch, storage: null, location, ...extra });
  filter = mountFilter({ window: fakeResizableWindow(1200), cart, controller: { fetch: filterFetch(), location, window: null, sessionStorage: null } });
  await filter!.ready;
  await vi.waitFor(() => expect($$('.pkg-products-container .pkg-product-actions')).toHaveLength(2));
  return shop;
}

describe('mountCart on a listing page', () => {
  it('[S9.12] gives each listing item add to cart and quick view; an add opens the mini cart with the count and the line, and it closes itself 2000 ms later', async () => {
    const shop = await listingPage();
    const item = $$('.pkg-products-container .pkg-product-list__item')[0]!;
    expect(item.querySelector('.pkg-quickview-open')?.getAttribute('aria-label')).toBe('Quick view, Red Shirt');
    const add = item.querySelector<HTMLButtonElement>('.pkg-add-to-cart')!;
    expect(add.getAttribute('aria-label')).toBe('Add to cart, Red Shirt');
    await vi.waitFor(() => expect($('.pkg-minicart__toggle')?.textContent).toBe('Cart (0)'));
    const panel = $('.pkg-minicart__panel')!;
    expect(panel.hidden).toBe(true);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    add.click();
    await settle();
    expect(shop.requests.filter((r) => r.url === '/cart/add.js').map((r) => r.body)).toEqual([{ id: 101, quantity: 1 }]);
    expect(panel.hidden).toBe(false);
    expect($('.pkg-minicart__toggle')?.textContent).toBe('Cart (1)');
    expect($$('.pkg-minicart__line-title').map((e) => e.textContent)).toEqual(['Red Shirt - S']);
    vi.advanceTimersByTime(1999);
    await settle();
    expect(panel.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    await settle();
    expect(panel.hidden).toBe(true);
  });

  it('[F4.26] quick view records quick_view, and the add from the dialog is attributed to the same product through the queue', async () => {
    const mem = memoryAnalytics();
    analytics = mem.analytics;
    const shop = await listingPage({ analytics });
    const opener = $$('.pkg-quickview-open')[1]!;
    opener.focus();
    opener.click();
    await vi.waitFor(() => expect($('.pkg-cart-root [role="dialog"]')).not.toBeNull());
    const dialog = $('.pkg-cart-root [role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Blue Shirt');
    // M is sold out: the back-in-stock form replaces the buttons; S is in stock.
    dialog.querySelector<HTMLInputElement>('input[type="radio"][value="M"]')!.click();
    await vi.waitFor(() => expect(dialog.querySelector('.pkg-back-in-stock')).not.toBeNull());
    expect(dialog.querySelector('.pkg-quickview__add')).toBeNull();
    dialog.querySelector<HTMLInputElement>('input[type="radio"][value="S"]')!.click();
    await vi.waitFor(() => expect(dialog.querySelector('.pkg-quickview__add')).not.toBeNull());
    dialog.querySelector<HTMLButtonElement>('.pkg-quickview__add')!.click();

    // Added: the dialog closes, focus is back on its opener, the mini cart shows the line.
    await vi.waitFor(() => expect($('.pkg-cart-root [role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(shop.requests.filter((r) => r.url === '/cart/add.js').map((r) => r.body)).toEqual([{ id: 201, quantity: 1 }]);
    await vi.waitFor(() => expect($$('.pkg-minicart__line-title').map((e) => e.textContent)).toEqual(['Blue Shirt - S']));

    await vi.waitFor(() => expect(mem.posted.map((r) => [r.u, r.pid, r.a])).toEqual([
      ['quick_view', '2', 'filter'],
      ['add_to_cart', '2', 'filter'],
    ]));
  });

  it('closes quick view on Escape and gives focus back to the quick-view button', async () => {
    await listingPage();
    const opener = $$('.pkg-quickview-open')[0]!;
    opener.focus();
    opener.click();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('dialog'));
    key(document.activeElement!, 'Escape');
    await vi.waitFor(() => expect($('.pkg-cart-root [role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('adds a floating mini cart to the page when listing buttons are on and the theme has no container', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-products-container"></div>`;
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location: { pathname: '/collections/all' } });
    expect($('body > .pkg-mini-cart-container.pkg-mini-cart-container--floating')).not.toBeNull();
    await vi.waitFor(() => expect($('.pkg-minicart__toggle')).not.toBeNull());
    cart!.destroy();
    cart = null;
    expect($('.pkg-mini-cart-container')).toBeNull();
  });

  it('renders nothing on listing items with the buttons off (the default), and puts the theme content back on destroy', async () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, cart: undefined });
    document.body.innerHTML = `<div class="pkg-mini-cart-container"><a href="/cart">Cart</a></div><div class="pkg-products-container"></div>`;
    const location = { pathname: '/collections/all', search: '' };
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location });
    filter = mountFilter({ window: fakeResizableWindow(1200), cart, controller: { fetch: filterFetch(), location, window: null, sessionStorage: null } });
    await filter!.ready;
    await vi.waitFor(() => expect($$('.pkg-product')).toHaveLength(2));
    expect($$('.pkg-product-actions')).toHaveLength(0);
    expect($('.pkg-mini-cart-container')?.hasAttribute('data-pkg-initialised')).toBe(true);
    cart!.destroy();
    cart = null;
    expect($('.pkg-mini-cart-container')?.innerHTML).toBe('<a href="/cart">Cart</a>');
    expect($('.pkg-mini-cart-container')?.hasAttribute('data-pkg-initialised')).toBe(false);
  });

  it('puts the buttons after the theme item HTML of a legacy buildProductItem hook', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-products-container"></div>`;
    const location = { pathname: '/collections/all', search: '' };
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location });
    const hooks = { buildProductItem: (p: { title: string }) => `<p class="theme-item">${p.title}</p>` };
    filter = mountFilter({ window: fakeResizableWindow(1200), cart, hooks, controller: { fetch: filterFetch(), location, window: null, sessionStorage: null } });
    await filter!.ready;
    await vi.waitFor(() => expect($$('.pkg-product-list__item')).toHaveLength(2));
    for (const li of $$('.pkg-product-list__item')) {
      expect(li.querySelector('.pkg-product')).toBeNull();
      expect(li.firstElementChild?.querySelector('.theme-item')).not.toBeNull();
      expect(li.lastElementChild?.className).toBe('pkg-product-actions');
    }
  });

  it('records a listing add as add_to_cart with the page source: filter on listings, search on the search page', async () => {
    const mem = memoryAnalytics();
    analytics = mem.analytics;
    await listingPage({ analytics });
    expect(cart!.source).toBe('filter');
    $$('.pkg-add-to-cart')[0]!.click();
    await vi.waitFor(() => expect(mem.posted.map((r) => [r.u, r.pid, r.a])).toEqual([['add_to_cart', '1', 'filter']]));
    const onSearch = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location: { pathname: '/search', search: '?q=shirt' } });
    expect(onSearch?.source).toBe('search');
    onSearch?.destroy();
  });
});

describe('mountCart on a product page', () => {
  /** The product page of the sold-out Old Watch with its back-in-stock form, over `settings`. */
  async function soldOutPage(settings: object = SETTINGS, shop = fakeShop(PRODUCTS)) {
    document.head.innerHTML = settingsBlock(settings);
    document.documentElement.setAttribute('data-product-id', '3');
    document.body.innerHTML = `<div class="pkg-back-in-stock-container" data-variant-id="301" data-available="false"></div>`;
    cart = mountCart({ window: null, fetch: shop.fetch, storage: null, location: { pathname: '/products/old-watch' } });
    await vi.waitFor(() => expect($('.pkg-back-in-stock')).not.toBeNull());
    return shop;
  }
  /** Sends `email` through the form; resolves with the message it then shows (`thanks` or `error`). */
  async function send(email: string, shows: 'thanks' | 'error'): Promise<string> {
    $<HTMLInputElement>('.pkg-back-in-stock input[type="email"]')!.value = email;
    $<HTMLFormElement>('.pkg-back-in-stock')!.requestSubmit();
    return vi.waitFor(() => {
      const text = $(`.pkg-back-in-stock__${shows}`)?.textContent;
      if (!text) throw new Error(`no ${shows} yet`);
      return text;
    });
  }

  it('[F8.7, F8.8] shows the back-in-stock form on a sold-out variant: a bad address gets F8.7 and sends nothing, a good one is posted to the configured endpoint and thanked with F8.8', async () => {
    const shop = await soldOutPage();
    expect(await send('not-an-address', 'error')).toBe('Please provide a valid email address.');
    expect(shop.requests.filter((r) => r.url === '/api/back-in-stock')).toHaveLength(0);
    expect(await send('shopper@example.com', 'thanks')).toBe('Thanks! We will notify you when this product becomes available!');
    expect(shop.backInStock).toEqual([{ email: 'shopper@example.com', product_id: '3', variant_id: '301' }]);
  });

  it("[F8.7, F8.8] says the shop's own back-in-stock texts (its labels invalidEmail and notifySuccess); the cart settings' translations come before them", async () => {
    const labels = { invalidEmail: 'Adresse e-mail invalide.', notifySuccess: 'Merci ! Nous vous préviendrons.' };
    await soldOutPage({ ...SETTINGS, labels });
    expect(await send('not-an-address', 'error')).toBe('Adresse e-mail invalide.');
    expect(await send('shopper@example.com', 'thanks')).toBe('Merci ! Nous vous préviendrons.');
    cart?.destroy();
    // The cart settings' translations name the form's texts directly and win over the labels.
    await soldOutPage({ ...SETTINGS, labels, cart: { ...CART, translations: { backInStock: { thanks: 'Noted.' } } } });
    expect(await send('other@example.com', 'thanks')).toBe('Noted.');
  });

  it('follows the variant the theme shows: the form goes when it is available and comes back, fresh, for another sold-out one', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    document.body.innerHTML = `<div class="pkg-back-in-stock-container" data-product-id="1" data-variant-id="102" data-available="false"></div>`;
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location: { pathname: '/products/red-shirt' } });
    const el = $('.pkg-back-in-stock-container')!;
    await vi.waitFor(() => expect(el.querySelector('.pkg-back-in-stock')).not.toBeNull());
    el.dataset.variantId = '101';
    el.dataset.available = 'true';
    await vi.waitFor(() => expect(el.querySelector('.pkg-back-in-stock')).toBeNull());
    el.dataset.variantId = '102';
    el.dataset.available = 'false';
    await vi.waitFor(() => expect(el.querySelector('.pkg-back-in-stock')).not.toBeNull());
  });

  it('warns once and shows no form without cart.backInStockUrl', () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, cart: { ...CART, backInStockUrl: '' } });
    document.body.innerHTML = `<div class="pkg-back-in-stock-container" data-product-id="3" data-available="false"></div>`;
    const warn = vi.fn();
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage: null, location: { pathname: '/products/old-watch' }, console: { warn, error: vi.fn() } });
    expect(warn).toHaveBeenCalledWith('[@pkg/loader] No cart.backInStockUrl: no back-in-stock form.');
    expect($('.pkg-back-in-stock-container')?.hasAttribute('data-pkg-initialised')).toBe(false);
  });

  it('[S3.10] records product views and shows the viewed products, newest first and without this one, in the recently-viewed slider', async () => {
    document.head.innerHTML = settingsBlock(SETTINGS);
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    const settings = createSettings({ api: { analyticsUrl: '' } });
    // Two earlier product pages.
    expect(trackProductPage(settings, 2, 'filter', createRecentlyViewed({ storage }))).toBeNull();
    trackProductPage(settings, 1, 'filter', createRecentlyViewed({ storage }));
    // This page: product 3.
    document.documentElement.setAttribute('data-product-id', '3');
    document.body.innerHTML = `<div class="pkg-recently-viewed-container"></div>`;
    const shop = fakeShop(PRODUCTS);
    cart = mountCart({ window: null, fetch: shop.fetch, storage, location: { pathname: '/products/old-watch' } });
    trackProductPage(settings, 3, 'filter', cart!.recentlyViewed);
    expect(cart!.recentlyViewed.list()).toEqual(['3', '1', '2']);
    await vi.waitFor(() => expect($$('.pkg-recently-viewed-container .pkg-product__title').map((e) => e.textContent)).toEqual(['Red Shirt', 'Blue Shirt']));
    expect(shop.requests.filter((r) => r.url.startsWith('/api/products')).map((r) => r.url)).toEqual(['/api/products?ids=1&ids=2']);
    expect($('.pkg-recently-viewed-container a')?.getAttribute('href')).toBe('/products/red-shirt');
  });

  it('[S1.7] the mini cart, the recently-viewed cards and quick view show prices rounded by the rule of the shown currency, keyed in any case', async () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, shop: { ...SETTINGS.shop, currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { ...SETTINGS.filter, multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } });
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    ['1', '2'].forEach((id) => createRecentlyViewed({ storage }).record(id));
    document.body.innerHTML = `<div class="pkg-mini-cart-container"></div><div class="pkg-recently-viewed-container"></div>`;
    cart = mountCart({ window: null, fetch: fakeShop(PRODUCTS).fetch, storage, location: { pathname: '/' } });
    // The slider: Blue Shirt and Red Shirt at $10.00–$12.00 each, shown as $10.95–$12.95.
    await vi.waitFor(() => expect($$('.pkg-recently-viewed-container .pkg-price__current').map((e) => e.textContent)).toEqual(['$10.95 – $12.95', '$10.95 – $12.95']));
    await cart!.store.add('101', 1);
    await settle();
    // The mini cart: one line of $10.00 (1000 cents), total $10.00, both shown as $10.95.
    expect($('.pkg-minicart__total')?.textContent).toContain('$10.95');
    expect($('.pkg-mini-cart-container')?.textContent).not.toContain('$10.00');
    cart!.openQuickView(normalizeProduct(PRODUCTS[0]));
    await vi.waitFor(() => expect($('.pkg-cart-root [role="dialog"] .pkg-price__current')?.textContent).toBe('$10.95'));
  });

  it('keeps recording views when storage fails, for this page only', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => {} };
    const recent = createRecentlyViewed({ storage: broken });
    expect(() => trackProductPage(createSettings({}), 7, 'filter', recent)).not.toThrow();
    expect(recent.list()).toEqual(['7']);
  });
});

describe('cart settings', () => {
  it('are reported with the other problems in one message by mountFilter, and mountCart mounts nothing', () => {
    document.head.innerHTML = settingsBlock({ ...SETTINGS, cart: { quickView: 'yes', checkoutUrl: 'javascript:alert(1)', colour: 1 } });
    document.body.innerHTML = `<div class="pkg-products-container"></div><div class="pkg-mini-cart-container"></div>`;
    const error = vi.fn();
    expect(mountCart({ window: null, storage: null })).toBeNull();
    expect(mountFilter({ window: null, console: { error, warn: vi.fn() } })).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    const lines = String(error.mock.calls[0]?.[0]).split('\n').slice(1);
    expect(lines).toEqual([
      '- settings.cart.quickView must be a boolean, got string "yes".',
      '- settings.cart.checkoutUrl must be a relative, http: or https: URL, got string "javascript:alert(1)".',
      expect.stringMatching(/^- settings\.cart\.colour is not a known setting; check its spelling \(known: addToCart, quickView, /),
    ]);
    expect($('.pkg-mini-cart-container')?.hasAttribute('data-pkg-initialised')).toBe(false);
  });
});
