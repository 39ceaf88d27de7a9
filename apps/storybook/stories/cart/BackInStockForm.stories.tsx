import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import '@pkg/react-ui/styles.css';
import { BackInStockForm } from '@pkg/react-ui';
import { demoEngine, withDemoEngine } from '../../src/demo-engine';

const meta = {
  title: 'Cart/BackInStockForm',
  parameters: { layout: 'padded' },
  beforeEach: withDemoEngine,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const requests = () => demoEngine.backInStockRequests();

/** F8.7 then F8.8: a bad address is refused before anything is sent; a good one reaches the engine and is thanked for. */
export const AsksForAValidAddressThenThanks: Story = {
  render: () => <BackInStockForm productId="2" variantId="201" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = requests().length;
    const email = canvas.getByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'not an address');
    await userEvent.click(canvas.getByRole('button', { name: 'Notify me' }));
    await expect(await canvas.findByText('Please provide a valid email address.')).toBeVisible();
    await expect(email).toHaveFocus();
    await expect(requests().length).toBe(before);
    await userEvent.clear(email);
    await userEvent.type(email, 'shopper@example.com{Enter}');
    await expect(await canvas.findByText('Thanks! We will notify you when this product becomes available!')).toBeVisible();
    await expect(requests().length).toBe(before + 1);
    await expect(requests().at(-1)).toMatchObject({ email: 'shopper@example.com', product_id: '2', variant_id: '201' });
  },
};

/** The service fails: the form says so and keeps the address, so the shopper can send it again. */
export const ServiceFails: Story = {
  render: () => <BackInStockForm productId="2" variantId="201" />,
  beforeEach({ msw }) {
    msw.use(http.post('*/api/back-in-stock', () => new Response('upstream down', { status: 502 })));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'shopper@example.com{Enter}');
    await expect(await canvas.findByText('Something went wrong. Please try again.')).toBeVisible();
    await expect(email).toHaveValue('shopper@example.com');
  },
};
