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

  const many: FilterItem[] = Array.from({ length: 10_000 }, (_, i) => ({ key: `w${i}`, label: `Wide ${i}`, docCount: 1, selected: false, disabled: false }));
  const rowsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.pkg-filter-option__values li')];

  it('[F4.14, S9.6] a 10,000-value list loads its first 24 values, the rest on scrolling to the bottom, rendering only the rows in view with their place in the whole list', () => {
    const { container } = render(<FilterOptionBlock option={option({ items: many })} labels={labels} actions={actions} />);
    const list = container.querySelector<HTMLElement>('.pkg-filter-option__values')!;
    expect(rowsOf(container)[0]).toHaveAttribute('aria-setsize', '24');
    list.style.overflowY = 'auto'; // the stylesheet's scroll box (jsdom loads no CSS)
    scrollTo(list, 0);
    const rows = rowsOf(container);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    // Only a window of rows is in the DOM; padding stands for the others.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(50);
    // Scrolled 700 px down: the rows there, numbered in the whole list, with padding for those above.
    const first = Number(rows[0]!.getAttribute('aria-posinset'));
    expect(first).toBeGreaterThan(1);
    expect(rows.map((r) => Number(r.getAttribute('aria-posinset')))).toEqual(rows.map((_, i) => first + i));
    expect(rows[0]).toHaveTextContent(`Wide ${first - 1}`);
    expect(parseFloat(list.querySelector('ul')!.style.paddingBlockStart)).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Big' })).toBe(list.querySelector('ul'));
  });

  it('[F4.13] view more on a 10,000-value list shows all of them, rendered virtually; view less goes back to 5', () => {
    const { container } = render(<FilterOptionBlock option={option({ items: many, showMoreType: 'viewmore' })} labels={labels} actions={actions} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: labels.viewMore }));
    expect(rowsOf(container)[0]).toHaveAttribute('aria-setsize', '10000');
    expect(rowsOf(container).length).toBeLessThan(50);
    fireEvent.click(screen.getByRole('button', { name: labels.viewLess }));
    expect(rowsOf(container).map((r) => r.getAttribute('aria-setsize'))).toEqual(Array(5).fill('5'));
  });

  it('a virtual list is one tab stop: arrow keys, Home and End move focus to any of its 10,000 values, which Space chooses', async () => {
    const select = vi.fn();
    const { container } = render(<FilterOptionBlock option={option({ items: many, showMoreType: 'viewmore' })} labels={labels} actions={{ ...actions, select }} />);
    fireEvent.click(screen.getByRole('button', { name: labels.viewMore }));
    const list = container.querySelector<HTMLElement>('.pkg-filter-option__values')!;
    const tabStops = () => screen.getAllByRole('checkbox').filter((c) => c.tabIndex === 0);
    expect(tabStops().map((c) => c.closest('li')?.getAttribute('aria-posinset'))).toEqual(['1']);
    tabStops()[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveAccessibleName('Wide 1 (1)');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toHaveAccessibleName('Wide 9999 (1)');
    expect(document.activeElement!.closest('li')).toHaveAttribute('aria-posinset', '10000');
    expect(tabStops()).toEqual([document.activeElement]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveAccessibleName('Wide 9998 (1)');
    fireEvent.click(document.activeElement!);
    expect(select).toHaveBeenCalledWith('pf_t_big', 'w9998');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toHaveAccessibleName('Wide 0 (1)');
    expect(list.contains(document.activeElement)).toBe(true);
  });

  it('[F5.4] the option search box narrows a 10,000-value list; the matches render virtually with their count', () => {
    const { container } = render(<FilterOptionBlock option={option({ items: many })} labels={labels} actions={actions} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'wide 99' } });
    const rows = rowsOf(container);
    expect(rows[0]).toHaveAttribute('aria-setsize', '111');
    expect(rows[0]).toHaveTextContent('Wide 99');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'wide 9999' } });
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('li')?.textContent)).toEqual(['Wide 9999 (1)']);
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

