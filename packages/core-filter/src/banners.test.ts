import { describe, expect, it } from 'vitest';
import { normalizeBanners, placeBanners, type Banner } from './banners';
import { cardView } from './card-variant';
import { createSettings } from './create-settings';
import { normalizeFilterResponse, normalizeProduct } from './normalize-product';

const banner = (id: string, position: number): Banner => ({ id, position, text: id, name: id, image: '', link: '' });
const kinds = (items: ReturnType<typeof placeBanners<string>>) => items.map((i) => (i.kind === 'banner' ? `[${i.banner.id}]` : i.product));

describe('normalizeBanners', () => {
  it('keeps text as text, refuses unsafe links and images, and leaves out banners it cannot place or show', () => {
    const got = normalizeBanners([
      { id: 'a', position: 3, text: '  <b>Sale</b> now ', image: 'javascript:alert(1)', link: 'javascript:alert(1)' },
      { id: 'b', position: 1, text: null, image: '/img/b.jpg', link: 'https://shop.example/b' },
      { id: 'c', position: 0, text: 'zero' },
      { id: 'd', position: 2.5, text: 'fraction' },
      { id: 'e', position: 4, text: '', image: 'data:text/html,x' },
      'junk',
      { position: 5, text: 'no id' },
    ]);
    expect(got).toEqual([
      { id: 'b', position: 1, text: '', name: 'b', image: '/img/b.jpg', link: 'https://shop.example/b' },
      { id: 'a', position: 3, text: '<b>Sale</b> now', name: '<b>Sale</b> now', image: '', link: '' },
      { id: 'banner-7', position: 5, text: 'no id', name: 'no id', image: '', link: '' },
    ]);
    expect(normalizeBanners(undefined)).toEqual([]);
    expect(normalizeBanners({ position: 1 })).toEqual([]);
  });

  it('is read from a filter answer, and an answer without banners has none', () => {
    const settings = createSettings({});
    expect(normalizeFilterResponse({ total_product: 0, products: [], banners: [{ id: 'x', position: 2, text: 'Hi', image: null, link: '/collections/sale' }] }, settings).banners)
      .toEqual([{ id: 'x', position: 2, text: 'Hi', name: 'Hi', image: '', link: '/collections/sale' }]);
    expect(normalizeBanners([{ id: 'summer-sale', position: 1, image: '/s.jpg' }])[0]?.name).toBe('summer sale');
    expect(normalizeFilterResponse({ total_product: 0, products: [] }, settings).banners).toEqual([]);
  });
});

describe('placeBanners', () => {
  const all = ['p1', 'p2', 'p3', 'p4', 'p5'];
  it('puts a banner before the product at its position in the whole list, on whichever page shows it', () => {
    const bs = [banner('one', 1), banner('four', 4), banner('four-b', 4)];
    expect(kinds(placeBanners(all, bs, 0, 5))).toEqual(['[one]', 'p1', 'p2', 'p3', '[four]', '[four-b]', 'p4', 'p5']);
    // Page 2 of 2 products a page shows products 3 and 4: only the banners at 3 and 4.
    expect(kinds(placeBanners(['p3', 'p4'], bs, 2, 5))).toEqual(['p3', '[four]', '[four-b]', 'p4']);
    expect(kinds(placeBanners(['p1', 'p2'], bs, 0, 5))).toEqual(['[one]', 'p1', 'p2']);
  });
  it('shows a banner past the end of the list after the last product, once that is shown', () => {
    const bs = [banner('end', 6), banner('far', 40)];
    expect(kinds(placeBanners(all, bs, 0, 5))).toEqual([...all, '[end]', '[far]']);
    expect(kinds(placeBanners(['p1', 'p2'], bs, 0, 5))).toEqual(['p1', 'p2']);
    expect(kinds(placeBanners([], bs, 0, 0))).toEqual([]);
  });
});

describe('cardView', () => {
  const wire = {
    id: 1, title: 'Tee', images: ['https://cdn.example/tee.jpg'], price_min: 1000, price_max: 1500, compare_at_price_min: 2000,
    variants: [
      { id: 11, price: 1000, compare_at_price: null, image: 'https://cdn.example/blue.jpg', merged_options: ['color:Blue', 'size:M'] },
      { id: 12, price: 1500, compare_at_price: 1800, image: '', merged_options: ['color:Red', 'size:M'] },
    ],
  };
  it('[S3.1] shows the image and price of the variant the answer names in variant_id', () => {
    const blue = cardView(normalizeProduct({ ...wire, variant_id: 11 }, { unit: 'minor' }));
    expect(blue).toMatchObject({ image: 'https://cdn.example/blue.jpg', price: 10, priceMax: null, compareAtPrice: null });
    expect(blue.variant?.id).toBe(11);
    // A variant without its own image keeps the product's.
    expect(cardView(normalizeProduct({ ...wire, variant_id: 12 }, { unit: 'minor' }))).toMatchObject({ image: 'https://cdn.example/tee.jpg', price: 15, priceMax: null, compareAtPrice: 18 });
  });
  it('shows the product image and price range without variant_id, or with one the product does not have', () => {
    for (const p of [wire, { ...wire, variant_id: 99 }]) {
      expect(cardView(normalizeProduct(p, { unit: 'minor' }))).toEqual({ variant: null, image: 'https://cdn.example/tee.jpg', price: 10, priceMax: 15, compareAtPrice: 20 });
    }
  });
});
