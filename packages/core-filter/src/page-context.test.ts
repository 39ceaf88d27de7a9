import { describe, expect, it } from 'vitest';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';

const s = createSettings();

describe('getPageContext', () => {
  it('[S2.1] a path containing /cart is the cart page', () => {
    expect(getPageContext(s, '/cart').kind).toBe('cart');
  });
  it('[S2.2] a path containing /products is a product page, also under a collection', () => {
    expect(getPageContext(s, '/products/shirt').kind).toBe('product');
    const c = getPageContext(s, '/collections/shirts/products/shirt');
    expect(c.kind).toBe('product');
    expect(c.collectionHandle).toBe('shirts');
  });
  it('[S2.3] /collections/{handle} is a collection page and /collections/all the all-products one', () => {
    const c = getPageContext(s, '/collections/summer');
    expect(c.kind).toBe('collection');
    expect(c.collectionHandle).toBe('summer');
    expect(c.isAllCollection).toBe(false);
    expect(getPageContext(s, '/collections/all').isAllCollection).toBe(true);
  });
  it('[S2.4] /collections/vendors is the vendor page, its q the vendor', () => {
    const c = getPageContext(s, '/collections/vendors', '?q=Acme+Co');
    expect(c.kind).toBe('vendor');
    expect(c.term).toBe('Acme Co');
  });
  it('[S2.5] /collections/types is the product-type page', () => {
    expect(getPageContext(s, '/collections/types', '?q=Shoes').kind).toBe('type');
  });
  it('[S2.6] /search is the search page with the term in q, or in the configured key', () => {
    expect(getPageContext(s, '/search', '?q=red+shirt').term).toBe('red shirt');
    const custom = createSettings({ filter: { searchTermKey: 'term' } });
    const c = getPageContext(custom, '/search', '?term=hat&q=no');
    expect(c.kind).toBe('search');
    expect(c.term).toBe('hat');
  });
  it('[S2.7] a non-empty current tags list makes a tag page', () => {
    expect(getPageContext(s, '/collections/a/red').isTagPage).toBe(false);
    const t = getPageContext(createSettings({ general: { current_tags: ['red'] } }), '/collections/a/red');
    expect(t.isTagPage).toBe(true);
    expect(t.tagSlug).toBe('red');
  });
  it('[S2.9] strips the locale prefix before reading the page kind', () => {
    const fr = createSettings({ general: { root_url: '/fr/', current_locale: 'fr' } });
    const c = getPageContext(fr, '/fr/collections/ete');
    expect(c.kind).toBe('collection');
    expect(c.collectionHandle).toBe('ete');
    expect(c.localePrefix).toBe('/fr');
  });
  it('never throws on odd input and reads home/other', () => {
    expect(getPageContext(s, 'not a path' as string).kind).toBe('home');
    expect(getPageContext(s, '/pages/about').kind).toBe('other');
    expect(getPageContext(s, '/collections/%E0%A4%A', '?q=%').collectionHandle).toBe('%E0%A4%A');
  });
});

describe('bad terms', () => {
  it('[S5.1, S5.3] a bad term in the address is dropped; a good one is whitespace-collapsed', () => {
    expect(getPageContext(s, '/search', '?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E').term).toBe('');
    expect(getPageContext(s, '/search', '?q=++red+++hat+').term).toBe('red hat');
  });
});
