import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@pkg/core-filter';
import { AddToCartButton, listingVariantId } from './AddToCartButton';
import { createCartStore } from './cart-store';
import { freshEngine, productsById } from './cart-test-utils';

describe('AddToCartButton', () => {
  it('adds the first available variant of a listing item and reports it after the cart accepted it', async () => {
    const engine = freshEngine();
    const [product] = (await productsById(engine, ['1'])) as [Product];
    const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
    const onAdded = vi.fn();
    render(<AddToCartButton product={product} store={store} onAdded={onAdded} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart, Chaz Kangeroo Hoodie' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(1));
    expect(store.getSnapshot().cart?.items?.map((l) => l.title)).toEqual(['Chaz Kangeroo Hoodie - XS / Gray']);
  });

  it('is disabled and says Sold out when no variant is available; a split product or a matched variant adds that variant', async () => {
    const [product] = (await productsById(freshEngine(), ['1'])) as [Product];
    const soldOut: Product = { ...product, available: false, variants: product.variants.map((v) => ({ ...v, available: false })) };
    render(<AddToCartButton product={soldOut} store={createCartStore({ fetch: vi.fn() })} />);
    expect(screen.getByRole('button', { name: 'Sold out, Chaz Kangeroo Hoodie' })).toBeDisabled();
    const orange = product.variants.find((v) => v.title === 'XS / Orange');
    expect(listingVariantId({ ...product, variantId: orange?.id ?? null })).toBe(orange?.id);
    // The variant the card shows (matched to the selected options) is the one added: when it is
    // sold out, nothing else is added in its place; an id the product lacks reads as none.
    const soldOutVariant = product.variants.find((v) => !v.available)!;
    expect(listingVariantId({ ...product, variantId: soldOutVariant.id })).toBeNull();
    expect(listingVariantId({ ...product, variantId: 'not-a-variant' })).toBe(product.variants.find((v) => v.available)?.id);
  });
});
