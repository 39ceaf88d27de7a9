import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSettings, validateSettings } from '@pkg/core-filter';
import { readLoaderSettings } from './loader-settings';
import { readPageSettings } from './read-page-settings';

const noBlock = { getElementById: () => null };
const docWith = (json: string) => ({ getElementById: (id: string) => (id === 'pkg-settings' ? ({ textContent: json } as HTMLElement) : null) });

// A v2 page as a template writes it: nulls, empty strings, numbers and booleans as strings,
// keys this product does not know.
const v2Config = () => ({
  api: { filterUrl: 'https://svc.example/bc-sf-filter/filter', searchUrl: 'https://svc.example/bc-sf-filter/search', suggestionUrl: 'https://svc.example/bc-sf-filter/search/suggest', analyticsUrl: '', productsUrl: null },
  shop: { name: 'Demo', url: 'https://demo.example', domain: 'demo.myshopify.com', currency: 'EUR', money_format: '€{{amount_with_comma_separator}}', money_format_with_currency: '€{{amount_with_comma_separator}} EUR' },
  general: {
    file_url: '//cdn.example/files/?v=1',
    asset_url: '//cdn.example/assets/',
    collection_id: '417',
    collection_handle: 'shirts',
    collection_count: '24',
    collection_tags: null,
    current_tags: null,
    default_sort_by: 'manual',
    swatch_extension: 'png',
    no_image_url: '',
    search_term: '',
    template: 'collection',
    current_locale: 'en',
    current_currency: 'eur',
    currencies: ['EUR', 'USD'],
    published_locales: { en: true },
    isInitFilter: 'true',
  },
  settings: {
    general: {
      paginationType: 'load_more',
      showFilterOptionCount: 'false',
      showSingleOption: false,
      showOutOfStockOption: 'true',
      productAndVariantAvailable: 'true',
      availableAfterFiltering: false,
      keepToggleState: true,
      requestInstantly: 'true',
      showRefineBy: 'false',
      capitalizeFilterOptionValues: 'true',
      enableSuggestion: 'false',
      showLoading: 'false',
      activeScrollToTop: 'true',
      activeQuickView: 'true',
      suggestionBlocks: [
        { type: 'suggestions', label: 'Popular suggestions', status: 'active', number: '4' },
        { type: 'collections', status: 'inactive', number: 3 },
        { type: 'products', status: 'active', number: 5 },
      ],
      collapseOnPCByDefault: 'true',
      collapseOnMobileByDefault: false,
      sortingAvailableFirst: 'false',
      customSortingList: 'price-ascending|price-descending|title-ascending',
      currencyRoundingRules: { eur: '0.95' },
      showSuggestionProductImage: 'false',
      showSuggestionProductSku: false,
      showSuggestionProductPrice: 'true',
      someNewFlag: 1,
    },
  },
  label: { clearAll: 'Tout effacer', refineBy: null },
  label_suggestion: { didYouMean: 'Vouliez-vous dire {{ terms }} ?' },
  label_error: { noFilterResult: 'Rien ne correspond' },
  template: 'collection',
});

