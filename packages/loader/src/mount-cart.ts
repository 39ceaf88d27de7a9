import { createStore } from '@pkg/kit';
import { createElement as h, Fragment, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createAnalytics, type Analytics, type AnalyticsSource } from '@pkg/analytics';
import { createSettings, getPageContext, moneyOptionsFor, type Product, type Settings } from '@pkg/core-filter';
import { safeUrl, productLink, vendorUrl } from '@pkg/core-filter/view';
import {
  AddToCartButton,
  BackInStockForm,
  createCartStore,
  createRecentlyViewed,
  MiniCart,
  MoneyOptionsProvider,
  ProductCard,
  type CartFetch,
  type CartStore,
  type QuickViewAction,
  type QuickViewProps,
  type RecentlyViewedList,
  type RecentlyViewedStorage,
  backInStockTexts,
} from '@pkg/react-ui';
import type { CartOptions } from './cart-settings';
import { CONTAINER_CLASSES, findContainers, INITIALISED_ATTR, THEME_CONTAINERS } from './find-containers';
import { readLoaderSettings, type LoaderSettingsInput } from './loader-settings';
import { deviceOf } from './watch-device';
import { lazyPart } from './lazy-part';

// Quick view opens on a click and the recently-viewed slider shows only where a page has its
// container: both are files of their own, loaded when needed. Until quick view's file is in, a
// busy mark covers the page; a quick view that cannot be loaded closes again (the product's link
// still leads to it); a slider that cannot be loaded shows nothing. Each with one console error.
function CloseQuickView({ onClose }: Pick<QuickViewProps, 'onClose'>) {
  useEffect(() => onClose(), [onClose]);
  return null;
}
const QuickViewPart = lazyPart<QuickViewProps>('quick view', () => import('./quick-view').then((m) => m.QuickView), CloseQuickView);
const RecentlyViewedPart = lazyPart('recently viewed products', () => import('./recently-viewed').then((m) => m.RecentlyViewed), () => null);

export interface MountCartOptions {
  /** The page (default: the browser document). */
  document?: Document;
  /** Where the legacy settings globals are read and the width is measured (default: the browser window; null = none). */
  window?: (Record<string, unknown> & { innerWidth?: number }) | null;
  /** Settings merged over what the page holds (highest priority); `cart` is the loader's section. */
  settings?: LoaderSettingsInput;
  /** The cart calls, back-in-stock requests and the recently-viewed products call (default: the browser's fetch). */
  fetch?: CartFetch;
  /** Where the recently-viewed list is kept (default: localStorage; null = this page only). */
  storage?: RecentlyViewedStorage | null;
  /**
   * The page's analytics queue: quick view and add to cart record through it, and its session id
   * goes out as `sid` on the filter, search and suggestion requests (S7.1). Default: a
   * `@pkg/analytics` queue made at mount when `api.analyticsUrl` and `shop.domain` are set (it also
   * sends what an earlier page left pending); null: no analytics.
   */
  analytics?: Analytics | null;
  /** The address (default: the browser's), for the analytics source and product links. */
  location?: { pathname: string; search?: string };
  console?: Pick<Console, 'warn' | 'error'>;
}

export interface CartInstance {
  readonly settings: Settings;
  readonly options: CartOptions;
  /** The one cart of the page: listing buttons, quick view and every mini cart share it. */
  readonly store: CartStore;
  readonly recentlyViewed: RecentlyViewedList;
  /** The source given to analytics records: 'search' on the search page, else 'filter'. */
  readonly source: AnalyticsSource;
  /** The page's one analytics queue (see `MountCartOptions.analytics`); null without analytics. */
  readonly analytics: Analytics | null;
  /** The extras of one listing item: quick-view and add-to-cart buttons, as the options ask; null when neither. */
  itemActions(product: Product): ReactNode;
  /** Opens the quick-view dialog on a product (one at a time; focus returns to the opener when it closes). */
  openQuickView(product: Product): void;
  closeQuickView(): void;
  destroy(): void;
}

/** The class of the mini-cart container the loader adds to `<body>` when listing buttons are on and the theme has none. */
export const FLOATING_MINI_CART_CLASS = 'pkg-mini-cart-container--floating';

/** Whether the page has a product listing (the loader's, a theme's, or the search page's). */
function hasListing(doc: Document, products: readonly string[] = THEME_CONTAINERS.products): boolean {
  return [`.${CONTAINER_CLASSES.products}`, `.${CONTAINER_CLASSES.searchPage}`, ...products].some((sel) => {
    try {
      return doc.querySelector(sel) !== null;
    } catch {
      return false;
    }
  });
}

