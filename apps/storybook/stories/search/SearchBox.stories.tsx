import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { DemoSearch } from './demo-search';

const meta = {
  title: 'Search/Search box',
  component: DemoSearch,
  args: { style: 'style2', display: 'grid' },
  parameters: { layout: 'fullscreen' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof DemoSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvasElement: HTMLElement) => within(canvasElement).getByRole('combobox', { name: 'Search' });
const listbox = (canvasElement: HTMLElement) => waitFor(() => within(canvasElement).getByRole('listbox', { name: 'Search suggestions' }), { timeout: 5000 });

/** Closed: a combobox with aria-expanded false and no listbox. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
    await expect(input.closest('form')).toHaveAttribute('method', 'get');
  },
};

/** Style 2 (the desktop default): other blocks beside a grid of 3 products per row, 12 px under the box. */
export const Style2Results: Story = {
  parameters: { visual: { variants: ['rtl'] } },
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await userEvent.type(input, 'jacket');
    const list = await listbox(canvasElement);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', list.id);
    const products = within(list).getByRole('group', { name: 'Products' });
    const options = within(products).getAllByRole('option');
    await expect(options.length).toBeGreaterThan(0);
    await expect(options.length).toBeLessThanOrEqual(6);
    await expect(options[0]!.querySelector('mark')?.textContent?.toLowerCase()).toBe('jacket');
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect(dropdown.style.getPropertyValue('--pkg-suggest-per-row')).toBe('3');
    const gap = dropdown.getBoundingClientRect().top - input.getBoundingClientRect().bottom;
    await expect(Math.round(gap)).toBe(12);
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent(/suggestions available/));
  },
};

/** Style 1: one column, products in a grid of 3. Arrows move the selection; Enter follows it. */
export const Style1Keyboard: Story = {
  args: { style: 'style1' },
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await userEvent.type(input, 'hoodie');
    const list = await listbox(canvasElement);
    const options = within(list).getAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveValue(options[0]!.querySelector('.pkg-suggest__product-title, span')!.textContent);
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await expect(input).toHaveValue('hoodie');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    const href = options[0]!.getAttribute('href');
    await waitFor(() => expect(within(canvasElement).getByTestId('went')).toHaveTextContent(href!));
  },
};

/** Style 2 with products as a list, 2 per row (max width 800, max height 564). */
export const Style2List: Story = {
  args: { display: 'list', width: 2000 },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'tee');
    await listbox(canvasElement);
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect(dropdown.style.maxWidth).toBe('800px');
    await expect(dropdown.style.getPropertyValue('--pkg-suggest-per-row')).toBe('2');
    await expect(parseFloat(dropdown.style.maxHeight)).toBeLessThanOrEqual(564);
  },
};

/** Style 3: a full-width top panel with 4 products per row. */
export const Style3FullWidth: Story = {
  args: { style: 'style3' },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'tank');
    await listbox(canvasElement);
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect(dropdown.style.position).toBe('fixed');
    await expect(dropdown.style.getPropertyValue('--pkg-suggest-per-row')).toBe('4');
    await expect(Math.round(dropdown.getBoundingClientRect().width)).toBe(window.innerWidth);
  },
};

/** Loading: the engine's answer is held back, so the loading block shows first. */
export const Loading: Story = {
  beforeEach({ msw }) {
    // Falls through to the engine handler after the delay (an answer never invented here).
    msw.use(
      http.get('*/api/suggest', async () => {
        await delay(1500);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'jacket');
    await waitFor(() => expect(within(canvasElement).getByText('Loading…')).toBeVisible());
    await listbox(canvasElement);
    await waitFor(() => expect(within(canvasElement).queryByText('Loading…')).toBeNull());
  },
};

/** The owner's v1 style 1 (`suggestionStyle1ProductItemType: list`, `suggestionMaxHeight`, `suggestionMaxWidth`, the header settings): one column, products one a row with the image beside, titles white on dark blue. */
export const OwnerStyle1List: Story = {
  args: { style: 'style1', display: 'list', width: 2000, maxHeight: 320, maxWidth: 420, header: { color: '#ffffff', background: '#1a3d7c', fontSize: '15px' } },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'jacket');
    await listbox(canvasElement);
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect([dropdown.style.maxHeight, dropdown.style.maxWidth, dropdown.style.width]).toEqual(['320px', '420px', '420px']);
    await expect(dropdown.style.getPropertyValue('--pkg-suggest-per-row')).toBe('1');
    const title = getComputedStyle(dropdown.querySelector('.pkg-suggest__title')!);
    await expect([title.color, title.backgroundColor, title.fontSize]).toEqual(['rgb(255, 255, 255)', 'rgb(26, 61, 124)', '15px']);
  },
};

