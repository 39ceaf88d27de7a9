import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SettingsInput } from '@pkg/core-filter';
import { FilterPage, useFilterController } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../src/demo-engine';
import { StoryShop } from '../src/story-controller';

interface PageArgs {
  url: string;
  /** The shop's settings over the demo's, e.g. `filter.mobileMaxWidth` or `filter.mobileStyle`. */
  settings?: SettingsInput;
}

/** react-ui's FilterPage over the story's controller, in the page's own <main>. */
function Page() {
  return (
    <main>
      <FilterPage controller={useFilterController()} toolbar={{ showSearch: true }} top={<h1 style={{ fontSize: 20, marginTop: 0 }}>All products</h1>} />
    </main>
  );
}

function CollectionPage({ url, settings }: PageArgs) {
  return (
    <StoryShop url={url} {...(settings ? { settings } : {})}>
      <Page />
    </StoryShop>
  );
}

const meta = {
  title: 'Pages/Collection page',
  component: CollectionPage,
  args: { url: '/collections/all' },
  parameters: { layout: 'fullscreen' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof CollectionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const totalText = async (canvasElement: HTMLElement) => {
  const el = await waitFor(() => {
    const t = canvasElement.querySelector('.pkg-toolbar__total');
    if (!t || !/^\d+ /.test(t.textContent ?? '')) throw new Error('no total yet');
    return t;
  });
  return Number((el.textContent ?? '').split(' ')[0]);
};

/** The whole Luma catalog, unfiltered. */
export const AllProducts: Story = {
  parameters: { visual: { variants: ['rtl', 'phone'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 5000 });
    await expect(await totalText(canvasElement)).toBeGreaterThan(100);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  },
};

/** Picking a value narrows the listing, refine-by shows it, and clearing restores the listing. */
export const PickAndClearAValue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 5000 });
    const before = await totalText(canvasElement);
    const vendor = await canvas.findByRole('button', { name: /^Brand/ });
    if (vendor.getAttribute('aria-expanded') === 'false') await userEvent.click(vendor);
    const first = canvas.getAllByRole('checkbox').find((c) => c.closest('[data-option-id="pf_v_vendor"]'))!;
    await userEvent.click(first);
    await waitFor(async () => expect(await totalText(canvasElement)).toBeLessThan(before));
    const refine = canvas.getByRole('region', { name: 'Refine By' });
    await expect(within(refine).getAllByRole('button').length).toBeGreaterThan(0);
    await userEvent.click(within(refine).getByRole('button', { name: 'Clear All' }));
    await waitFor(async () => expect(await totalText(canvasElement)).toBe(before));
  },
};

/** Sorting by price ascending puts the cheapest product first. */
export const SortByPrice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 5000 });
    await userEvent.selectOptions(canvas.getByLabelText('Sort By'), 'price-ascending');
    await waitFor(() => {
      const prices = [...canvasElement.querySelectorAll('.pkg-price__current')].map((e) => Number((e.textContent ?? '').replace(/[^0-9.]/g, '').split('.').slice(0, 2).join('.')));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices[0]).toBeLessThanOrEqual(prices[1]!);
    });
    // The sorted answer is in and the list is no longer dimmed (the accessibility check reads its colours).
    await waitFor(() => {
      const list = canvasElement.querySelector('.pkg-product-list');
      expect(list?.getAttribute('aria-busy')).not.toBe('true');
      expect(list?.classList.contains('pkg-product-list--loading')).toBe(false);
      expect(getComputedStyle(list!).opacity).toBe('1');
    }, { timeout: 5000 });
  },
};

/** A filtered address lands in the same state: the value is checked and refine-by shows it. */
export const FilteredAddress: Story = {
  args: { url: '/collections/all?pf_opt_size=XS' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chip = await waitFor(() => within(canvas.getByRole('region', { name: 'Refine By' })).getByRole('button', { name: /Size: XS/ }), { timeout: 5000 });
    await expect(chip).toBeVisible();
    const size = canvasElement.querySelector('[data-option-id="pf_opt_size"]')!;
    await expect(within(size as HTMLElement).getByRole('checkbox', { name: /^XS/, hidden: true })).toBeChecked();
  },
};

/**
 * The page on a phone: up to the shop's `filter.mobileMaxWidth` (raised here so that any canvas is
 * a phone), the tree beside the products gives way to the mobile tree's Filter button, which opens
 * it in a panel in the shop's `filter.mobileStyle` (style 2: one option at a time, with Back).
 */
export const OnAPhone: Story = {
  args: { settings: { filter: { mobileMaxWidth: 100000, mobileStyle: 'style2' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 5000 });
    const before = await totalText(canvasElement);
    await expect(canvasElement.querySelector('.pkg-filter-page > .pkg-filter-tree')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Filter' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Size/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^XS/ }));
    await waitFor(async () => expect(await totalText(canvasElement)).toBeLessThan(before));
    // Back to the option list, where the panel stays open for the designer to see.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(within(dialog).getByRole('button', { name: /^Brand/ })).toBeVisible();
  },
};
