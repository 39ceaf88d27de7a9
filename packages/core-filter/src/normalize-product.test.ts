import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeCollectionDescription, normalizeFilterResponse, normalizeProduct, parseNoResultData, readProductHtml } from './normalize-product';
import { createSettings } from './create-settings';

const settings = createSettings({ general: { no_image_url: '//cdn.example/no-image.png', current_currency: 'EUR' } });
afterEach(() => vi.restoreAllMocks());

const wire = {
  id: 1,
  title: 'Shirt',
  handle: 'shirt',
  vendor: 'Acme',
  product_type: 'Tops',
  available: true,
  content: '<p>Soft</p>',
  images_info: [{ id: 5, position: 1, src: '//cdn.example/a.jpg', width: 100, height: 200 }],
  images: ['//cdn.example/a.jpg', 'https://cdn.example/b.jpg'],
  media: [{ media_type: 'image', src: '//cdn.example/a.jpg' }, { media_type: 'video', src: '//cdn.example/v.mp4' }],
  options_with_values: [{ name: 'size', label: 'Size', values: [{ title: 'M' }, { title: 'L' }] }, { name: 'color', values: ['Red'] }],
  price_min: '19.99',
  price_max: 29.99,
  price_min_eur: 18.5,
  compare_at_price_min: null,
  variants: [
    { id: 11, price: '19.99', compare_at_price: '25.00', available: true, merged_options: ['size:M', 'color:Red'], featured_image: { src: '//cdn.example/v1.jpg' } },
    { id: 12, price: 29.99, available: false, inventory_quantity: 3, fulfillment_service: 'gift_card', merged_options: ['size:L'] },
    { id: 13, price: 5, available: false },
  ],
};

