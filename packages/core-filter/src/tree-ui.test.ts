import { describe, expect, it } from 'vitest';
import { afterClear, closeAll, createTreeUiState, scrollLoadMore, toggleOption, toggleViewMore, visibleItemCount } from './tree-ui';
import { createSettings } from './create-settings';

const v = createSettings();
const h = createSettings({ filter: { filterLayout: 'horizontal' } });
const opts = [
  { id: 'a', collapsed: { pc: true, mobile: false } },
  { id: 'b', collapsed: { pc: false, mobile: true } },
];
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `${i}`, label: `${i}`, docCount: 1, selected: false, disabled: false }));

describe('tree UI state', () => {
  it('[F4.11] horizontal options start collapsed, only one stays open, a click outside closes all', () => {
    let s = createTreeUiState(h, opts, false);
    expect(s.open).toEqual([]);
    s = toggleOption(h, s, 'a');
    s = toggleOption(h, s, 'b');
    expect(s.open).toEqual(['b']);
    expect(closeAll(s).open).toEqual([]);
  });

  it('[F4.12] vertical options start per the PC/mobile collapse flags, or the remembered state with keep-toggle-state; toggling flips', () => {
    expect(createTreeUiState(v, opts, false).open).toEqual(['b']);
    expect(createTreeUiState(v, opts, true).open).toEqual(['a']);
    const keep = createSettings({ filter: { keepTabOpenState: true } });
    expect(createTreeUiState(keep, opts, false, ['a']).open).toEqual(['a']);
    const s = toggleOption(v, createTreeUiState(v, opts, false), 'a');
    expect(s.open).toEqual(['b', 'a']);
    expect(toggleOption(v, s, 'a').open).toEqual(['b']);
  });

  it('[F4.21] after a clear the open options go back to how the tree starts, or stay as they were with keep-toggle-state', () => {
    const toggled = toggleViewMore(toggleOption(v, toggleOption(v, createTreeUiState(v, opts, false), 'a'), 'b'), 'a');
    expect(toggled.open).toEqual(['a']);
    expect(afterClear(v, toggled, opts, false)).toEqual({ open: ['b'], expanded: ['a'] });
    const keep = createSettings({ filter: { keepTabOpenState: true } });
    expect(afterClear(keep, toggled, opts, false)).toBe(toggled);
    const hOpen = toggleOption(h, createTreeUiState(h, opts, false), 'a');
    expect(afterClear(h, hOpen, opts, false).open).toEqual([]);
    const hKeep = createSettings({ filter: { filterLayout: 'horizontal', keepTabOpenState: true } });
    expect(afterClear(hKeep, hOpen, opts, false).open).toEqual(['a']);
  });

  it('[F4.13] view more expands and collapses beyond the visible count, remembered per option', () => {
    const option = { id: 'a', items: items(12), viewMoreCount: 5, showMoreType: 'viewmore' as const };
    let s = createTreeUiState(v, opts, false);
    expect(visibleItemCount(option, s, 0)).toBe(5);
    s = toggleViewMore(s, 'a');
    expect(visibleItemCount(option, s, 0)).toBe(12);
    expect(visibleItemCount({ ...option, id: 'b' }, s, 0)).toBe(5);
    expect(visibleItemCount(option, toggleViewMore(s, 'a'), 0)).toBe(5);
  });

  it('[F4.14] long lists load the rest on scrolling to the bottom; scroll-load is off while searching', () => {
    const option = { id: 'a', items: items(100), viewMoreCount: 5, showMoreType: 'scrollbar' as const };
    const s = createTreeUiState(v, opts, false);
    expect(visibleItemCount(option, s, 30)).toBe(30);
    expect(scrollLoadMore(100, 30)).toBe(100);
    expect(scrollLoadMore(100, 30, 'red')).toBe(30);
    expect(scrollLoadMore(10_000, 24, '', 200)).toBe(224);
    expect(scrollLoadMore(230, 224, '', 200)).toBe(230);
    expect(visibleItemCount(option, s, 30, 'red')).toBe(100);
  });

  it('[F3.6] showMoreType none shows every value at once: no view more cap, no scroll-load', () => {
    const option = { id: 'a', items: items(100), viewMoreCount: 5, showMoreType: 'none' as const };
    const s = createTreeUiState(v, opts, false);
    expect(visibleItemCount(option, s, 24)).toBe(100);
  });
});
