import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FilterTree, MobileFilterTree, ProductList, SafeHtml, Toolbar, type MobileStyle } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../src/demo-engine';
import { hostileHandlers, hostilePayloads, longCollectionTreeHandlers, manyLongOptionsHandlers, longLabelHandlers, rtlHandlers, sixThousandValueHandlers, thousandValueHandlers } from '../src/generated-catalogs';
import { StoryShop } from '../src/story-controller';

interface Args {
  url: string;
  dir?: 'ltr' | 'rtl';
  mobileStyle?: MobileStyle;
}

function Listing({ url, dir = 'ltr', mobileStyle }: Args) {
  return (
    <StoryShop url={url}>
      <div dir={dir} style={{ display: 'grid', gridTemplateColumns: mobileStyle ? '1fr' : '240px 1fr', gap: 24 }}>
        {mobileStyle ? <MobileFilterTree mobileStyle={mobileStyle} /> : <aside aria-label="Filters"><FilterTree /></aside>}
        <main>
          <Toolbar />
          <ProductList />
        </main>
      </div>
    </StoryShop>
  );
}

const meta = {
  title: 'Filtering/States',
  component: Listing,
  args: { url: '/collections/all' },
  parameters: { layout: 'fullscreen' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof Listing>;

export default meta;
type Story = StoryObj<typeof meta>;

const loaded = (el: HTMLElement) => waitFor(() => expect(el.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 5000 });

/** The skeleton shows while the first answer is on its way (S4.18); the server never answers here. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/filter', async () => { await delay('infinite'); }));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.pkg-product-list--skeleton')).not.toBeNull());
  },
};

/** No product matches the filters: the no-filter-result message (S8.3). */
export const Empty: Story = {
  args: { url: '/collections/all?pf_v_vendor=No+such+brand' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('Sorry, no products matched your selection')).toBeVisible(), { timeout: 5000 });
  },
};

/** Vendors and titles that are XSS payloads render as inert text. */
export const HostileLabels: Story = {
  beforeEach({ msw }) {
    msw.use(...hostileHandlers());
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const canvas = within(canvasElement);
    for (const p of hostilePayloads.slice(0, 3)) await expect(canvas.getAllByText(p).length).toBeGreaterThan(0);
    await expect(canvasElement.querySelector('script, svg[onload], img[onerror]')).toBeNull();
    for (const a of canvasElement.querySelectorAll('a')) await expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    await expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  },
};

/** The generated catalogs' Brand option, open, once the listing has loaded. */
async function openBrand(canvasElement: HTMLElement) {
  await loaded(canvasElement);
  const b = within(canvasElement.querySelector<HTMLElement>('[data-option-id="pf_v_vendor"]')!);
  const toggle = b.getByRole('button', { name: /^Brand/ });
  if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
  return b;
}

/** A 1,000-value option: view more, and the option search box narrows the list. */
export const ThousandValues: Story = {
  beforeEach({ msw }) {
    msw.use(...thousandValueHandlers());
  },
  play: async ({ canvasElement }) => {
    const b = await openBrand(canvasElement);
    await expect(b.getAllByRole('checkbox').length).toBeLessThan(50);
    await userEvent.type(b.getByRole('searchbox'), '0999');
    await waitFor(() => expect(b.getAllByRole('checkbox')).toHaveLength(1));
    await expect(b.getByRole('checkbox', { name: /Vendor 0999/ })).toBeVisible();
  },
};

/**
 * A 6,000-value option: view more shows every value, rendered virtually (only the rows in the
 * list's scroll box are in the DOM, each with its place in the whole list); the list is one tab
 * stop whose arrow keys and End reach every value; the search box narrows all 6,000.
 */
