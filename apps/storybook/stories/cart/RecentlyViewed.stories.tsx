import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import '@pkg/react-ui/styles.css';
// Relative until the package index exports './cart' (then: import from '@pkg/react-ui').
import { RecentlyViewed } from '@pkg/react-ui';
import { withDemoEngine } from '../../src/demo-engine';

const meta = {
  title: 'Cart/RecentlyViewed',
  parameters: { layout: 'padded' },
  beforeEach: withDemoEngine,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** S4.22: the recently-viewed slider keeps the most-popular navigation; this page is left out. */
export const Slider: Story = {
  render: () => (
    <RecentlyViewed
      ids={['5', '4', '3', '2', '1', '6']}
      exclude="1"
      renderItem={(p) => (
        <a href={`/products/${p.handle}`}>
          <h3>{p.title}</h3>
        </a>
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Recently viewed' }, { timeout: 5000 });
    const prev = within(region).getByRole('button', { name: 'Previous' });
    const next = within(region).getByRole('button', { name: 'Next' });
    await expect(prev).toHaveAttribute('aria-disabled', 'true');
    await expect(within(region).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(next);
    // Both wait while the shift settles (300 ms); then previous opens and next stays shut at the end.
    await waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'));
    await expect(next).toHaveAttribute('aria-disabled', 'true');
  },
};