/** The owner's products column on the left of a style 2 dropdown (v1 `suggestionStyle2ProductPosition: left`, v2 `suggestionStyle2ReverseProductBlock: false`). */
export const OwnerProductsLeft: Story = {
  args: { productPosition: 'left', width: 2000 },
  parameters: { visual: { variants: ['rtl'] } },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'jacket');
    await listbox(canvasElement);
    const products = canvasElement.querySelector('.pkg-suggest__column--products')!.getBoundingClientRect();
    const terms = canvasElement.querySelector('.pkg-suggest__column--terms')!.getBoundingClientRect();
    // At the start side: left of the other blocks, right of them in a right-to-left page.
    const rtl = getComputedStyle(canvasElement.querySelector('.pkg-suggest')!).direction === 'rtl';
    await expect(rtl ? products.left >= terms.right - 1 : products.right <= terms.left + 1).toBe(true);
  },
};

/** The owner's style 3 with its products as a list, 3 a row (v1 `suggestionStyle3ProductItemType: list`, `suggestionStyle3ProductPerRow: 3`). */
export const OwnerStyle3ListPerRow: Story = {
  args: { style: 'style3', display: 'list', listPerRow: 3 },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'tank');
    await listbox(canvasElement);
    const block = canvasElement.querySelector<HTMLElement>('.pkg-suggest__block--products')!;
    await expect(getComputedStyle(block).gridTemplateColumns.split(' ').length).toBe(3);
  },
};

/** The owner's loading block off (`showSuggestionLoading: false`): nothing shows while the answer is held back, then the results. */
export const OwnerNoLoadingBlock: Story = {
  args: { showLoading: false },
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/suggest', async () => {
        await delay(800);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'jacket');
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvasElement.querySelector('.pkg-suggest__dropdown')).toBeNull();
    await listbox(canvasElement);
    await expect(within(canvasElement).queryByText('Loading…')).toBeNull();
  },
};

/** The owner's phone dropdown (`suggestionMobileStyle: style2`): on a narrow screen the suggestions open under the box, as wide as the box with its button, no full-screen overlay. */
export const OwnerMobileDropdown: Story = {
  args: { mobile: true, mobileStyle: 'style2', frame: 375 },
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await userEvent.type(input, 'tee');
    await listbox(canvasElement);
    await expect(within(canvasElement).queryByRole('dialog')).toBeNull();
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect(dropdown).toHaveClass('pkg-suggest__dropdown--style1');
    // As wide as the box with its button, 12 px under it.
    const form = input.closest('form')!.getBoundingClientRect();
    await expect([dropdown.style.position, Math.round(dropdown.getBoundingClientRect().width), Math.round(dropdown.getBoundingClientRect().top - form.bottom)]).toEqual(['absolute', Math.round(form.width), 12]);
  },
};

/** No results (default results off): the message with the term in bold; aria-expanded stays false and the live region says so. */
export const NoResults: Story = {
  args: { suggest: { enableDefaultResult: false } },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'qqqzzzxx');
    const msg = await waitFor(() => {
      const m = canvasElement.querySelector('.pkg-suggest__message--empty');
      if (!m) throw new Error('no message yet');
      return m;
    }, { timeout: 5000 });
    await expect(msg).toHaveTextContent('Sorry, nothing found for "qqqzzzxx".');
    await expect(msg.querySelector('strong')).toHaveTextContent('qqqzzzxx');
    await expect(box(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('No suggestions.'));
  },
};

