import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS, type FilterItem, type FilterOption, type Labels } from '@pkg/core-filter';
import { describe, expect, it, vi } from 'vitest';
import { FilterOptionBlock, type FilterOptionActions } from './FilterOptionBlock';

const labels = DEFAULT_SETTINGS.labels as unknown as Labels;
const items: FilterItem[] = Array.from({ length: 100 }, (_, i) => ({ key: `v${i}`, label: `Value ${i}`, docCount: 1, selected: false, disabled: false }));
const option = (over: Partial<FilterOption> = {}): FilterOption =>
  ({
    id: 'pf_t_big',
    filterType: 'tag',
    displayType: 'list',
    selectType: 'multiple',
    label: 'Big',
    position: 1,
    active: true,
    disabled: false,
    visible: true,
    useAndCondition: false,
    showExactRating: false,
    showMoreType: 'scrollbar',
    showSearchBox: { pc: true, mobile: true },
    collapsed: { pc: false, mobile: false },
    tooltip: '',
    columns: 1,
    items,
    selectedValues: [],
    viewMoreCount: 5,
    ...over,
  }) as FilterOption;
const actions: FilterOptionActions = { select: vi.fn(), setRange: vi.fn(), selectCollection: vi.fn(), selectCollectionTag: vi.fn(), clearOption: vi.fn() };

function scrollTo(list: HTMLElement, fromBottom: number) {
  Object.defineProperty(list, 'scrollHeight', { value: 1000, configurable: true });
  Object.defineProperty(list, 'clientHeight', { value: 300, configurable: true });
  Object.defineProperty(list, 'scrollTop', { value: 700 - fromBottom, configurable: true });
  fireEvent.scroll(list);
}

describe('FilterOptionBlock scroll-load', () => {
  it('[F4.14, F9.4, S9.6] a long list renders the first scroll load (24 values) and the rest once scrolled within 1 px of the bottom', () => {
    const { container } = render(<FilterOptionBlock option={option()} labels={labels} actions={actions} />);
    const list = container.querySelector<HTMLElement>('.pkg-filter-option__values')!;
    expect(screen.getAllByRole('checkbox')).toHaveLength(24);
    scrollTo(list, 2);
    expect(screen.getAllByRole('checkbox')).toHaveLength(24);
    scrollTo(list, 1);
    expect(screen.getAllByRole('checkbox')).toHaveLength(100);
  });

  it('[F4.14] a 10,000-value list loads 200 more values per scroll to the bottom, also when expanded with view more', () => {
    const many: FilterItem[] = Array.from({ length: 10_000 }, (_, i) => ({ key: `w${i}`, label: `Wide ${i}`, docCount: 1, selected: false, disabled: false }));
    for (const showMoreType of ['scrollbar', 'viewmore'] as const) {
      const { container, unmount } = render(<FilterOptionBlock option={option({ items: many, showMoreType })} labels={labels} actions={actions} />);
      if (showMoreType === 'viewmore') {
        expect(screen.getAllByRole('checkbox')).toHaveLength(5);
        fireEvent.click(screen.getByRole('button', { name: labels.viewMore }));
      }
      expect(screen.getAllByRole('checkbox')).toHaveLength(24);
      const list = container.querySelector<HTMLElement>('.pkg-filter-option__values')!;
      scrollTo(list, 0);
      expect(screen.getAllByRole('checkbox')).toHaveLength(224);
      scrollTo(list, 0);
      expect(screen.getAllByRole('checkbox')).toHaveLength(424);
      unmount();
    }
  });

  it('[F4.14] a selected value beyond the first-load slice is still shown', () => {
    render(<FilterOptionBlock option={option({ selectedValues: ['v80'] })} labels={labels} actions={actions} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(25);
    expect(screen.getByRole('checkbox', { name: /Value 80/ })).toBeChecked();
  });

  it('[F5.4] the option search box narrows the whole list, beyond the loaded slice', () => {
    render(<FilterOptionBlock option={option()} labels={labels} actions={actions} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'value 9' } });
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent?.replace(/ \(\d+\)$/, ''))).toEqual(['Value 9', ...Array.from({ length: 10 }, (_, i) => `Value ${90 + i}`)]);
  });

  it('names each value by its label and count; the count is plain text (no aria-label on a generic span)', () => {
    const { container } = render(<FilterOptionBlock option={option({ items: items.slice(0, 3).map((it, i) => ({ ...it, docCount: i + 2 })) })} labels={labels} actions={actions} />);
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Value 0 (2)', 'Value 1 (3)', 'Value 2 (4)']);
    expect(screen.getByRole('checkbox', { name: 'Value 1 (3)' })).not.toBeChecked();
    expect([...container.querySelectorAll('.pkg-filter-item__count')].filter((c) => c.hasAttribute('aria-label'))).toEqual([]);
  });

  it('shows a swatch without settings or image in the colour its value names; other values get no colour', () => {
    const swatch = { type: 'image' as const, colors: [], imageUrl: '' };
    const values = ['Light Blue', 'url(https://x.test/a.png)', 'Red;background:url(x)'].map((label, i) => ({ key: `s${i}`, label, docCount: 1, selected: false, disabled: false, swatch }));
    const { container } = render(<FilterOptionBlock option={option({ displayType: 'swatch', items: values })} labels={labels} actions={actions} />);
    const styles = [...container.querySelectorAll<HTMLElement>('.pkg-swatch')].map((el) => el.getAttribute('style'));
    expect(styles[0]).toMatch(/background: lightblue/);
    expect(styles.slice(1)).toEqual([null, null]);
  });
});


describe('FilterOptionBlock multi-level collections', () => {
  it('[F4.6] a collection with no products, and its tags, are shown but not offered (no link, a disabled button); the selected one stays a link', () => {
    const col = (key: string, docCount: number, selected = false): FilterItem =>
      ({ key, label: `Col ${key}`, docCount, selected, disabled: docCount === 0, handle: `c${key}`, url: `/collections/c${key}`, level: 1, children: [{ key: `t${key}`, label: `Tag ${key}`, docCount: 0, selected: false, disabled: false, level: 2, handle: `c${key}`, url: `/collections/c${key}/t${key}` }] }) as FilterItem;
    render(<FilterOptionBlock option={option({ id: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', selectType: 'single', showMoreType: 'viewmore', items: [col('1', 5), col('2', 0), col('3', 0, true)], viewMoreCount: 10 })} labels={labels} actions={actions} />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/collections/c1', '/collections/c1/t1', '/collections/c3', '/collections/c3/t3']);
    const empty = screen.getByRole('button', { name: 'Col 2' });
    expect(empty).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tag 2' })).toBeDisabled();
    fireEvent.click(empty);
    expect(actions.selectCollection).not.toHaveBeenCalled();
  });
});
