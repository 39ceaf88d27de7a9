import { Profiler } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterProvider } from './filter-context';
import { FilterTree } from './FilterTree';
import { Pagination } from './Pagination';
import { ProductList } from './ProductList';
import { ResultsAnnouncer } from './ResultsAnnouncer';
import { Toolbar } from './Toolbar';
import { demoController } from './test-utils/demo-shop';

async function mountShop(url = '/collections/all', settings = {}) {
  const { controller, requests } = demoController(url, settings);
  const renders = { tree: 0, list: 0 };
  const utils = render(
    <FilterProvider controller={controller}>
      <Profiler id="tree" onRender={() => renders.tree++}>
        <FilterTree />
      </Profiler>
      <Toolbar showSearch />
      <Profiler id="list" onRender={() => renders.list++}>
        <ProductList />
      </Profiler>
      <Pagination />
      <ResultsAnnouncer />
    </FilterProvider>,
  );
  await act(() => controller.init());
  await waitFor(() => expect(utils.container.querySelectorAll('article').length).toBeGreaterThan(0));
  return { ...utils, controller, requests, renders, user: userEvent.setup() };
}

const total = (container: HTMLElement) => Number((container.querySelector('.pkg-toolbar__total')?.textContent ?? '').split(' ')[0]);
const option = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-option-id="${id}"]`)!;
const lastRequest = (requests: string[]) => new URL(requests[requests.length - 1]!);

describe('FilterTree over the demo catalog', () => {
  it('[F4.12] with keep-toggle-state, a new tree of the page opens the options the shopper left open, and only then', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const mount = async (keepTabOpenState: boolean) => {
      const { controller } = demoController('/collections/all', { filter: { keepTabOpenState } });
      const utils = render(
        <FilterProvider controller={controller}>
          <FilterTree toggleStorage={storage} />
        </FilterProvider>,
      );
      await act(() => controller.init());
      await waitFor(() => expect(utils.container.querySelectorAll('.pkg-filter-option__toggle').length).toBeGreaterThan(1));
      return utils;
    };
    const expandedOf = (c: HTMLElement) => [...c.querySelectorAll('.pkg-filter-option__toggle')].map((b) => b.getAttribute('aria-expanded'));
    const first = await mount(true);
    const initial = expandedOf(first.container);
    const toggle = first.container.querySelector<HTMLButtonElement>('.pkg-filter-option__toggle')!;
    await userEvent.setup().click(toggle);
    const changed = expandedOf(first.container);
    expect(changed[0]).not.toBe(initial[0]);
    first.unmount();
    expect(expandedOf((await mount(true)).container)).toEqual(changed);
    cleanup();
    // Without the setting, a new tree starts from the options' own flags.
    expect(expandedOf((await mount(false)).container)).toEqual(initial);
  });

  it('[F2.8, F4.12] shows each option with a disclosure title, applied count and collapsible content', async () => {
    const { container, user } = await mountShop();
    const brand = option(container, 'pf_v_vendor');
    const toggle = within(brand).getByRole('button', { name: /^Brand/ });
    const content = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const open = toggle.getAttribute('aria-expanded') === 'true';
    expect(content.hidden).toBe(!open);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', String(!open));
    expect(content.hidden).toBe(open);
  });

  it('[F4.8] toggles values of a multi-select option and narrows the listing', async () => {
    const { container, requests, user } = await mountShop();
    const all = total(container);
    const brand = option(container, 'pf_v_vendor');
    const first = within(brand).getAllByRole('checkbox', { hidden: true })[0]!;
    await user.click(first);
    await waitFor(() => expect(total(container)).toBeLessThan(all));
    expect(lastRequest(requests).searchParams.getAll('pf_v_vendor[]')).toHaveLength(1);
    await user.click(within(option(container, 'pf_v_vendor')).getAllByRole('checkbox', { hidden: true })[0]!);
    await waitFor(() => expect(total(container)).toBe(all));
    expect(lastRequest(requests).searchParams.getAll('pf_v_vendor[]')).toHaveLength(0);
  });

  it('[F4.8] a single-select option renders radios and choosing another value replaces the first', async () => {
    const { container, requests, user } = await mountShop();
    const rating = option(container, 'pf_r_rating');
    const radios = within(rating).getAllByRole('radio', { hidden: true });
    expect(radios.length).toBeGreaterThan(1);
    await user.click(radios[0]!);
    await waitFor(() => expect(lastRequest(requests).searchParams.getAll('pf_r_rating[]')).toHaveLength(1));
    const firstValue = lastRequest(requests).searchParams.get('pf_r_rating[]');
    await user.click(within(option(container, 'pf_r_rating')).getAllByRole('radio', { hidden: true })[1]!);
    await waitFor(() => expect(lastRequest(requests).searchParams.get('pf_r_rating[]')).not.toBe(firstValue));
    expect(lastRequest(requests).searchParams.getAll('pf_r_rating[]')).toHaveLength(1);
  });

  it('[F4.19, F4.20] refine-by clears one value and clear-all shows only while a filter is set', async () => {
    const { container, user } = await mountShop();
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
    const all = total(container);
    await user.click(within(option(container, 'pf_v_vendor')).getAllByRole('checkbox', { hidden: true })[0]!);
    const refine = await screen.findByRole('region', { name: 'Refine By' });
    expect(within(refine).getByRole('button', { name: 'Clear All' })).toBeVisible();
    await user.click(within(refine).getByRole('button', { name: /^Clear Brand: / }));
    await waitFor(() => expect(total(container)).toBe(all));
    expect(screen.queryByRole('region', { name: 'Refine By' })).toBeNull();
  });

  it('removePriceDecimal (owner setting general.removePriceDecimal): range labels and the refine-by chip lose their decimals, product prices keep them', async () => {
    const money = { shop: { money_format: '${{amount}}' } };
    const { container } = await mountShop('/collections/all?pf_p_price=10.5%3A49.99', { ...money, filter: { removePriceDecimal: true } });
    const refine = await screen.findByRole('region', { name: 'Refine By' });
    expect(within(refine).getByRole('button', { name: /^Clear Price: / })).toHaveAccessibleName('Clear Price: $10-$49');
    const [minThumb, maxThumb] = within(option(container, 'pf_p_price')).getAllByRole('slider', { hidden: true });
    expect(minThumb).toHaveAttribute('aria-valuetext', '$10');
    expect(maxThumb).toHaveAttribute('aria-valuetext', '$49');
    expect(container.querySelector('.pkg-price__current')?.textContent).toMatch(/\.\d\d$/);
    cleanup();
    const plain = await mountShop('/collections/all?pf_p_price=10.5%3A49.99', money);
    const [lo] = within(option(plain.container, 'pf_p_price')).getAllByRole('slider', { hidden: true });
    expect(lo).toHaveAttribute('aria-valuetext', '$10.50');
  });

  it('the owner\'s rangeSlidersSingleHandle, decimalPriceRange and enableSliderRuler: a one-handle price slider sends v:v, its chip shows one amount; the scale\'s money labels and ticks', async () => {
    const money = { shop: { money_format: '${{amount}}' } };
    const { container, requests, user } = await mountShop('/collections/all', { ...money, filter: { rangeSlidersSingleHandle: ['pf_p_price'], decimalPriceRange: 1, enableSliderRuler: true } });
    const price = option(container, 'pf_p_price');
    const handles = within(price).getAllByRole('slider', { hidden: true });
    expect(handles).toHaveLength(1);
    expect(within(price).queryAllByRole('textbox', { hidden: true })).toEqual([]);
    const min = Number(handles[0]!.getAttribute('aria-valuemin'));
    expect(handles[0]).toHaveAttribute('aria-valuenow', String(min));
    // The scale: the service's sliderRange (4 by default) parts, money labels rounded to one decimal, ticks.
    const pips = [...price.querySelectorAll('.pkg-range__pip')].map((p) => p.textContent);
    expect(pips).toHaveLength(5);
    for (const p of pips) expect(p).toMatch(/^\$\d+\.\d0$/);
    expect(price.closest('.pkg-filter-tree')).toHaveClass('pkg-filter-tree--ruler');
    handles[0]!.focus();
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(lastRequest(requests).searchParams.get('pf_p_price[]')).toMatch(/^[\d.]+:[\d.]+$/));
    const [lo, hi] = lastRequest(requests).searchParams.get('pf_p_price[]')!.split(':').map(Number);
    expect([lo, hi]).toEqual([min + 10, min + 10]);
    const refine = await screen.findByRole('region', { name: 'Refine By' });
    expect(within(refine).getByRole('button', { name: /^Clear Price: / })).toHaveAccessibleName(`Clear Price: $${(min + 10).toFixed(2)}`);
    cleanup();
    // Without the settings: two handles, the scale's labels without decimals, no ticks.
    const plain = await mountShop('/collections/all', money);
    const two = option(plain.container, 'pf_p_price');
    expect(within(two).getAllByRole('slider', { hidden: true })).toHaveLength(2);
    for (const p of two.querySelectorAll('.pkg-range__pip')) expect(p.textContent).toMatch(/^\$\d+$/);
    expect(two.closest('.pkg-filter-tree')).not.toHaveClass('pkg-filter-tree--ruler');
  });

  it('[F4.22, F4.23] sorting re-renders the listing but not the filter tree', async () => {
    const { container, renders, user } = await mountShop();
    const before = { ...renders };
    await user.selectOptions(screen.getByLabelText('Sort By'), 'price-descending');
    await waitFor(() => expect(renders.list).toBeGreaterThan(before.list));
    await waitFor(() => expect(container.querySelector('.pkg-price__current')).not.toBeNull());
    expect(renders.tree).toBe(before.tree);
  });

  it('[F4.18] moving a range handle with the keyboard applies the new range', async () => {
    const { container, requests, user } = await mountShop();
    const price = option(container, 'pf_p_price');
    const [minThumb] = within(price).getAllByRole('slider', { hidden: true });
    const start = Number(minThumb!.getAttribute('aria-valuenow'));
    minThumb!.focus();
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(lastRequest(requests).searchParams.get('pf_p_price[]')).toMatch(/^[\d.]+:[\d.]+$/));
    const [lo] = lastRequest(requests).searchParams.get('pf_p_price[]')!.split(':').map(Number);
    expect(lo).toBeGreaterThan(start);
    expect(minThumb).toHaveAttribute('aria-valuetext');
  });

  it('[S4.13] numbered pagination has real links, marks the current page and fetches the clicked page', async () => {
    const { requests, user } = await mountShop();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const page2 = within(nav).getByRole('link', { name: 'Page 2' });
    expect(page2).toHaveAttribute('href', '/collections/all?page=2');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(page2);
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(lastRequest(requests).searchParams.get('page')).toBe('2');
  });

  it('[S4.16, S9.2, S9.3, S5.12] the toolbar offers the limit choices and sorting list (relevance only with a term), and sorting resets the page to 1', async () => {
    const { requests, user } = await mountShop('/collections/all?page=2');
    const limits = within(screen.getByLabelText('Show')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(limits).toEqual(expect.arrayContaining(['4', '8', '12', '16']));
    const sorts = within(screen.getByLabelText('Sort By')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(sorts).toEqual(['best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending']);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'title-ascending');
    await waitFor(() => expect(lastRequest(requests).searchParams.get('sort')).toBe('title-ascending'));
    expect(lastRequest(requests).searchParams.get('page')).toBe('1');
  });

  it('announces the new result count in a polite live region', async () => {
    const { container, user } = await mountShop();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status.textContent).toBe(`${total(container)} products found`);
    await user.click(within(option(container, 'pf_v_vendor')).getAllByRole('checkbox', { hidden: true })[0]!);
    await waitFor(() => expect(status.textContent).toBe(`${total(container)} products found`));
  });
});