/** Did you mean: a misspelt term shows the corrected term's products and "Showing results for". */
export const DidYouMean: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'jaxkzt');
    const line = await waitFor(() => {
      const m = canvasElement.querySelector('.pkg-suggest__message--dym');
      if (!m) throw new Error('no did-you-mean yet');
      return m;
    }, { timeout: 5000 });
    await expect(line).toHaveTextContent(/Showing results for jacket \(\d+\)/);
    const list = await listbox(canvasElement);
    await expect(within(list).getAllByRole('option').length).toBeGreaterThan(0);
  },
};

/** Nothing matches, but the service sends its default products: "Check out these items instead?" */
export const DefaultResults: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'qqqzzzxx');
    await listbox(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.pkg-suggest__message--empty')).toHaveTextContent('Sorry, nothing found for "qqqzzzxx". Check out these items instead?'), { timeout: 5000 });
  },
};

/** Recent searches on focus: an empty box shows the stored terms, linking to the search page. */
export const RecentSearchesOnFocus: Story = {
  args: { recent: ['jacket', 'yoga pants', 'tee'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(box(canvasElement));
    const list = await listbox(canvasElement);
    const group = within(list).getByRole('group', { name: 'Recent searches' });
    const options = within(group).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['jacket', 'yoga pants', 'tee']);
    await expect(options[1]).toHaveAttribute('href', '/search?q=yoga%20pants');
  },
};

/** A hostile term is never requested, never rendered as markup, and closes the dropdown. */
export const HostileTerm: Story = {
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await userEvent.type(input, 'jacket');
    await listbox(canvasElement);
    await userEvent.clear(input);
    await userEvent.type(input, '<img src=x onerror=alert(1)>');
    await new Promise((r) => setTimeout(r, 300));
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
    await expect(canvasElement.querySelector('img[src="x"]')).toBeNull();
    await expect(input).toHaveValue('<img src=x onerror=alert(1)>');
    await userEvent.keyboard('{Enter}');
    await expect(within(canvasElement).getByTestId('went')).toHaveTextContent('');
  },
};

/** Escape closes; a click outside closes; Tab out of the box closes. */
export const EscapeOutsideClickAndTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = box(canvasElement);
    await userEvent.type(input, 'shirt');
    await listbox(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(input);
    await listbox(canvasElement);
    await userEvent.click(canvas.getByText(/Navigated to/));
    await expect(canvas.queryByRole('listbox')).toBeNull();
    await userEvent.click(input);
    await listbox(canvasElement);
    await userEvent.tab(); // the box's submit button: still open
    await expect(canvas.getByRole('listbox')).toBeInTheDocument();
    await userEvent.tab(); // out of the box
    await expect(canvas.queryByRole('listbox')).toBeNull();
  },
};

/** Long labels and a narrow box: text wraps inside the dropdown. */
export const LongLabels: Story = {
  args: {
    style: 'style1',
    width: 300,
    translations: { products: 'Products we think you will love, picked just for this search term', suggestions: 'Searches other shoppers made that look a lot like yours' },
    labels: { viewAll: 'See every single one of the {{ count }} products that match what you typed' },
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'a');
    const list = await listbox(canvasElement);
    const dropdown = canvasElement.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    await expect(dropdown.scrollWidth).toBeLessThanOrEqual(dropdown.clientWidth + 1);
    await expect(within(list).getByRole('option', { name: /See every single one/ })).toBeInTheDocument();
  },
};

/** Right-to-left page: the dropdown opens, and keyboard selection works the same. */
export const RightToLeft: Story = {
  args: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const input = box(canvasElement);
    await userEvent.type(input, 'bag');
    const list = await listbox(canvasElement);
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await expect(getComputedStyle(list).direction).toBe('rtl');
  },
};

/** Mobile overlay at a phone width: opens on focus after 100 ms, back closes, clear closes. */
export const MobileOverlay: Story = {
  parameters: { visual: { variants: ['phone'] } },
  args: { mobile: true, frame: 375, showMobileSubmit: true, style: 'style1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('searchbox', { name: 'Search' });
    trigger.focus();
    const dialog = await waitFor(() => canvas.getByRole('dialog', { name: 'Search' }));
    const input = within(dialog).getByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'jacket');
    await listbox(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(trigger).toHaveValue('jacket');
    await userEvent.click(trigger);
    const again = await waitFor(() => canvas.getByRole('dialog'));
    await userEvent.click(within(again).getByRole('button', { name: 'Clear' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(trigger).toHaveValue('');
  },
};