describe('reading the settings sources of a real page', () => {
  it('reads a v2 page with template-written values and the owner settings into the one model', () => {
    const page = readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() });
    expect(page.problems).toEqual([]);
    expect(page.page.sources).toEqual(['window.bcSfFilterConfig']);
    const s = createSettings(page.input);
    expect(s.api.filterUrl).toBe('https://svc.example/bc-sf-filter/filter');
    expect(s.general.collection_count).toBe(24);
    expect(s.general.current_tags).toEqual([]);
    expect(s.filter).toMatchObject({
      paginationType: 'load_more',
      showFilterOptionCount: false,
      showSingleOption: false,
      zeroOptions: true,
      productAvailable: true,
      variantAvailable: true,
      keepTabOpenState: true,
      requestInstantly: true,
      showRefineBy: false,
      capitalizeFilterOptionValues: true,
      showLoading: false,
      showScrollToTop: true,
      collapseOnPC: true,
      collapseOnMobile: false,
      sortFirst: '',
      sortingList: ['price-ascending', 'price-descending', 'title-ascending'],
      currencyRoundingRules: { eur: 0.95 },
    });
    expect(s.labels.clearAll).toBe('Tout effacer');
    expect(s.labels.refineBy).toBe('Refine By');
    expect(s.labels.didYouMean).toBe('Vouliez-vous dire {{ terms }} ?');
    expect(s.labels.noFilterResult).toBe('Rien ne correspond');
    expect(page.search.enabled).toBe(false);
    expect(page.search.suggest).toEqual({ suggestionLimit: 4, productLimit: 5, suggestTypes: ['suggestions', 'products'] });
    expect(page.search.productParts).toEqual({ image: false, sku: false, price: true });
    expect(page.cart.quickView).toBe(true);
    // Unknown keys are set aside and named, never a reason to reject the object.
    expect(page.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.general.someNewFlag', 'window.bcSfFilterConfig.template', 'window.bcSfFilterConfig.general.isInitFilter']));
  });

  it('reads the v1 globals, and documents the precedence: v1, then v2 main, then v2 page, then the JSON block', () => {
    const globals = {
      boostPFSAppConfig: { api: { filterUrl: '/v1/filter' }, shop: { domain: 'v1.example' }, settings: { general: { paginationType: 'infinite', showRefineBy: 'true' } } },
      boostPFSThemeConfig: { custom: { limit: '12' }, label: { sortBy: 'Trier par' } },
      bcSfFilterMainConfig: { api: { filterUrl: '/main/filter' }, settings: { general: { paginationType: 'default' } } },
      bcSfFilterConfig: { api: { filterUrl: '/page/filter' } },
    };
    const onlyV1 = readLoaderSettings(noBlock, { boostPFSAppConfig: globals.boostPFSAppConfig, boostPFSThemeConfig: globals.boostPFSThemeConfig });
    const v1 = createSettings(onlyV1.input);
    expect([v1.api.filterUrl, v1.shop.domain, v1.filter.paginationType, v1.filter.limit, v1.labels.sortBy]).toEqual(['/v1/filter', 'v1.example', 'infinite', 12, 'Trier par']);
    const all = readLoaderSettings(docWith('{"filter":{"limit":24}}'), globals);
    expect(all.page.sources).toEqual(['window.boostPFSAppConfig', 'window.boostPFSThemeConfig', 'window.bcSfFilterMainConfig', 'window.bcSfFilterConfig', '#pkg-settings']);
    const s = createSettings(all.input);
    expect([s.api.filterUrl, s.filter.paginationType, s.filter.limit, s.shop.domain]).toEqual(['/page/filter', 'default', 24, 'v1.example']);
  });

  it('reads the v1 top-level swatch_settings and default_sort_order as the original\'s script does', () => {
    // Shapes of snippets/boost-pfs.liquid (ohedali89/reeba): `swatch_settings` holds the
    // pfs-swatch-settings metafields keyed 'pfs-swatch-<value>' ({ type, colorCodes, imageUrl },
    // read by buildSwatchSettings in assets/boost-pfs-core.js); `default_sort_order` is the
    // owner's default sort by collection id, with `all` and `search` (getDefaultSorting there).
    const app = (template: string, collectionId: number | string) => ({
      api: { filterUrl: '/v1/filter' },
      shop: { domain: 'v1.example' },
      general: { template, collection_id: collectionId, default_sort_by: 'manual', collection_product_count: 12, theme_id: 1 },
      swatch_settings: { 'pfs-swatch-Navy': { type: 'one_color', colorCodes: ['#000080'] }, 'pfs-swatch-sunset': { type: 'two_colors', colorCodes: ['#f80', '#f08'] }, note: 'x' },
      default_sort_order: { all: 'best-selling', search: 'relevance', 417: 'price-ascending' },
    });
    const onCollection = readLoaderSettings(noBlock, { boostPFSAppConfig: app('collection', 417) });
    const s = createSettings(onCollection.input);
    expect(s.swatches).toEqual({ Navy: { type: 'one_color', colorCodes: ['#000080'] }, sunset: { type: 'two_colors', colorCodes: ['#f80', '#f08'] } });
    expect(s.general.default_sort_by).toBe('price-ascending');
    expect(onCollection.page.ignored).not.toContain('window.boostPFSAppConfig.swatch_settings');
    expect(createSettings(readLoaderSettings(noBlock, { boostPFSAppConfig: app('collection', '9') }).input).general.default_sort_by).toBe('best-selling');
    expect(createSettings(readLoaderSettings(noBlock, { boostPFSAppConfig: app('search', 0) }).input).general.default_sort_by).toBe('relevance');
    // No default_sort_order: the template's own default stands.
    const { default_sort_order: _unused, ...plain } = app('collection', 417);
    expect(createSettings(readLoaderSettings(noBlock, { boostPFSAppConfig: plain }).input).general.default_sort_by).toBe('manual');
  });

  it('reads the owner\'s suggestion dropdown settings of the v2 `search` group (style, width, mobile submit)', () => {
    // Names and value shapes of the `search` group in bc-sf-filter-lib.js 4.3.2 defaults
    // (nkthota/preprodtheme assets/bc-sf-filter-lib.js): suggestionStyle "" | "style1".."style3",
    // suggestionWidth "auto" | pixels, showSearchBtnMobile boolean.
    const config = (search: Record<string, unknown>) => ({ api: { filterUrl: '/f', suggestionUrl: '/s' }, shop: { domain: 'd.example' }, settings: { search } });
    const read = (search: Record<string, unknown>) => readLoaderSettings(noBlock, { bcSfFilterConfig: config(search) });
    const owned = read({ enableSuggestion: 'true', suggestionStyle: 'style3', suggestionWidth: '640', showSearchBtnMobile: 'true' });
    expect([owned.search.style, owned.search.width, owned.search.showMobileSubmit, owned.problems]).toEqual(['style3', 640, true, []]);
    // Template blanks and values that cannot be read keep the defaults (and are set aside, not errors).
    const blank = read({ suggestionStyle: '', suggestionWidth: 'auto', showSearchBtnMobile: null });
    expect([blank.search.style, blank.search.width, blank.search.showMobileSubmit]).toEqual(['style2', 'auto', false]);
    const odd = read({ suggestionStyle: 'style9', suggestionWidth: '-5' });
    expect([odd.search.style, odd.search.width, odd.problems]).toEqual(['style2', 'auto', []]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.search.suggestionStyle', 'window.bcSfFilterConfig.settings.search.suggestionWidth']));
  });

  it('treats a null global as absent and a non-object global as one problem', () => {
    expect(readPageSettings(noBlock, { bcSfFilterConfig: null }).sources).toEqual([]);
    expect(readPageSettings(noBlock, { bcSfFilterMainConfig: 'x' }).problems).toEqual(['window.bcSfFilterMainConfig must be an object, got string.']);
  });

  // Whatever a template writes into the globals, reading never throws and gives settings that
  // core-filter accepts, so the page is never stopped by one odd value.
  const scalar = fc.oneof(fc.constant(null), fc.constant(''), fc.constantFrom('true', 'false', '0', '24', 'load_more', 'eur'), fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
  const ownerKeys = ['paginationType', 'showFilterOptionCount', 'suggestionBlocks', 'customSortingList', 'currencyRoundingRules', 'productAndVariantAvailable', 'limit', 'enableSuggestion', 'activeQuickView', 'x'];
  const group = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 });
  const config = fc.record(
    {
      api: group(['filterUrl', 'searchUrl', 'x']),
      shop: group(['domain', 'currency', 'money_format']),
      general: group(['collection_id', 'current_tags', 'collection_count', 'isInitFilter']),
      settings: fc.oneof(value, fc.record({ general: fc.oneof(value, group(ownerKeys)), label: value }, { requiredKeys: [] })),
      label: value,
      custom: value,
    },
    { requiredKeys: [] },
  );

  it('never throws and always gives valid settings, whatever the globals hold', () => {
    fc.assert(
      fc.property(config, config, (a, b) => {
        const read = readLoaderSettings(noBlock, { bcSfFilterConfig: a, boostPFSAppConfig: b });
        expect(read.problems).toEqual([]);
        expect(validateSettings(read.input)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
