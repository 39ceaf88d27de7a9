import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Price } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';

const meta = {
  title: 'Listing/Price',
  component: Price,
  args: { amount: 49, moneyFormat: '${{amount}}' },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Regular: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$49.00')).toBeVisible();
  },
};

export const OnSale: Story = {
  args: { amount: 39.2, compareAtAmount: 49 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$49.00', { exact: false }).closest('s')).not.toBeNull();
    await expect(canvas.getByText('$39.20', { exact: false })).toBeVisible();
  },
};

export const Range: Story = {
  args: { amount: 32, maxAmount: 45 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toContain('$32.00 – $45.00');
  },
};

export const CommaSeparatorFormat: Story = {
  args: { amount: 1234.5, moneyFormat: '{{amount_with_comma_separator}} €' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toContain('1.234,50 €');
  },
};

/** A shop format with markup and a hostile attribute: rendered as inert text. */
export const HostileFormat: Story = {
  args: { amount: 10, moneyFormat: '<span class=money>&#36;{{amount}}</span><img src=x onerror="window.__pwned=1">' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.textContent).toContain('$10.00');
    await expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  },
};