describe('FilterOptionBlock long multi-level tree', () => {
  // 60 collections of 3 tags each: 240 entries, past the long-list threshold. Collection 2 has no
  // products (it and its tags are shown, not offered).
  const tree: FilterItem[] = Array.from({ length: 60 }, (_, c) => ({
    key: `c${c}`,
    label: `Col ${c}`,
    docCount: c === 2 ? 0 : 10,
    selected: false,
    disabled: c === 2,
    url: `/collections/c${c}`,
    level: 1,
    children: Array.from({ length: 3 }, (_, t) => ({ key: `t${t}`, label: `Col ${c} tag ${t}`, docCount: 1, selected: false, disabled: false, level: 2, url: `/collections/c${c}/t${t}` })),
  })) as FilterItem[];
  const treeOption = () => option({ id: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', kind: 'multi_level_collections', label: 'Collections', selectType: 'single', showMoreType: 'none', items: tree } as Partial<FilterOption>);

  it('[F4.6] renders virtually: only the rows in view, each with its level and its place among its siblings; one tab stop that Up, Down, Right (first child), Left (parent), End and Home move', () => {
    const selectCollection = vi.fn();
    const selectCollectionTag = vi.fn();
    const { container } = render(<FilterOptionBlock option={treeOption()} labels={labels} actions={{ ...actions, selectCollection, selectCollectionTag }} />);
    const list = screen.getByRole('list', { name: 'Collections' });
    const rows = [...list.querySelectorAll('li')];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    const place = (li: Element | null | undefined) => ['aria-level', 'aria-posinset', 'aria-setsize'].map((a) => li?.getAttribute(a));
    expect(place(rows[0])).toEqual(['1', '1', '60']);
    expect(place(rows[1])).toEqual(['2', '1', '3']);
    expect(place(rows[4])).toEqual(['1', '2', '60']);
    // No nested lists: one list of entries.
    expect(container.querySelectorAll('ul')).toHaveLength(1);
    const tabStops = () => [...list.querySelectorAll<HTMLElement>('a, button')].filter((c) => c.tabIndex === 0);
    expect(tabStops().map((e) => e.textContent)).toEqual(['Col 0 (10)']);
    tabStops()[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('Col 0 tag 0');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toHaveTextContent('Col 0 (10)');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveTextContent('Col 0 tag 0');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toHaveTextContent('Col 59 tag 2');
    expect(place(document.activeElement!.closest('li'))).toEqual(['2', '3', '3']);
    expect(tabStops()).toEqual([document.activeElement]);
    // The last entry's link picks the tag in place.
    fireEvent.click(document.activeElement!);
    expect(selectCollectionTag).toHaveBeenCalledWith('pf_c_collection', 't2');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toHaveTextContent('Col 0 (10)');
    fireEvent.click(document.activeElement!);
    expect(selectCollection).toHaveBeenCalledWith('pf_c_collection', 'c0');
    // Collection 2 (rows 8 to 11) and its tags: focusable for the arrow keys, but no link and no action.
    for (let i = 0; i < 8; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('Col 2');
    expect(document.activeElement).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement!.tagName).toBe('BUTTON');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(document.activeElement!);
    expect(selectCollectionTag).toHaveBeenCalledTimes(1);
  });

  it('[F4.6] a tree at the threshold or under it stays nested lists with every entry', () => {
    const { container } = render(<FilterOptionBlock option={{ ...treeOption(), items: tree.slice(0, 25) }} labels={labels} actions={actions} />);
    expect(container.querySelectorAll('.pkg-multi-level--level-2')).toHaveLength(25);
    expect(screen.getAllByRole('link')).toHaveLength(96);
    expect(screen.getAllByRole('button', { name: /^Col 2/ }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(container.querySelector('[aria-level]')).toBeNull();
  });
});

describe('FilterOptionBlock search box in a horizontal tree', () => {
  it('[F5.4] shows no search box that only the owner\'s showSearchBoxFilterPCByDefault gives, as v1 in a horizontal tree; the option\'s own flag still gives one, and a vertical tree shows both', () => {
    const box = (byDefault: boolean, horizontal: boolean) => {
      const { container, unmount } = render(<FilterOptionBlock option={option({ items: items.slice(0, 6), showSearchBox: { pc: true, mobile: false, byDefault } })} labels={labels} actions={actions} horizontal={horizontal} open onToggle={() => {}} />);
      const shown = container.querySelector('.pkg-filter-option__search') !== null;
      unmount();
      return shown;
    };
    expect([box(true, true), box(false, true), box(true, false), box(false, false)]).toEqual([false, true, true, true]);
  });
});

describe('FilterOptionBlock multi-level show/hide buttons (the owner\'s multiLevelToggle)', () => {
  const leaf = (key: string, label: string, level: number, selected = false): FilterItem => ({ key, label, docCount: 1, selected, disabled: false, level });
  const dept: FilterItem[] = [
    { ...leaf('men', 'Men', 1), children: [{ ...leaf('men>tops', 'Tops', 2), children: [leaf('men>tops>jackets', 'Jackets', 3)] }, leaf('men>bottoms', 'Bottoms', 2)] },
    { ...leaf('women', 'Women', 1), children: [{ ...leaf('women>tops', 'Tops', 2), children: [leaf('women>tops>tees', 'Tees', 3, true)] }] },
    leaf('gear', 'Gear', 1),
  ];
  const tagOption = (over: Partial<FilterOption>) => option({ id: 'pf_t_category', filterType: 'multi_level_tag', displayType: 'multi_level_tag', kind: 'multi_level_tag', label: 'Department', showMoreType: 'none', items: dept, ...over } as Partial<FilterOption>);
  // A value's show/hide button, by the value it is named by.
  const toggle = (name: string, i = 0) => document.querySelectorAll<HTMLButtonElement>(`button[aria-label="${name}"][aria-expanded]`)[i]!;

  it('[F4.17] with no level open, each value with sub-values has a closed button named by it, except the way to the selected value; the button shows and hides the list it controls', () => {
    const { container } = render(<FilterOptionBlock option={tagOption({ openLevels: [] })} labels={labels} actions={actions} />);
    const men = toggle('Men');
    expect(men.tagName).toBe('BUTTON');
    expect(men).toHaveAttribute('aria-expanded', 'false');
    // Closed, the list it controls is not rendered.
    const list = () => container.querySelector(`#${CSS.escape(men.getAttribute('aria-controls')!)}`);
    expect(list()).toBeNull();
    expect(screen.queryByRole('button', { name: /^Bottoms/ })).toBeNull();
    // The way to the selected Tees is open; Gear has no sub-values and no button.
    expect(toggle('Women')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('Tops')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^Tees/ })).toBeVisible();
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-label') === 'Gear')).toHaveLength(0);
    fireEvent.click(men);
    expect(men).toHaveAttribute('aria-expanded', 'true');
    expect(list()).toBeVisible();
    expect(list()).toHaveClass('pkg-multi-level--level-2');
    expect(screen.getByRole('button', { name: /^Bottoms/ })).toBeVisible();
    // Men > Tops (level 2) starts closed too.
    expect(toggle('Tops', 0)).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(men);
    expect(list()).toBeNull();
  });

  it('[F4.17] the levels of openLevels start open; without openLevels every level shows and no value has a button', () => {
    // Another option than the test above's (the shopper's open values are kept for the page, by option).
    const { unmount } = render(<FilterOptionBlock option={tagOption({ id: 'pf_t_dept', openLevels: [1] })} labels={labels} actions={actions} />);
    expect(toggle('Men')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('Tops', 0)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /^Jackets/ })).toBeNull();
    unmount();
    render(<FilterOptionBlock option={tagOption({})} labels={labels} actions={actions} />);
    expect(document.querySelectorAll('[aria-expanded]')).toHaveLength(1); // the option's own title
    expect(screen.getByRole('button', { name: /^Jackets/ })).toBeVisible();
  });

  it('[F4.17] keeps the values the shopper opened and closed when the option remounts (a new answer, the mobile tree reopened), for the page, as v1', () => {
    const opt = tagOption({ id: 'pf_t_remount', openLevels: [] });
    const first = render(<FilterOptionBlock option={opt} labels={labels} actions={actions} />);
    fireEvent.click(toggle('Men'));
    fireEvent.click(toggle('Women'));
    expect([toggle('Men'), toggle('Women')].map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false']);
    first.unmount();
    render(<FilterOptionBlock option={opt} labels={labels} actions={actions} />);
    // Men stays open and Women (the way to the selected Tees) stays closed: the shopper's choice, not the defaults.
    expect([toggle('Men'), toggle('Women')].map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false']);
    expect(screen.getByRole('button', { name: /^Bottoms/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Tees/ })).toBeNull();
  });

  it('[F4.17] in a long (virtual) tree, Right opens a closed value and Left closes an open one before moving; the button opens it by pointer', () => {
    const many: FilterItem[] = Array.from({ length: 60 }, (_, c) => ({ ...leaf(`c${c}`, `Col ${c}`, 1), children: [leaf(`c${c}>a`, `Col ${c} a`, 2)] }));
    render(<FilterOptionBlock option={tagOption({ items: many, openLevels: [1] })} labels={labels} actions={actions} />);
    const entry = screen.getByRole('button', { name: /^Col 0 ?\(/ });
    entry.focus();
    fireEvent.keyDown(entry, { key: 'ArrowLeft' });
    expect(toggle('Col 0')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /^Col 0 a/ })).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(toggle('Col 0')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveTextContent('Col 0 a');
    fireEvent.click(toggle('Col 0'));
    expect(screen.queryByRole('button', { name: /^Col 0 a/ })).toBeNull();
  });
});
