import { createAnalytics, type Analytics, type AnalyticsSource } from '@pkg/analytics';
import type { Settings } from '@pkg/core-filter';
import type { RecentlyViewedList } from '@pkg/react-ui';

export interface ProductPageTracking {
  readonly analytics: Analytics;
  /** Where the shopper came from, given to every record of this page. */
  readonly source: AnalyticsSource;
}

/**
 * The analytics source of a product page, read from the referrer (F3.16): a search page (or a
 * suggestion, which lands on search links with `q`) gives 'search', a link carrying the
 * suggestion mark `_pos` from the suggestion dropdown gives 'suggest', anything else 'filter'.
 */
export function sourceFromReferrer(referrer: string, location = ''): AnalyticsSource {
  if (/[?&]_sid=|[?&]_pos=/.test(location)) return 'suggest';
  let path = '';
  try {
    path = new URL(referrer).pathname;
  } catch {
    return 'filter';
  }
  return /(^|\/)search(\/|$)/.test(path) ? 'search' : 'filter';
}

/**
 * On a product page, records the view: in the recently-viewed list when one is given (S3.10; kept
 * even without analytics), and as `view_product` (F3.16) through @pkg/analytics. Returns the queue
 * and the source, so the theme's add-to-cart, buy-now and quick-view buttons record theirs with
 * `analytics.track(action, productId, source)`. Null when no analytics URL is configured. Uses
 * `pageAnalytics` (the cart's queue) when given, else makes one.
 */
export function trackProductPage(settings: Settings, productId: string | number, source: AnalyticsSource, recentlyViewed?: Pick<RecentlyViewedList, 'record'> | null, pageAnalytics?: Analytics | null): ProductPageTracking | null {
  if (productId === '') return null;
  recentlyViewed?.record(productId);
  if (!settings.api.analyticsUrl) return null;
  // The page's queue when the cart made one (one queue, one lease and one set of page listeners a page).
  const analytics = pageAnalytics ?? createAnalytics({ url: settings.api.analyticsUrl, shop: settings.shop.domain });
  analytics.track('view_product', productId, source);
  return { analytics, source };
}
