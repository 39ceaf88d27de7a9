import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FilterController, SettingsInput } from '@pkg/core-filter';
import { formatMoney } from '@pkg/money';
import { FilterOptionBlock, useFilterController, type FilterOptionActions } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { demoHandlersWithOptions, demoSwatches, withDemoEngine } from '../../src/demo-engine';
import { useEngineOption } from '../../src/engine-answer';
import { StoryShop } from '../../src/story-controller';

interface Args {
  /** The page, with the filters already applied. */
  url: string;
  /** Which option of the demo filter tree to show. */
  optionId: string;
  device?: 'pc' | 'mobile';
  settings?: SettingsInput;
  /** The horizontal layout's dropdown, with Apply and Clear. */
  horizontal?: boolean;
  onApply(): void;
  onSelect(optionId: string, value: string): void;
  onSetRange(optionId: string, min: number, max: number): void;
  onSelectCollection(optionId: string, key: string): void;
  onSelectCollectionTag(optionId: string, tag: string): void;
  onClearOption(optionId: string): void;
}

/** The option as the engine answered it; every action is recorded and then sent to the controller. */
function EngineOption({ optionId, device = 'pc', horizontal = false, onApply, onSelect, onSetRange, onSelectCollection, onSelectCollectionTag, onClearOption }: Omit<Args, 'url' | 'settings'>) {
  const controller = useFilterController();
  const { option, labels, moneyFormat, pending } = useEngineOption(optionId);
  const actions = useMemo<FilterOptionActions>(
    () => ({
      select: (id, v) => {
        onSelect(id, v);
        void controller.select(id, v);
      },
      setRange: (id, a, b) => {
        onSetRange(id, a, b);
        void controller.setRange(id, a, b);
      },
      setRangeFromInputs: (id, a, b) => controller.setRangeFromInputs(id, a, b),
      selectCollection: (id, k) => {
        onSelectCollection(id, k);
        void controller.selectCollection(id, k);
      },
      selectCollectionTag: (id, t) => {
        onSelectCollectionTag(id, t);
        void controller.selectCollectionTag(id, t);
      },
      clearOption: (id) => {
        onClearOption(id);
        void controller.clear('option', id);
      },
    }),
    [controller, onSelect, onSetRange, onSelectCollection, onSelectCollectionTag, onClearOption],
  );
  if (!option) return <p>Loading…</p>;
  return (
    <FilterOptionBlock
      option={option}
      labels={labels}
      actions={actions}
      device={device}
      // Uncommitted (apply-button) changes show as selected, as in the filter tree.
      selectedValues={pending ? (pending.filters[option.id] ?? []) : option.selectedValues}
      horizontal={horizontal}
      onApply={() => {
        onApply();
        void controller.apply();
      }}
      {...(option.range?.money ? { formatRangeValue: (n: number) => formatMoney(n, moneyFormat) } : {})}
    />
  );
}

// The play functions read the committed filter state from the controller.
let shop: FilterController | undefined;
const keep = (c: FilterController) => (shop = c);

function OptionStory({ url, settings, ...rest }: Args) {
  return (
    <StoryShop url={url} onController={keep} {...(settings ? { settings } : {})}>
      <aside aria-label="Filters" style={{ width: 280 }}>
        <h2>Filters</h2>
        <EngineOption {...rest} />
      </aside>
    </StoryShop>
  );
}

