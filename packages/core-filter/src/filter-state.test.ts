import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFilterOption, type FilterOption } from './filter-option';
import {
  clearFilters,
  collectionTagParam,
  createFilterState,
  defaultSort,
  isClearAllVisible,
  isInstantCommit,
  normalizeLimit,
  normalizePage,
  readRangeInputs,
  requestPaging,
  selectCollection,
  selectCollectionTag,
  selectValue,
  setDisplay,
  setInCollectionSearch,
  setLimit,
  setPage,
  setRange,
  setSort,
  sortChoices,
  tagMode,
} from './filter-state';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';

const settings = createSettings({ general: { default_sort_by: 'manual', collection_id: 7 } });
const coll = getPageContext(settings, '/collections/shirts');
const search = getPageContext(settings, '/search', '?q=hat');
const base = () => ({ ...createFilterState(settings, coll), page: 3 });
const multi = { id: 'pf_t_color', selectType: 'multiple' as const, useAndCondition: false };
const single = { id: 'pf_t_color', selectType: 'single' as const, useAndCondition: false };

afterEach(() => vi.restoreAllMocks());

describe('filter state', () => {
  it('[S5.12] offers relevance only with a term, and no manual order on the search page', () => {
    const settings = createSettings();
    const search = getPageContext(settings, '/search', '?q=hat');
    const coll = getPageContext(settings, '/collections/all');
    expect(sortChoices(settings, coll, '')).not.toContain('relevance');
    expect(sortChoices(settings, coll, 'red')).toContain('relevance');
    expect(sortChoices(settings, search, 'hat')).toEqual(settings.filter.sortingList.filter((k) => k !== 'manual'));
  });

  it('offers the owner\'s extra sorts (extraSortingList) after the configured list, once each', () => {
    const settings = createSettings({ filter: { sortingList: ['manual', 'price-ascending'], extraSortingList: ['sale-descending', 'price-ascending', 'stock-descending'] } });
    expect(sortChoices(settings, getPageContext(settings, '/collections/all'), '')).toEqual(['manual', 'price-ascending', 'sale-descending', 'stock-descending']);
    expect(sortChoices(createSettings({ filter: { sortingList: ['manual'] } }), getPageContext(settings, '/collections/all'), '')).toEqual(['manual']);
  });

  it('[F5.1, S5.12] page defaults to 1, sort to the collection default (relevance on search), display to the configured default', () => {
    const s = createFilterState(settings, coll);
    expect([s.page, s.sort, s.display, s.limit]).toEqual([1, 'manual', 'grid', 16]);
    expect(createFilterState(settings, search).sort).toBe('relevance');
    expect(createFilterState(settings, search).q).toBe('hat');
    expect(defaultSort(createSettings(), coll)).toBe('best-selling');
  });

  it('[S5.6] page and limit must be numeric; otherwise page 1 and limit 24 (20 in load-more)', () => {
    expect(normalizePage('abc')).toBe(1);
    expect(normalizePage('4')).toBe(4);
    expect(normalizePage(-2)).toBe(1);
    expect(normalizeLimit('x')).toBe(24);
    expect(normalizeLimit(80)).toBe(24);
    expect(normalizeLimit('12')).toBe(12);
    const lm = createSettings({ filter: { paginationType: 'load_more' } });
    expect(createFilterState(lm, coll, { limit: 'x' as unknown as number }).limit).toBe(20);
  });

  it('[F4.8] single select replaces, choosing the selected value does nothing; multi select toggles', () => {
    const s1 = selectValue(base(), single, 'Red');
    expect(s1.filters.pf_t_color).toEqual(['Red']);
    expect(selectValue(s1, single, 'Red')).toBe(s1);
    expect(selectValue(s1, single, 'Blue').filters.pf_t_color).toEqual(['Blue']);
    const m1 = selectValue(selectValue(base(), multi, 'Red'), multi, 'Blue');
    expect(m1.filters.pf_t_color).toEqual(['Red', 'Blue']);
    expect(selectValue(m1, multi, 'Red').filters.pf_t_color).toEqual(['Blue']);
    expect(selectValue(selectValue(base(), multi, 'Red'), multi, 'Red').filters).toEqual({});
  });

  it('[F4.9] applying resets the page to 1 and never mutates the input', () => {
    const b = base();
    const copy = JSON.stringify(b);
    expect(selectValue(b, multi, 'Red').page).toBe(1);
    expect(JSON.stringify(b)).toBe(copy);
  });

  it('[F3.15] the AND condition travels as a flag of the option', () => {
    const s = selectValue(base(), { ...multi, useAndCondition: true }, 'Red');
    expect(s.flags).toEqual({ pf_t_color: { and_condition: true } });
    expect(selectValue(s, { ...multi, useAndCondition: true }, 'Red').flags).toEqual({});
  });

  it('[F4.7, F4.9, F4.21] instant for vertical layouts, single select, or requestInstantly; else the Apply button', () => {
    const h = createSettings({ filter: { filterLayout: 'horizontal' } });
    expect(isInstantCommit(settings, multi)).toBe(true);
    expect(isInstantCommit(h, multi)).toBe(false);
    expect(isInstantCommit(h, single)).toBe(true);
    expect(isInstantCommit(createSettings({ filter: { filterLayout: 'horizontal', requestInstantly: true } }), multi)).toBe(true);
  });

  it('[F5.5] typed range inputs: separators normalised, both numbers with min <= max, else revert; clamped', () => {
    const option = buildFilterOption({ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', values: { min: 0, max: 5000 } }, { settings, ctx: coll, selected: { pf_p_price: ['10:200'] } }) as FilterOption;
    expect(readRangeInputs(option, '1,234.50', '4.000')).toEqual({ ok: true, min: 1234.5, max: 4000 });
    expect(readRangeInputs(option, '', '100')).toEqual({ ok: false, min: 10, max: 200 });
    expect(readRangeInputs(option, 'abc', '100')).toEqual({ ok: false, min: 10, max: 200 });
    expect(readRangeInputs(option, '300', '100')).toEqual({ ok: false, min: 10, max: 200 });
    expect(readRangeInputs(option, '-5', '99999')).toEqual({ ok: true, min: 0, max: 5000 });
    expect(readRangeInputs(option, '50', '50', true)).toEqual({ ok: false, min: 10, max: 200 });
    expect(readRangeInputs({}, '1', '2').ok).toBe(false);
  });

  it('[F4.18] a slider range sets min:max; the full range clears the option', () => {
    const option = { id: 'pf_p_price', range: { min: 0, max: 100, step: 1, sliderRange: 4, delimiter: '-', hideTextBoxes: false, current: [0, 100] as const } };
    expect(setRange(base(), option, 10, 50).filters.pf_p_price).toEqual(['10:50']);
    expect(setRange(setRange(base(), option, 10, 50), option, 0, 100).filters).toEqual({});
  });

  it('[F4.10, F4.15] a collection item sets the scope, clears tag params and resets the page', () => {
    const ctx = getPageContext(settings, '/search', '?q=x');
    const s0 = { ...createFilterState(settings, ctx), page: 4, filters: { pf_ct_collection: ['Trail'], pf_t_color: ['Red'] } };
    const s1 = selectCollection(settings, ctx, s0, { id: 'pf_c_collection' }, { key: '12' });
    expect(s1.collectionScope).toBe('12');
    expect(s1.filters).toEqual({ pf_t_color: ['Red'] });
    expect(s1.page).toBe(1);
    expect(selectCollection(settings, ctx, s1, { id: 'pf_c_collection' }, { key: '12' }).collectionScope).toBe('');
    expect(selectCollection(settings, coll, base(), { id: 'pf_c_collection' }, { key: '9' }).collectionScope).toBe('9');
  });

  it('[F4.16, F2.12] a second-level tag toggles in multi select and replaces in single select', () => {
    const m = selectCollectionTag(settings, selectCollectionTag(settings, base(), { id: 'pf_c_collection', selectType: 'multiple' }, 'Trail'), { id: 'pf_c_collection', selectType: 'multiple' }, 'Road');
    expect(m.filters.pf_ct_collection).toEqual(['Trail', 'Road']);
    expect(selectCollectionTag(settings, m, { id: 'pf_c_collection', selectType: 'multiple' }, 'Trail').filters.pf_ct_collection).toEqual(['Road']);
    const s = selectCollectionTag(settings, m, { id: 'pf_c_collection', selectType: 'single' }, 'Hill', '5');
    expect(s.filters.pf_ct_collection).toEqual(['Hill']);
    expect(s.collectionScope).toBe('5');
    expect(collectionTagParam(settings, 'pf_c_collection')).toBe('pf_ct_collection');
    // A multi-level tag option keeps its tags as its own values.
    expect(collectionTagParam(settings, 'pf_t_category')).toBe('pf_t_category');
    expect(selectCollectionTag(settings, m, { id: 'pf_t_category', selectType: 'multiple' }, 'Gear').filters).toMatchObject({ pf_t_category: ['Gear'] });
  });

  it('[F5.2] tag mode is 2 for multi select, else 1', () => {
    expect(tagMode({ selectType: 'multiple' })).toBe(2);
    expect(tagMode({ selectType: 'single' })).toBe(1);
  });

  it('[F4.19] clear value, option and all remove params and reset the page', () => {
    const s = { ...base(), filters: { pf_t_color: ['Red', 'Blue'], pf_t_size: ['M'] }, flags: { pf_t_color: { and_condition: true as const } } };
    expect(clearFilters(settings, s, 'value', 'pf_t_color', 'Red').filters).toEqual({ pf_t_color: ['Blue'], pf_t_size: ['M'] });
    const opt = clearFilters(settings, s, 'option', 'pf_t_color');
    expect(opt.filters).toEqual({ pf_t_size: ['M'] });
    expect(opt.flags).toEqual({});
    expect(opt.page).toBe(1);
    const all = clearFilters(settings, { ...s, collectionScope: '4' }, 'all');
    expect([all.filters, all.collectionScope, all.page]).toEqual([{}, '', 1]);
  });

  it('[F8.11, S8.13] a wrong clear type warns "Wrong filter clear type" and changes nothing', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = base();
    expect(clearFilters(settings, s, 'everything')).toBe(s);
    expect(spy).toHaveBeenCalledWith('[@pkg/core-filter] Wrong filter clear type', 'everything');
  });

  it('[F4.20] clear-all shows when a prefixed param is set, ignoring collection params equal to 0 off collection pages', () => {
    const off = getPageContext(settings, '/search');
    const s = createFilterState(settings, off);
    expect(isClearAllVisible(settings, off, s)).toBe(false);
    expect(isClearAllVisible(settings, off, { ...s, filters: { pf_c_collection: ['0'] } })).toBe(false);
    expect(isClearAllVisible(settings, coll, { ...s, filters: { pf_c_collection: ['0'] } })).toBe(true);
    expect(isClearAllVisible(settings, off, { ...s, filters: { pf_t_color: ['Red'] } })).toBe(true);
    expect(isClearAllVisible(settings, off, { ...s, filters: { other: ['x'] } })).toBe(false);
  });

  it('[S4.16] changing sort or limit resets the page to 1', () => {
    expect(setSort(base(), 'price-ascending')).toMatchObject({ sort: 'price-ascending', page: 1 });
    expect(setLimit(base(), 12)).toMatchObject({ limit: 12, page: 1 });
    expect(setLimit(base(), 0).limit).toBe(24);
    expect(setPage(base(), '7').page).toBe(7);
    expect(setDisplay(base(), 'list').display).toBe('list');
    expect(setDisplay(base(), 'table').display).toBe('grid');
  });

  it('[S4.16, S5.7] in-collection search: trimmed, lowercased, page 1; bad terms clear it', () => {
    expect(setInCollectionSearch(base(), '  Red <b>Shirt</b> ')).toMatchObject({ q: 'red shirt', page: 1 });
    expect(setInCollectionSearch(base(), 'x onload=alert(1)').q).toBe('');
  });

  it('[F5.1, S5.6] non-default pagination requests limit x page from page 1', () => {
    const lm = createSettings({ filter: { paginationType: 'load_more', limit: 12 } });
    expect(requestPaging(lm, { ...createFilterState(lm, coll), page: 3 })).toEqual({ page: 1, limit: 36 });
    expect(requestPaging(lm, { ...createFilterState(lm, coll), page: 3 }, false)).toEqual({ page: 3, limit: 12 });
    expect(requestPaging(settings, { ...createFilterState(settings, coll), page: 3 })).toEqual({ page: 3, limit: 16 });
  });
});
