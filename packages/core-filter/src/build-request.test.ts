import { describe, expect, it } from 'vitest';
import { buildCollectionDescriptionRequest, buildFilterRequest, buildMostPopularRequest, buildPanelRequest, buildProductHtmlRequests, buildTrendingRequest, toUrl, type FilterRequestInput } from './build-request';
import { createFilterState, type FilterState } from './filter-state';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';
import type { SettingsInput } from './settings';
import { createUrlConfigFor, fromUrlState, toUrlState } from './url-adapter';
import { normalizeFilterAnswer } from './normalize-product';
import { parseQuery } from '@pkg/url-state';

const api = { filterUrl: 'https://svc.example/filter', searchUrl: 'https://svc.example/search' };
const mk = (input: SettingsInput = {}) => createSettings({ api, shop: { domain: 'shop.example' }, general: { collection_id: 7, default_sort_by: 'manual', theme_id: 99 }, ...input });
const req = (settings = mk(), path = '/collections/shirts', search = '', patch: Partial<FilterState> = {}, extra: Partial<FilterRequestInput> = {}) => {
  const ctx = getPageContext(settings, path, search);
  const state = { ...createFilterState(settings, ctx), ...patch };
  const r = buildFilterRequest({ settings, ctx, state, eventType: 'init', now: 1700000000000, ...extra });
  return { url: r.url, p: new URLSearchParams(r.params.map(([k, v]) => [k, v])), all: r.params };
};

// The request side of normalizeFilterAnswer's in-browser conversion, as the controller passes it.
const converting = { readAnswer: normalizeFilterAnswer };

