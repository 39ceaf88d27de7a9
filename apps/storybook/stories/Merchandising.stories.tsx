import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Pagination, ProductList } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { demoHandlersWithRules, withDemoEngine } from '../src/demo-engine';
import { StoryShop } from '../src/story-controller';
import { DemoSearch } from './search/demo-search';

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
  beforeEach: withDemoEngine,
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

const SEARCH_RULES = {
  rules: [
    { id: 'sweatshirt-week', query: 'sweatshirt', banner: { position: 1, text: 'Sweatshirt week: free shipping on every sweatshirt', image: '/images/luma/mh01-orange_main.jpg', link: '/collections/hoodies-and-sweatshirts-men' } },
    { id: 'listing-only', collection: 'all', banner: { position: 1, text: 'Not in the dropdown' } },
  ],
};

/**
 * The owner's banner for a query in the suggestion dropdown, above the blocks and outside the
 * listbox: an ordinary link (image and text, named by its text) that Tab reaches from the box
 * while the dropdown stays open; arrows still move through the options only.
 */
export const BannerInSuggestions: Story = {
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithRules(SEARCH_RULES));
  },
  render: () => <DemoSearch style="style2" display="grid" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search' }), 'sweatshirt');
    const group = await waitFor(() => canvas.getByRole('group', { name: 'From the shop' }), { timeout: 5000 });
    const listbox = canvas.getByRole('listbox', { name: 'Search suggestions' });
    await expect(listbox.contains(group)).toBe(false);
    await expect(within(group).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/collections/hoodies-and-sweatshirts-men']);
    const link = within(group).getByRole('link', { name: 'Sweatshirt week: free shipping on every sweatshirt' });
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('combobox')).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[0]!.id);
    await userEvent.tab();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(canvas.getByRole('listbox')).toBeVisible();
    await expect(canvas.queryByText('Not in the dropdown')).toBeNull();
  },
};