const meta = {
  title: 'Components/FilterOptionBlock',
  component: OptionStory,
  args: {
    url: '/collections/all',
    optionId: 'pf_v_vendor',
    onSelect: fn(),
    onSetRange: fn(),
    onSelectCollection: fn(),
    onSelectCollectionTag: fn(),
    onClearOption: fn(),
    onApply: fn(),
  },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof OptionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The option's block once the engine has answered. */
const block = async (el: HTMLElement, id: string) => {
  await waitFor(() => expect(el.querySelector(`[data-option-id="${id}"]`)).not.toBeNull(), { timeout: 5000 });
  return el.querySelector<HTMLElement>(`[data-option-id="${id}"]`)!;
};
const labelsOf = (el: HTMLElement) => [...el.querySelectorAll('.pkg-filter-item__label')].map((n) => n.textContent ?? '');

/** A list (Brand): the first five values, then view more shows the sixth and view less hides it again. */
export const List: Story = {
  parameters: { visual: { variants: ['rtl'] } },
  name: '[F4.13] List: view more shows every value, view less the first five',
  play: async ({ canvasElement }) => {
    const b = within(await block(canvasElement, 'pf_v_vendor'));
    await expect(b.getAllByRole('checkbox')).toHaveLength(5);
    const more = b.getByRole('button', { name: 'View more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await expect(b.getAllByRole('checkbox')).toHaveLength(6);
    await expect(b.getByRole('button', { name: 'View less' })).toHaveAttribute('aria-expanded', 'true');
    // Sorted by count (doc_count-desc in the demo tree): each count is at most the one before.
    const counts = [...(await block(canvasElement, 'pf_v_vendor')).querySelectorAll('.pkg-filter-item__count')].map((n) => Number(n.textContent?.replace(/\D/g, '')));
    await expect(counts).toEqual([...counts].sort((x, y) => y - x));
    await userEvent.click(b.getByRole('button', { name: 'View less' }));
    await expect(b.getAllByRole('checkbox')).toHaveLength(5);
  },
};

/** Multi-select: a click selects (sent to the engine), Space on the focused box deselects. */
export const ToggleWithClickAndSpace: Story = {
  name: '[F4.8] List: a click selects a value of a multi-select option, Space toggles it off',
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_v_vendor');
    const b = within(el);
    const luma = b.getByRole('checkbox', { name: /^Luma/ });
    await userEvent.click(luma);
    await expect(args.onSelect).toHaveBeenCalledWith('pf_v_vendor', 'Luma');
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Luma/ })).toBeChecked());
    await expect(b.getByRole('button', { name: /^Brand/ })).toHaveTextContent('Brand (1)');
    // A second value joins the first (multi-select).
    await userEvent.click(b.getByRole('checkbox', { name: /^Juno Athletics/ }));
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Juno Athletics/ })).toBeChecked());
    await expect(b.getByRole('checkbox', { name: /^Luma/ })).toBeChecked();
    b.getByRole('checkbox', { name: /^Luma/ }).focus();
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenLastCalledWith('pf_v_vendor', 'Luma');
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Luma/ })).not.toBeChecked());
    await expect(b.getByRole('checkbox', { name: /^Juno Athletics/ })).toBeChecked();
  },
};

/** Values already applied by the address: checked, counted in the title, cleared by the option's clear button. */
export const SelectedValues: Story = {
  args: { url: '/collections/all?pf_v_vendor=Luma&pf_v_vendor=Juno+Athletics' },
  play: async ({ canvasElement, args }) => {
    const b = within(await block(canvasElement, 'pf_v_vendor'));
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Luma/ })).toBeChecked());
    await expect(b.getByRole('checkbox', { name: /^Juno Athletics/ })).toBeChecked();
    await expect(b.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    await expect(b.getByRole('button', { name: /^Brand/ })).toHaveTextContent('Brand (2)');
    await userEvent.click(b.getByRole('button', { name: 'Clear Brand' }));
    await expect(args.onClearOption).toHaveBeenCalledWith('pf_v_vendor');
    await waitFor(() => expect(b.queryAllByRole('checkbox', { checked: true })).toHaveLength(0));
    await expect(b.queryByRole('button', { name: 'Clear Brand' })).toBeNull();
  },
};

/** Polyester material applied: product types with no matching product are disabled at count 0. */
export const ZeroCountDisabled: Story = {
  name: '[F4.6] Box: values with no matching product are disabled',
  args: { url: '/collections/all?pf_t_material=material%3APolyester', optionId: 'pf_pt_product_type' },
  play: async ({ canvasElement }) => {
    const el = await block(canvasElement, 'pf_pt_product_type');
    const b = within(el);
    await userEvent.click(b.getByRole('button', { name: 'View more' }));
    const boxes = b.getAllByRole('checkbox');
    await expect(boxes.length).toBeGreaterThan(3);
    // Box values show no counts (as the original's libraries); the product types no polyester
    // product has are the disabled ones.
    await expect(el.querySelectorAll('.pkg-filter-item__count')).toHaveLength(0);
    const disabled = boxes.filter((x) => (x as HTMLInputElement).disabled);
    await expect(disabled.length).toBeGreaterThan(0);
    await expect(disabled.length).toBeLessThan(boxes.length);
    await expect(b.getByRole('checkbox', { name: 'Fitness Equipment' })).toBeDisabled();
    await expect(b.getByRole('checkbox', { name: 'Pants' })).toBeEnabled();
  },
};

