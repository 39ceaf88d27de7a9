import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createFetchTransport } from '@pkg/core-filter';
import { CollectionHeader, InfiniteScroll, LoadPrevious, MostPopular, Pagination, ProductList, RefineByContainer, ScrollToTop, Toolbar } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../src/demo-engine';
import { StoryShop } from '../src/story-controller';

const transport = createFetchTransport({ fetch: (input, init) => globalThis.fetch(input, init) });

const meta = {
  title: 'Listing/Parts',
  parameters: { layout: 'padded' },
  beforeEach: withDemoEngine,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const articles = (el: HTMLElement) => el.querySelectorAll('article').length;

/** Most popular in the Women collection; previous starts disabled, next moves the window. */
export const MostPopularSlider: Story = {
  render: () => (
    <StoryShop url="/collections/women">
      <MostPopular transport={transport} />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Most popular' }, { timeout: 5000 });
    await expect(within(region).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    const first = region.querySelector('article h3')?.textContent;
    await userEvent.click(within(region).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(region.querySelector('article h3')?.textContent).not.toBe(first));
  },
};

/** Title, breadcrumb and description of a collection. */
export const CollectionHeaderWomen: Story = {
  render: () => (
    <StoryShop url="/collections/women">
      <CollectionHeader transport={transport} />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Women' }, { timeout: 5000 })).toBeVisible();
  },
};

/** Load-more pagination: the button appends the next page. */
export const LoadMore: Story = {
  render: () => (
    <StoryShop url="/collections/all" settings={{ filter: { paginationType: 'load_more' } }}>
      <Toolbar />
      <ProductList />
      <Pagination />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(articles(canvasElement)).toBeGreaterThan(0), { timeout: 5000 });
    const before = articles(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Load more/i }));
    await waitFor(() => expect(articles(canvasElement)).toBeGreaterThan(before));
  },
};

/** Infinite scroll: scrolling the sentinel into view appends the next page. */
export const Infinite: Story = {
  render: () => (
    <StoryShop url="/collections/all" settings={{ filter: { paginationType: 'infinite' } }}>
      <div style={{ height: 400, overflow: 'auto' }} data-testid="scroller">
        <ProductList />
        <InfiniteScroll />
      </div>
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(articles(canvasElement)).toBeGreaterThan(0), { timeout: 5000 });
    const before = articles(canvasElement);
    canvasElement.ownerDocument.defaultView?.scrollTo(0, canvasElement.ownerDocument.body.scrollHeight);
    canvasElement.querySelector('.pkg-infinite-scroll')?.scrollIntoView();
    await waitFor(() => expect(articles(canvasElement)).toBeGreaterThan(before), { timeout: 5000 });
  },
};

/**
 * Opened at page 3 with load-previous on: scrolling up to the list's top prepends page 2 after
 * 200 ms, and the products that were in view stay in view (S4.14, S9.16).
 */
export const LoadPreviousByScrollingUp: Story = {
  render: () => (
    <StoryShop url="/collections/all?page=3" settings={{ filter: { paginationType: 'infinite', loadPreviousPage: true, limit: 8 } }}>
      {/* overflow-anchor: none turns Chromium's own scroll anchoring off (Safari has none): the view is kept by LoadPrevious. */}
      <div style={{ height: 400, overflow: 'auto', overflowAnchor: 'none' }} data-testid="scroller">
        <LoadPrevious />
        <ProductList />
      </div>
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvas.getByTestId('scroller');
    await waitFor(() => expect(articles(canvasElement)).toBe(8), { timeout: 5000 });
    await expect(canvas.getByRole('button', { name: 'Load previous page' })).toBeVisible();
    const first = canvasElement.querySelector('article')!;
    scroller.scrollTop = 300;
    await new Promise((r) => setTimeout(r, 50));
    scroller.scrollTop = 60; // upward, to within 100 px of the list's top
    const shownAt = () => first.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    const before = shownAt();
    await waitFor(() => expect(articles(canvasElement)).toBe(16), { timeout: 5000 });
    // Page 2 went in above, and the view moved down with it: the product that was first is where it was.
    await expect(canvasElement.querySelectorAll('article')[8]).toBe(first);
    await waitFor(() => expect(Math.abs(shownAt() - before)).toBeLessThan(2));
    await expect(scroller.scrollTop).toBeGreaterThan(300);
  },
};

/** Refine-by placed in its own container, above the listing. */
export const SeparateRefineBy: Story = {
  render: () => (
    <StoryShop url="/collections/all?pf_opt_size=M&pf_v_vendor=Luma">
      <RefineByContainer />
      <ProductList />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Refine By' }, { timeout: 5000 })).toBeVisible();
  },
};

/** The scroll-to-top button after scrolling past 100 px. */
export const BackToTop: Story = {
  render: () => (
    <div style={{ height: 2000 }}>
      <ScrollToTop />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const win = canvasElement.ownerDocument.defaultView!;
    win.scrollTo(0, 300);
    await expect(await within(canvasElement).findByRole('button', { name: 'Back to top' })).toBeVisible();
    win.scrollTo(0, 0);
  },
};
