// Page kind and context from the path and settings (S2.1-S2.7).
import { isBadInput } from './screen';
import type { ControllerSettings } from './settings';

export type PageKind = 'cart' | 'product' | 'vendor' | 'type' | 'collection' | 'search' | 'home' | 'other';

export interface PageContext {
  kind: PageKind;
  /** The path without its locale prefix. */
  path: string;
  isCartPage: boolean;
  isProductPage: boolean;
  /** Any /collections page, including vendor, type and all (S2.3). */
  isCollectionPage: boolean;
  isAllCollection: boolean;
  isVendorPage: boolean;
  isTypePage: boolean;
  isSearchPage: boolean;
  /** The current tags list is non-empty (S2.7). */
  isTagPage: boolean;
  /** Handle from /collections/{handle}; '' when not on a collection path. */
  collectionHandle: string;
  /** Tag slug from /collections/{handle}/{tag}. */
  tagSlug: string;
  collectionId: number | string;
  currentTags: readonly string[];
  /** The term from the term key (S2.6), or the vendor/type on those pages. */
  term: string;
  localePrefix: string;
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The locale prefix of links (S2.9): the platform root route, else the current non-primary locale. */
export function getLocalePrefix(settings: ControllerSettings): string {
  const root = settings.general.root_url.replace(/\/+$/, '');
  if (root && root.startsWith('/') && !root.startsWith('//')) return root;
  const locale = settings.general.current_locale;
  const locales = settings.general.published_locales;
  if (locale && locale in locales && locales[locale] !== true) return `/${locale}`;
  return '';
}

/** Reads the page kind and context from a path (and optional query) with the settings. */
export function getPageContext(settings: ControllerSettings, pathname: string, search = ''): PageContext {
  const prefix = getLocalePrefix(settings);
  let path = typeof pathname === 'string' && pathname.startsWith('/') ? pathname.split(/[?#]/)[0] ?? '/' : '/';
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length) || '/';
  const lower = path.toLowerCase();
  const segments = path.split('/').filter(Boolean);
  const isCartPage = /\/cart(\/|$)/.test(lower);
  const isProductPage = /\/products(\/|$)/.test(lower);
  const isCollectionPage = lower.includes('/collections');
  const collIndex = segments.findIndex((s) => s.toLowerCase() === 'collections');
  const collectionHandle = collIndex >= 0 ? safeDecode(segments[collIndex + 1] ?? '') : '';
  const tagSegment = collIndex >= 0 && segments[collIndex + 2]?.toLowerCase() !== 'products' ? (segments[collIndex + 2] ?? '') : '';
  const handleLower = isCollectionPage ? collectionHandle.toLowerCase() : '';
  const isVendorPage = handleLower === 'vendors';
  const isTypePage = handleLower === 'types';
  const isSearchPage = /^\/search(\/|$)/.test(lower);
  const currentTags = settings.general.current_tags;
  const params = new URLSearchParams(typeof search === 'string' ? search : '');
  const termKey = isVendorPage || isTypePage ? 'q' : settings.filter.searchTermKey;
  const rawTerm = params.get(termKey) ?? (isSearchPage ? settings.general.search_term : '');
  // S5.1: a bad term is neither searched nor shown.
  const term = isBadInput(rawTerm) ? '' : rawTerm.replace(/\s+/g, ' ').trim();
  const kind: PageKind = isCartPage
    ? 'cart'
    : isProductPage
      ? 'product'
      : isVendorPage
        ? 'vendor'
        : isTypePage
          ? 'type'
          : isCollectionPage
            ? 'collection'
            : isSearchPage
              ? 'search'
              : path === '/'
                ? 'home'
                : 'other';
  return {
    kind,
    path,
    isCartPage,
    isProductPage,
    isCollectionPage,
    isAllCollection: handleLower === 'all',
    isVendorPage,
    isTypePage,
    isSearchPage,
    isTagPage: currentTags.length > 0,
    collectionHandle,
    tagSlug: safeDecode(tagSegment),
    collectionId: settings.general.collection_id,
    currentTags,
    term,
    localePrefix: prefix,
  };
}