describe('buildFilterRequest', () => {
  it('[F7.1] GET to the filter endpoint with t, _, shop, page, limit, sort, display, scope and flags', () => {
    const { url, p } = req(mk(), '/collections/shirts', '', {}, { sid: 'sid-1' });
    expect(url).toBe('https://svc.example/filter');
    expect(Object.fromEntries(p)).toMatchObject({
      t: '1700000000000', _: 'pf', shop: 'shop.example', page: '1', limit: '16', sort: 'manual', display: 'grid', collection_scope: '7',
      product_available: 'false', variant_available: 'false', zero_options: 'true', build_filter_tree: 'true', check_cache: 'true',
      sort_first: 'available', theme_id: '99', sid: 'sid-1', event_type: 'init',
    });
  });

  it('[F7.1] uses the search endpoint on search pages and on collection pages with a q term', () => {
    const s = req(mk(), '/search', '?q=red+hat');
    expect(s.url).toBe('https://svc.example/search');
    expect(Object.fromEntries(s.p)).toMatchObject({ q: 'red hat', fuzzy: 'true', full_min_match: 'false', enable_plus_character_search: 'false' });
    expect(s.p.get('check_cache')).toBe('false');
    const c = req(mk(), '/collections/shirts', '', { q: 'linen' });
    expect(c.url).toBe('https://svc.example/search');
    expect(c.p.get('incollection_search')).toBe('true');
    expect(c.p.get('q')).toBe('linen');
  });

  it('[F7.1] on search pages a panel segment is appended when the display is not products', () => {
    expect(req(mk(), '/search', '?q=x', { tab: 'collections' }).url).toBe('https://svc.example/search/collections');
  });

  it('[F7.1] sends filter values as bracket arrays, ranges as min:max, and option flags', () => {
    const { all } = req(mk(), '/collections/shirts', '', { filters: { pf_t_color: ['Red', 'Blue'], pf_p_price: [':100'] }, flags: { pf_t_color: { and_condition: true } } });
    expect(all.filter(([k]) => k.startsWith('pf_'))).toEqual([
      ['pf_p_price[]', ':100'],
      ['pf_t_color[]', 'Red'],
      ['pf_t_color[]', 'Blue'],
      ['pf_t_color_and_condition', 'true'],
    ]);
  });

  it('[F7.1] build_filter_tree is false when the event only pages, sorts, changes limit or display', () => {
    const settings = mk();
    const ctx = getPageContext(settings, '/collections/a');
    for (const [ev, tree] of [['page', 'false'], ['sort', 'false'], ['limit', 'false'], ['display', 'false'], ['filter', 'true'], ['history', 'true']] as const) {
      const r = buildFilterRequest({ settings, ctx, state: createFilterState(settings, ctx), eventType: ev, now: 1 });
      expect(new URLSearchParams(r.params.map(([k, v]) => [k, v])).get('build_filter_tree')).toBe(tree);
    }
  });

  it('[F7.1] check_cache only on an unfiltered first page with default sort and limit outside search, vendor and type pages', () => {
    expect(req(mk(), '/collections/a', '', { page: 2 }).p.get('check_cache')).toBe('false');
    expect(req(mk(), '/collections/a', '', { sort: 'price-ascending' }).p.get('check_cache')).toBe('false');
    expect(req(mk(), '/collections/a', '', { filters: { pf_t_c: ['x'] } }).p.get('check_cache')).toBe('false');
    expect(req(mk(), '/collections/vendors', '?q=A').p.get('check_cache')).toBe('false');
  });

  it('[F5.3, S5.11] a vendor or type page moves q into its own vendor or type parameter', () => {
    const v = req(mk(), '/collections/vendors', '?q=Acme');
    expect(v.url).toBe('https://svc.example/filter');
    expect(v.p.get('pf_v_vendor[]')).toBe('Acme');
    expect(v.p.has('q')).toBe(false);
    expect(req(mk(), '/collections/types', '?q=Shoes').p.get('pf_pt_product_type[]')).toBe('Shoes');
  });

  it('[S5.11] the request and the address bar move q into the same configured vendor parameter', () => {
    const s = mk({ filter: { vendorParam: 'pf_v_brand' } });
    const ctx = getPageContext(s, '/collections/vendors', '?q=Acme');
    const state = createFilterState(s, ctx);
    const config = createUrlConfigFor(s, ctx);
    expect(new URLSearchParams(buildFilterRequest({ settings: s, ctx, state, eventType: 'init', now: 1 }).params.map(([k, v]) => [k, v])).get('pf_v_brand[]')).toBe('Acme');
    expect(toUrlState(state, config).filters).toEqual({ pf_v_brand: ['Acme'] });
    expect(fromUrlState(s, ctx, parseQuery('?q=Acme', config), config).q).toBe('Acme');
  });

  it('[F5.2] _c_ params set the scope off collection pages (ignored on one); _ct_ params set tags with the tag mode', () => {
    const off = req(mk(), '/search', '?q=x', { filters: { pf_c_collection: ['12'] } });
    expect(off.p.get('collection_scope')).toBe('12');
    expect(req(mk(), '/collections/a', '', { filters: { pf_c_collection: ['12'] } }).p.get('collection_scope')).toBe('7');
    const t = req(mk(), '/collections/a', '', { filters: { pf_ct_collection: ['Trail', 'Road'] } });
    expect(t.p.getAll('tag')).toEqual(['Trail', 'Road']);
    expect(t.p.get('tag_mode')).toBe('2');
    expect(t.all.some(([k]) => k.startsWith('pf_ct_'))).toBe(false);
    const tagPage = req(mk({ general: { current_tags: ['summer'] } }), '/collections/a/summer');
    expect(tagPage.p.getAll('tag')).toEqual(['summer']);
  });

  it('[S1.5] adds locale with several published locales; currency, currency_rate and country with multi-currency not converted in the browser', () => {
    const s = mk({ general: { published_locales: { en: true, fr: false }, current_locale: 'fr', current_currency: 'EUR', currency_rate: 0.9, country: 'FR' }, filter: { multiCurrency: true } });
    expect(Object.fromEntries(req(s).p)).toMatchObject({ locale: 'fr', currency: 'eur', currency_rate: '0.9', country: 'FR' });
    const browser = mk({ general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { multiCurrency: true, convertPriceInBrowser: true } });
    const r = req(browser, '/collections/a', '', { filters: { pf_p_price: ['10:20'] } }, converting);
    expect(r.p.has('currency')).toBe(false);
    expect(r.p.has('locale')).toBe(false);
    expect(r.p.get('pf_p_price[]')).toBe('20:40');
  });

  it('[S1.5] converts a range selected in the shown currency back to the shop currency (divides by the rate) with the converting reader\'s request side', () => {
    // currency_rate is shop -> shown: at 0.5 a shown 10 is 20 in the shop's currency.
    const s = mk({ general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { multiCurrency: true, convertPriceInBrowser: true } });
    expect(req(s, '/collections/a', '', { filters: { pf_p_price: ['10:50'], pf_vp_variant_price: [':50'] } }, converting).p.get('pf_p_price[]')).toBe('20:100');
    expect(req(s, '/collections/a', '', { filters: { pf_vp_variant_price: ['10:'] } }, converting).p.get('pf_vp_variant_price[]')).toBe('20:');
    const up = mk({ general: { current_currency: 'GBP', currency_rate: 2 }, filter: { multiCurrency: true, convertPriceInBrowser: true } });
    expect(req(up, '/collections/a', '', { filters: { pf_p_price: ['10:50'] } }, converting).p.get('pf_p_price[]')).toBe('5:25');
    // Without it (a reader that shows the service's own amounts) the selection is sent as chosen.
    expect(req(s, '/collections/a', '', { filters: { pf_p_price: ['10:50'] } }).p.get('pf_p_price[]')).toBe('10:50');
  });

  it('[F7.1, S5.6] load-more pagination asks limit x page from page 1', () => {
    const s = mk({ filter: { paginationType: 'load_more', limit: 10 } });
    expect(Object.fromEntries(req(s, '/collections/a', '', { page: 3 }).p)).toMatchObject({ page: '1', limit: '30' });
  });

  it('[F7.1] sends the optional search and inventory parameters when configured', () => {
    const s = mk({ filter: { priceMode: 'min', inventoryBaseSelectedLocations: true, location: 'loc-1', reduceMinMatch: 2, variantsAsProducts: true } });
    expect(Object.fromEntries(req(s, '/search', '?q=x').p)).toMatchObject({ price_mode: 'min', inventory_base_selected_locations: 'true', location: 'loc-1', reduce_min_match: '2', variants_as_products: 'true' });
  });

  it('toUrl form-encodes values and keeps brackets readable', () => {
    expect(toUrl({ url: '/f', params: [['pf_t_color[]', 'Red & Blue'], ['q', 'a b']] })).toBe('/f?pf_t_color[]=Red%20%26%20Blue&q=a%20b');
    expect(toUrl({ url: '/f?x=1', params: [['a', '1']] })).toBe('/f?x=1&a=1');
  });
});

