import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@pkg/core-filter';
import { createCartStore, type CartStore } from './cart-store';
import { freshEngine, productsById } from './cart-test-utils';
import { QuickView, type QuickViewProps } from './QuickView';

function Opener({ product, store, ...rest }: { product: Product; store: CartStore } & Partial<QuickViewProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Quick view
      </button>
      {open && <QuickView product={product} store={store} moneyFormat="${{amount}}" onClose={() => setOpen(false)} {...rest} />}
    </>
  );
}

async function setup(extra: Partial<QuickViewProps> = {}) {
  const engine = freshEngine();
  const [product] = await productsById(engine, ['1']);
  const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
  const user = userEvent.setup();
  render(<Opener product={product as Product} store={store} {...extra} />);
  await user.click(screen.getByRole('button', { name: 'Quick view' }));
  return { engine, store, user, product: product as Product, dialog: screen.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' }) };
}

describe('QuickView', () => {
  it('is a modal dialog labelled by the title that takes focus, traps Tab, and gives focus back on Escape', async () => {
    const { user, dialog } = await setup();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Buy now' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Quick view' })).toHaveFocus();
  });

  it('closes on Escape wherever the focus is, and gives focus back to the opener', async () => {
    const { user, dialog } = await setup();
    expect(dialog).toHaveFocus();
    // Focus leaves the dialog (a click on the page behind it, script, assistive technology).
    act(() => (document.activeElement as HTMLElement).blur());
    expect(dialog).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Quick view' })).toHaveFocus();
  });

  it('builds the pickers from the options and the variants merged options, starting on the first available variant', async () => {
    const { dialog, product } = await setup();
    const first = product.variants.find((v) => v.available);
    expect(first?.title).toBe('XS / Gray');
    expect(within(dialog).getByRole('group', { name: 'Size' })).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Size' })).getByRole('radio', { name: 'XS' })).toBeChecked();
    expect(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Gray' })).toBeChecked();
    expect(within(dialog).getByText('In stock')).toBeInTheDocument();
  });

  it('starts on the variant the answer matched to the selected options (variant_id), and adds that one', async () => {
    const engine = freshEngine();
    const [product] = (await productsById(engine, ['1'])) as [Product];
    const matched = product.variants.find((v) => v.title === 'M / Orange' && v.available)!;
    const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
    const user = userEvent.setup();
    render(<Opener product={{ ...product, variantId: matched.id }} store={store} />);
    await user.click(screen.getByRole('button', { name: 'Quick view' }));
    const dialog = screen.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    expect(within(within(dialog).getByRole('group', { name: 'Size' })).getByRole('radio', { name: 'M' })).toBeChecked();
    expect(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Orange' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await vi.waitFor(() => expect(store.getSnapshot().cart?.items?.map((l) => l.title)).toEqual(['Chaz Kangeroo Hoodie - M / Orange']));
  });

  it('adds the chosen variant and quantity to the cart, and reports quick_view then add_to_cart for the same product', async () => {
    const onTrack = vi.fn();
    const { user, dialog, store } = await setup({ onTrack });
    expect(onTrack.mock.calls).toEqual([['quick_view', 1]]);
    await user.click(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Orange' }));
    const qty = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(qty);
    await user.type(qty, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await vi.waitFor(() => expect(onTrack).toHaveBeenCalledTimes(2));
    expect(onTrack.mock.calls[1]).toEqual(['add_to_cart', 1]);
    expect(store.getSnapshot().cart?.items?.map((l) => [l.title, l.quantity])).toEqual([['Chaz Kangeroo Hoodie - XS / Orange', 3]]);
  });

  it('Buy now adds, reports buy_now and goes to checkout; a sold-out variant offers the back-in-stock form instead', async () => {
    const onTrack = vi.fn();
    const navigate = vi.fn();
    const { user, dialog, store } = await setup({ onTrack, navigate, backInStock: { endpoint: 'http://shop.test/api/back-in-stock', fetch: freshEngine().fetch } });
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout'));
    expect(onTrack.mock.calls.map((c) => c[0])).toEqual(['quick_view', 'buy_now']);
    expect(store.getSnapshot().cart?.item_count).toBe(1);
    await user.click(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Black' }));
    expect(within(dialog).getByText('Sold out')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Notify me' })).toBeInTheDocument();
  });

  it('shows the platform message when the add fails and reports nothing', async () => {
    const onTrack = vi.fn();
    const engine = freshEngine();
    const [product] = await productsById(engine, ['1']);
    const store = createCartStore({ fetch: () => Promise.resolve(new Response('{"error":"x","message":"Cart is closed."}', { status: 503 })) });
    render(<QuickView product={product as Product} store={store} moneyFormat="${{amount}}" onClose={() => {}} onTrack={onTrack} />);
    await act(async () => screen.getByRole('button', { name: 'Add to cart' }).click());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cart is closed.');
    expect(onTrack.mock.calls.map((c) => c[0])).toEqual(['quick_view']);
  });
});
