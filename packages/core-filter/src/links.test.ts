import { describe, expect, it } from 'vitest';
import { collectionUrl, documentTitle, isSafeUrl, pageUrl, productLink, productUrl, safeUrl, searchUrl, subCategoryUrl, toolbarUrl, vendorUrl } from './links';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';
import { normalizeProduct } from './normalize-product';

const plain = createSettings();
const withColl = createSettings({ filter: { addCollectionToProductUrl: true } });

describe('links', () => {
  it('[S2.8] product links: /products/{handle}, or through the current collection when set', () => {
    expect(productUrl(plain, getPageContext(plain, '/collections/summer'), 'red-shirt')).toBe('/products/red-shirt');
    expect(productUrl(withColl, getPageContext(withColl, '/collections/summer'), 'red-shirt')).toBe('/collections/summer/products/red-shirt');
  });
  it('a listed product links to the variant the answer matched (?variant=), else to the product', () => {
    const wire = { id: 7, title: 'Hoodie', handle: 'hood ie', variants: [{ id: 71, title: 'S / Blue' }, { id: 'v/72', title: 'M / Red' }] };
    const page = getPageContext(withColl, '/collections/summer');
    expect(productLink(withColl, page, normalizeProduct({ ...wire, variant_id: 'v/72' }))).toBe('/collections/summer/products/hood%20ie?variant=v%2F72');
    expect(productLink(plain, page, normalizeProduct({ ...wire, variant_id: 71 }))).toBe('/products/hood%20ie?variant=71');
    expect(productLink(plain, page, normalizeProduct(wire))).toBe('/products/hood%20ie');
    // An id the product does not have names no variant.
    expect(productLink(plain, page, normalizeProduct({ ...wire, variant_id: 99 }))).toBe('/products/hood%20ie');
  });
  it('[S2.8] the collection falls back to all on home, search, vendor and type pages', () => {
    for (const [path, q] of [['/', ''], ['/search', '?q=x'], ['/collections/vendors', '?q=A'], ['/collections/types', '?q=B']] as const) {
      expect(productUrl(withColl, getPageContext(withColl, path, q), 'hat')).toBe('/collections/all/products/hat');
    }
  });
  it('[S2.9] adds the locale prefix from the root route or the current non-primary locale', () => {
    const root = createSettings({ general: { root_url: '/de-ch/' } });
    expect(productUrl(root, getPageContext(root, '/'), 'hat')).toBe('/de-ch/products/hat');
    const loc = createSettings({ general: { current_locale: 'fr', published_locales: { en: true, fr: false } } });
    expect(searchUrl(loc, getPageContext(loc, '/'), 'a b')).toBe('/fr/search?q=a%20b');
    const primary = createSettings({ general: { current_locale: 'en', published_locales: { en: true, fr: false } } });
    expect(collectionUrl(getPageContext(primary, '/'), 'x')).toBe('/collections/x');
  });
  it('[S2.10] search link: /search?{term key}={encoded term}', () => {
    const k = createSettings({ filter: { searchTermKey: 'term' } });
    expect(searchUrl(k, getPageContext(k, '/'), 'red & blue')).toBe('/search?term=red%20%26%20blue');
  });
  it('[S2.11] collection, page and vendor links', () => {
    const ctx = getPageContext(plain, '/');
    expect(collectionUrl(ctx, 'summer')).toBe('/collections/summer');
    expect(pageUrl('/pages/about')).toBe('/pages/about');
    expect(pageUrl('javascript:alert(1)')).toBe('#');
    expect(vendorUrl(ctx, 'Acme & Co')).toBe('/collections/vendors?q=Acme%20%26%20Co');
  });
  it('[S2.12] toolbar links use page, limit, sort and display; page=1 is omitted', () => {
    expect(toolbarUrl('/collections/a', '?pf_t_color=Red&page=3', { page: 1, sort: 'price-ascending' })).toBe('/collections/a?pf_t_color=Red&sort=price-ascending');
    expect(toolbarUrl('/collections/a', '', { page: 2, limit: 12, display: 'list' })).toBe('/collections/a?page=2&limit=12&display=list');
    expect(toolbarUrl('/collections/a', '', { page: 1 })).toBe('/collections/a');
  });
  it('[S2.13] sub-category pages: /collections/{handle}/{slugified-tag}', () => {
    expect(subCategoryUrl(getPageContext(plain, '/'), 'shoes', 'Running Shoes & Co')).toBe('/collections/shoes/running-shoes-co');
  });
  it('[S2.19] document title: collection title, a dash, the shop name', () => {
    expect(documentTitle('Summer <b>Sale</b>', 'My Shop')).toBe('Summer Sale - My Shop');
  });
  it('only http:, https: and relative URLs are safe', () => {
    expect(isSafeUrl('https://x.example')).toBe(true);
    expect(isSafeUrl('/a')).toBe(true);
    expect(isSafeUrl(' java\tscript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
    expect(safeUrl(undefined)).toBe('#');
  });
});