describe('other calls', () => {
  const settings = mk({ api: { ...api, productsUrl: 'https://svc.example/products' } });
  const ctx = getPageContext(settings, '/collections/a');
  it('[S2.20, S3.7] panel calls go to searchUrl/collections and searchUrl/pages with the panel page size', () => {
    const r = buildPanelRequest(settings, 'pages', 'hat', 2, 5);
    expect(r.url).toBe('https://svc.example/search/pages');
    expect(Object.fromEntries(r.params)).toMatchObject({ q: 'hat', page: '2', limit: '25', shop: 'shop.example' });
  });
  it('[S7.3] collection description: {collection path}?view=desc', () => {
    expect(toUrl(buildCollectionDescriptionRequest(ctx, 'summer'))).toBe('/collections/summer?view=desc');
  });
  it('[S7.4] theme product HTML in batches of 20 handles joined with +', () => {
    const handles = Array.from({ length: 45 }, (_, i) => `p${i}`);
    const batches = buildProductHtmlRequests(ctx, handles);
    expect(batches).toHaveLength(3);
    expect(toUrl(batches[0] ?? { url: '', params: [] })).toBe(`/collections/all/${handles.slice(0, 20).join('+')}?view=boost-pfs-product-item`);
    expect(batches[2]?.url).toBe('/collections/all/p40+p41+p42+p43+p44');
    const fr = createSettings({ general: { root_url: '/fr' } });
    expect(buildProductHtmlRequests(getPageContext(fr, '/fr/'), ['a'], 'custom-view')[0]).toEqual({ url: '/fr/collections/all/a', params: [['view', 'custom-view']] });
  });
  it('[S7.5] most popular: /collections/{handle}?view=boost-pfs-most-popular&sort_by=best-selling, handle defaults to all', () => {
    expect(toUrl(buildMostPopularRequest(ctx))).toBe('/collections/all?view=boost-pfs-most-popular&sort_by=best-selling');
    expect(buildMostPopularRequest(ctx, 'hats').url).toBe('/collections/hats');
  });
  it('[S7.2] trending products: productsUrl with shop, repeated ids and locale', () => {
    expect(toUrl(buildTrendingRequest(settings, [1, 2]))).toBe('https://svc.example/products?shop=shop.example&ids=1&ids=2&locale=en');
  });
});