/** Box display (Product type): every box is as wide as the longest label times 14 px. */
export const Box: Story = {
  parameters: { visual: { variants: ['rtl'] } },
  name: '[F9.6] Box: the boxes share one width, the longest label times 14 px, at most the tree',
  args: { optionId: 'pf_pt_product_type' },
  play: async ({ canvasElement }) => {
    const el = await block(canvasElement, 'pf_pt_product_type');
    await userEvent.click(within(el).getByRole('button', { name: 'View more' }));
    const longest = Math.max(4, ...labelsOf(el).map((l) => l.length));
    const items = [...el.querySelectorAll<HTMLElement>('.pkg-filter-item--box')];
    await expect(items.length).toBeGreaterThan(3);
    // The value's list item holds the width, never wider than the tree (F9.6).
    for (const item of items) await expect(item.closest('li')?.style.minWidth).toBe(`min(${longest * 14}px, 100%)`);
  },
};

const swatchSettings: SettingsInput = { swatches: demoSwatches };
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Swatch display (Color), coloured by the shop's swatch settings. */
export const Swatch: Story = {
  args: { optionId: 'pf_opt_color', settings: swatchSettings },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_opt_color');
    const b = within(el);
    const black = b.getByRole('checkbox', { name: /^Black/ });
    const swatch = black.closest('label')!.querySelector<HTMLElement>('.pkg-swatch')!;
    await expect(getComputedStyle(swatch).backgroundColor).toBe(rgb(demoSwatches['pfs-swatch-black']!.colorCodes![0]!));
    await userEvent.click(black);
    await expect(args.onSelect).toHaveBeenCalledWith('pf_opt_color', 'Black');
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Black/ })).toBeChecked());
  },
};

/** Rating (single select): choosing another value replaces the first; choosing the chosen one does nothing. */
export const Rating: Story = {
  name: '[F4.8] Rating: single select replaces the chosen value',
  args: { optionId: 'pf_r_rating' },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_r_rating');
    const b = within(el);
    const four = b.getByRole('radio', { name: /^4 stars and up/ });
    await expect(four.closest('label')!.querySelector('.pkg-rating')!.firstChild!.textContent).toBe('★★★★');
    await userEvent.click(four);
    await waitFor(() => expect(b.getByRole('radio', { name: /^4 stars and up/ })).toBeChecked());
    await userEvent.click(b.getByRole('radio', { name: /^3 stars and up/ }));
    await waitFor(() => expect(b.getByRole('radio', { name: /^3 stars and up/ })).toBeChecked());
    await expect(b.getByRole('radio', { name: /^4 stars and up/ })).not.toBeChecked();
    await expect(b.getAllByRole('radio', { checked: true })).toHaveLength(1);
    const calls = (args.onSelect as ReturnType<typeof fn>).mock.calls.length;
    await userEvent.click(b.getByRole('radio', { name: /^3 stars and up/ }));
    await expect(args.onSelect).toHaveBeenCalledTimes(calls);
  },
};

/** Range display (Price) with money-formatted thumbs; an arrow key moves a thumb and applies. */
export const Range: Story = {
  args: { optionId: 'pf_p_price' },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_p_price');
    const b = within(el);
    const low = b.getByRole('slider', { name: 'Price: Minimum' });
    const start = Number(low.getAttribute('aria-valuenow'));
    await expect(low).toHaveAttribute('aria-valuetext', formatMoney(start, '${{amount}}'));
    low.focus();
    await userEvent.keyboard('{ArrowRight}');
    const high = Number(b.getByRole('slider', { name: 'Price: Maximum' }).getAttribute('aria-valuenow'));
    await expect(args.onSetRange).toHaveBeenCalledWith('pf_p_price', start + 1, high);
    await waitFor(() => expect(el.querySelector('.pkg-filter-option__toggle')).toHaveTextContent('Price (1)'));
  },
};

/** Multi-level collections: links to the collection pages; a click picks the collection in place. */
export const MultiLevelCollections: Story = {
  args: { optionId: 'pf_c_collection' },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_c_collection');
    const bags = within(el).getAllByRole('link', { name: /^Bags/ })[0]!;
    await expect(bags).toHaveAttribute('href', '/collections/bags');
    await expect(el.querySelector('.pkg-multi-level--level-2')).not.toBeNull();
    await userEvent.click(bags);
    await expect(args.onSelectCollection).toHaveBeenCalledTimes(1);
    await expect((args.onSelectCollection as ReturnType<typeof fn>).mock.calls[0]![0]).toBe('pf_c_collection');
  },
};

/** Multi-level tags (Department): buttons that show the chosen tag as pressed. */
export const MultiLevelTag: Story = {
  args: { optionId: 'pf_t_category' },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_t_category');
    const b = within(el);
    await expect(el.querySelector('.pkg-multi-level--level-3')).not.toBeNull();
    await userEvent.click(b.getByRole('button', { name: /^Men/ }));
    await expect(args.onSelectCollectionTag).toHaveBeenCalledWith('pf_t_category', 'Men');
    await waitFor(() => expect(b.getByRole('button', { name: /^Men/ })).toHaveAttribute('aria-pressed', 'true'));
  },
};

