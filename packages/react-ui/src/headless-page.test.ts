// core-filter's headless controller with only the list and range kinds (what its size budget
// measures: createFilterControllerWith, listKind, rangeKind, createFetchTransport; typed settings, products as
// sent) against the engine over the Luma demo catalogue, from the first load to a range chip. It
// lives here because react-ui's tests have the engine (core-filter cannot depend on it).
import { createFetchTransport, createFilterController, createFilterControllerWith, listKind, rangeKind, readFilterAnswer, type FilterOption } from '@pkg/core-filter';
import { loadFilterData } from '@pkg/core-filter/server';
import { describe, expect, it } from 'vitest';
import { demoEngine } from './test-utils/demo-shop';

const engine = demoEngine();
const fetch = (input: string, init?: { signal?: AbortSignal }) => engine.fetch(input, init);
/** The engine's own total for a query: the reference the controller's answers are checked against. */
const totalFor = async (query: string): Promise<number> => ((await (await engine.fetch(`http://shop.test/api/filter?${query}`)).json()) as { total_product: number }).total_product;

describe('a headless page with only list and range (core-filter) against the engine', () => {
  it('[F3.10] loads, filters by a value and a range, and shows the range chip, every other option read as a list', async () => {
    const settings = { api: { filterUrl: 'http://shop.test/api/filter' }, filter: { retries: 0 } };
    const filter = createFilterControllerWith([listKind, rangeKind], { settings, transport: createFetchTransport({ fetch }), location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });
    await filter.init();
    let s = filter.getSnapshot();
    expect(s.status).toBe('success');
    expect(s.totalProduct).toBe(await totalFor(''));
    expect(new Set(s.options.map((o) => o.kind))).toEqual(new Set(['list', 'range']));
    // Products stay as the engine sent them (no product reader part).
    expect(s.products[0]).toHaveProperty('handle');

    const list = s.options.find((o) => o.kind === 'list' && o.filterType === 'vendor' && o.items.length > 1) as FilterOption;
    const value = list.items.find((i) => i.docCount > 0 && i.docCount < s.totalProduct)?.key as string;
    await filter.select(list.id, value);
    s = filter.getSnapshot();
    const byValue = await totalFor(`${list.id}[]=${encodeURIComponent(value)}`);
    expect(s.totalProduct).toBe(byValue);
    expect(byValue).toBeLessThan(await totalFor(''));

    // A price range inside the bounds the chosen value's products span.
    const range = s.options.find((o) => o.kind === 'range' && o.range?.money)?.range;
    const rangeId = s.options.find((o) => o.range === range)?.id as string;
    if (!range) throw new Error('no price range in the answer');
    const hi = Math.floor((range.min + range.max) / 2);
    await filter.setRange(rangeId, range.min, hi);
    s = filter.getSnapshot();
    expect(s.state.filters).toEqual({ [list.id]: [value], [rangeId]: [`${range.min}:${hi}`] });
    expect(s.totalProduct).toBe(await totalFor(`${list.id}[]=${encodeURIComponent(value)}&${rangeId}[]=${range.min}:${hi}`));
    expect(s.totalProduct).toBeLessThan(byValue);
    expect(s.options.find((o) => o.id === rangeId)?.chips).toEqual([{ value: `${range.min}:${hi}`, text: `$${range.min.toFixed(2)}-$${hi.toFixed(2)}` }]);
    filter.destroy();
  });

  it('[S1.5, S1.7] with in-browser conversion on, shows the engine\'s price bounds in the shop\'s currency and sends a range chosen on them as it is', async () => {
    // The lean reader does not convert the answer, so the request must not convert the selection
    // either, and its amounts are formatted as the shop's (US dollars), not with the euro's rule.
    const settings = { api: { filterUrl: 'http://shop.test/api/filter' }, general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { retries: 0, multiCurrency: true, convertPriceInBrowser: true, currencyRoundingRules: { EUR: 0.95 } } };
    type Answer = { filter?: { options: { filterOptionId: string; values: { min: number; max: number } }[] } };
    const answers: Answer[] = [];
    const recording = async (input: string, init?: { signal?: AbortSignal }) => {
      const res = await fetch(input, init);
      answers.push((await res.clone().json()) as Answer);
      return res;
    };
    const filter = createFilterControllerWith([listKind, rangeKind], { settings, transport: createFetchTransport({ fetch: recording }), location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });
    await filter.init();
    const option = filter.getSnapshot().options.find((o) => o.kind === 'range' && o.range?.money);
    if (!option?.range) throw new Error('no price range in the answer');
    const wire = answers[0]?.filter?.options.find((o) => o.filterOptionId === option.id);
    expect([option.range.min, option.range.max]).toEqual([wire?.values.min, wire?.values.max]);
    const { min } = option.range;
    const hi = Math.floor((min + option.range.max) / 2);
    await filter.setRange(option.id, min, hi);
    const s = filter.getSnapshot();
    expect(s.totalProduct).toBe(await totalFor(`${option.id}[]=${min}:${hi}`));
    expect(s.totalProduct).toBeLessThan(await totalFor(''));
    expect(s.options.find((o) => o.id === option.id)?.chips).toEqual([{ value: `${min}:${hi}`, text: `$${min.toFixed(2)}-$${hi.toFixed(2)}` }]);
    filter.destroy();

    // Rendered on the server for the same address with the page's reader, the lean page starts
    // from the answer to what it sends, and sends nothing more.
    const url = `/collections/all?${option.id}=${min}:${hi}`;
    const initialData = await loadFilterData({ settings, url, fetch, readAnswer: readFilterAnswer });
    let requests = 0;
    const hydrated = createFilterControllerWith([listKind, rangeKind], { settings, transport: createFetchTransport({ fetch: (i: string, init?: { signal?: AbortSignal }) => (requests++, fetch(i, init)) }), initialData, location: { pathname: '/collections/all', search: `?${option.id}=${min}:${hi}` }, window: null, sessionStorage: null });
    await hydrated.init();
    expect([requests, hydrated.getSnapshot().totalProduct, hydrated.getSnapshot().state.filters]).toEqual([0, s.totalProduct, { [option.id]: [`${min}:${hi}`] }]);
    hydrated.destroy();

    // The full controller converts: bounds at half, the range sent back doubled, both ends shown
    // with the euro's .95 rule (a fraction above .95 moves to the next unit; S1.7, wire-format.md).
    const full = createFilterController({ settings, fetch, location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });
    await full.init();
    const converted = full.getSnapshot().options.find((o) => o.id === option.id)?.range;
    expect([converted?.min, converted?.max]).toEqual([Math.floor(min * 50) / 100, Math.ceil(option.range.max * 50) / 100]);
    const shownHi = hi / 2;
    await full.setRange(option.id, min / 2, shownHi);
    const f = full.getSnapshot();
    expect(f.state.filters).toEqual({ [option.id]: [`${min / 2}:${shownHi}`] });
    expect(f.totalProduct).toBe(s.totalProduct);
    const euro = (n: number) => `$${(n % 1 > 0.95 ? Math.floor(n) + 1 : Math.floor(n)) + 0.95}`;
    expect(f.options.find((o) => o.id === option.id)?.chips).toEqual([{ value: `${min / 2}:${shownHi}`, text: `${euro(min / 2)}-${euro(shownHi)}` }]);
    full.destroy();
  });
});
