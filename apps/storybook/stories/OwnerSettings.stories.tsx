// Owner settings: the settings objects real shops' pages declare (v2 `window.bcSfFilterConfig`,
// v1 `window.boostPFSAppConfig`), written as a template engine writes them (nulls, "true" and
// "24" as strings, keys the loader does not know), read by the loader's own reader
// (`readLoaderSettings`) and shown live through the real components over the demo engine (msw
// handlers at the original service's `/bc-sf-filter/*` paths). The same option data under each
// owner setting.
import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { readLoaderSettings } from '@pkg/loader';
import { FilterTree, Pagination, ProductList, Toolbar } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
// The loader's additions to the stylesheet: the owner's display variants (`data-pkg-*` on its containers).
import '@pkg/loader/loader.css';
import { demoHandlersWithOptions, withDemoEngine } from '../src/demo-engine';
import { StoryShop } from '../src/story-controller';

type Generation = 'v2' | 'v1';
interface Args {
  generation: Generation;
  /** The owner's saved settings (`settings.general`), as the page writes them. */
  owner: Record<string, unknown>;
  /** The page the story pretends to be on. */
  url?: string;
  /** The theme's own settings global (v2 `bcSfFilterSettings`, v1 `boostPFSFilterConfig`), over the owner's. */
  theme?: Record<string, unknown>;
}

const SERVICE = 'https://services.filter.example/bc-sf-filter';
const GLOBAL: Record<Generation, string> = { v2: 'bcSfFilterConfig', v1: 'boostPFSAppConfig' };
const THEME_GLOBAL: Record<Generation, string> = { v2: 'bcSfFilterSettings', v1: 'boostPFSFilterConfig' };

/** The whole page global, as a shop's theme template writes it. */
function pageGlobal(generation: Generation, owner: Record<string, unknown>): Record<string, unknown> {
  return {
    api: { filterUrl: `${SERVICE}/filter`, searchUrl: `${SERVICE}/search`, suggestionUrl: `${SERVICE}/search/suggest`, analyticsUrl: 'https://lambda.filter.example/e', productsUrl: `${SERVICE}/products` },
    shop: { name: 'Luma', url: 'https://luma.example', domain: 'luma.example', currency: 'USD', money_format: '${{amount}}', money_format_with_currency: '${{amount}} USD' },
    general: {
      file_url: '//cdn.luma.example/s/files/1/0001/files/',
      asset_url: '//cdn.luma.example/s/files/1/0001/t/3/assets/',
      collection_id: 0,
      collection_handle: 'all',
      collection_count: '58',
      collection_tags: null,
      current_tags: null,
      default_sort_by: 'best-selling',
      swatch_extension: 'png',
      no_image_url: '//cdn.luma.example/s/assets/no-image.gif',
      search_term: '',
      template: 'collection',
      current_locale: 'en',
      current_currency: 'usd',
      isInitFilter: generation === 'v2' ? 'true' : true,
    },
    settings: { general: owner },
    label: { sorting: 'Sort by', filter: 'Filter' },
  };
}

function OwnerSettingsPage({ generation, owner, url = '/collections/all', theme }: Args) {
  const global = useMemo(() => pageGlobal(generation, owner), [generation, owner]);
  // The loader's reader, over the page's globals only (no #pkg-settings block).
  const read = useMemo(() => readLoaderSettings({ getElementById: () => null }, { [GLOBAL[generation]]: global, ...(theme ? { [THEME_GLOBAL[generation]]: theme } : {}) }), [generation, global, theme]);
  const showRefineBy = read.input.filter?.showRefineBy !== false;
  return (
    <StoryShop url={url} settings={read.input}>
      <section aria-label="Owner settings" style={{ marginBottom: 16 }}>
        <p style={{ margin: 0 }}>
          <code>{`window.${GLOBAL[generation]}.settings.general`}</code> ({generation}), read from <code>{read.page.sources.join(', ')}</code>:
        </p>
        <pre data-testid="owner" style={{ margin: '4px 0', fontSize: 13 }}>{JSON.stringify(owner)}</pre>
        {theme && (
          <>
            <p style={{ margin: 0 }}>
              and the theme&apos;s own <code>{`window.${THEME_GLOBAL[generation]}`}</code> over it:
            </p>
            <pre data-testid="theme" style={{ margin: '4px 0', fontSize: 13 }}>{JSON.stringify(theme)}</pre>
          </>
        )}
        <p data-testid="set-aside" style={{ margin: 0, fontSize: 13 }}>
          Set aside (unknown to the loader): {read.page.ignored.join(', ') || 'none'}. Problems: {read.problems.join(' ') || 'none'}.
        </p>
      </section>
      {/* The owner's display variants as the loader writes them on its containers (`data-pkg-<name>` and `--pkg-look-<name>`). */}
      <div
        style={{ display: 'grid', gridTemplateColumns: '240px 1fr', gap: 24, ...Object.fromEntries(Object.entries(read.input.filter?.looks ?? {}).map(([k, v]) => [`--pkg-look-${k}`, v])) }}
        {...Object.fromEntries(Object.entries(read.input.filter?.looks ?? {}).map(([k, v]) => [`data-pkg-${k}`, v]))}
      >
        <aside aria-label="Filters">
          <FilterTree hideRefineBy={!showRefineBy} />
        </aside>
        <main>
          <Toolbar />
          <ProductList />
          <Pagination />
        </main>
      </div>
    </StoryShop>
  );
}

