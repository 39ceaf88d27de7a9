// core-filter's headless controller with only the list and range kinds (what its size budget
// measures: createFilterControllerWith, listKind, rangeKind; fetch, typed settings, no texts)
// against the engine answering through its msw handlers, from the first load to a range chip.
import { createFilterControllerWith, listKind, rangeKind, type WireFilterResponse } from '@pkg/core-filter';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { createEngineHandlers } from './msw';
import { smallCatalog } from './test-fixtures';

const server = setupServer(...createEngineHandlers(createEngine(smallCatalog()), { baseUrl: 'https://shop.test' }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The engine's own total for a query, the reference the controller's answers are checked against. */
const totalFor = async (query: string): Promise<number> => ((await (await fetch(`https://shop.test/api/filter?${query}`)).json()) as WireFilterResponse).total_product;

describe('a headless page with only list and range (core-filter) against the engine', () => {
  it('[F3.10] loads, filters by a value and a range, and shows the range chip, with every other option read as a list', async () => {
    const settings = { api: { filterUrl: 'https://shop.test/api/filter' }, filter: { retries: 0 } };
    const filter = createFilterControllerWith([listKind, rangeKind], { settings, location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });
    await filter.init();
    let s = filter.getSnapshot();
    expect(s.status).toBe('success');
    expect(s.totalProduct).toBe(await totalFor(''));
    expect(new Set(s.options.map((o) => o.kind))).toEqual(new Set(['list', 'range']));
    expect(s.options.find((o) => o.id === 'pf_p_price')?.range).toMatchObject({ min: 8, max: 120 });
    // Products stay as the engine sent them (no product reader part).
    expect(s.products[0]).toHaveProperty('handle');

    await filter.select('pf_v_vendor', 'Acme');
    s = filter.getSnapshot();
    expect(s.totalProduct).toBe(await totalFor('pf_v_vendor[]=Acme'));
    expect(s.totalProduct).toBeGreaterThan(0);

    // A range inside the bounds the vendor's products span.
    const r = s.options.find((o) => o.id === 'pf_p_price')?.range;
    if (!r) throw new Error('no price range');
    const hi = Math.floor((r.min + r.max) / 2);
    await filter.setRange('pf_p_price', r.min, hi);
    s = filter.getSnapshot();
    expect(s.state.filters).toEqual({ pf_v_vendor: ['Acme'], pf_p_price: [`${r.min}:${hi}`] });
    expect(s.totalProduct).toBe(await totalFor(`pf_v_vendor[]=Acme&pf_p_price[]=${r.min}:${hi}`));
    expect(s.totalProduct).toBeLessThan(await totalFor('pf_v_vendor[]=Acme'));
    expect(s.options.find((o) => o.id === 'pf_p_price')?.chips).toEqual([{ value: `${r.min}:${hi}`, text: `$${r.min.toFixed(2)}-$${hi.toFixed(2)}` }]);
    filter.destroy();
  });
});
