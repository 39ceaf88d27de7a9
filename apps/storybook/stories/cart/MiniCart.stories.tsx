import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import '@pkg/react-ui/styles.css';
// Relative until the package index exports './cart' (then: import from '@pkg/react-ui').
import { AddToCartButton, createCartStore, MiniCart } from '@pkg/react-ui';
import { withDemoEngine } from '../../src/demo-engine';
import { WithProduct } from './cart-story-utils';

const meta = {
  title: 'Cart/MiniCart',
  parameters: { layout: 'padded' },
  beforeEach: withDemoEngine,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Shop() {
  const [store] = useState(() => createCartStore());
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <button type="button" className="pkg-button" onClick={() => void store.add('1002', 1)}>
        Add Chaz Kangeroo Hoodie (XS / Gray)
      </button>
      <MiniCart store={store} moneyFormat="${{amount}}" />
    </div>
  );
}

/** S9.12: adding opens the mini cart with the line, and it closes itself 2000 ms later. */
export const OpensOnAddAndClosesItself: Story = {
  render: () => <Shop />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('dialog', { hidden: true });
    await expect(panel).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Add Chaz/ }));
    await waitFor(() => expect(panel).toBeVisible());
    await expect(within(panel).getByText('Chaz Kangeroo Hoodie - XS / Gray')).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Added to cart.');
    // Move the pointer away so the hover pause does not hold it open.
    await userEvent.unhover(panel);
    await waitFor(() => expect(panel).not.toBeVisible(), { timeout: 4000 });
  },
};

/** Opened from the keyboard it stays open; Escape closes it and focus returns to the toggle. */
export const KeyboardToggle: Story = {
  parameters: { visual: { variants: ['rtl'] } },
  render: () => <Shop />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: /^Cart \(\d+\)$/ });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const panel = canvas.getByRole('dialog', { name: 'Your cart' });
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    await expect(panel).not.toBeVisible();
    await expect(toggle).toHaveFocus();
  },
};

function ListingItem() {
  const [store] = useState(() => createCartStore());
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <WithProduct id="2">
        {(p) => (
          <article>
            <h2>{p.title}</h2>
            <AddToCartButton product={p} store={store} />
          </article>
        )}
      </WithProduct>
      <MiniCart store={store} moneyFormat="${{amount}}" />
    </div>
  );
}

/** Add to cart from a listing item: the first available variant goes in and the mini cart opens. */
export const AddFromListingItem: Story = {
  render: () => <ListingItem />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add to cart, Teton Pullover Hoodie' }, { timeout: 5000 }));
    const panel = canvas.getByRole('dialog', { hidden: true });
    await waitFor(() => expect(panel).toBeVisible());
    await expect(within(panel).getByText(/^Teton Pullover Hoodie - /)).toBeInTheDocument();
  },
};