/** The option search box (turned on for Material in the shop's tree): it narrows by label, and rejects markup. */
export const SearchBox: Story = {
  name: '[F5.4] Option search box: narrows the values by label, markup is rejected and the box cleared',
  args: { optionId: 'pf_t_material' },
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithOptions({ pf_t_material: { showSearchBoxFilterPC: true } }));
  },
  play: async ({ canvasElement }) => {
    const el = await block(canvasElement, 'pf_t_material');
    const b = within(el);
    const box = b.getByRole('searchbox', { name: 'Search options Material' });
    await userEvent.type(box, 'COTT');
    await waitFor(() => expect(labelsOf(el).length).toBeGreaterThan(0));
    const found = labelsOf(el);
    for (const l of found) await expect(l.toLowerCase()).toContain('cott');
    await expect(found).toContain('Organic Cotton');
    await expect(b.queryByRole('button', { name: 'View more' })).toBeNull();
    await userEvent.clear(box);
    box.focus();
    await userEvent.paste('<script>alert(1)</script>');
    await expect(box).toHaveValue('');
    await expect(labelsOf(el)).toHaveLength(5);
  },
};

/** Collapsed by the shop's PC collapse flag: the title button opens it. */
export const Collapsed: Story = {
  name: '[F4.12] Collapsed by the PC flag; the title toggles it open and shut',
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithOptions({ pf_v_vendor: { isCollapsePC: true } }));
  },
  play: async ({ canvasElement }) => {
    const el = await block(canvasElement, 'pf_v_vendor');
    const b = within(el);
    const title = b.getByRole('button', { name: /^Brand/ });
    await expect(title).toHaveAttribute('aria-expanded', 'false');
    await expect(b.queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.click(title);
    await expect(title).toHaveAttribute('aria-expanded', 'true');
    await expect(b.getAllByRole('checkbox')[0]).toBeVisible();
    title.focus();
    await userEvent.keyboard('{Enter}');
    await expect(title).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A scrollbar list (Material set to scrollbar in the shop's tree): 24 values, the rest once scrolled to the bottom. */
export const ScrollbarList: Story = {
  name: '[F4.14, S9.6] Scrollbar list: the first 24 values, the rest on scrolling to the bottom',
  args: { optionId: 'pf_t_material' },
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithOptions({ pf_t_material: { showMoreType: 'scrollbar' } }));
  },
  play: async ({ canvasElement }) => {
    const el = await block(canvasElement, 'pf_t_material');
    const b = within(el);
    const total = shop!.getSnapshot().options.find((o) => o.id === 'pf_t_material')!.items.length;
    await expect(total).toBeGreaterThan(24);
    await expect(b.getAllByRole('checkbox')).toHaveLength(24);
    await expect(b.queryByRole('button', { name: 'View more' })).toBeNull();
    const list = el.querySelector<HTMLElement>('.pkg-filter-option__values')!;
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
    list.scrollTop = list.scrollHeight;
    await waitFor(() => expect(b.getAllByRole('checkbox')).toHaveLength(total));
  },
};

const horizontalSettings: SettingsInput = { filter: { filterLayout: 'horizontal', requestInstantly: false } };

/** The horizontal dropdown: a click only marks the value; Apply sends it, Clear drops it. */
export const HorizontalDropdown: Story = {
  name: '[F4.7, F9.5] Horizontal dropdown: values wait for Apply; the dropdown is 250 px wide',
  args: { horizontal: true, settings: horizontalSettings },
  play: async ({ canvasElement, args }) => {
    const el = await block(canvasElement, 'pf_v_vendor');
    const b = within(el);
    await expect(el.querySelector<HTMLElement>('.pkg-filter-option__content')!.style.width).toBe('250px');
    const clear = b.getByRole('button', { name: 'Clear' });
    await expect(clear).toBeDisabled();
    await userEvent.click(b.getByRole('checkbox', { name: /^Luma/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('pf_v_vendor', 'Luma');
    await waitFor(() => expect(b.getByRole('checkbox', { name: /^Luma/ })).toBeChecked());
    await expect(shop!.getSnapshot().state.filters.pf_v_vendor).toBeUndefined();
    await expect(clear).toBeEnabled();
    await userEvent.click(b.getByRole('button', { name: 'Apply' }));
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(shop!.getSnapshot().state.filters.pf_v_vendor).toEqual(['Luma']));
    await expect(b.getByRole('checkbox', { name: /^Luma/ })).toBeChecked();
  },
};
