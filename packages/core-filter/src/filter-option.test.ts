import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFilterOption, buildFilterOptions, createOptionsBuilder, decodeRange, encodeRange, rangeModel, searchOptionItems, sortItems, swatchImageUrl, viewMoreCount, type FilterOption, type OptionModelInput } from './filter-option';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';
import type { SettingsInput } from './settings';

const settings = createSettings({ general: { file_url: '//cdn.example/s/files/1/files/?v=123' } });
const input = (extra: Partial<OptionModelInput> = {}, path = '/collections/all'): OptionModelInput => ({ settings, ctx: getPageContext(settings, path), ...extra });
const build = (raw: Record<string, unknown>, extra: Partial<OptionModelInput> = {}, path?: string): FilterOption => {
  const o = buildFilterOption({ filterOptionId: 'pf_t_color', filterType: 'tag', displayType: 'list', label: 'Color', ...raw }, input(extra, path));
  if (!o) throw new Error('skipped');
  return o;
};
const terms = [
  { key: 'Red', doc_count: 3 },
  { key: 'blue', doc_count: 10 },
  { key: 'Green', doc_count: 0 },
];

afterEach(() => vi.restoreAllMocks());

describe('filter option model', () => {
  it('[F3.1, F3.9] reads the option fields and list values', () => {
    const o = build({ values: terms, position: 2, tooltip: '<b>Pick</b> one', isCollapsePC: true, showSearchBoxFilterMobile: true });
    expect(o.id).toBe('pf_t_color');
    expect(o.position).toBe(2);
    expect(o.tooltip).toBe('Pick one');
    expect(o.collapsed).toEqual({ pc: true, mobile: false });
    expect(o.showSearchBox).toEqual({ pc: false, mobile: true, byDefault: false });
    expect(o.items.map((i) => [i.key, i.docCount])).toEqual([['blue', 10], ['Green', 0], ['Red', 3]]);
  });

  it('[F3.2, F3.3, F3.5] knows every filter type and display type; a disabled status hides the option', () => {
    for (const filterType of ['collection', 'vendor', 'product_type', 'title', 'tag', 'location', 'stock']) {
      expect(build({ filterType, values: [{ key: 'in-stock', doc_count: 1 }] }).filterType).toBe(filterType);
    }
    for (const displayType of ['list', 'box', 'swatch']) expect(build({ displayType, values: terms }).displayType).toBe(displayType);
    const off = build({ status: 'disabled', values: terms });
    expect(off.active).toBe(false);
    expect(off.visible).toBe(false);
  });

  it('[F3.4, F3.6, F3.8] select type, show-more type (default scrollbar) and display columns', () => {
    const o = build({ values: terms, selectType: 'single', showMoreType: 'viewmore', displayColumn: 'style2' });
    expect(o.selectType).toBe('single');
    expect(o.showMoreType).toBe('viewmore');
    expect(o.columns).toBe(2);
    const d = build({ values: terms, showMoreType: 'bogus', displayColumn: 'style3' });
    expect(d.showMoreType).toBe('scrollbar');
    expect(d.columns).toBe(3);
    expect(build({ values: terms }).columns).toBe(1);
    expect(build({ values: terms }).selectType).toBe('multiple');
  });

  it('[F3.7] sorts values: natural key ascending by default, key-desc, doc_count asc and desc', () => {
    const v = [{ key: 'Size 10', doc_count: 1 }, { key: 'Size 9', doc_count: 5 }, { key: 'Size 100', doc_count: 3 }];
    expect(build({ values: v }).items.map((i) => i.key)).toEqual(['Size 9', 'Size 10', 'Size 100']);
    expect(build({ values: v, sortType: 'key-desc' }).items.map((i) => i.key)).toEqual(['Size 100', 'Size 10', 'Size 9']);
    expect(build({ values: v, sortType: 'doc_count-asc' }).items.map((i) => i.docCount)).toEqual([1, 3, 5]);
    expect(build({ values: v, sortType: 'doc_count-desc' }).items.map((i) => i.docCount)).toEqual([5, 3, 1]);
    expect(sortItems([{ label: 'b', docCount: 1 }, { label: 'A', docCount: 1 }], undefined).map((i) => i.label)).toEqual(['A', 'b']);
  });

  it('[F3.7] sorting any list gives a sorted list, leaves an already sorted one as it is, and never changes the input', () => {
    const item = fc.record({ label: fc.constantFrom('a', 'B', 'b', 'Size 9', 'Size 10', 'size 10', '2', '10', 'é', 'e'), docCount: fc.integer({ min: 0, max: 5 }) });
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.constantFrom(undefined, 'key-desc', 'doc_count-asc', 'doc_count-desc'), (items, sortType) => {
        const copy = items.map((i) => ({ ...i }));
        const once = sortItems(items, sortType);
        expect(items).toEqual(copy);
        expect(sortItems(once, sortType)).toEqual(once); // already sorted: the fast path
        const cmp = (a: { label: string; docCount: number }, b: { label: string; docCount: number }) =>
          sortType === 'key-desc' ? collator.compare(b.label, a.label) : sortType === 'doc_count-asc' ? a.docCount - b.docCount || collator.compare(a.label, b.label) : sortType === 'doc_count-desc' ? b.docCount - a.docCount || collator.compare(a.label, b.label) : collator.compare(a.label, b.label);
        for (let i = 1; i < once.length; i++) expect(cmp(once[i - 1]!, once[i]!)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('[F4.6] items with doc_count 0 are disabled; selected items are marked', () => {
    const o = build({ values: terms }, { selected: { pf_t_color: ['red'] } });
    expect(o.items.find((i) => i.key === 'Green')?.disabled).toBe(true);
    expect(o.items.find((i) => i.key === 'Red')?.selected).toBe(true);
    expect(o.selectedValues).toEqual(['red']);
  });

  it('[F4.6] static collection values, the all collection and range types stay enabled at 0', () => {
    const coll = (raw: Record<string, unknown>) => build({ filterOptionId: 'pf_c_collection', filterType: 'collection', values: [{ key: '11', label: 'Hats', handle: 'hats', doc_count: 0 }, { key: '0', label: 'All', handle: 'all', doc_count: 0 }], ...raw });
    expect(coll({}).items.map((i) => i.disabled)).toEqual([true, false]);
    expect(coll({ keepValuesStatic: true }).items.map((i) => i.disabled)).toEqual([false, false]);
    const r = build({ filterOptionId: 'pf_w_weight', filterType: 'weight', displayType: 'range', values: { min: 0, max: 10 } });
    expect(r.disabled).toBe(false);
  });

  it('[F4.1] a range option is disabled when min equals max or with fewer than 2 distinct values', () => {
    expect(build({ displayType: 'range', filterType: 'price', values: { min: 5, max: 5 } }).disabled).toBe(true);
    expect(build({ displayType: 'range', filterType: 'price', values: { min: 5, max: 50 } }).disabled).toBe(false);
    const adv = createSettings({ filter: { advancedRangeSliderOptions: ['pf_opt_size'] } });
    const one = buildFilterOption({ filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'list', values: [{ key: '42', doc_count: 1 }] }, { settings: adv, ctx: getPageContext(adv, '/') });
    expect(one?.disabled).toBe(true);
  });

  it('[F4.2] shown only when active with >= 1 item, or >= 2 when show-single-option is off', () => {
    const single = [{ key: 'Red', doc_count: 1 }];
    expect(build({ values: single }).visible).toBe(true);
    const off = createSettings({ filter: { showSingleOption: false } });
    const raw = { filterOptionId: 'pf_t_c', filterType: 'tag', displayType: 'list', values: single };
    expect(buildFilterOption(raw, { settings: off, ctx: getPageContext(off, '/') })?.visible).toBe(false);
    expect(buildFilterOption({ ...raw, values: terms }, { settings: off, ctx: getPageContext(off, '/') })?.visible).toBe(true);
  });

  it('[F4.3] an option with empty values and empty manual values is skipped; only active options are shown', () => {
    expect(buildFilterOption({ filterOptionId: 'pf_t_x', filterType: 'tag', displayType: 'list', values: [], manualValues: [] }, input())).toBeNull();
    const list = buildFilterOptions([{ filterOptionId: 'a', filterType: 'tag', displayType: 'list', values: [] }, { filterOptionId: 'b', filterType: 'tag', displayType: 'list', values: terms, status: 'disabled' }], input());
    expect(list.map((o) => [o.id, o.visible])).toEqual([['b', false]]);
  });

  it('[F4.4] vendor options are disabled on vendor pages, type options on type pages, sub-category always', () => {
    const v = (path: string) => build({ filterOptionId: 'pf_v_vendor', filterType: 'vendor', values: terms }, {}, path);
    expect(v('/collections/vendors').disabled).toBe(true);
    expect(v('/collections/all').disabled).toBe(false);
    expect(build({ filterOptionId: 'pf_pt_type', filterType: 'product_type', values: terms }, {}, '/collections/types').disabled).toBe(true);
    expect(build({ filterType: 'collection', displayType: 'sub_category', values: [{ key: '1', label: 'A', handle: 'a', doc_count: 2 }] }).disabled).toBe(true);
  });

  it('[F4.5] options in the advanced range-slider setting with multiple select become ranges', () => {
    const s = createSettings({ filter: { advancedRangeSliderOptions: ['pf_opt_size'] } });
    const raw = { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'list', values: [{ key: '38', doc_count: 1 }, { key: '44.5', doc_count: 2 }] };
    const o = buildFilterOption(raw, { settings: s, ctx: getPageContext(s, '/') });
    expect(o?.displayType).toBe('range');
    expect(o?.range).toMatchObject({ min: 38, max: 44.5 });
    expect(buildFilterOption({ ...raw, selectType: 'single' }, { settings: s, ctx: getPageContext(s, '/') })?.displayType).toBe('list');
  });

  it('[F5.6] slider step falls back to 1; slider range to 4, or 1 if spread < 2 x step; bounds rounded to 2 decimals', () => {
    const r = (values: unknown, extra: Record<string, unknown> = {}) => build({ filterType: 'price', displayType: 'range', values, ...extra }).range;
    expect(r({ min: 1.234, max: 99.991 })).toMatchObject({ min: 1.23, max: 100, step: 1, sliderRange: 4 });
    expect(r({ min: 0, max: 50 }, { sliderStep: 'abc' })?.step).toBe(1);
    expect(r({ min: 0, max: 50 }, { sliderStep: 80 })?.step).toBe(1);
    expect(r({ min: 0, max: 50 }, { sliderStep: '5', sliderRange: 'x' })).toMatchObject({ step: 5, sliderRange: 4 });
    expect(r({ min: 0, max: 50 }, { sliderStep: 5, sliderRange: 6 })?.sliderRange).toBe(6);
    expect(r({ min: 0, max: 9 }, { sliderStep: 5 })?.sliderRange).toBe(1);
    expect(rangeModel(-1.005, 2.001, {}, undefined)).toMatchObject({ min: -1.01, max: 2.01 });
    // Bounds already in whole cents stay as they are (binary floats once made 19.99 a 19.98).
    for (const [lo, hi] of [[19.99, 19.99], [1.15, 4.35], [0.29, 0.57], [1099.99, 2000.01]] as const) expect(rangeModel(lo, hi, {}, undefined)).toMatchObject({ min: lo, max: hi });
  });

  it('takes a hostile answer\'s slider as a usable one: a scale of at most 50 parts, bounds within ±10^15', () => {
    const r = (values: unknown, extra: Record<string, unknown> = {}) => build({ filterType: 'price', displayType: 'range', values, ...extra }).range;
    expect(r({ min: 0, max: 2e6 }, { sliderRange: 1e6 })?.sliderRange).toBe(50);
    expect(r({ min: -1e308, max: 1.7976931348623157e308 })).toMatchObject({ min: -1e15, max: 1e15, current: [-1e15, 1e15] });
    expect(rangeModel(3, 3.0000000000000004, {}, undefined)).toMatchObject({ min: 3, max: 3, sliderRange: 1 });
  });

  it('roundPriceSlider runs a price slider between whole units (min down, max up); other ranges and the default keep their cents', () => {
    const s = createSettings({ filter: { roundPriceSlider: true } });
    const r = (raw: Record<string, unknown>, st = s) => buildFilterOption({ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', ...raw }, { settings: st, ctx: getPageContext(st, '/') })?.range;
    expect(r({ values: { min: 12.5, max: 99.2 } })).toMatchObject({ min: 12, max: 100, current: [12, 100] });
    expect(r({ filterType: 'variants_price', values: [{ key: '3.75', doc_count: 1 }, { key: '8.01', doc_count: 1 }] })).toMatchObject({ min: 3, max: 9 });
    expect(r({ filterType: 'weight', values: { min: 12.5, max: 99.2 } })).toMatchObject({ min: 12.5, max: 99.2 });
    expect(r({ values: { min: 12.5, max: 99.2 } }, settings)).toMatchObject({ min: 12.5, max: 99.2 });
  });

  it('[F4.1] oneValueRangeSlider keeps a range with one value shown; by default it is taken out, and an empty one always is', () => {
    const one = createSettings({ filter: { oneValueRangeSlider: true } });
    const active = (values: unknown, st = one) => buildFilterOption({ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', values }, { settings: st, ctx: getPageContext(st, '/') })?.active;
    expect(active({ min: 10, max: 10 })).toBe(true);
    expect(active([{ key: '7', doc_count: 2 }])).toBe(true);
    expect(active([])).toBeFalsy();
    expect(active({ min: 10, max: 10 }, settings)).toBe(false);
    expect(active({ min: 10, max: 20 }, settings)).toBe(true);
  });

  it('[F3.1, F5.4] the owner\'s search-box defaults give options of more than one value a search box per device, as their own flag does; never price, sale, stock, range or multi-level options', () => {
    const on = createSettings({ filter: { searchBoxOnPC: true } });
    const box = (raw: Record<string, unknown>, st = on) => buildFilterOption({ filterOptionId: 'pf_t_color', filterType: 'tag', displayType: 'list', label: 'Color', values: terms, ...raw }, { settings: st, ctx: getPageContext(st, '/') })?.showSearchBox;
    // `byDefault`: neither of the option's own flags is on (a horizontal tree then shows no box, as v1).
    expect(box({})).toEqual({ pc: true, mobile: false, byDefault: true });
    expect(box({}, createSettings({ filter: { searchBoxOnMobile: true } }))).toEqual({ pc: false, mobile: true, byDefault: true });
    expect(box({}, settings)).toEqual({ pc: false, mobile: false, byDefault: true });
    expect(box({ values: [{ key: 'Red', doc_count: 1 }] })).toEqual({ pc: false, mobile: false, byDefault: true });
    expect(box({ filterType: 'stock', filterOptionId: 'pf_st_stock', values: [{ key: 'in-stock', doc_count: 1 }, { key: 'out-of-stock', doc_count: 2 }] })).toEqual({ pc: false, mobile: false, byDefault: true });
    expect(box({ filterType: 'price', filterOptionId: 'pf_p_price', displayType: 'range', values: { min: 1, max: 9 } })).toEqual({ pc: false, mobile: false, byDefault: true });
    expect(box({ filterType: 'multi_level_tag', displayType: 'multi_level_tag', values: [{ tag: 'a', doc_count: 1 }, { tag: 'b', doc_count: 1 }] })).toEqual({ pc: false, mobile: false, byDefault: true });
    // The option's own flag still counts on its own.
    expect(box({ showSearchBoxFilterMobile: true })).toEqual({ pc: true, mobile: true, byDefault: false });
  });

  it('[F4.16] multiLevelCollectionSelect decides how a multi-level collection option\'s tags are chosen; absent, the option\'s own select type', () => {
    const raw = { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', label: 'Collection', selectType: 'multiple', values: [{ key: '1', label: 'Bags', handle: 'bags', doc_count: 3, tags: ['Totes'] }] };
    const type = (st = settings) => buildFilterOption(raw, { settings: st, ctx: getPageContext(st, '/') })?.selectType;
    expect(type()).toBe('multiple');
    expect(type(createSettings({ filter: { multiLevelCollectionSelect: 'single' } }))).toBe('single');
    // Other options keep their own.
    expect(build({ values: terms, selectType: 'multiple' }, { settings: createSettings({ filter: { multiLevelCollectionSelect: 'single' } }) }).selectType).toBe('multiple');
  });

  it('showUnavailableSelection keeps a selected value the answer no longer lists, checked and unavailable; off, only the listed values show', () => {
    const selected = { pf_t_color: ['Purple', 'Red'] };
    const keep = createSettings({ filter: { showUnavailableSelection: true } });
    const kept = build({ values: terms }, { settings: keep, ctx: getPageContext(keep, '/collections/all'), selected });
    expect(kept.items.map((i) => [i.key, i.selected, i.disabled])).toEqual([['blue', false, false], ['Green', false, true], ['Red', true, false], ['Purple', true, true]]);
    expect(build({ values: terms }, { selected }).items.map((i) => i.key)).toEqual(['blue', 'Green', 'Red']);
  });

  it('[F4.17] multiLevelToggle gives multi-level options the levels that start open (multiLevelOpen); off or on other options, none', () => {
    const on = createSettings({ filter: { multiLevelToggle: true, multiLevelOpen: [1] } });
    const ml = (raw: Record<string, unknown>, st = on) => buildFilterOption({ filterOptionId: 'pf_t_category', filterType: 'multi_level_tag', displayType: 'multi_level_tag', label: 'Category', values: [{ tag: 'Men', doc_count: 1, subTags: [{ tag: 'Men>Tops', doc_count: 1 }] }], ...raw }, { settings: st, ctx: getPageContext(st, '/') });
    expect(ml({})?.openLevels).toEqual([1]);
    expect(ml({}, settings)?.openLevels).toBeUndefined();
    expect(ml({ filterType: 'tag', displayType: 'list', values: terms })?.openLevels).toBeUndefined();
  });

  it('rangeSlidersSingleHandle gives the named number ranges one handle (at the chosen value, the minimum when none; chip one value)', () => {
    const st = createSettings({ filter: { rangeSlidersSingleHandle: ['pf_p_rating', 'pf_opt_size'], advancedRangeSliderOptions: ['pf_opt_size'] } });
    const o = (raw: Record<string, unknown>, selected: Record<string, string[]> = {}, s = st) => buildFilterOption({ displayType: 'range', ...raw }, { settings: s, ctx: getPageContext(s, '/'), selected, formatPrice: (n) => `$${n}` });
    const rating = o({ filterOptionId: 'pf_p_rating', filterType: 'review_ratings', label: 'Rating', values: { min: 1, max: 5 } }, { pf_p_rating: ['3:3'] });
    expect(rating?.range).toMatchObject({ single: true, current: [3, 3] });
    expect(rating?.chips).toEqual([{ value: '3:3', text: '3' }]);
    // Nothing chosen: the handle at the minimum. A price range's chip shows one amount.
    expect(o({ filterOptionId: 'pf_p_rating', filterType: 'price', label: 'Price', values: { min: 10, max: 90 } }, { pf_p_rating: ['40:40'] })?.chips).toEqual([{ value: '40:40', text: '$40' }]);
    expect(o({ filterOptionId: 'pf_p_rating', filterType: 'price', label: 'Price', values: { min: 10, max: 90 } })?.range).toMatchObject({ single: true, current: [10, 90] });
    // Another option keeps two handles; a text range (F4.5) named in the list too (v1: number ranges only).
    expect(o({ filterOptionId: 'pf_p_price', filterType: 'price', label: 'Price', values: { min: 10, max: 90 } })?.range?.single).toBeUndefined();
    expect(o({ filterOptionId: 'pf_opt_size', filterType: 'opt_size', label: 'Size', selectType: 'multiple', values: [{ key: 'S' }, { key: 'M' }, { key: 'L' }] })?.range?.single).toBeUndefined();
    // By default: two handles.
    expect(o({ filterOptionId: 'pf_p_rating', filterType: 'review_ratings', label: 'Rating', values: { min: 1, max: 5 } }, {}, settings)?.range?.single).toBeUndefined();
  });

  it('[F3.10] range values are min:max and the current range is read from them, clamped', () => {
    expect(encodeRange(10, null)).toBe('10:');
    expect(decodeRange(':100')).toEqual([null, 100]);
    const o = build({ filterType: 'price', displayType: 'range', values: { min: 0, max: 100 } }, { selected: { pf_t_color: ['20:500'] } });
    expect(o.range?.current).toEqual([20, 100]);
  });

  it('[F3.10, F3.12] price buckets: keys from-to, *-to, from-* become from:to with labels', () => {
    const o = build({ filterOptionId: 'pf_p_price', filterType: 'price', values: [{ key: '*-10', doc_count: 1 }, { from: 10, to: 50, doc_count: 2 }, { key: '50-*', doc_count: 3 }] }, { formatPrice: (n) => `$${n}` });
    expect(o.items.map((i) => [i.key, i.label])).toEqual([[':10', 'under $10'], ['10:50', '$10 - $50'], ['50:', 'above $50']]);
  });

  it('[F3.12] percent-sale labels read from% - to%, or above/under', () => {
    const o = build({ filterOptionId: 'pf_ps_sale', filterType: 'percent_sale', values: [{ from: 10, to: 30, doc_count: 1 }, { from: 50, doc_count: 1 }, { to: 5, doc_count: 1 }] });
    expect(o.items.map((i) => [i.key, i.label])).toEqual([['10:30', '10% - 30%'], ['50:', 'above 50%'], [':5', 'under 5%']]);
  });

  it('[F3.12] stock key in-stock maps to true, anything else to false', () => {
    const o = build({ filterOptionId: 'pf_st_stock', filterType: 'stock', values: [{ key: 'in-stock', doc_count: 3 }, { key: 'out-of-stock', doc_count: 1 }] });
    expect(o.items.map((i) => [i.key, i.inStock, i.label])).toEqual([['in-stock', true, 'In stock'], ['out-of-stock', false, 'Out of stock']]);
  });

  it('[F5.9, F3.12] rating labels: ceil(from) star/stars with "and up" unless exact; the value is the integer bound', () => {
    const v = [{ from: 1, to: 2, doc_count: 1 }, { from: 3.5, to: 5, doc_count: 2 }];
    const o = build({ filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating', values: v });
    expect(o.items.map((i) => [i.key, i.label])).toEqual([['4', '4 stars and up'], ['1', '1 star and up']]);
    const exact = build({ filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating', values: v, showExactRating: true });
    expect(exact.items.map((i) => i.label)).toEqual(['4 stars', '1 star']);
  });

  it('[F3.11] swatches: settings override; otherwise an image URL from file_url, label and slugified value', () => {
    const s = createSettings({ general: { file_url: '//cdn.example/files/?v=9' }, swatches: { 'pfs-swatch-Red': { type: 'two_colors', colorCodes: '#f00, #900' } } });
    const o = buildFilterOption({ filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'swatch', label: 'Colour', prefix: 'c_', values: [{ key: 'Red', doc_count: 1 }, { key: 'c_Sky Blue', doc_count: 1 }] }, { settings: s, ctx: getPageContext(s, '/') });
    expect(o?.items[0]?.swatch).toEqual({ type: 'two_colors', colors: ['#f00', '#900'], imageUrl: '' });
    expect(o?.items[1]?.label).toBe('Sky Blue');
    expect(o?.items[1]?.swatch).toEqual({ type: 'image', colors: [], imageUrl: 'https://cdn.example/files/colour-sky-blue.png?v=9' });
    expect(swatchImageUrl(createSettings({ general: { file_url: '' } }), 'a', 'b')).toBe('');
  });

  it('[F4.17, F9.7, F3.9] multi-level tags keep 3 levels with level numbers', () => {
    const deep = [{ tag: 'a', doc_count: 1, subTags: [{ tag: 'a>b', displayName: 'B', doc_count: 1, subTags: [{ tag: 'a>b>c', displayName: 'C', doc_count: 1, subTags: [{ tag: 'a>b>c>d', doc_count: 1 }] }] }] }];
    const o = build({ filterOptionId: 'pf_t_mlt', filterType: 'multi_level_tag', displayType: 'multi_level_tag', values: deep }, { selected: { pf_t_mlt: ['a>b'] } });
    const l1 = o.items[0];
    const l2 = l1?.children?.[0];
    const l3 = l2?.children?.[0];
    expect([l1?.level, l2?.level, l3?.level]).toEqual([1, 2, 3]);
    expect(l2?.selected).toBe(true);
    expect(l3?.children).toEqual([]);
  });

  it('[F3.9] multi-level collections: level 1 collections with tag children and links on collection pages', () => {
    const o = build(
      { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', values: [{ key: '5', label: 'Shoes', handle: 'shoes', doc_count: 4, tags: ['Running', 'Trail'] }] },
      { selected: { pf_ct_collection: ['Trail'] } },
      '/collections/all',
    );
    const item = o.items[0];
    expect(item?.url).toBe('/collections/shoes');
    expect(item?.children?.map((c) => [c.key, c.level, c.url, c.selected])).toEqual([
      ['Running', 2, '/collections/shoes/running', false],
      ['Trail', 2, '/collections/shoes/trail', true],
    ]);
    // Tags are not counted by the service: they never carry the collection's count, and stay enabled.
    expect(item?.docCount).toBe(4);
    expect(item?.children?.map((c) => [c.docCount, c.disabled])).toEqual([
      [0, false],
      [0, false],
    ]);
    const off = build({ filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', values: [{ key: '5', label: 'Shoes', handle: 'shoes', doc_count: 4 }] }, {}, '/search');
    expect(off.items[0]?.url).toBe('#');
  });

  it('[F4.10] a collection item is selected by the collection scope', () => {
    const o = build({ filterOptionId: 'pf_c_collection', filterType: 'collection', values: [{ key: '5', label: 'Shoes', handle: 'shoes', doc_count: 4 }, { key: '6', label: 'Hats', handle: 'hats', doc_count: 1 }] }, { collectionScope: '6' }, '/search');
    expect(o.items.map((i) => i.selected)).toEqual([false, true]);
  });

  it('[F9.3, S9.7] view-more count: configured per display, 5 when missing or <= 1; horizontal x columns', () => {
    expect(viewMoreCount(settings, 'list', 1)).toBe(5);
    expect(viewMoreCount(settings, 'box', 1)).toBe(3);
    expect(viewMoreCount(settings, 'swatch', 1)).toBe(10);
    expect(viewMoreCount(createSettings({ filter: { startViewMore: { list: 1 } } }), 'list', 1)).toBe(5);
    const h = createSettings({ filter: { filterLayout: 'horizontal' } });
    expect(viewMoreCount(h, 'list', 2)).toBe(20);
    expect(viewMoreCount(h, 'box', 3)).toBe(60);
  });

  it('manual values (specific) keep only the listed values in their order; excluded values go; uppercase display', () => {
    const o = build({ values: terms, valueType: 'specific', manualValues: ['Red', 'blue'], sortManualValues: true });
    expect(o.items.map((i) => i.key)).toEqual(['Red', 'blue']);
    expect(build({ values: terms, excludedValues: ['green'] }).items.map((i) => i.key)).toEqual(['blue', 'Red']);
    expect(build({ values: terms, displayAllValuesInUppercaseForm: true }).items.map((i) => i.label)).toEqual(['BLUE', 'GREEN', 'RED']);
  });

  it('the owner\'s value capitals: force (each word), first letter (the value), plain (each word, other letters kept); the option\'s uppercase form wins', () => {
    const values = [{ key: 'HELLO wORLD', doc_count: 1 }, { key: 'product fILTER', doc_count: 1 }];
    const labels = (filter: NonNullable<SettingsInput['filter']>, raw: Record<string, unknown> = {}) => {
      const s = createSettings({ filter });
      return build({ values, ...raw }, { settings: s, ctx: getPageContext(s, '/collections/all') }).items.map((i) => i.label);
    };
    expect(labels({})).toEqual(['HELLO wORLD', 'product fILTER']);
    expect(labels({ forceCapitalizeFilterOptionValues: true })).toEqual(['Hello World', 'Product Filter']);
    expect(labels({ capitalizeFirstLetterFilterOptionValues: true })).toEqual(['Hello world', 'Product filter']);
    expect(labels({ capitalizeFilterOptionValues: true })).toEqual(['HELLO WORLD', 'Product FILTER']);
    expect(labels({ capitalizeFilterOptionValues: true, capitalizeFirstLetterFilterOptionValues: true })).toEqual(['Hello world', 'Product filter']);
    // force wins over first letter; the option's all-capitals form wins over both.
    expect(labels({ forceCapitalizeFilterOptionValues: true, capitalizeFirstLetterFilterOptionValues: true })).toEqual(['Hello World', 'Product Filter']);
    expect(labels({ forceCapitalizeFilterOptionValues: true }, { displayAllValuesInUppercaseForm: true })).toEqual(['HELLO WORLD', 'PRODUCT FILTER']);
    // Multi-level tags go through the same labels.
    const s = createSettings({ filter: { capitalizeFirstLetterFilterOptionValues: true } });
    const tree = build({ filterOptionId: 'pf_t_mlt', filterType: 'multi_level_tag', displayType: 'multi_level_tag', values: [{ tag: 'SHOES', displayName: 'SHOES', doc_count: 2, subTags: [{ tag: 'SHOES>RUNNING shoes', displayName: 'RUNNING shoes', doc_count: 1 }] }] }, { settings: s, ctx: getPageContext(s, '/collections/all') });
    expect([tree.items[0]?.label, tree.items[0]?.children?.[0]?.label]).toEqual(['Shoes', 'Running shoes']);
  });

  it('manual values (specific) keep the owner\'s order whatever the sort type, as real services send them', () => {
    const sizes = ['L', 'M', 'S', 'XL'].map((key) => ({ key, doc_count: 1 }));
    for (const sortType of ['key-asc', 'key-desc', 'doc_count-desc', undefined]) {
      const o = build({ filterOptionId: 'pf_opt_size', filterType: 'opt_size', values: sizes, valueType: 'specific', manualValues: ['S', 'M', 'L', 'XL'], sortManualValues: false, ...(sortType ? { sortType } : {}) });
      expect(o.items.map((i) => i.key)).toEqual(['S', 'M', 'L', 'XL']);
    }
  });

  it('[F3.1] sortManualValues with valueType all: every value, the manual ones first in the owner\'s order, the rest by the sort type', () => {
    const sizes = ['10 foot', '28', '6 foot', 'L', 'M', 'S', 'XL'].map((key) => ({ key, doc_count: 1 }));
    const o = build({ filterOptionId: 'pf_opt_size', filterType: 'opt_size', values: sizes, valueType: 'all', manualValues: ['S', 'M', 'L', 'XL'], sortManualValues: true, sortType: 'key-asc' });
    expect(o.items.map((i) => i.key)).toEqual(['S', 'M', 'L', 'XL', '6 foot', '10 foot', '28']);
    // Off: the sort type alone.
    const off = build({ filterOptionId: 'pf_opt_size', filterType: 'opt_size', values: sizes, valueType: 'all', manualValues: ['S', 'M', 'L', 'XL'], sortManualValues: false, sortType: 'key-asc' });
    expect(off.items.map((i) => i.key)).toEqual(['6 foot', '10 foot', '28', 'L', 'M', 'S', 'XL']);
  });

  it('[F4.5, F5.5] a text option in the advanced range-slider setting is a range over its values; a move selects the values between the handles, equal ends revert', async () => {
    const { setRange } = await import('./filter-state');
    const adv = createSettings({ filter: { advancedRangeSliderOptions: ['pf_opt_size'] } });
    const sizes = ['28', 'L', 'M', 'S'].map((key) => ({ key, doc_count: 1 }));
    const raw = { filterOptionId: 'pf_opt_size', filterType: 'opt_size', displayType: 'box', values: sizes, manualValues: ['S', 'M', 'L'], sortManualValues: true };
    const o = build(raw, { settings: adv });
    expect([o.visible, o.range?.text?.keys, o.range?.min, o.range?.max, o.range?.current]).toEqual([true, ['S', 'M', 'L', '28'], 0, 3, [0, 3]]);
    const state = { filters: {}, flags: {}, page: 3, limit: 24, sort: '', display: 'grid', q: '', tab: 'products', collectionScope: '' };
    expect(setRange(state, o, 1, 2).filters).toEqual({ pf_opt_size: ['M', 'L'] });
    expect(setRange(state, o, 2, 2)).toBe(state);
    // Selected values set the handles.
    expect(build(raw, { settings: adv, selected: { pf_opt_size: ['M', 'L'] } }).range?.current).toEqual([1, 2]);
    // Single select, or not in the setting: the values as a list.
    expect(build({ ...raw, selectType: 'single' }, { settings: adv }).range).toBeUndefined();
  });

  it('[F8.11] recognises variant-option filter types named after the option (opt_size, opt_color) without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const filterType of ['opt_size', 'opt_color', 'opt_material']) expect(build({ filterOptionId: `pf_${filterType}`, filterType, values: terms }).items).toHaveLength(3);
    expect(warn).not.toHaveBeenCalled();
    build({ filterType: 'opt_', values: terms });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('per-option count flags: showDocCount false or hideDocCount true (also as strings) hide the counts', () => {
    expect(build({ values: terms }).showCount).toBe(true);
    expect(build({ values: terms, showDocCount: false }).showCount).toBe(false);
    expect(build({ values: terms, showDocCount: 'false' }).showCount).toBe(false);
    expect(build({ values: terms, hideDocCount: 'true' }).showCount).toBe(false);
    expect(build({ values: terms, showDocCount: true, hideDocCount: false }).showCount).toBe(true);
  });

  it('an option whose values are kept static shows no counts, as the original\'s client libraries print none for it', () => {
    // Both libraries skip the count when `keepValuesStatic === true` (v2 bc-sf-filter-lib.js
    // 4.3.2 buildFilterOptionLabel in nkthota/preprodtheme assets/bc-sf-filter-lib.js; v1
    // buildCount in ohedali89/reeba assets/boost-pfs-core.js).
    expect(build({ values: terms, keepValuesStatic: true }).showCount).toBe(false);
    expect(build({ values: terms, keepValuesStatic: 'true' }).showCount).toBe(false);
    expect(build({ values: terms, keepValuesStatic: false }).showCount).toBe(true);
  });

  it('box values show no counts, as the original\'s libraries print none on a box; the owner\'s showFilterOptionCount decides for the other kinds', () => {
    // v2 buildFilterOptionLabel and v1 buildCount both skip the count when displayType is "box"
    // (nkthota/preprodtheme assets/bc-sf-filter-lib.js; ohedali89/reeba assets/boost-pfs-core.js).
    const off = createSettings({ filter: { showFilterOptionCount: false } });
    expect(build({ displayType: 'box', values: terms })).toMatchObject({ kind: 'box', showCount: false });
    expect(build({ displayType: 'box', values: terms }, { settings: off }).showCount).toBe(false);
    for (const displayType of ['list', 'swatch']) {
      expect(build({ displayType, values: terms }).showCount).toBe(true);
      expect(build({ displayType, values: terms }, { settings: off }).showCount).toBe(false);
    }
  });

  it('refine-by chips: a value\'s label, a range as both bounds (money for prices) joined by the delimiter', () => {
    expect(build({ values: terms }, { selected: { pf_t_color: ['blue', 'gone'] } }).chips).toEqual([{ value: 'blue', text: 'blue' }, { value: 'gone', text: 'gone' }]);
    const price = build({ filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', sliderDelimiter: ' to ', values: { min: 0, max: 100 } }, { selected: { pf_p_price: ['20:'] }, formatPrice: (n) => `$${n}` });
    expect(price.chips).toEqual([{ value: '20:', text: '$20 to $100' }]);
    const weight = build({ filterOptionId: 'pf_w_weight', filterType: 'weight', displayType: 'range', values: { min: 1, max: 9 } }, { selected: { pf_w_weight: ['2:3'] }, formatPrice: (n) => `$${n}` });
    expect(weight.chips).toEqual([{ value: '2:3', text: '2-3' }]);
  });

  it('[S5.2] strips HTML from labels', () => {
    expect(build({ label: '<i>Col</i>or', values: [{ key: '<b>Red</b>', doc_count: 1 }] }).items[0]?.label).toBe('Red');
  });

  it('[F8.11] a wrong or missing filter-tree type warns and falls back to a list', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const o = build({ displayType: 'carousel', values: terms });
    expect(o.displayType).toBe('list');
    expect(spy.mock.calls[0]?.[0]).toBe("[@pkg/core-filter] Wrong display type 'carousel' for option pf_t_color; shown as a list.");
    build({ displayType: undefined, values: terms });
    expect(spy.mock.calls[1]?.[0]).toMatch(/Missing display type/);
  });

  it('[F5.4] option search: markup stripped, bad terms cleared, lowercased, trimmed, label contains', () => {
    const o = build({ values: terms });
    expect(searchOptionItems(o.items, '  RE ').items.map((i) => i.key)).toEqual(['Green', 'Red']);
    expect(searchOptionItems(o.items, '<b>blu</b>').items.map((i) => i.key)).toEqual(['blue']);
    const bad = searchOptionItems(o.items, 'red alert(1)');
    expect(bad.term).toBe('');
    expect(bad.items).toHaveLength(3);
  });

  it('sorts the option list by position and never throws on arbitrary JSON', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const list = buildFilterOptions({ options: [{ filterOptionId: 'b', filterType: 'tag', displayType: 'list', position: 2, values: terms }, { filterOptionId: 'a', filterType: 'tag', displayType: 'list', position: 1, values: terms }] }, input());
    expect(list.map((o) => o.id)).toEqual(['a', 'b']);
    const anyOption = fc.record(
      {
        filterOptionId: fc.oneof(fc.string(), fc.constant('pf_t_x')),
        filterType: fc.oneof(fc.constantFrom('collection', 'vendor', 'price', 'percent_sale', 'review_ratings', 'stock', 'multi_level_tag', 'weight'), fc.anything()),
        displayType: fc.oneof(fc.constantFrom('list', 'range', 'swatch', 'rating', 'multi_level_collections', 'multi_level_tag', 'sub_category', 'box'), fc.anything()),
        values: fc.oneof(fc.anything(), fc.array(fc.dictionary(fc.constantFrom('key', 'from', 'to', 'doc_count', 'tag', 'subTags', 'label', 'handle', 'tags'), fc.anything())), fc.record({ min: fc.anything(), max: fc.anything() })),
        selectType: fc.anything(),
        sliderStep: fc.anything(),
        manualValues: fc.anything(),
        excludedValues: fc.anything(),
        prefix: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const inputSettings: SettingsInput = { filter: { advancedRangeSliderOptions: ['pf_t_x'] } };
    const s = createSettings(inputSettings);
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(anyOption)), fc.dictionary(fc.string(), fc.array(fc.string())), (raw, selected) => {
        const out = buildFilterOptions(raw, { settings: s, ctx: getPageContext(s, '/collections/all'), selected });
        expect(Array.isArray(out)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60000);

  describe('the options builder (one per controller)', () => {
    const raw = (values: Array<{ key: string; doc_count: number }>, id = 'pf_t_color') => ({ options: [{ filterOptionId: id, filterType: 'tag', displayType: 'list', label: 'Color', values }] });
    const keys = (o: readonly FilterOption[]) => o[0]?.items.map((i) => i.key);

    it('[F4.22] keeps an option object while a new answer carries the same option, and rebuilds it when a count or the selection changes', () => {
      const buildAll = createOptionsBuilder();
      const first = buildAll(raw(terms), input(), []);
      const same = buildAll(JSON.parse(JSON.stringify(raw(terms))), input(), first);
      expect(same).toBe(first);
      const recounted = buildAll(raw([{ key: 'Red', doc_count: 4 }, ...terms.slice(1)]), input(), same);
      expect(recounted[0]).not.toBe(first[0]);
      expect(recounted[0]?.items.find((i) => i.key === 'Red')?.docCount).toBe(4);
      const selected = buildAll(raw([{ key: 'Red', doc_count: 4 }, ...terms.slice(1)]), input({ selected: { pf_t_color: ['Red'] } }), recounted);
      expect(selected[0]).not.toBe(recounted[0]);
      expect(selected[0]?.items.find((i) => i.key === 'Red')?.selected).toBe(true);
    });

    it('[F3.7] still sorts an answer whose values leave the order of an earlier sorted answer', () => {
      const buildAll = createOptionsBuilder();
      const all = ['a 1', 'a 2', 'a 10', 'b', 'C', 'd'];
      expect(keys(buildAll(raw(all.map((key) => ({ key, doc_count: 1 }))), input(), []))).toEqual(all);
      // A sublist in the same order is kept as it is.
      expect(keys(buildAll(raw(['a 2', 'C'].map((key) => ({ key, doc_count: 1 }))), input(), []))).toEqual(['a 2', 'C']);
      // Known values out of order, and a value never seen before, are sorted.
      expect(keys(buildAll(raw(['d', 'a 10', 'a 1'].map((key) => ({ key, doc_count: 1 }))), input(), []))).toEqual(['a 1', 'a 10', 'd']);
      expect(keys(buildAll(raw(['a 1', 'zz', 'b', 'a 3'].map((key) => ({ key, doc_count: 1 }))), input(), []))).toEqual(['a 1', 'a 3', 'b', 'zz']);
      // Count orders never reuse a label order.
      const byCount = (values: Array<{ key: string; doc_count: number }>) => ({ options: [{ ...raw(values).options[0], sortType: 'doc_count-desc' }] });
      expect(keys(buildAll(byCount([{ key: 'b', doc_count: 1 }, { key: 'a', doc_count: 5 }]), input(), []))).toEqual(['a', 'b']);
    });

    it('[F3.7] over any run of answers, every option comes out exactly as a fresh sort would give it', () => {
      const pool = ['a', 'A', 'b', 'B 2', 'b 10', 'b 9', 'Ä', 'z', '10', '9', 'é', 'e'];
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.subarray(pool, { minLength: 1 }), fc.constantFrom(undefined, 'key-desc')), { minLength: 1, maxLength: 8 }), (answers) => {
          const buildAll = createOptionsBuilder();
          for (const [labels, sortType] of answers) {
            const values = labels.map((key) => ({ key, doc_count: 1 }));
            const got = buildAll({ options: [{ ...raw(values).options[0], ...(sortType ? { sortType } : {}) }] }, input(), []);
            expect(keys(got)).toEqual(sortItems(values.map((v) => ({ label: v.key, docCount: 1 })), sortType).map((v) => v.label));
          }
        }),
      );
    });
  });
});
