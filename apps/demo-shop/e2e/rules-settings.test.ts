// Rules driven by the shop owner's settings (the `pkg-settings` block), proven on the assembled demo
// shop in Chromium: the address-bar schemes and shortened names, product links, endpoints and
// shop data in the calls, locale and currency parameters, money formats and rounding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, filterOption, type Harness, openWatched, settled, startHarness, totalChanges, totalText } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Settings = Record<string, Record<string, unknown>>;
const withFilter = (filter: Record<string, unknown>) => (s: Record<string, unknown>) => void (s.filter = { ...(s.filter as object), ...filter });
const option = filterOption;
async function check(page: Page, label: string, value: RegExp) {
  const before = await totalText(page);
  await option(page, label).getByRole('checkbox', { name: value }).check();
  await totalChanges(page, before);
}
const productLinks = (page: Page) => page.locator('.pkg-products-container .pkg-product__link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
const shownPrices = (page: Page) => page.locator('.pkg-products-container .pkg-price__current').allInnerTexts();

describe('settings rules (Chromium)', () => {
  it('[S2.15] [S2.17] [F5.2] filter arrays in the address: repeated keys, comma-joined, not written, a separate scheme off collection pages, shortened names; _c_ scopes search pages only', async () => {
    // Scheme 2: comma-joined, read back the same way.
    let w = await openWatched(h, '/collections/men', { settings: withFilter({ urlScheme: 2 }) });
    await settled(w.page);
    await check(w.page, 'Brand', /^Luma/);
    await check(w.page, 'Brand', /^Juno Athletics/);
    await expect.poll(() => address(w.page)).toBe('/collections/men?pf_v_vendor=Luma,Juno Athletics');
    await w.page.close();
    w = await openWatched(h, '/collections/all?pf_v_vendor=Luma,Overland%20Co.', { settings: withFilter({ urlScheme: 2 }) });
    await settled(w.page);
    expect(w.listingCalls()[0]!.searchParams.getAll('pf_v_vendor[]')).toEqual(['Luma', 'Overland Co.']);
    await w.page.close();

    // Scheme 0: filters are not written to the address.
    w = await openWatched(h, '/collections/all', { settings: withFilter({ urlScheme: 0 }) });
    await settled(w.page);
    await check(w.page, 'Brand', /^Luma/);
    expect(w.listingCalls().at(-1)!.searchParams.getAll('pf_v_vendor[]')).toEqual(['Luma']);
    expect(address(w.page)).toBe('/collections/all');
    await w.page.close();

    // Repeated keys on collections, comma-joined on the search page (the non-collection scheme);
    // and pf_c_ in the address sets the collection scope there.
    w = await openWatched(h, '/search?q=jacket&pf_c_collection=2001', { settings: withFilter({ urlScheme: 1, urlSchemeNonCollection: 2 }) });
    await settled(w.page);
    expect(w.listingCalls()[0]!.searchParams.get('collection_scope')).toBe('2001');
    await check(w.page, 'Brand', /^Luma/);
    await check(w.page, 'Brand', /^Overland Co\./);
    await expect.poll(() => address(w.page)).toMatch(/pf_v_vendor=Luma,Overland Co\.|pf_v_vendor=Overland Co\.,Luma/);
    await w.page.close();
    // ... but not on a collection page, whose own collection stays the scope.
    w = await openWatched(h, '/collections/men?pf_c_collection=2002');
    await settled(w.page);
    expect(w.listingCalls()[0]!.searchParams.get('collection_scope')).toBe('2001');
    await w.page.close();

    // S2.17: long:short names, written and read.
    w = await openWatched(h, '/collections/all', { settings: withFilter({ shortenUrlParamList: ['pf_v_vendor:brand', 'pf_st_stock:stock'] }) });
    await settled(w.page);
    await check(w.page, 'Brand', /^Luma/);
    await check(w.page, 'Availability', /^In stock/);
    await expect.poll(() => address(w.page)).toBe('/collections/all?brand=Luma&stock=in-stock');
    await w.page.close();
    w = await openWatched(h, '/collections/all?brand=Overland%20Co.', { settings: withFilter({ shortenUrlParamList: ['pf_v_vendor:brand'] }) });
    await settled(w.page);
    expect(w.listingCalls()[0]!.searchParams.getAll('pf_v_vendor[]')).toEqual(['Overland Co.']);
    await w.page.close();
  });

  it('[S2.8] [S2.9] product links: /products/{handle}, with the collection when the setting is on (all on search and vendor pages), behind the locale prefix', async () => {
    let w = await openWatched(h, '/collections/men');
    await settled(w.page);
    let links = await productLinks(w.page);
    expect(links.length).toBe(12);
    expect(links.every((u) => /^\/products\/[a-z0-9-]+$/.test(u))).toBe(true);
    await w.page.close();
    const inCollection = withFilter({ addCollectionToProductUrl: true });
    for (const [path, collection] of [['/collections/men', 'men'], ['/search?q=jacket', 'all'], ['/collections/vendors?q=Luma', 'all']] as const) {
      w = await openWatched(h, path, { settings: inCollection });
      await settled(w.page);
      links = await productLinks(w.page);
      expect(links.length, path).toBeGreaterThan(0);
      expect(links.every((u) => u.startsWith(`/collections/${collection}/products/`)), `${path}: ${links[0]}`).toBe(true);
      await w.page.close();
    }
    // A shop on a locale route: the root route prefixes every product link.
    w = await openWatched(h, '/collections/men', { settings: (s) => void ((s as Settings).general!.root_url = '/fr') });
    await settled(w.page);
    links = await productLinks(w.page);
    expect(links.every((u) => /^\/fr\/products\/[a-z0-9-]+$/.test(u)), links[0]).toBe(true);
    await w.page.close();
    // Or the current, non-primary published locale.
    w = await openWatched(h, '/collections/men', { settings: (s) => void Object.assign((s as Settings).general!, { published_locales: { en: true, de: false }, current_locale: 'de' }) });
    await settled(w.page);
    links = await productLinks(w.page);
    expect(links.every((u) => /^\/de\/products\//.test(u)), links[0]).toBe(true);
    // S1.5's locale parameter rides along (several published locales).
    expect(w.listingCalls()[0]!.searchParams.get('locale')).toBe('de');
    await w.page.close();
  });

  it('[S1.3] [S1.5] the configured endpoint, shop domain, locale and multi-currency parameters are what the page asks', async () => {
    const w = await openWatched(h, '/collections/men', {
      settings: (raw) => {
        const s = raw as Settings;
        s.api!.filterUrl = '/api/filter?via=settings';
        s.shop!.domain = 'other-shop.example';
        Object.assign(s.general!, { published_locales: { en: true, fr: false }, current_locale: 'en', current_currency: 'EUR', currency_rate: 0.9, country: 'DE' });
        Object.assign(s.filter!, { multiCurrency: true });
      },
    });
    await settled(w.page);
    const call = w.listingCalls()[0]!;
    expect(call.pathname).toBe('/api/filter');
    expect(Object.fromEntries(['via', 'shop', 'locale', 'currency', 'currency_rate', 'country'].map((k) => [k, call.searchParams.get(k)]))).toEqual({ via: 'settings', shop: 'other-shop.example', locale: 'en', currency: 'eur', currency_rate: '0.9', country: 'DE' });
    await w.page.close();
    // One published locale and no multi-currency: none of them.
    const plain = await openWatched(h, '/collections/men');
    await settled(plain.page);
    const p = plain.listingCalls()[0]!;
    expect(['locale', 'currency', 'currency_rate', 'country'].map((k) => p.searchParams.get(k))).toEqual([null, null, null, null]);
    expect(p.searchParams.get('shop')).toBe('demo-shop.example');
    await plain.page.close();
  });

  it('[S1.6] every money format shapes the shown prices', async () => {
    const base = await openWatched(h, '/collections/men');
    await settled(base.page);
    const amounts = (await shownPrices(base.page)).map((t) => Number(t.replace(/[^0-9.]/g, '')));
    expect(amounts.some((n) => n % 1 !== 0)).toBe(true);
    await base.page.close();
    const two = (n: number) => n.toFixed(2);
    const formats: Array<[string, (n: number) => string]> = [
      ['{{amount}} $', (n) => `${two(n)} $`],
      ['{{amount_no_decimals}} $', (n) => `${Math.round(n)} $`],
      ['{{amount_with_comma_separator}} €', (n) => `${two(n).replace('.', ',')} €`],
      ['{{amount_no_decimals_with_comma_separator}} €', (n) => `${Math.round(n)} €`],
      ['{{amount_with_space_separator_no_comma}} kr', (n) => `${two(n)} kr`],
      ['{{amount_no_decimals_with_space_separator}} kr', (n) => `${Math.round(n)} kr`],
    ];
    for (const [format, expected] of formats) {
      const w = await openWatched(h, '/collections/men', { settings: (s) => void ((s as Settings).shop!.money_format = format) });
      await settled(w.page);
      expect((await shownPrices(w.page)).map((t) => t.replace(/^Sale price\s*/, '').replace(/\u00a0/g, ' ')), format).toEqual(amounts.map(expected));
      await w.page.close();
    }
  });
});
