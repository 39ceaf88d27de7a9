import { parseQuery, serializeQuery } from '@pkg/url-state';
import { describe, expect, it } from 'vitest';
import { createFilterState } from './filter-state';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';
import { createUrlConfigFor, fromUrlState, toUrlState } from './url-adapter';

const settings = createSettings({ general: { default_sort_by: 'manual' }, filter: { shortenUrlParamList: ['pf_t_color:color'] } });

describe('url adapter', () => {
  it('[S2.14, S2.17] writes filters, page, sort and term with defaults dropped, sorted, short names', () => {
    const ctx = getPageContext(settings, '/collections/a');
    const config = createUrlConfigFor(settings, ctx);
    const state = { ...createFilterState(settings, ctx), filters: { pf_t_color: ['Red'], pf_v_vendor: ['Acme'] }, page: 2, sort: 'manual', q: 'linen' };
    expect(serializeQuery(toUrlState(state, config), config)).toBe('color=Red&page=2&pf_v_vendor=Acme&q=linen');
    const back = fromUrlState(settings, ctx, parseQuery('color=Red&page=2&pf_v_vendor=Acme&q=linen', config), config);
    expect([back.filters, back.page, back.sort, back.q]).toEqual([{ pf_t_color: ['Red'], pf_v_vendor: ['Acme'] }, 2, 'manual', 'linen']);
  });

  it('[S5.11, F5.3] on a vendor page q is the page vendor, not a shopper filter, and is written back as q', () => {
    const ctx = getPageContext(settings, '/collections/vendors', '?q=Acme');
    const config = createUrlConfigFor(settings, ctx);
    const state = fromUrlState(settings, ctx, parseQuery('?q=Acme&color=Red', config), config);
    expect(state.q).toBe('Acme');
    expect(state.filters).toEqual({ pf_t_color: ['Red'] });
    expect(serializeQuery(toUrlState(state, config), config)).toBe('color=Red&q=Acme');
  });

  it('[S5.6] bad page and limit in the address fall back', () => {
    const ctx = getPageContext(settings, '/collections/a');
    const config = createUrlConfigFor(settings, ctx);
    const s = fromUrlState(settings, ctx, parseQuery('page=abc&limit=500', config), config);
    expect([s.page, s.limit]).toEqual([1, 16]);
    // Load more: the address's unreadable limit becomes 20, the load-more fallback.
    const lm = createSettings({ filter: { paginationType: 'load_more', limit: 12 } });
    const lmConfig = createUrlConfigFor(lm, ctx);
    for (const q of ['limit=abc', 'limit=500', 'limit=0']) expect(fromUrlState(lm, ctx, parseQuery(q, lmConfig), lmConfig).limit, q).toBe(20);
    expect(fromUrlState(lm, ctx, parseQuery('limit=8', lmConfig), lmConfig).limit).toBe(8);
    expect(fromUrlState(lm, ctx, parseQuery('', lmConfig), lmConfig).limit).toBe(12);
  });
});
