// Contract tests: the real filter controller answered with option data shaped as real services
// send it (wire-format.md; issue 18 item 4), and what the filter tree then renders.
import { act, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFilterController, type SettingsInput } from '@pkg/core-filter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterProvider } from './filter-context';
import { FilterTree } from './FilterTree';
import { testSettings } from './test-utils/demo-shop';

/** A filter answer as the hosted service sends it: option objects with every field it fills in. */
function serviceAnswer(selected: URLSearchParams) {
  const option = (o: Record<string, unknown>) => ({
    status: 'active',
    selectType: 'multiple',
    valueType: 'all',
    manualValues: null,
    sortType: 'key-asc',
    sortManualValues: false,
    showMoreType: 'scrollbar',
    isCollapsePC: false,
    isCollapseMobile: false,
    showSearchBoxFilterPC: false,
    showSearchBoxFilterMobile: false,
    displayAllValuesInUppercaseForm: false,
    excludedValues: [],
    replaceTextFilterValues: '',
    removeTextFilterValues: '',
    tooltip: null,
    prefix: '',
    ...o,
  });
  return {
    total_product: 3,
    total_page: 1,
    from_cache: false,
    event_type: selected.get('event_type'),
    products: [1, 2, 3].map((id) => ({ id, title: `Tee ${id}`, handle: `tee-${id}`, available: true, price_min: 20, price_max: 20, images_info: [], variants: [] })),
    filter: {
      options: [
        // The owner listed sizes by hand: the service sends them in its own key order.
        option({ filterOptionId: 'pf_opt_size', filterType: 'opt_size', displayType: 'box', label: 'Size', position: 1, valueType: 'specific', manualValues: ['S', 'M', 'L', 'XL'], values: ['L', 'M', 'S', 'XL', 'XXL'].map((key) => ({ key, doc_count: 2 })) }),
        // Colours without swatch settings and without an uploaded image.
        option({ filterOptionId: 'pf_opt_color', filterType: 'opt_color', displayType: 'swatch', label: 'Color', position: 2, values: [{ key: 'Light Blue', doc_count: 1 }, { key: 'Red', doc_count: 2 }, { key: 'Stripes #2', doc_count: 1 }] }),
        // The owner hid the counts of this option.
        option({ filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Brand', position: 3, showDocCount: false, values: [{ key: 'Acme', doc_count: 2 }, { key: 'Zeta', doc_count: 1 }] }),
        option({ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', position: 4, sliderStep: '1', sliderDelimiter: '-', values: { min: 10, max: 90 } }),
      ],
    },
  };
}

function mount(settings: SettingsInput = {}, search = '') {
  const requests: URL[] = [];
  const controller = createFilterController({
    settings: { ...testSettings, ...settings, general: { file_url: '', ...settings.general } },
    location: { pathname: '/collections/all', search },
    window: null,
    fetch: async (input) => {
      const url = new URL(String(input));
      requests.push(url);
      return new Response(JSON.stringify(serviceAnswer(url.searchParams)), { headers: { 'content-type': 'application/json' } });
    },
  });
  const utils = render(
    <FilterProvider controller={controller}>
      <FilterTree />
    </FilterProvider>,
  );
  return { ...utils, controller, requests, user: userEvent.setup() };
}

const block = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-option-id="${id}"]`)!;
const labels = (el: HTMLElement) => [...el.querySelectorAll('.pkg-filter-item__label')].map((l) => l.textContent);

afterEach(() => vi.restoreAllMocks());

describe('service-shaped option data through the real controller', () => {
  it('keeps the owner\'s manual order for a specific option (S, M, L, XL) and recognises opt_ filter types without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, controller } = mount();
    await act(() => controller.init());
    await waitFor(() => expect(block(container, 'pf_opt_size')).not.toBeNull());
    expect(labels(block(container, 'pf_opt_size'))).toEqual(['S', 'M', 'L', 'XL']);
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('filter tree type'))).toEqual([]);
  });

  it('hides the counts of an option whose flags say so, and only of that one', async () => {
    const { container, controller } = mount();
    await act(() => controller.init());
    await waitFor(() => expect(block(container, 'pf_v_vendor')).not.toBeNull());
    const brand = block(container, 'pf_v_vendor');
    expect(brand.querySelectorAll('.pkg-filter-item__count')).toHaveLength(0);
    expect(within(brand).getByRole('checkbox', { name: 'Acme', hidden: true })).toBeTruthy();
    expect(block(container, 'pf_opt_color').querySelectorAll('.pkg-filter-item__count')).toHaveLength(3);
  });

  it('shows no counts on box values (as the original\'s libraries), and none anywhere when the owner turns showFilterOptionCount off', async () => {
    const on = mount();
    await act(() => on.controller.init());
    await waitFor(() => expect(block(on.container, 'pf_opt_size')).not.toBeNull());
    expect(labels(block(on.container, 'pf_opt_size'))).toEqual(['S', 'M', 'L', 'XL']);
    expect(block(on.container, 'pf_opt_size').querySelectorAll('.pkg-filter-item__count')).toHaveLength(0);
    expect(block(on.container, 'pf_opt_color').querySelectorAll('.pkg-filter-item__count')).toHaveLength(3);
    on.unmount();
    const off = mount({ filter: { ...testSettings.filter, showFilterOptionCount: false } });
    await act(() => off.controller.init());
    await waitFor(() => expect(block(off.container, 'pf_opt_color')).not.toBeNull());
    expect(off.container.querySelectorAll('.pkg-filter-item__count')).toHaveLength(0);
  });

  it('the owner\'s capitals: word capitals keep other letters, firstLetter lowercases then capitalises each value ("Light blue") over them, force each word ("Xl")', async () => {
    const plain = mount({ filter: { ...testSettings.filter, capitalizeFilterOptionValues: true } });
    await act(() => plain.controller.init());
    await waitFor(() => expect(block(plain.container, 'pf_opt_color')).not.toBeNull());
    expect(labels(block(plain.container, 'pf_opt_color'))).toEqual(['Light Blue', 'Red', 'Stripes #2']);
    expect(labels(block(plain.container, 'pf_opt_size'))).toEqual(['S', 'M', 'L', 'XL']);
    plain.unmount();
    const first = mount({ filter: { ...testSettings.filter, capitalizeFilterOptionValues: true, capitalizeFirstLetterFilterOptionValues: true } });
    await act(() => first.controller.init());
    await waitFor(() => expect(block(first.container, 'pf_opt_color')).not.toBeNull());
    expect(labels(block(first.container, 'pf_opt_color'))).toEqual(['Light blue', 'Red', 'Stripes #2']);
    expect(labels(block(first.container, 'pf_v_vendor'))).toEqual(['Acme', 'Zeta']);
    first.unmount();
    const force = mount({ filter: { ...testSettings.filter, forceCapitalizeFilterOptionValues: true } });
    await act(() => force.controller.init());
    await waitFor(() => expect(block(force.container, 'pf_opt_size')).not.toBeNull());
    expect(labels(block(force.container, 'pf_opt_size'))).toEqual(['S', 'M', 'L', 'Xl']);
  });

  it('shows a swatch without an image in the colour its value names; with a file image, the colour stays underneath', async () => {
    const { container, controller, unmount } = mount();
    await act(() => controller.init());
    await waitFor(() => expect(block(container, 'pf_opt_color')).not.toBeNull());
    const styles = [...block(container, 'pf_opt_color').querySelectorAll<HTMLElement>('.pkg-swatch')].map((s) => s.style);
    expect(styles.map((s) => s.background || s.backgroundColor)).toEqual(['lightblue', 'red', '']);
    unmount();
    const withFiles = mount({ general: { file_url: 'https://cdn.shopify.com/s/files/1/0/files/?v=7' } });
    await act(() => withFiles.controller.init());
    await waitFor(() => expect(block(withFiles.container, 'pf_opt_color')).not.toBeNull());
    const red = block(withFiles.container, 'pf_opt_color').querySelectorAll<HTMLElement>('.pkg-swatch')[1]!;
    expect(red.style.backgroundImage).toContain('color-red.png?v=7');
    expect(red.style.backgroundColor).toBe('red');
  });

  it('[F4.8] a click on an opt_ swatch value asks the service for that value', async () => {
    const { container, controller, requests, user } = mount();
    await act(() => controller.init());
    await waitFor(() => expect(block(container, 'pf_opt_color')).not.toBeNull());
    await user.click(within(block(container, 'pf_opt_color')).getByRole('checkbox', { name: /^Red/, hidden: true }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.getAll('pf_opt_color[]')).toEqual(['Red']));
  });

  it('the refine-by chip of a price range shows both bounds in the shop\'s money format', async () => {
    const { container, controller } = mount({}, '?pf_p_price=20%3A50');
    await act(() => controller.init());
    const refine = await waitFor(() => within(container).getByRole('region', { name: 'Refine By' }));
    expect(within(refine).getByRole('button', { name: 'Clear Price: $20.00-$50.00' })).toBeTruthy();
  });
});