export const SixThousandValues: Story = {
  beforeEach({ msw }) {
    msw.use(...sixThousandValueHandlers());
  },
  play: async ({ canvasElement }) => {
    const b = await openBrand(canvasElement);
    await userEvent.click(b.getByRole('button', { name: 'View more' }));
    const list = b.getByRole('list', { name: 'Brand' });
    await waitFor(() => expect(list.querySelector('li')).toHaveAttribute('aria-setsize', '6000'));
    await expect(b.getAllByRole('checkbox').length).toBeLessThan(40);
    // Keyboard: the first value is the list's one tab stop; End goes to the last of all 6,000.
    const first = b.getByRole('checkbox', { name: /Vendor 0001/ });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement).toHaveAccessibleName(/Vendor 0002/);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Vendor 6000/));
    await expect(document.activeElement!.closest('li')).toHaveAttribute('aria-posinset', '6000');
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Vendor 0001/));
    await userEvent.type(b.getByRole('searchbox'), '5999');
    await waitFor(() => expect(b.getAllByRole('checkbox')).toHaveLength(1));
    await expect(b.getByRole('checkbox', { name: /Vendor 5999/ })).toBeVisible();
    // Cleared, the whole list is back (the picture shows it).
    await userEvent.clear(b.getByRole('searchbox'));
    await waitFor(() => expect(b.getByRole('list', { name: 'Brand' }).querySelector('li')).toHaveAttribute('aria-setsize', '6000'));
  },
};

/**
 * A multi-level collection tree of 200 entries (50 collections, 3 tags each): one list rendered
 * virtually, each entry with its level and its place among its siblings; one tab stop whose
 * arrow keys reach every entry (Right to the first tag, Left back to its collection).
 */
export const LongCollectionTree: Story = {
  name: 'A long multi-level tree renders virtually with levels and places; its arrow keys reach every entry',
  beforeEach({ msw }) {
    msw.use(...longCollectionTreeHandlers());
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const c = within(canvasElement);
    const list = await c.findByRole('list', { name: 'Collection' }, { timeout: 5000 });
    const place = (el: Element | null) => ['aria-level', 'aria-posinset', 'aria-setsize'].map((a) => el?.closest('li')?.getAttribute(a));
    const rows = list.querySelectorAll('li');
    await expect(rows.length).toBeGreaterThan(5);
    await expect(rows.length).toBeLessThan(40);
    await expect(place(rows[0]!)).toEqual(['1', '1', '50']);
    await expect(place(rows[1]!)).toEqual(['2', '1', '3']);
    const first = within(list).getByRole('link', { name: /^Collection 01/ });
    // The one tab stop: every other entry is out of the tab order.
    await expect([...list.querySelectorAll<HTMLElement>('a, button')].filter((e) => e.tabIndex === 0)).toEqual([first]);
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(document.activeElement).toHaveTextContent(/^Cotton/);
    await expect(place(document.activeElement)).toEqual(['2', '1', '3']);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Wool/));
    await expect(place(document.activeElement)).toEqual(['2', '3', '3']);
    await expect(document.activeElement!.closest('li')).toHaveAttribute('data-row', '199');
    // The box scrolled to the last entry; Home goes back to the first.
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Collection 01/));
  },
};

/**
 * Twelve options of 150 values: the lists near the viewport render the rows in their boxes, one
 * farther than a page height only its tab stop (Tab still reaches it); scrolled to, it shows its rows.
 */
export const ManyLongOptions: Story = {
  name: 'Many long options: lists far from the viewport render only their tab stop until scrolled to',
  beforeEach({ msw }) {
    msw.use(...manyLongOptionsHandlers());
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const list = (n: number) => within(canvasElement).getByRole('list', { name: `Facet ${n}` });
    await waitFor(() => expect(list(12).querySelectorAll('li')).toHaveLength(1), { timeout: 5000 });
    await expect(list(1).querySelectorAll('li').length).toBeGreaterThan(5);
    // The far list's one row is its tab stop, the first value, with its place in the whole list.
    const stop = list(12).querySelector('li')!;
    await expect(stop).toHaveAttribute('aria-posinset', '1');
    await expect(stop).toHaveAttribute('aria-setsize', '24');
    await expect(within(stop).getByRole('checkbox')).toHaveProperty('tabIndex', 0);
    list(12).scrollIntoView();
    await waitFor(() => expect(list(12).querySelectorAll('li').length).toBeGreaterThan(5));
    await expect(list(12).querySelector('li')).toHaveAttribute('aria-posinset', '1');
    window.scrollTo(0, 0);
    await waitFor(() => expect(list(1).querySelectorAll('li').length).toBeGreaterThan(5));
  },
};

/** Right-to-left labels in an RTL container. */
export const RightToLeft: Story = {
  args: { dir: 'rtl' },
  beforeEach({ msw }) {
    msw.use(...rtlHandlers());
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await expect(within(canvasElement).getAllByText(/قميص/).length).toBeGreaterThan(0);
  },
};