/**
 * Mounts the cart parts: a mini cart in every `.pkg-mini-cart-container` (S9.12), the
 * recently-viewed slider in `.pkg-recently-viewed-container` (S3.10) and the back-in-stock form in
 * `.pkg-back-in-stock-container` (F8.7, F8.8); gives `mountFilter` the listing's quick-view and
 * add-to-cart buttons. Returns null when the settings are invalid (`mountFilter` reports them).
 */
export function mountCart(options: MountCartOptions = {}): CartInstance | null {
  const doc = options.document ?? globalThis.document;
  const win = options.window === undefined ? (globalThis.window as unknown as MountCartOptions['window']) : options.window;
  const log = options.console ?? console;
  const read = readLoaderSettings(doc, win, options.settings);
  if (read.problems.length) return null;
  const settings = createSettings(read.input);
  const o = read.cart;
  const t = o.translations;
  const loc = options.location ?? (globalThis.location as MountCartOptions['location']) ?? { pathname: '/' };
  const page = getPageContext(settings, loc.pathname, loc.search ?? '');
  const source: AnalyticsSource = page.isSearchPage ? 'search' : 'filter';
  const fetchSeam = options.fetch ? { fetch: options.fetch } : {};
  const store = createCartStore({ ...fetchSeam, cartUrl: o.cartUrl });
  const recentlyViewed = createRecentlyViewed({ limit: o.recentlyViewedLimit, ...(options.storage !== undefined ? { storage: options.storage } : {}) });
  const moneyFormat = settings.shop.money_format;
  const money = moneyOptionsFor(settings);
  // The form's texts: the shop's labels (`invalidEmail`, `notifySuccess`), the cart settings' own over them.
  const backInStock = o.backInStockUrl ? { endpoint: o.backInStockUrl, ...fetchSeam, translations: { ...backInStockTexts(settings.labels), ...t.backInStock } } : undefined;

  let analytics: Analytics | null = null;
  try {
    analytics = options.analytics !== undefined ? options.analytics : settings.api.analyticsUrl && settings.shop.domain ? createAnalytics({ url: settings.api.analyticsUrl, shop: settings.shop.domain, cartUrl: `${o.cartUrl.replace(/\/+$/, '')}/cart.js` }) : null;
  } catch (e) {
    log.error('[@pkg/loader] Analytics not started:', e);
  }
  const track = (action: QuickViewAction, id?: string | number) => {
    try {
      // F4.26: an add or buy from quick view names no product: the queue takes the quick view's.
      analytics?.track(action, id, id === undefined ? undefined : source);
    } catch (e) {
      log.error('[@pkg/loader] Analytics record not made:', e);
    }
  };

  // One React root for every cart part, the theme's containers reached through portals, updated
  // through state: ids from useId then stay unique among the parts (Preact, which the theme build
  // renders with, numbers ids per root and per render call).
  const undo: Array<() => void> = [];
  const take = (el: Element) => {
    const saved = Array.from(el.childNodes);
    el.setAttribute(INITIALISED_ATTR, '');
    el.replaceChildren();
    undo.push(() => (el.replaceChildren(...saved), el.removeAttribute(INITIALISED_ATTR)));
    return el;
  };
  const found = findContainers(doc, { selectors: read.containers });
  let miniCarts = found.miniCart;
  if (!miniCarts.length && (o.addToCart || o.quickView) && hasListing(doc, read.containers.products)) {
    const el = doc.createElement('div');
    el.className = `${CONTAINER_CLASSES.miniCart} ${FLOATING_MINI_CART_CLASS}`;
    doc.body.append(el);
    undo.push(() => el.remove());
    miniCarts = [el];
  }
  const productId = doc.documentElement.getAttribute('data-product-id') ?? undefined;
  let sliders = found.recentlyViewed;
  if (sliders.length && !settings.api.productsUrl) {
    log.warn('[@pkg/loader] No api.productsUrl: no recently-viewed slider.');
    sliders = [];
  }
  let forms = found.backInStock;
  if (forms.length && !backInStock) {
    log.warn('[@pkg/loader] No cart.backInStockUrl: no back-in-stock form.');
    forms = [];
  }

  // What changes after mounting: the product in quick view, and the back-in-stock containers'
  // attributes (the theme sets which variant is shown and whether it is sold out).
  const view = createStore<{ quick: Product | null; changes: number }>({ quick: null, changes: 0 });
  const set = (quick: Product | null) => view.set({ quick, changes: view.getSnapshot().changes + 1 });
  const { subscribe } = view;
  const closeQuickView = () => view.getSnapshot().quick && set(null);
  const openQuickView = (product: Product) => set(product);
  for (const el of forms) {
    const watch = new MutationObserver(() => set(view.getSnapshot().quick));
    watch.observe(el, { attributes: true, attributeFilter: ['data-product-id', 'data-variant-id', 'data-available'] });
    undo.push(() => watch.disconnect());
  }
  const ids = recentlyViewed.list();
  const mobile = deviceOf(win?.innerWidth ?? 1024, settings.filter.mobileMaxWidth) === 'mobile';
  const backInStockForm = (el: HTMLElement) => {
    const d = el.dataset;
    const pid = d.productId ?? productId;
    return d.available === 'false' && pid ? h(BackInStockForm, { key: `${pid}/${d.variantId ?? ''}`, productId: pid, variantId: d.variantId ?? null, ...backInStock! }) : null;
  };
  const parts = (quick: Product | null) => [
    ...miniCarts.map((el, i) => createPortal(h(MiniCart, { store, moneyFormat, checkoutUrl: o.cartPageUrl, ...(t.miniCart ? { translations: t.miniCart } : {}) }), el, `m${i}`)),
    ...sliders.map((el, i) =>
      createPortal(
        h(Suspense, { fallback: null }, h(RecentlyViewedPart, {
          ids,
          ...(productId ? { exclude: productId } : {}),
          productsUrl: settings.api.productsUrl,
          ...fetchSeam,
          mobile,
          ...(t.recentlyViewed?.title ? { title: t.recentlyViewed.title } : {}),
          renderItem: (p: Product, n: number) => h(ProductCard, { product: p, url: safeUrl(productLink(settings, page, p)), position: n, display: 'grid', moneyFormat, soldOutLabel: settings.labels.outOfStock, vendorUrl: p.vendor ? vendorUrl(page, p.vendor) : undefined, titleLevel: 3 }),
        })),
        el,
        `r${i}`,
      ),
    ),
    ...forms.map((el, i) => createPortal(backInStockForm(el as HTMLElement), el, `b${i}`)),
    quick &&
      h(
        Suspense,
        { key: `q${String(quick.id)}`, fallback: h('div', { className: 'pkg-quickview-loading', role: 'progressbar', 'aria-label': quick.title }) },
        h(QuickViewPart, {
        product: quick,
        store,
        moneyFormat,
        onClose: closeQuickView,
        checkoutUrl: o.checkoutUrl,
        onTrack: (action: QuickViewAction, id: string | number) => {
          track(action, action === 'quick_view' ? id : undefined);
          // The shopper sees the mini cart open once the dialog is out of the way.
          if (action === 'add_to_cart') closeQuickView();
        },
        ...(backInStock ? { backInStock } : {}),
        ...(t.quickView ? { translations: t.quickView } : {}),
      }),
      ),
  ];
  for (const el of [...miniCarts, ...sliders, ...forms]) take(el);
  const host = doc.createElement('div');
  host.className = 'pkg-cart-root';
  doc.body.append(host);
  const root = createRoot(host);
  const get = view.getSnapshot;
  function CartParts() {
    // Every price of the cart parts in the shown currency with its rounding rule (S1.7).
    return h(MoneyOptionsProvider, { value: money }, h(Fragment, null, parts(useSyncExternalStore(subscribe, get, get).quick)));
  }
  root.render(h(CartParts));

  const open = t.quickView?.open ?? 'Quick view';
  return {
    settings,
    options: o,
    store,
    recentlyViewed,
    source,
    analytics,
    itemActions: (product) =>
      o.quickView || o.addToCart
        ? h(
            'div',
            { className: 'pkg-product-actions' },
            o.quickView && h('button', { type: 'button', className: 'pkg-button pkg-quickview-open', 'aria-haspopup': 'dialog', 'aria-label': `${open}, ${product.title}`, onClick: () => openQuickView(product) }, open),
            o.addToCart && h(AddToCartButton, { product, store, onAdded: (id: string | number) => track('add_to_cart', id), ...(t.addToCart ? { translations: t.addToCart } : {}) }),
          )
        : null,
    openQuickView,
    closeQuickView,
    destroy() {
      root.unmount();
      host.remove();
      view.destroy();
      if (options.analytics === undefined) analytics?.destroy();
      for (const u of undo.splice(0)) u();
    },
  };
}
