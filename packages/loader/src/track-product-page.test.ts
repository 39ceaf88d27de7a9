import { describe, expect, it } from 'vitest';
import { createSettings } from '@pkg/core-filter';
import { sourceFromReferrer, trackProductPage } from './track-product-page';

describe('sourceFromReferrer', () => {
  it('reads search, suggest and filter sources from where the shopper came from', () => {
    expect(sourceFromReferrer('https://shop.example/search?q=tee')).toBe('search');
    expect(sourceFromReferrer('https://shop.example/fr/search?q=tee')).toBe('search');
    expect(sourceFromReferrer('https://shop.example/collections/men')).toBe('filter');
    expect(sourceFromReferrer('https://shop.example/collections/research-kits')).toBe('filter');
    expect(sourceFromReferrer('https://shop.example/search?q=tee', '?_pos=1&_sid=abc')).toBe('suggest');
    expect(sourceFromReferrer('')).toBe('filter');
    expect(sourceFromReferrer('not a url')).toBe('filter');
  });

  it('tracks nothing without an analytics URL or a product id', () => {
    expect(trackProductPage(createSettings({ api: { analyticsUrl: '' } }), 1, 'filter')).toBeNull();
    expect(trackProductPage(createSettings({ api: { analyticsUrl: '/api/analytics' } }), '', 'filter')).toBeNull();
  });
});