/** Labels long enough to wrap. */
export const LongLabels: Story = {
  beforeEach({ msw }) {
    msw.use(...longLabelHandlers());
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await expect(within(canvasElement).getAllByText(/Extraordinarily Long/).length).toBeGreaterThan(0);
  },
};

const mobile = (mobileStyle: MobileStyle): Story => ({
  args: { mobileStyle, url: '/collections/all?pf_opt_size=M' },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    const dialog = canvas.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(canvasElement.ownerDocument.body.classList.contains('pkg-no-scroll')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Show Results/ }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
});
export const MobileDefault = mobile('default');
/** The drawer open at phone width and left open: how the default theme shows it to a shopper. */
export const MobileDrawerOpen: Story = {
  args: { mobileStyle: 'default', url: '/collections/all?pf_opt_size=M' },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { visual: { variants: ['rtl'] } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Filter' }));
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: /^Show Results/ })).toBeVisible();
  },
};
export const MobileStyle2 = mobile('style2');
export const MobileStyle2FullWidth = mobile('style2-fullwidth');
export const MobileStyle3 = mobile('style3');
export const MobileStyle3FullWidth = mobile('style3-fullwidth');
export const MobileStyle4 = mobile('style4');

// Icon markup as a shop owner gives it (v1's filterTreeIcon / filterTreeIconClose), with a handler and a script that must not run.
const FILTER_ICON = '<svg viewBox="0 0 16 16"><path d="M1 3h14L9 9v5l-2 1V9z" fill="currentColor"/></svg><img src="/missing.png" alt="" onerror="window.__storyIconRan = 1"><script>window.__storyIconRan = 2</script>';
const CLOSE_ICON = '<svg viewBox="0 0 16 16"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" stroke-width="2"/></svg>';

/**
 * A desktop tree in a drawer behind a button (the loader's v1 `filterTreeVerticalStyle` `style-off-canvas`):
 * `device="pc"` draws the desktop tree inside; the owner's icons come through SafeHtml beside the buttons' texts,
 * which still name them. Opened and closed by keyboard; focus moves in and comes back.
 */
export const DesktopDrawerWithIcons: Story = {
  render: (args) => (
    <StoryShop url={args.url}>
      <MobileFilterTree device="pc" icon={<SafeHtml as="span" html={FILTER_ICON} />} closeIcon={<SafeHtml as="span" html={CLOSE_ICON} />} />
      <ProductList />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Filter' });
    await waitFor(() => expect(button.querySelector('svg')).not.toBeNull());
    await expect(button.querySelector('script, [onerror]')).toBeNull();
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = canvas.getByRole('dialog', { name: 'Filter' });
    await waitFor(() => expect(dialog).toHaveFocus());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' }).querySelector('svg')).not.toBeNull());
    await expect((window as { __storyIconRan?: number }).__storyIconRan).toBeUndefined();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** Horizontal layout (F4.11): options as dropdowns with Apply and Clear; one open at a time. */
export const Horizontal: Story = {
  render: (args) => (
    <StoryShop url={args.url} settings={{ filter: { filterLayout: 'horizontal', requestInstantly: false } }}>
      <FilterTree />
      <div style={{ height: 380 }} />
      <ProductList />
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const canvas = within(canvasElement);
    const brand = canvas.getByRole('button', { name: /^Brand/ });
    await userEvent.click(brand);
    await expect(brand).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Size/ }));
    await expect(brand).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A sticky filter panel (S4.19): it stays in view while the listing scrolls. */
export const StickyPanel: Story = {
  render: (args) => (
    <StoryShop url={args.url}>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <aside aria-label="Filters" style={{ width: 240, alignSelf: 'stretch' }}>
          <FilterTree sticky={{ pc: 'fixed' }} />
        </aside>
        <main style={{ flex: 1 }}>
          <ProductList />
        </main>
      </div>
    </StoryShop>
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const tree = canvasElement.querySelector<HTMLElement>('.pkg-filter-tree')!;
    await expect(getComputedStyle(tree).position).toBe('sticky');
    const win = canvasElement.ownerDocument.defaultView!;
    win.scrollTo(0, 600);
    await waitFor(() => expect(Math.round(tree.getBoundingClientRect().top)).toBe(0));
    win.scrollTo(0, 0);
  },
};
