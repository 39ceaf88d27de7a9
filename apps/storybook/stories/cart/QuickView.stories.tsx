import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Product } from '@pkg/core-filter';
import '@pkg/react-ui/styles.css';
// Relative until the package index exports './cart' (then: import from '@pkg/react-ui').
import { createCartStore, MiniCart, QuickView, type CartStore } from '@pkg/react-ui';
import { withDemoEngine } from '../../src/demo-engine';
import { WithProduct } from './cart-story-utils';

const meta = {
  title: 'Cart/QuickView',
  parameters: { layout: 'padded' },
  beforeEach: withDemoEngine,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Listing({ product, store }: { product: Product; store: CartStore }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <MiniCart store={store} moneyFormat="${{amount}}" />
      <h1>{product.title}</h1>
      <button type="button" className="pkg-button" onClick={() => setOpen(true)}>
        Quick view
      </button>
      {open && <QuickView product={product} store={store} moneyFormat="${{amount}}" onClose={() => setOpen(false)} navigate={() => undefined} backInStock={{ endpoint: '/api/back-in-stock' }} />}
    </main>
  );
}

function Demo() {
  const [store] = useState(() => createCartStore());
  return <WithProduct id="1">{(p) => <Listing product={p} store={store} />}</WithProduct>;
}

/** Quick view takes focus, adds to the cart (the mini cart opens, then closes itself), and Escape gives focus back. */
export const AddToCartFromQuickView: Story = {
  parameters: { visual: { variants: ['rtl', 'phone'] } },
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = await canvas.findByRole('button', { name: 'Quick view' }, { timeout: 5000 });
    await userEvent.click(opener);
    const dialog = canvas.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await expect(dialog).toHaveFocus();
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Orange' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(canvas.getByRole('dialog', { name: 'Your cart' })).toBeVisible());
    await expect(within(canvas.getByRole('dialog', { name: 'Your cart' })).getByText('Chaz Kangeroo Hoodie - XS / Orange')).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Add to cart' }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog', { name: 'Chaz Kangeroo Hoodie' })).toBeNull();
    await expect(opener).toHaveFocus();
    // S9.12: the mini cart the add opened closes itself (2 s); the story ends in that settled state.
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Your cart' })).toBeNull(), { timeout: 5000 });
  },
};

/** F8.7, F8.8: a sold-out variant offers the back-in-stock form, which checks the address. */
export const SoldOutVariantBackInStock: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Quick view' }, { timeout: 5000 }));
    const dialog = canvas.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Color' })).getByRole('radio', { name: 'Black' }));
    await expect(within(dialog).getByText('Sold out')).toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email address');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide a valid email address.');
    await userEvent.clear(email);
    await userEvent.type(email, 'shopper@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify me' }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent('Thanks! We will notify you when this product becomes available!');
  },
};