const meta = {
  title: 'Settings/Owner settings',
  component: OwnerSettingsPage,
  args: { generation: 'v2', owner: {} },
  parameters: { layout: 'fullscreen' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof OwnerSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const loaded = (el: HTMLElement) => waitFor(() => expect(el.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 5000 });

/** A v2 page as written (nulls, strings, unknown keys): it mounts with the owner's defaults; the unknown keys are set aside, not errors. */
export const V2AsWritten: Story = {
  args: { generation: 'v2', owner: { paginationType: 'default', showFilterOptionCount: 'true', showSingleOption: 'true', enableSuggestion: 'true', productImageSize: '360x' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const c = within(canvasElement);
    await expect(c.getByTestId('set-aside')).toHaveTextContent('Problems: none.');
    await expect(c.getByTestId('set-aside')).toHaveTextContent('isInitFilter');
    await expect(canvasElement.querySelector('.pkg-filter-item__count')).toBeVisible();
    await expect(c.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  },
};

/** `showFilterOptionCount` "false" and `capitalizeFilterOptionValues` "true": no counts, values with capital initials. */
export const V2CountsHiddenCapitalised: Story = {
  args: { generation: 'v2', owner: { showFilterOptionCount: 'false', capitalizeFilterOptionValues: 'true' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.pkg-filter-item__label')).not.toBeNull());
    await expect(canvasElement.querySelector('.pkg-filter-item__count')).toBeNull();
    // The labels' own text has the capitals (core-filter sets them): no word starts in lower case (rating labels keep theirs).
    await expect([...canvasElement.querySelectorAll('.pkg-filter-option:not(.pkg-filter-option--rating) .pkg-filter-item__label')].map((e) => e.textContent ?? '').filter((t) => /(^|\s)\p{Ll}/u.test(t))).toEqual([]);
  },
};

/** `customSortingList` "price-ascending|title-ascending" and `collapseOnPCByDefault` "true": the owner's sorts, every option closed. */
export const V2SortsAndCollapsed: Story = {
  args: { generation: 'v2', owner: { customSortingList: 'price-ascending|title-ascending', collapseOnPCByDefault: 'true' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const sort = within(canvasElement).getByRole('combobox', { name: /Sort/i });
    // The owner's two, in their order, and the page's current sort (`default_sort_by`) so the select can show it.
    await expect([...(sort as HTMLSelectElement).options].map((o) => o.value)).toEqual(['price-ascending', 'title-ascending', 'best-selling']);
    const toggles = canvasElement.querySelectorAll('.pkg-filter-option__toggle');
    await expect(toggles.length).toBeGreaterThan(0);
    for (const t of toggles) await expect(t).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A v1 page: `paginationType` "load_more" and `showRefineBy` false, with a brand applied: a load-more button, no refine-by block. */
export const V1LoadMoreNoRefineBy: Story = {
  args: { generation: 'v1', url: '/collections/all?pf_v_vendor=Luma', owner: { paginationType: 'load_more', showRefineBy: false, productAndVariantAvailable: 'false' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: /Load more/i })).toBeVisible());
    await expect(canvasElement.querySelector('.pkg-refine-by')).toBeNull();
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

/**
 * A v2 theme's own `bcSfFilterSettings` over the owner's: the theme's limit 6, its per-page choices
 * "6,12,24" and page numbers over the owner's load more; its `template` group is set aside.
 */
export const V2ThemeOwnSettings: Story = {
  args: { generation: 'v2', owner: { paginationType: 'load_more', showFilterOptionCount: 'true' }, theme: { general: { limit: '6', paginationType: 'default', showLimitList: '6,12,24', loadProductFirst: true }, template: { loadMoreLoading: '<div></div>' } } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const c = within(canvasElement);
    await expect(canvasElement.querySelectorAll('article')).toHaveLength(6);
    await expect(c.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await expect(c.queryByRole('button', { name: /Load more/i })).toBeNull();
    const limit = c.getByRole('combobox', { name: /show|per page|limit/i });
    await expect([...(limit as HTMLSelectElement).options].map((o) => o.value)).toEqual(['6', '12', '24']);
    await expect(c.getByTestId('set-aside')).toHaveTextContent('window.bcSfFilterSettings.template');
  },
};

/**
 * `removePriceDecimal` "true" in `settings.general` (v2): with a price range applied, the refine-by
 * chip and the slider's labels are cut at the decimal mark ($20.50 shows as $20); product prices keep theirs.
 */
export const V2RemovePriceDecimal: Story = {
  args: { generation: 'v2', url: '/collections/all?pf_p_price=20.5%3A45.99', owner: { removePriceDecimal: 'true' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const chip = await within(canvasElement).findByRole('button', { name: /^Clear Price: / });
    await expect(chip).toHaveAccessibleName('Clear Price: $20-$45');
    await expect(canvasElement.querySelector('.pkg-product .pkg-price__current')?.textContent).toMatch(/\.\d\d/);
  },
};

/**
 * A v1 page with a horizontal tree: `refineByHorizontalPosition` "top" puts the refine-by block above
 * the options (the v1 library's default, `bottom`, below them).
 */
export const V1HorizontalRefineByTop: Story = {
  args: { generation: 'v1', url: '/collections/all?pf_v_vendor=Luma', owner: { filterLayout: 'horizontal', refineByHorizontalPosition: 'top' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.pkg-filter-tree--horizontal .pkg-refine-by')).not.toBeNull());
    const parts = [...canvasElement.querySelector('.pkg-filter-tree')!.children].map((c) => c.classList[0]);
    await expect(parts.indexOf('pkg-refine-by')).toBeLessThan(parts.indexOf('pkg-filter-tree__options'));
  },
};

/**
 * A v1 page's multi-level lists: `openMultiLevelByDefault` [1] (the collections' tags start open, the
 * departments' second level closed), `multiLevelCollectionSelectType` "multiple", and the owner's
 * `showSearchBoxFilterPCByDefault` "true". Each value with sub-values has a show/hide button named by
 * it; the way to the selected Tops (Men › Tops) is open whatever the level. Bags is closed by a
 * click: expanded and collapsed values side by side, checked by axe.
 */
export const V1MultiLevelOpenAndClosed: Story = {
  args: { generation: 'v1', url: '/collections/all?pf_t_category=Men%3ETops', owner: { openMultiLevelByDefault: ['1'], multiLevelCollectionSelectType: 'multiple', showSearchBoxFilterPCByDefault: 'true' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const dept = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('[data-option-id="pf_t_category"]');
      if (!el?.querySelector('.pkg-multi-level__toggle')) throw new Error('no multi-level buttons yet');
      return el;
    });
    const toggles = [...dept.querySelectorAll<HTMLButtonElement>('.pkg-multi-level__toggle')];
    const state = (name: string) => toggles.find((t) => t.getAttribute('aria-label') === name)?.getAttribute('aria-expanded');
    // Level 1 open (the setting), level 2 closed but on the way to the selection.
    await expect(toggles.filter((t) => t.closest('.pkg-multi-level--level-1') === t.closest('ul')).every((t) => t.getAttribute('aria-expanded') === 'true')).toBe(true);
    await expect(toggles.some((t) => t.closest('.pkg-multi-level--level-2') && t.getAttribute('aria-expanded') === 'false')).toBe(true);
    await expect(state('Men')).toBe('true');
    await expect(dept.querySelector('.pkg-multi-level__item--selected')).toBeVisible();
    // Option search boxes by the owner's default; none on the multi-level lists.
    await expect(canvasElement.querySelector('.pkg-filter-option__search')).not.toBeNull();
    await expect(dept.querySelector('.pkg-filter-option__search')).toBeNull();
    // A click closes Bags' tags (the list it controls is gone): open and closed values side by side on screen.
    const bags = within(canvasElement).getByRole('button', { name: 'Bags', expanded: true });
    const list = bags.getAttribute('aria-controls')!;
    await userEvent.click(bags);
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
    await expect(document.getElementById(list)).toBeNull();
  },
};

/**
 * v2's `decimalPriceRange` "1" and `enableSliderRuler` "true": the price slider's scale (the
 * service's `sliderRange` parts) with money labels rounded to one decimal, and a ruler.
 */
export const V2SliderScaleRuler: Story = {
  args: { generation: 'v2', owner: { decimalPriceRange: '1', enableSliderRuler: 'true' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const price = await waitFor(() => {
      const el = canvasElement.querySelector('[data-option-id="pf_p_price"] .pkg-range__scale');
      if (!el) throw new Error('no scale yet');
      return el;
    });
    const labels = [...price.querySelectorAll('.pkg-range__pip')].map((p) => p.textContent ?? '');
    await expect(labels).toHaveLength(5);
    for (const l of labels) await expect(l).toMatch(/^\$\d+\.\d0$/);
    await expect(canvasElement.querySelector('.pkg-filter-tree')).toHaveClass('pkg-filter-tree--ruler');
    await expect(within(canvasElement).getByTestId('set-aside')).toHaveTextContent('Problems: none.');
  },
};

/** v1's `rangeSlidersSingleHandle` ["pf_p_price"]: one price handle, no boxes; the chosen value is applied as v:v and its chip shows one amount. */
export const V1SingleHandlePrice: Story = {
  args: { generation: 'v1', owner: { rangeSlidersSingleHandle: ['pf_p_price'] } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const c = within(canvasElement);
    const handle = await c.findByRole('slider', { name: 'Price' }, { timeout: 5000 });
    await expect(c.queryByRole('textbox', { name: /Price/ })).toBeNull();
    const min = Number(handle.getAttribute('aria-valuemin'));
    handle.focus();
    await userEvent.keyboard('{PageUp}');
    const chip = await c.findByRole('button', { name: /^Clear Price: / }, { timeout: 5000 });
    await expect(chip).toHaveAccessibleName(`Clear Price: $${Math.trunc(min + 10)}`);
    // The listing settles (not dimmed) before the page is checked.
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 5000 });
  },
};

/**
 * v2's display variants: `refineByStyle` "style2" (chips without the option's name), `rangeStyle`
 * "style2" (the range's values as text, no boxes) and `swatchStyle` "square-list" (square swatches,
 * one a line, the name beside).
 */
export const V2DisplayVariants: Story = {
  args: { generation: 'v2', owner: { refineByStyle: 'style2', rangeStyle: 'style2', swatchStyle: 'square-list' }, url: '/collections/all?pf_p_price=10%3A50' },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const c = within(canvasElement);
    await c.findByRole('button', { name: /^Clear Price: / }, { timeout: 5000 });
    await expect(canvasElement.querySelector('.pkg-refine-by__option-label')).not.toBeVisible();
    const price = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('[data-option-id="pf_p_price"]');
      if (!el?.querySelector('.pkg-range__values')) throw new Error('no range yet');
      return el;
    });
    await expect(price.querySelector('.pkg-range__inputs')).not.toBeVisible();
    await expect(price.querySelector('.pkg-range__values')).toBeVisible();
    const swatch = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('.pkg-filter-item--swatch');
      if (!el) throw new Error('no swatch yet');
      return el;
    });
    await expect(getComputedStyle(swatch.querySelector('.pkg-swatch')!).borderRadius).not.toBe('50%');
    await expect(swatch.querySelector('.pkg-filter-item__label')!.getBoundingClientRect().width).toBeGreaterThan(10);
    await expect(c.getByTestId('set-aside')).toHaveTextContent('Problems: none.');
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 5000 });
  },
};

const ratingOption = (el: HTMLElement) =>
  waitFor(() => {
    const option = el.querySelector<HTMLElement>('.pkg-filter-option--rating');
    if (!option?.querySelector('.pkg-rating')) throw new Error('no rating option yet');
    return option;
  }, { timeout: 5000 });

/** v2's `ratingSelectionStyle` "text": rating values by their text alone ("4 stars and up"), no stars drawn. */
export const V2RatingAsText: Story = {
  args: { generation: 'v2', owner: { ratingSelectionStyle: 'text' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const option = await ratingOption(canvasElement);
    await expect(option.querySelector('.pkg-rating')).not.toBeVisible();
    await expect(option.querySelector('.pkg-filter-item__label')).toBeVisible();
    await expect(within(canvasElement).getByTestId('set-aside')).toHaveTextContent('Problems: none.');
  },
};

/** The owner's `ratingStarItemColor`: the rating stars in that colour (here the option's own colour is blanked: the service's `starColor` would win). */
export const V1RatingStarColour: Story = {
  args: { generation: 'v1', owner: { ratingStarItemColor: '#8a1538' } },
  beforeEach({ msw }) {
    msw.use(...demoHandlersWithOptions({ pf_r_rating: { starColor: '' } }));
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const option = await ratingOption(canvasElement);
    await expect(getComputedStyle(option.querySelector('.pkg-rating')!).color).toBe('rgb(138, 21, 56)');
    await expect(within(canvasElement).getByTestId('set-aside')).toHaveTextContent('Problems: none.');
  },
};
