import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Pagination, ProductList } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { demoHandlers, demoHandlersWithRules } from '../src/demo-engine';
import { StoryShop } from '../src/story-controller';

const meta = {
  title: 'Listing/Merchandising',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const RULES = {
  rules: [
    { id: 'autumn-layers', collection: 'all', banner: { position: 2, text: 'Autumn layers: free shipping this week', link: '/collections/hoodies-and-sweatshirts-men' } },
    { id: 'yoga-week', collection: 'all', banner: { position: 6, image: '/images/luma/wt09-white_main.jpg', text: 'Yoga week', link: '/collections/yoga-new' } },
    { id: 'no-link', collection: 'all', banner: { position: 11, text: 'Prices include VAT' } },
  ],
};

const items = (el: HTMLElement) => [...el.querySelectorAll('.pkg-product-list > li')].map((li) => (li.classList.contains('pkg-product-list__banner') ? `banner:${li.getAttribute('data-banner-id') ?? ''}` : 'product'));

/**
 * The owner's banners in the grid at their positions in the whole list: a text banner, one with
 * an image and a text (both links named by their text), and one without a link. Page 2 shows the
 * banner whose position falls on it.
 */
export const BannersInGrid: Story = {
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithRules(RULES));
  },
  render: () => (
    <StoryShop url="/collections/all" settings={{ filter: { limit: 8 } }}>
      <ProductList />
      <Pagination />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBe(8), { timeout: 5000 });
    await expect(items(canvasElement)).toEqual(['product', 'banner:autumn-layers', 'product', 'product', 'product', 'product', 'banner:yoga-week', 'product', 'product', 'product']);
    await expect(canvas.getByRole('link', { name: 'Autumn layers: free shipping this week' })).toHaveAttribute('href', '/collections/hoodies-and-sweatshirts-men');
    await expect(canvas.getByRole('link', { name: 'Yoga week' })).toHaveAttribute('href', '/collections/yoga-new');
  },
};

/**
 * Size XS and Color Orange selected: each card shows the photo and price of its variant that is
 * both (the answer's `variant_id`), not the product's first photo.
 */
export const MatchingVariantCards: Story = {
  beforeEach({ msw }) {
    msw.use(...demoHandlers);
  },
  render: () => (
    <StoryShop url="/collections/hoodies-and-sweatshirts-men?pf_opt_size=XS&pf_opt_color=Orange">
      <ProductList />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 5000 });
    const photos = [...canvasElement.querySelectorAll('.pkg-product__image')].map((img) => img.getAttribute('src') ?? '');
    for (const src of photos) await expect(src).toMatch(/-orange_main\.jpg$/);
  },
};