describe('normalizeProduct', () => {
  it('[S3.1, F3.14] reads the product fields; missing lists become empty arrays and dates now', () => {
    const p = normalizeProduct(wire, { now: '2026-01-01T00:00:00.000Z' });
    expect([p.id, p.title, p.handle, p.vendor, p.productType, p.available]).toEqual([1, 'Shirt', 'shirt', 'Acme', 'Tops', true]);
    expect([p.tags, p.skus, p.barcodes, p.collections, p.metafields]).toEqual([[], [], [], [], []]);
    expect(p.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(p.options).toEqual(['size', 'color']);
    expect(p.optionsWithValues[0]).toEqual({ name: 'size', label: 'Size', values: ['M', 'L'] });
  });

  it('[S3.1] images become a numbered map from 1 with https for protocol-relative URLs; first is featured, else no-image', () => {
    const p = normalizeProduct(wire);
    expect(p.images).toEqual({ 1: 'https://cdn.example/a.jpg', 2: 'https://cdn.example/b.jpg' });
    expect(p.featuredImage).toBe('https://cdn.example/a.jpg');
    expect(p.imagesInfo[0]).toMatchObject({ id: 5, src: 'https://cdn.example/a.jpg', width: 100, height: 200 });
    expect(normalizeProduct({ id: 2 }, { noImageUrl: '//cdn.example/none.png' }).featuredImage).toBe('https://cdn.example/none.png');
  });

  it('[S3.1] keeps only media of type image', () => {
    expect(normalizeProduct(wire).media.map((m) => m.src)).toEqual(['https://cdn.example/a.jpg']);
  });

  it('[S3.1] the description comes from body_html, or from content when missing', () => {
    expect(normalizeProduct(wire).description).toBe('<p>Soft</p>');
    expect(normalizeProduct({ ...wire, body_html: '<p>B</p>' }).description).toBe('<p>B</p>');
  });

  it('[S3.1, S9.21] a missing inventory quantity is 99999 when available, otherwise 0', () => {
    const v = normalizeProduct(wire).variants;
    expect(v.map((x) => x.inventoryQuantity)).toEqual([99999, 3, 0]);
  });

  it('[S3.1] prices in cents are divided by 100 (page JSON); per-currency copies are read', () => {
    const cents = normalizeProduct({ price_min: 1999, variants: [{ id: 1, price: '2500' }] }, { unit: 'minor' });
    expect(cents.priceMin).toBe(19.99);
    expect(cents.variants[0]?.price).toBe(25);
    expect(normalizeProduct(wire).priceMin).toBe(19.99);
    expect(normalizeProduct(wire, { currency: 'EUR' }).priceMin).toBe(18.5);
    expect(normalizeProduct(wire, { currency: 'EUR' }).priceMax).toBe(29.99);
    expect(normalizeProduct(wire).compareAtPriceMin).toBeNull();
  });

  it('[S3.2] variants: string prices, image from featured_image.src, merged options to option1.. and option_{name}, gift cards skip conversion', () => {
    const [a, b] = normalizeProduct(wire).variants;
    expect([a?.price, a?.compareAtPrice, a?.image]).toEqual([19.99, 25, 'https://cdn.example/v1.jpg']);
    expect(a?.options).toEqual({ option1: 'M', option_size: 'M', option2: 'Red', option_color: 'Red' });
    expect([a?.skipCurrencyConversion, b?.skipCurrencyConversion]).toEqual([false, true]);
  });

  it('never throws on arbitrary JSON (fast-check)', () => {
    const productish = fc.dictionary(
      fc.constantFrom('id', 'title', 'images', 'images_info', 'media', 'variants', 'price_min', 'options_with_values', 'metafields', 'collections', 'html', 'tags', 'available'),
      fc.oneof(fc.anything(), fc.array(fc.dictionary(fc.constantFrom('src', 'price', 'merged_options', 'media_type', 'name', 'values', 'id', 'featured_image'), fc.anything()))),
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ products: fc.array(productish), filter: fc.anything(), total_product: fc.anything(), collections: fc.anything(), pages: fc.anything(), did_you_mean: fc.anything() }, { requiredKeys: [] })), (raw) => {
        const r = normalizeFilterResponse(raw, settings);
        expect(r.totalProduct).toBeGreaterThanOrEqual(0);
        expect(Array.isArray(r.products)).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60000);
});

describe('normalizeFilterResponse', () => {
  it('[F3.13, S3.5] reads products, totals, options, from_cache, error and event_type', () => {
    const r = normalizeFilterResponse({ total_product: '2', total_page: 1, from_cache: true, event_type: 'init', products: [wire], filter: { options: [{ filterOptionId: 'x' }] }, error: 'none' }, settings);
    expect([r.totalProduct, r.totalPage, r.fromCache, r.eventType, r.error]).toEqual([2, 1, true, 'init', 'none']);
    expect(r.filterOptions).toHaveLength(1);
    expect(r.products[0]?.priceMin).toBe(18.5);
    expect(normalizeFilterResponse({ products: [] }, settings).filterOptions).toBeNull();
  });

  it('[S5.2] a panel item whose title is only markup is named by its handle; one with neither is left out', () => {
    const r = normalizeFilterResponse(
      {
        collections: [
          { id: 1, title: '<img src=x onerror=alert(1)>', handle: 'summer-hats' },
          { id: 2, title: '<script>x</script>', handle: '' },
          { id: 3, title: 'Caps', handle: 'caps' },
        ],
        pages: [{ id: 4, title: '<b></b>', url: '/pages/about' }],
      },
      settings,
    );
    expect(r.collections.map((c) => [c.title, c.url])).toEqual([
      ['summer hats', '/collections/summer-hats'],
      ['Caps', '/collections/caps'],
    ]);
    expect(r.pages).toEqual([]);
  });

  it('[S3.6, S2.20, S5.7, S5.9] collections and pages panels: links, safe 200x images, excerpts cut to 264 plus an ellipsis', () => {
    const long = `<p>${'word '.repeat(80)}</p>`;
    const r = normalizeFilterResponse(
      {
        collections: [{ id: 1, title: '<b>Hats</b>', handle: 'hats', image: { src: 'javascript:alert(1)' }, body_html: long }],
        pages: [{ id: 2, title: 'About', url: '/pages/about', image: { src: '//cdn.shopify.com/s/files/1/p.jpg' }, body_html: '<p>Short</p>' }, { id: 3, title: 'X', url: 'javascript:alert(1)' }],
      },
      settings,
    );
    const c = r.collections[0];
    expect([c?.title, c?.url, c?.image]).toEqual(['Hats', '/collections/hats', '']);
    expect(c?.excerpt.endsWith('...')).toBe(true);
    expect(c?.excerpt.length).toBeLessThanOrEqual(267);
    expect(r.pages.map((p) => [p.url, p.image, p.excerpt])).toEqual([['/pages/about', 'https://cdn.shopify.com/s/files/1/p_200x.jpg', 'Short'], ['#', '', '']]);
  });

  it('[S5.7] a collection image URL with a scheme split by a tab or newline (browsers drop them) becomes blank', () => {
    const r = normalizeFilterResponse(
      { collections: [{ id: 1, title: 'Hats', handle: 'hats', image: { src: 'da\nta:image/svg+xml,<svg onload=alert(1)>' } }], pages: [{ id: 2, title: 'X', url: 'java\tscript:alert(1)' }] },
      settings,
    );
    expect([r.collections[0]?.image, r.pages[0]?.url]).toEqual(['', '#']);
  });
});

describe('no-result data', () => {
  it('[S3.12, F3.20] reads search terms, products (prices divided by 100) and metafields', () => {
    const d = parseNoResultData(JSON.stringify({ search_terms: ['<b>hat</b>', 'cap'], products: [{ id: 1, price_min: 1500 }], metafields: [{ namespace: 'a', key: 'b', value: 'c' }] }));
    expect(d.searchTerms).toEqual(['hat', 'cap']);
    expect(d.products[0]?.priceMin).toBe(15);
    expect(d.metafields).toEqual([{ namespace: 'a', key: 'b', value: 'c' }]);
  });

  it('[F8.12, S8.10] invalid JSON logs "Failed to parse notFoundJson." and gives an empty result', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseNoResultData('{"search_terms": [')).toEqual({ searchTerms: [], products: [], metafields: [] });
    expect(spy).toHaveBeenCalledWith('[@pkg/core-filter] Failed to parse notFoundJson.');
  });
});

describe('other answers', () => {
  it('[S7.3, S3.6] collection description as plain text; null when unreadable', () => {
    expect(normalizeCollectionDescription({ collection: { title: 'Hats', description: '<p>Warm</p>', handle: 'hats', image: { src: '//x/y.jpg' } } }, settings)).toEqual({ title: 'Hats', description: 'Warm', handle: 'hats', image: 'https://x/y.jpg' });
    expect(normalizeCollectionDescription('oops', settings)).toBeNull();
  });
  it('[S7.4, S8.6] product HTML map; bad JSON warns and renders nothing', () => {
    expect(readProductHtml({ products: [{ id: 1, html: { value: '<div>1</div>' } }] }).get('1')).toBe('<div>1</div>');
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readProductHtml(null).size).toBe(0);
    expect(spy.mock.calls[0]?.[0]).toMatch(/^\[@pkg\/core-filter\] Bad JSON from the product HTML fetch/);
  });
});
