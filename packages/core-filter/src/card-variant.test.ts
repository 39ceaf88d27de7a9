import { describe, expect, it } from 'vitest';
import { withSelectedVariantImage } from './card-variant';
import { createSettings } from './create-settings';
import { normalizeProduct } from './normalize-product';

// A product as the service sends it: variants with merged_options and their own images.
const product = normalizeProduct({
  id: 1,
  title: 'Tee',
  images_info: [{ src: 'https://cdn.example/tee.jpg' }],
  variants: [
    { id: 11, merged_options: ['color:Red', 'size:S'], image: 'https://cdn.example/red.jpg', price: '10' },
    { id: 12, merged_options: ['color:Blue', 'size:S'], image: 'https://cdn.example/blue.jpg', price: '10' },
    { id: 13, merged_options: ['color:Green', 'size:M'], image: '', price: '10' },
  ],
});
const on = createSettings({ filter: { variantImageOption: 'pf_opt_color' } });

describe('the selected variant\'s image on the card (showVariantImageBasedOnSelectedFilter)', () => {
  it('shows the image of the first selected value\'s variant that has one, for the named option only', () => {
    expect(product.featuredImage).toBe('https://cdn.example/tee.jpg');
    expect(withSelectedVariantImage(product, on, { pf_opt_color: ['blue'] }).featuredImage).toBe('https://cdn.example/blue.jpg');
    // Green's variant has no image: the next selected value's is shown.
    expect(withSelectedVariantImage(product, on, { pf_opt_color: ['Green', 'Red'] }).featuredImage).toBe('https://cdn.example/red.jpg');
    // Another option's selection, no selection, no match: the product as it is.
    expect(withSelectedVariantImage(product, on, { pf_opt_size: ['S'] })).toBe(product);
    expect(withSelectedVariantImage(product, on, {})).toBe(product);
    expect(withSelectedVariantImage(product, on, { pf_opt_color: ['Pink'] })).toBe(product);
  });

  it('is off by default and follows the filter prefix', () => {
    expect(withSelectedVariantImage(product, createSettings({}), { pf_opt_color: ['Blue'] })).toBe(product);
    const bf = createSettings({ filter: { filterPrefix: 'bf_', variantImageOption: 'bf_opt_color' } });
    expect(withSelectedVariantImage(product, bf, { bf_opt_color: ['Blue'] }).featuredImage).toBe('https://cdn.example/blue.jpg');
  });
});
