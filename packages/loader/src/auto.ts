// The theme entry (IIFE): mounts the filter UI when the page is parsed and exposes
// `window.PkgLoader` for themes that need the controller, the cart or the analytics queue.
import { createSettings } from '@pkg/core-filter';
import { mountCart, type CartInstance } from './mount-cart';
import { mountFilter, type LoaderInstance } from './mount-filter';
import { deferSearchBoxes, whenIdleAfter } from './defer-search-boxes';
import type { SearchBoxesInstance } from './find-search-boxes';
import { readPageSettings } from './read-page-settings';
import { splitSearchSection } from './search-settings';
import { sourceFromReferrer, trackProductPage, type ProductPageTracking } from './track-product-page';

interface PkgLoaderGlobal {
  instance: LoaderInstance | null;
  /** The instant-search boxes of the page (header, search page, ...). */
  search: SearchBoxesInstance | null;
  /** The page's cart: its store, the recently-viewed list, quick view (see README, "Cart"). */
  cart: CartInstance | null;
  /** On product pages: the analytics queue and the source (see README, "Product pages"). */
  analytics: ProductPageTracking['analytics'] | null;
  source: ProductPageTracking['source'] | null;
  mountFilter: typeof mountFilter;
}

function start() {
  const g = window as unknown as Record<string, unknown> & { PkgLoader?: PkgLoaderGlobal };
  let cart: CartInstance | null = null;
  try {
    cart = mountCart();
  } catch (e) {
    console.error('[@pkg/loader] Cart not started:', e);
  }
  const instance = mountFilter({ cart });
  // S7.1: suggestion requests carry the analytics session id as `sid`, like the filter's.
  const analytics = cart?.analytics;
  // The boxes' own code is a separate theme file, loaded when the shopper reaches a box.
  // The boxes' own code is a separate theme file, loaded when the shopper reaches a box, or once the
  // page is idle after the filter's first answer (so the box is ready before most shoppers get to it).
  const search = deferSearchBoxes(analytics ? { suggest: { sid: () => analytics.getSnapshot().sessionId } } : {}, () => import('./mount-search-boxes'));
  if (search) whenIdleAfter(instance?.ready ?? Promise.resolve(), search.load);
  let tracking: ProductPageTracking | null = null;
  const productId = document.documentElement.getAttribute('data-product-id') ?? undefined;
  if (productId) {
    try {
      const page = readPageSettings(document, g);
      tracking = trackProductPage(cart?.settings ?? instance?.settings ?? search?.settings ?? createSettings(splitSearchSection(page.input).core), productId, sourceFromReferrer(document.referrer, location.search), cart?.recentlyViewed, analytics);
    } catch (e) {
      console.error('[@pkg/loader] Analytics not started:', e);
    }
  }
  g.PkgLoader = { instance, search, cart, analytics: tracking?.analytics ?? null, source: tracking?.source ?? null, mountFilter };
  document.dispatchEvent(new CustomEvent('pkg:loaded', { detail: g.PkgLoader }));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
