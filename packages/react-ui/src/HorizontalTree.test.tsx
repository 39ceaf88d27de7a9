import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterProvider } from './filter-context';
import { FilterTree } from './FilterTree';
import { demoController } from './test-utils/demo-shop';

async function mountHorizontal() {
  const { controller, requests } = demoController('/collections/all', { filter: { filterLayout: 'horizontal', requestInstantly: false } });
  const utils = render(
    <FilterProvider controller={controller}>
      <FilterTree />
      <p>outside</p>
    </FilterProvider>,
  );
  await act(() => controller.init());
  await waitFor(() => expect(utils.container.querySelectorAll('[data-option-id]').length).toBeGreaterThan(3));
  return { ...utils, controller, requests, user: userEvent.setup() };
}
const block = (c: HTMLElement, id: string) => c.querySelector<HTMLElement>(`[data-option-id="${id}"]`)!;
const toggleOf = (c: HTMLElement, id: string) => block(c, id).querySelector<HTMLButtonElement>('.pkg-filter-option__toggle')!;

describe('FilterTree, horizontal layout', () => {
  it('refineByHorizontalPosition puts the refine-by block below (bottom, the default, as in the v1 library) or above (top) a horizontal tree\'s options', async () => {
    const order = async (position?: 'top' | 'bottom', layout: 'horizontal' | 'vertical' = 'horizontal') => {
      const { controller } = demoController('/collections/all?pf_p_price=10%3A50', { filter: { filterLayout: layout, ...(position ? { refineByHorizontalPosition: position } : {}) } });
      const { container, unmount } = render(<FilterProvider controller={controller}><FilterTree /></FilterProvider>);
      await act(() => controller.init());
      await waitFor(() => expect(container.querySelector('.pkg-refine-by')).not.toBeNull());
      const parts = [...container.querySelector('.pkg-filter-tree')!.children].map((c) => c.className.split(' ')[0]).filter((c) => c === 'pkg-refine-by' || c === 'pkg-filter-tree__options');
      unmount();
      return parts;
    };
    expect(await order()).toEqual(['pkg-filter-tree__options', 'pkg-refine-by']);
    expect(await order('top')).toEqual(['pkg-refine-by', 'pkg-filter-tree__options']);
    // A vertical tree keeps it above its options.
    expect(await order(undefined, 'vertical')).toEqual(['pkg-refine-by', 'pkg-filter-tree__options']);
  });

  it('[F4.11] options start collapsed and only one stays open', async () => {
    const { container, user } = await mountHorizontal();
    for (const t of container.querySelectorAll('.pkg-filter-option__toggle')) expect(t).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggleOf(container, 'pf_v_vendor'));
    expect(toggleOf(container, 'pf_v_vendor')).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggleOf(container, 'pf_opt_size'));
    expect(toggleOf(container, 'pf_opt_size')).toHaveAttribute('aria-expanded', 'true');
    expect(toggleOf(container, 'pf_v_vendor')).toHaveAttribute('aria-expanded', 'false');
  });

  it('[F4.11, F4.7] a click outside closes every option and applies the pending changes', async () => {
    const { container, controller, requests, user } = await mountHorizontal();
    await user.click(toggleOf(container, 'pf_v_vendor'));
    const before = requests.length;
    await user.click(within(block(container, 'pf_v_vendor')).getAllByRole('checkbox')[0]!);
    expect(controller.getSnapshot().pending).not.toBeNull();
    expect(requests.length).toBe(before);
    await user.click(screen.getByText('outside'));
    expect(toggleOf(container, 'pf_v_vendor')).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(requests.length).toBe(before + 1));
    expect(new URL(requests.at(-1)!).searchParams.getAll('pf_v_vendor[]')).toHaveLength(1);
    expect(controller.getSnapshot().pending).toBeNull();
  });

  it('[F2.8, F9.5] each horizontal option has Apply and Clear buttons and a dropdown width by columns', async () => {
    const { container, requests, user } = await mountHorizontal();
    await user.click(toggleOf(container, 'pf_v_vendor'));
    const b = within(block(container, 'pf_v_vendor'));
    const content = block(container, 'pf_v_vendor').querySelector<HTMLElement>('.pkg-filter-option__content')!;
    expect(content.style.width).toBe('250px');
    await user.click(b.getAllByRole('checkbox')[0]!);
    await user.click(b.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(new URL(requests.at(-1)!).searchParams.getAll('pf_v_vendor[]')).toHaveLength(1));
    expect(toggleOf(container, 'pf_v_vendor')).toHaveAttribute('aria-expanded', 'false');
  });

  it('[F9.6] box items share the width of the longest label times 14 px, at least 4 characters, and never more than the tree', async () => {
    const { container } = await mountHorizontal();
    const labels = [...block(container, 'pf_opt_size').querySelectorAll('.pkg-filter-item__label')].map((l) => l.textContent ?? '');
    const expected = `min(${Math.max(4, ...labels.map((l) => l.length)) * 14}px, 100%)`;
    const boxes = [...block(container, 'pf_opt_size').querySelectorAll<HTMLElement>('.pkg-filter-item')];
    expect(boxes.length).toBeGreaterThan(1);
    for (const item of boxes) expect(item.closest('li')?.style.minWidth).toBe(expected);
  });
});

describe('FilterTree, sticky', () => {
  it('[S4.19, F2.7] sticky mode is set per device', async () => {
    const { controller } = demoController();
    const { container, rerender } = render(
      <FilterProvider controller={controller}>
        <FilterTree device="pc" sticky={{ pc: 'fixed', mobile: 'absolute' }} />
      </FilterProvider>,
    );
    expect(container.firstElementChild).toHaveClass('pkg-filter-tree--sticky-fixed');
    rerender(
      <FilterProvider controller={controller}>
        <FilterTree device="mobile" sticky={{ pc: 'fixed', mobile: 'absolute' }} />
      </FilterProvider>,
    );
    expect(container.firstElementChild).toHaveClass('pkg-filter-tree--sticky-absolute');
    rerender(
      <FilterProvider controller={controller}>
        <FilterTree device="mobile" />
      </FilterProvider>,
    );
    expect(container.firstElementChild).toHaveClass('pkg-filter-tree--sticky-normal');
  });

  it('[S9.6] a sticky tree sticks only beside a product area at least 300 px tall', async () => {
    const { controller } = demoController();
    const area = document.createElement('div');
    let height = 299;
    area.getBoundingClientRect = () => ({ top: 0, bottom: height, left: 0, right: 0, width: 0, height, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
    const { container } = render(
      <FilterProvider controller={controller}>
        <FilterTree device="pc" sticky={{ pc: 'fixed' }} productArea={() => area} />
      </FilterProvider>,
    );
    expect(container.firstElementChild).toHaveClass('pkg-filter-tree--sticky-normal');
    height = 300;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(container.firstElementChild).toHaveClass('pkg-filter-tree--sticky-fixed');
  });
});
