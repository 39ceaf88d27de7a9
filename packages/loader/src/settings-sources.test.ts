import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSettings, validateSettings } from '@pkg/core-filter';
import { listingLabels, sortLabel } from '@pkg/core-filter/view';
import { uiLabels } from '@pkg/react-ui';
import { suggestLabels } from '@pkg/suggest';
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
      showSuggestionProductSalePrice: 'false',
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
    expect(uiLabels(s.labels).didYouMean).toBe('Vouliez-vous dire {{ terms }} ?');
    expect(s.labels.noFilterResult).toBe('Rien ne correspond');
    expect(page.search.enabled).toBe(false);
    expect(page.search.suggest).toEqual({ suggestionLimit: 4, productLimit: 5, suggestTypes: ['suggestions', 'products'] });
    expect(page.search.productParts).toEqual({ image: false, sku: false, price: true, salePrice: false });
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
    expect([v1.api.filterUrl, v1.shop.domain, v1.filter.paginationType, v1.filter.limit, listingLabels(v1.labels).sortBy]).toEqual(['/v1/filter', 'v1.example', 'infinite', 12, 'Trier par']);
    const all = readLoaderSettings(docWith('{"filter":{"limit":24}}'), globals);
    expect(all.page.sources).toEqual(['window.boostPFSAppConfig', 'window.boostPFSThemeConfig', 'window.bcSfFilterMainConfig', 'window.bcSfFilterConfig', '#pkg-settings']);
    const s = createSettings(all.input);
    expect([s.api.filterUrl, s.filter.paginationType, s.filter.limit, s.shop.domain]).toEqual(['/page/filter', 'default', 24, 'v1.example']);
  });

  it('reads the owner\'s value capitals from v2 and v1 settings (template-written strings too)', () => {
    const v2 = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { forceCapitalizeFilterOptionValues: 'true', capitalizeFirstLetterFilterOptionValues: 'false' } } } });
    expect(v2.problems).toEqual([]);
    expect(v2.page.ignored.filter((k) => k.includes('Capitalize'))).toEqual([]);
    expect(createSettings(v2.input).filter).toMatchObject({ forceCapitalizeFilterOptionValues: true, capitalizeFirstLetterFilterOptionValues: false });
    const v1 = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { capitalizeFirstLetterFilterOptionValues: true } } } });
    expect(createSettings(v1.input).filter).toMatchObject({ forceCapitalizeFilterOptionValues: false, capitalizeFirstLetterFilterOptionValues: true });
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

  it('reads a v2 theme\'s own bcSfFilterSettings over the owner\'s settings: general, search, selector overrides; template and class set aside', () => {
    // Shapes of real themes' assets/bc-sf-filter.js (`var bcSfFilterSettings = { general, selector,
    // template }`: nkthota/preprodtheme, aafaq-cloud/nz.frankie4.com1, wilfredojrkuan/sdg-turbo),
    // merged by bc-sf-filter-lib.js getSettingValue after bcSfFilterConfig.settings and before
    // bcSfSearchSettings.
    const bcSfFilterSettings = {
      general: {
        limit: '15',
        loadProductFirst: true,
        numberFilterTree: 2,
        refineByStyle: 'style2',
        sortingList: ['manual', 'price-ascending', 'price-descending', 'created-descending'],
        activeScrollToTop: false,
        showLoading: false,
        paginationType: 'infinite',
        paginationTypeAdvanced: 0,
        filterTreeMobileStyle: 'style3',
        showPlaceholderProductList: true,
        placeholderImageRatio: 1.4,
        placeholderProductGridItemClass: 'grid__item small--one-half',
        priceMode: 'max',
        breakpointMobile: '1024px',
      },
      selector: { products: '#infiniteloop', filterTree: '.sidebar .filters, #bc-sf-filter-tree', topSorting: '#SortBy', scrollToTop: '#top', breadcrumb: '' },
      template: { loadMoreLoading: '<div id="bc-sf-filter-load-more-loading"></div>' },
    };
    const bcSfSearchSettings = { search: { termKey: 'term', enableFuzzy: false, suggestionStyle: 'style1' } };
    const config = v2Config();
    const read = readLoaderSettings(noBlock, { bcSfFilterConfig: config, bcSfFilterSettings, bcSfSearchSettings });
    expect(read.problems).toEqual([]);
    expect(read.page.sources).toEqual(['window.bcSfFilterConfig', 'window.bcSfFilterSettings', 'window.bcSfSearchSettings']);
    const s = createSettings(read.input);
    expect(s.filter).toMatchObject({
      limit: 15,
      sortingList: ['manual', 'price-ascending', 'price-descending', 'created-descending'],
      // The theme's over the owner's (load_more, scroll-to-top on, loading off in v2Config()).
      paginationType: 'infinite',
      showScrollToTop: false,
      showLoading: false,
      mobileStyle: 'style3',
      showPlaceholder: true,
      placeholderRatio: 1.4,
      priceMode: 'max',
      searchTermKey: 'term',
      fuzzy: false,
      mobileMaxWidth: 1024,
      // The owner's settings the theme does not name stand.
      showSingleOption: false,
      capitalizeFilterOptionValues: true,
    });
    expect(read.search.style).toBe('style1');
    expect(read.containers).toEqual({ products: ['#infiniteloop'], treeVertical: ['.sidebar .filters', '#bc-sf-filter-tree'], treeNumbered: ['#bc-sf-filter-tree2', '#bc-sf-filter-tree3'], sorting: ['#SortBy'] });
    expect(read.page.ignored).toEqual(
      expect.arrayContaining([
        'window.bcSfFilterSettings.template',
        'window.bcSfFilterSettings.selector.scrollToTop',
        'window.bcSfFilterSettings.general.loadProductFirst',
        'window.bcSfFilterSettings.general.placeholderProductGridItemClass',
      ]),
    );
    expect(read.page.ignored).not.toContain('window.bcSfFilterSettings.selector.breadcrumb');
  });

  it('reads a v1 theme\'s own boostPFSFilterConfig and boostPFSInstantSearchConfig over the app config, as boost-pfs-core.js merges them', () => {
    // Shapes of ohedali89/reeba assets/boost-pfs-filter.js (`var boostPFSFilterConfig = { general,
    // selector }`) and assets/boost-pfs-instant-search.js (`var boostPFSInstantSearchConfig = { search }`).
    const globals = {
      boostPFSAppConfig: { api: { filterUrl: '/v1/filter', searchUrl: '/v1/search' }, shop: { domain: 'v1.example' }, settings: { general: { paginationType: 'load_more', showLimitList: '12,24' }, search: { enableFuzzy: true } } },
      boostPFSThemeConfig: { custom: { products_per_page: 24 }, label: { sortBy: 'Trier par' } },
      boostPFSFilterConfig: { general: { limit: 24, loadProductFirst: false, enableOTP: true, defaultDisplay: 'list', selectOptionContainer: '.image__container' }, selector: { otpButtons: '.image__container', filterTreeHorizontal: '.my-h-tree', products: '.collection-products' } },
      boostPFSInstantSearchConfig: { search: { enableFuzzy: false, termKey: 's' } },
    };
    const read = readLoaderSettings(noBlock, globals);
    expect(read.problems).toEqual([]);
    expect(read.page.sources).toEqual(['window.boostPFSAppConfig', 'window.boostPFSThemeConfig', 'window.boostPFSFilterConfig', 'window.boostPFSInstantSearchConfig']);
    const s = createSettings(read.input);
    expect(s.filter).toMatchObject({ paginationType: 'load_more', limitChoices: [12, 24], limit: 24, defaultDisplay: 'list', fuzzy: false, searchTermKey: 's' });
    expect(listingLabels(s.labels).sortBy).toBe('Trier par');
    expect(read.containers).toEqual({ treeHorizontal: ['.my-h-tree'], products: ['.collection-products'] });
    expect(read.page.ignored).toEqual(expect.arrayContaining(['window.boostPFSFilterConfig.selector.otpButtons', 'window.boostPFSFilterConfig.general.enableOTP']));
  });

  it('takes container selectors from the JSON block too, and checks them strictly there', () => {
    const ok = readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"containers":{"products":["#grid"],"pagination":[".pages"]}}'), {});
    expect([ok.problems, ok.containers]).toEqual([[], { products: ['#grid'], pagination: ['.pages'] }]);
    const bad = readLoaderSettings(docWith('{"containers":{"product":["#grid"],"sorting":"#sort"}}'), {});
    expect(bad.problems).toEqual([expect.stringContaining('settings.containers.product is not a known setting'), 'settings.containers.sorting must be an array of CSS selectors (strings), got string "#sort".']);
  });

  it('reads the v1 owner settings of sticky trees, horizontal view-more counts, the previous-page button and the suggestion thresholds', () => {
    // Names and defaults of boost-pfs-core.js (ohedali89/reeba): stickyFilterOnDesktop/Mobile
    // booleans, startViewMoreH { list, box, swatch }, and of both libraries: activeLoadPreviousPage,
    // search.suggestionMinLength, search.suggestionDymLimit.
    const read = readLoaderSettings(noBlock, {
      boostPFSAppConfig: {
        api: { filterUrl: '/f' },
        settings: { general: { stickyFilterOnDesktop: 'true', stickyFilterOnMobile: false, startViewMoreH: { list: '8', box: 12, swatch: 6 }, activeLoadPreviousPage: 'true' }, search: { suggestionMinLength: '3', suggestionDymLimit: 1 } },
      },
    });
    expect(read.problems).toEqual([]);
    expect(createSettings(read.input).filter).toMatchObject({ stickyFilterPc: 'fixed', stickyFilterMobile: 'normal', startViewMoreHorizontal: { list: 8, box: 12, swatch: 6 }, loadPreviousPage: true });
    expect(read.search.suggest).toEqual({ minLength: 3, dymLimit: 1 });
  });

  it('reads removePriceDecimal per group: general cuts the range labels, search the suggested products\' prices (v2 and v1 shapes)', () => {
    // The originals read `general.removePriceDecimal` for the refine-by price labels and
    // `search.removePriceDecimal` for the suggestion dropdown's prices (bc-sf-filter-lib.js,
    // boost-pfs-core.js): one name, two meanings, so the table is keyed per group.
    const v2 = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, shop: { money_format: '${{amount}}' }, settings: { general: { removePriceDecimal: 'true' }, search: { removePriceDecimal: 'false' } } } });
    expect(v2.problems).toEqual([]);
    expect(createSettings(v2.input).filter.removePriceDecimal).toBe(true);
    expect(v2.search.productParts).toEqual({ priceDecimals: true });
    const v1 = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { removePriceDecimal: false }, search: { removePriceDecimal: true } } } });
    expect(createSettings(v1.input).filter.removePriceDecimal).toBe(false);
    expect(v1.search.productParts).toEqual({ priceDecimals: false });
    // A theme's own search settings global (v2 bcSfSearchSettings) and a blank value.
    const theme = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } }, bcSfSearchSettings: { search: { removePriceDecimal: 'true' } }, bcSfFilterSettings: { general: { removePriceDecimal: '' } } });
    expect([createSettings(theme.input).filter.removePriceDecimal, theme.search.productParts]).toEqual([false, { priceDecimals: false }]);
    // What cannot be read is set aside under its group's path.
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { search: { removePriceDecimal: 'sometimes' } } } });
    expect([odd.problems, odd.search.productParts]).toEqual([[], undefined]);
    expect(odd.page.ignored).toContain('window.bcSfFilterConfig.settings.search.removePriceDecimal');
  });

  it('reads roundPriceSlider from every source (v2 owner settings and theme global, a v1 page, the JSON block): the price slider runs between whole units', () => {
    // bc-sf-filter-lib.js 4.x: `general.roundPriceSlider` (default false) floors the price
    // slider's minimum and ceils its maximum; boost-pfs-core.js 1.x has no such setting, but a
    // v1 page's owner settings are read by the same names.
    const rounded = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, createSettings(read.input).filter.roundPriceSlider];
    expect(rounded(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { roundPriceSlider: 'true' } } } }))).toEqual([[], true]);
    expect(rounded(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { roundPriceSlider: true } } }, bcSfFilterSettings: { general: { roundPriceSlider: 'false' } } }))).toEqual([[], false]);
    expect(rounded(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { roundPriceSlider: '1' } } } }))).toEqual([[], true]);
    expect(rounded(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"roundPriceSlider":true}}'), {}))).toEqual([[], true]);
    expect(rounded(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { roundPriceSlider: null } } } }))).toEqual([[], false]);
  });

  it('reads showVariantImageBasedOnSelectedFilter from every source (v1 owner settings and theme global, v2, the JSON block): the option whose selected value picks the card\'s variant image', () => {
    // boost-pfs-core.js 1.8.x: `general.showVariantImageBasedOnSelectedFilter`, an option id, '' (off) by default.
    const option = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, createSettings(read.input).filter.variantImageOption];
    expect(option(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { showVariantImageBasedOnSelectedFilter: 'pf_opt_color' } } } }))).toEqual([[], 'pf_opt_color']);
    expect(option(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSFilterConfig: { general: { showVariantImageBasedOnSelectedFilter: 'pf_opt_colour' } } }))).toEqual([[], 'pf_opt_colour']);
    expect(option(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { showVariantImageBasedOnSelectedFilter: 'pf_opt_color' } } } }))).toEqual([[], 'pf_opt_color']);
    expect(option(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"variantImageOption":"pf_opt_color"}}'), {}))).toEqual([[], 'pf_opt_color']);
    // Blank is off; what is not an option id is set aside.
    expect(option(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { showVariantImageBasedOnSelectedFilter: '' } } } }))).toEqual([[], '']);
    const odd = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { showVariantImageBasedOnSelectedFilter: '<b>' } } } });
    expect(option(odd)).toEqual([[], '']);
    expect(odd.page.ignored).toContain('window.boostPFSAppConfig.settings.general.showVariantImageBasedOnSelectedFilter');
  });

  it('reads extraSortingList from every source (v2 and v1 owner settings, a theme global, the JSON block), with the extra sorts\' texts from the label group under their snake-case names', () => {
    // bc-sf-filter-lib.js 4.x and boost-pfs-core.js 1.x: `general.extraSortingList` ('' by default), `|`-separated,
    // appended to the sort list; each extra sort's text is `label.<key with _ for ->`.
    const extra = (read: ReturnType<typeof readLoaderSettings>) => { const s = createSettings(read.input); return [read.problems, s.filter.extraSortingList, sortLabel(s.labels, 'sale-descending')]; };
    expect(extra(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), label: { sale_descending: 'Biggest saving' }, settings: { general: { extraSortingList: 'sale-descending|stock-descending' } } } }))).toEqual([[], ['sale-descending', 'stock-descending'], 'Biggest saving']);
    expect(extra(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { extraSortingList: 'sale-descending' } } }, boostPFSThemeConfig: { label: { sale_descending: 'On sale first' } } }))).toEqual([[], ['sale-descending'], 'On sale first']);
    expect(extra(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } }, bcSfFilterSettings: { general: { extraSortingList: ['sale-descending'] } } }))[1]).toEqual(['sale-descending']);
    expect(extra(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"extraSortingList":["sale-descending"]}}'), {}))[1]).toEqual(['sale-descending']);
    expect(extra(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { extraSortingList: '' } } } }))).toEqual([[], [], 'Sale, high to low']);
  });

  it('reads oneValueRangeSlider from every source (v2 and v1 owner settings, a theme global, the JSON block)', () => {
    // bc-sf-filter-lib.js 4.x and boost-pfs-core.js 1.x: `general.oneValueRangeSlider`, false by default.
    const one = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, createSettings(read.input).filter.oneValueRangeSlider];
    expect(one(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { oneValueRangeSlider: 'true' } } } }))).toEqual([[], true]);
    expect(one(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { oneValueRangeSlider: true } } } }))).toEqual([[], true]);
    expect(one(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { oneValueRangeSlider: true } } }, boostPFSFilterConfig: { general: { oneValueRangeSlider: 'false' } } }))).toEqual([[], false]);
    expect(one(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"oneValueRangeSlider":true}}'), {}))).toEqual([[], true]);
    expect(one(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } } }))).toEqual([[], false]);
  });

  it('reads the multi-level and search-box owner settings from every source, with each library\'s defaults on its pages', () => {
    // bc-sf-filter-lib.js 4.3.2: `collapseSubCategory` (true: show/hide buttons, open), `showUnavailableSelection`,
    // `showSearchBoxFilterPCByDefault` / `…MobileByDefault` (false). boost-pfs-core.js 1.8.x: `openMultiLevelByDefault` ([]:
    // closed but the way to a selection), `multiLevelCollectionSelectType` ('single'), the same search-box defaults.
    const f = (read: ReturnType<typeof readLoaderSettings>) => {
      const s = createSettings(read.input).filter;
      return [read.problems, s.multiLevelToggle, s.multiLevelOpen, s.multiLevelCollectionSelect, s.showUnavailableSelection, s.searchBoxOnPC, s.searchBoxOnMobile];
    };
    // Defaults: the model's (the JSON block alone), v2's and v1's.
    expect(f(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"}}'), {}))).toEqual([[], false, [1, 2], '', false, false, false]);
    expect(f(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() }))).toEqual([[], true, [1, 2], '', false, false, false]);
    expect(f(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } } }))).toEqual([[], true, [], 'single', false, false, false]);
    // As template engines write them: strings for booleans and numbers.
    const v2 = { collapseSubCategory: 'false', showUnavailableSelection: 'true', showSearchBoxFilterPCByDefault: 'true', showSearchBoxFilterMobileByDefault: true };
    expect(f(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: v2 } } }))).toEqual([[], false, [1, 2], '', true, true, true]);
    const v1 = { openMultiLevelByDefault: ['1', 2], multiLevelCollectionSelectType: 'multiple', showSearchBoxFilterMobileByDefault: 'true' };
    expect(f(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: v1 } } }))).toEqual([[], true, [1, 2], 'multiple', false, false, true]);
    // A theme's own global over the owner's; the JSON block over both.
    expect(f(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: v1 } }, boostPFSFilterConfig: { general: { openMultiLevelByDefault: [1] } } }))[2]).toEqual([1]);
    expect(f(readLoaderSettings(docWith('{"filter":{"multiLevelToggle":false}}'), { bcSfFilterConfig: v2Config() }))[1]).toBe(false);
    // A value no library writes is set aside, the default kept.
    const odd = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { multiLevelCollectionSelectType: 'some' } } } });
    expect(f(odd)[3]).toBe('single');
  });

  it('reads decimalPriceRange, enableSliderRuler and rangeSlidersSingleHandle from every source (v2 and v1 owner settings, a theme global, the JSON block)', () => {
    const scale = (read: ReturnType<typeof readLoaderSettings>) => {
      const f = createSettings(read.input).filter;
      return [read.problems, f.decimalPriceRange, f.enableSliderRuler, f.rangeSlidersSingleHandle];
    };
    // Written by a template engine: numbers and booleans as strings, a list as one `|`-separated string.
    expect(scale(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { decimalPriceRange: '2', enableSliderRuler: 'true', rangeSlidersSingleHandle: 'pf_p_rating|pf_opt_width' } } } }))).toEqual([[], 2, true, ['pf_p_rating', 'pf_opt_width']]);
    expect(scale(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { rangeSlidersSingleHandle: ['pf_p_rating'] } } } }))).toEqual([[], 0, false, ['pf_p_rating']]);
    expect(scale(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSFilterConfig: { general: { enableSliderRuler: '1', decimalPriceRange: 1 } } }))).toEqual([[], 1, true, []]);
    expect(scale(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"decimalPriceRange":1,"rangeSlidersSingleHandle":["pf_p_rating"]}}'), {}))).toEqual([[], 1, false, ['pf_p_rating']]);
    // Absent, null or unreadable: the defaults (no decimals, no ticks, two handles everywhere).
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { decimalPriceRange: 'two', enableSliderRuler: null, rangeSlidersSingleHandle: null } } } });
    expect(scale(odd)).toEqual([[], 0, false, []]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.general.decimalPriceRange']));
  });

  it('reads the display variants (refineByStyle, rangeStyle, swatchStyle, filterTreeHorizontalStyle, filterHorizontalOptionsAlign) from every source into filter.looks', () => {
    const looks = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, createSettings(read.input).filter.looks];
    // Default: no variant (the stylesheet's default look).
    expect(looks(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() }))).toEqual([[], {}]);
    // v2: the owner's settings.general, split over the main config and the page config.
    expect(looks(readLoaderSettings(noBlock, { bcSfFilterMainConfig: { settings: { general: { refineByStyle: 'style2' } } }, bcSfFilterConfig: { ...v2Config(), settings: { general: { rangeStyle: 'style2', swatchStyle: 'square-list' } } } }))).toEqual([[], { refine: 'style2', range: 'style2', swatch: 'square-list' }]);
    // v1: the app config's settings.general and the theme's boostPFSFilterConfig.general.
    expect(looks(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { filterTreeHorizontalStyle: 'style2', swatchStyle: '' } } }, boostPFSFilterConfig: { general: { filterHorizontalOptionsAlign: 'center' } } }))).toEqual([[], { horizontal: 'style2', align: 'center' }]);
    expect(looks(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } }, bcSfFilterSettings: { general: { refineByStyle: 'style2' } } }))).toEqual([[], { refine: 'style2' }]);
    // The JSON block: filter.looks, checked strictly (names of letters, keywords of letters, digits, _ and -).
    expect(looks(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"looks":{"range":"style2"}}}'), {}))).toEqual([[], { range: 'style2' }]);
    expect(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"looks":{"range":"a b"}}}'), {}).problems).toEqual([expect.stringContaining('filter.looks')]);
    expect(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"looks":{"x y":"style2"}}}'), {}).problems).toEqual([expect.stringContaining('filter.looks')]);
    // A keyword that could not be an attribute value is set aside.
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { rangeStyle: '"><b>', refineByStyle: null } } } });
    expect(looks(odd)).toEqual([[], {}]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.general.rangeStyle']));
  });

  it('reads the filter tree\'s look settings (filterTreeVerticalStyle, filterHorizontalColumn, ratingSelectionStyle, ratingStarItemColor) into filter.looks and the three icons into filter.icons, from every source', () => {
    const read = (r: ReturnType<typeof readLoaderSettings>) => [r.problems, createSettings(r.input).filter.looks, createSettings(r.input).filter.icons];
    const svg = '<svg viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>';
    // Default: no look, no icons.
    expect(read(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() }))).toEqual([[], {}, {}]);
    // v1: the app config's settings.general (template-written strings: a column count as "3"), the theme's boostPFSFilterConfig.
    expect(read(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { filterTreeVerticalStyle: 'style-off-canvas', filterHorizontalColumn: '3', filterTreeIcon: svg, filterTreeIconClose: null } } }, boostPFSFilterConfig: { general: { filterTreeMobileIcon: '<i>F</i>' } } })))
      .toEqual([[], { vertical: 'style-off-canvas', columns: '3' }, { open: svg, mobile: '<i>F</i>' }]);
    // v2: the main config and the page config; the theme's bcSfFilterSettings over them; a number where a string was written.
    expect(read(readLoaderSettings(noBlock, { bcSfFilterMainConfig: { settings: { general: { ratingSelectionStyle: 'text' } } }, bcSfFilterConfig: { ...v2Config(), settings: { general: { ratingStarItemColor: '#e5a100' } } }, bcSfFilterSettings: { general: { filterTreeVerticalStyle: 'style-expand', filterHorizontalColumn: 4, filterTreeIconClose: '<b>x</b>' } } })))
      .toEqual([[], { rating: 'text', star: '#e5a100', vertical: 'style-expand', columns: '4' }, { close: '<b>x</b>' }]);
    // The JSON block: filter.looks and filter.icons, checked strictly.
    expect(read(readLoaderSettings(docWith(`{"api":{"filterUrl":"/f"},"filter":{"looks":{"vertical":"style-expand","star":"#c00"},"icons":{"open":${JSON.stringify(svg)}}}}`), {}))).toEqual([[], { vertical: 'style-expand', star: '#c00' }, { open: svg }]);
    expect(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"icons":{"open":1}}}'), {}).problems).toEqual([expect.stringContaining('filter.icons')]);
    expect(readLoaderSettings(docWith('{"api":{"filterUrl":"/f"},"filter":{"looks":{"star":"rgb(1,2,3)"}}}'), {}).problems).toEqual([expect.stringContaining('filter.looks')]);
    // What cannot be a keyword, a colour or markup is set aside, never a reason to reject the object.
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { ratingStarItemColor: 'rgb(1, 2, 3)', filterTreeIcon: 5, filterTreeVerticalStyle: '' } } } });
    expect(read(odd)).toEqual([[], {}, {}]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.general.ratingStarItemColor', 'window.bcSfFilterConfig.settings.general.filterTreeIcon']));
  });

  it('reads the suggestion dropdown\'s position, greatest height and width, loading block, mobile style and default results from every source, template-written strings included', () => {
    const dropdown = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, read.search.position, read.search.maxHeight, read.search.maxWidth, read.search.showLoading, read.search.mobileStyle, read.search.suggest.enableDefaultResult];
    const owner = { suggestionPosition: 'right', suggestionMaxHeight: '400px', suggestionMaxWidth: '700', showSuggestionLoading: 'false', suggestionMobileStyle: 'style2', enableDefaultResult: 'false' };
    const want = [[], 'right', 400, 700, false, 'style2', false];
    expect(dropdown(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() }))).toEqual([[], undefined, undefined, undefined, undefined, undefined, undefined]);
    // The owner's search group of v2 and v1, the theme's own settings globals of both.
    expect(dropdown(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { search: owner } } }))).toEqual(want);
    expect(dropdown(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: owner } } }))).toEqual(want);
    expect(dropdown(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config(), bcSfSearchSettings: { search: owner } }))).toEqual(want);
    expect(dropdown(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSInstantSearchConfig: { search: { ...owner, suggestionMaxHeight: 400, suggestionMaxWidth: 700, showSuggestionLoading: false, enableDefaultResult: false } } }))).toEqual(want);
    expect(dropdown(readLoaderSettings(docWith('{"search":{"position":"right","maxHeight":400,"maxWidth":700,"showLoading":false,"mobileStyle":"style2","suggest":{"enableDefaultResult":false}}}'), {}))).toEqual(want);
    // Blank and null are the libraries' defaults; what cannot be read is set aside; in the block it is a problem.
    const odd = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: { suggestionPosition: 'middle', suggestionMaxHeight: '', suggestionMaxWidth: null, showSuggestionLoading: 'maybe', suggestionMobileStyle: 'style9', enableDefaultResult: '' } } } });
    expect(dropdown(odd)).toEqual([[], undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['position', 'showSuggestionLoading', 'suggestionMobileStyle'].map((k) => `window.boostPFSAppConfig.settings.search.${k === 'position' ? 'suggestionPosition' : k}`)));
    expect(readLoaderSettings(docWith('{"search":{"position":"middle","maxWidth":"700px","mobileStyle":"style3"}}'), {}).problems).toEqual(['position', 'maxWidth', 'mobileStyle'].map((k) => expect.stringContaining(`search.${k} must be`)));
  });

  it('reads v1\'s dropdown layout per style (item type, product position, products per row) for the style in effect, whichever source names the style, under the JSON block', () => {
    const layout = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, read.search.style, read.search.display, read.search.productPosition, read.search.listPerRow];
    const perStyle = { suggestionStyle1ProductItemType: 'list', suggestionStyle2ProductItemType: 'grid', suggestionStyle2ProductPosition: 'left', suggestionStyle2ProductPerRow: '1', suggestionStyle3ProductItemType: 'list', suggestionStyle3ProductPosition: 'left', suggestionStyle3ProductPerRow: '3' };
    const v1 = (search: Record<string, unknown>, theme?: Record<string, unknown>) => readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search } }, ...(theme ? { boostPFSInstantSearchConfig: { search: theme } } : {}) });
    // boost-pfs-core-instant-search.js 1.8.3: style 1 takes its item type only (always one column, a list 1 a row); styles 2 and 3 all three.
    expect(layout(v1({ suggestionStyle: 'style1', ...perStyle, suggestionStyle1ProductPosition: 'left', suggestionStyle1ProductPerRow: '2' }))).toEqual([[], 'style1', 'list', undefined, undefined]);
    expect(layout(v1({ suggestionStyle: 'style2', ...perStyle }))).toEqual([[], 'style2', 'grid', 'left', 1]);
    expect(layout(v1({ suggestionStyle: 'style3', ...perStyle }))).toEqual([[], 'style3', 'list', 'left', 3]);
    // No style written: the libraries' style 2. The style in one source, the layout in another (the theme's own global).
    expect(layout(v1(perStyle))).toEqual([[], 'style2', 'grid', 'left', 1]);
    expect(layout(v1({ suggestionStyle: 'style1' }, { suggestionStyle1ProductItemType: 'list' }))).toEqual([[], 'style1', 'list', undefined, undefined]);
    // Style 1's position and per row are declared by v1 but never read: set aside, as a value that cannot be read.
    const read = v1({ suggestionStyle: 'style1', suggestionStyle1ProductPosition: 'left', suggestionStyle1ProductPerRow: '2', suggestionStyle2ProductItemType: 'table' });
    expect(read.page.ignored).toEqual(expect.arrayContaining(['suggestionStyle1ProductPosition', 'suggestionStyle1ProductPerRow', 'suggestionStyle2ProductItemType'].map((k) => `window.boostPFSAppConfig.settings.search.${k}`)));
    // v1's style-less dropdown: a blank or unknown style, its column setting and the un-numbered layout names.
    const columns = { suggestionProductItemType: 'list', suggestionProductPosition: 'left', suggestionProductItemPerRow: '2' };
    expect(layout(v1({ suggestionStyle: '', suggestionColumn: '1', ...columns }))).toEqual([[], 'style1', 'list', 'left', 2]);
    expect(layout(v1({ suggestionStyle: 'none', suggestionColumn: '2-non-fullwidth', ...columns, suggestionStyle2ProductItemType: 'grid' }))).toEqual([[], 'style2', 'list', 'left', 2]);
    expect(layout(v1({ suggestionStyle: '', suggestionColumn: '2-overlay-fullwidth', ...columns }))).toEqual([[], 'style3', 'list', 'left', 2]);
    // With a style of the three, the column and un-numbered names change nothing.
    expect(layout(v1({ suggestionStyle: 'style2', suggestionColumn: '1', ...columns }))).toEqual([[], 'style2', 'grid', undefined, undefined]);
    // v2's style 2: the products block after the others (true: right) or before them (false: left).
    const v2 = (reverse: unknown) => readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { search: { suggestionStyle: 'style2', suggestionStyle2ReverseProductBlock: reverse } } } });
    expect([v2('true').search.productPosition, v2(false).search.productPosition, v2(null).search.productPosition]).toEqual(['right', 'left', undefined]);
    // The JSON block wins over every global.
    const block = readLoaderSettings(docWith('{"search":{"display":"grid","productPosition":"right","listPerRow":2}}'), { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: { suggestionStyle: 'style3', ...perStyle } } } });
    expect(layout(block)).toEqual([[], 'style3', 'grid', 'right', 2]);
    expect(readLoaderSettings(docWith('{"search":{"productPosition":"top","listPerRow":7}}'), {}).problems).toEqual(['productPosition', 'listPerRow'].map((k) => expect.stringContaining(`search.${k} must be`)));
  });

  it('reads the suggestion header\'s colours and font size from every source as CSS values only: anything else never reaches a style', () => {
    const header = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, read.search.header];
    const owner = { colorSuggestionHeader: '#ffffff', bgSuggestionHeader: 'rgb(20, 40, 120)', fontSizeSuggestionHeader: '16' };
    const want = [[], { color: '#ffffff', background: 'rgb(20, 40, 120)', fontSize: '16px' }];
    expect(header(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { search: owner } } }))).toEqual(want);
    expect(header(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: owner } } }))).toEqual(want);
    expect(header(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config(), bcSfSearchSettings: { search: { ...owner, fontSizeSuggestionHeader: 16 } } }))).toEqual(want);
    expect(header(readLoaderSettings(docWith('{"search":{"header":{"color":"navy","background":"#fafafa","fontSize":"1.1rem"}}}'), {}))).toEqual([[], { color: 'navy', background: '#fafafa', fontSize: '1.1rem' }]);
    // Blank is the stylesheet's look; markup, url() and declarations are set aside (problems in the block).
    const odd = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: { colorSuggestionHeader: 'red; background: url(https://x.example/p.gif)', bgSuggestionHeader: 'url(https://x.example/p.gif)', fontSizeSuggestionHeader: '' } } } });
    expect(header(odd)).toEqual([[], undefined]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['colorSuggestionHeader', 'bgSuggestionHeader'].map((k) => `window.boostPFSAppConfig.settings.search.${k}`)));
    expect(readLoaderSettings(docWith('{"search":{"header":{"color":"expression(alert(1))"}}}'), {}).problems).toEqual([expect.stringContaining('search.header')]);
  });

  it('reads v1\'s suggestionNoResult statuses into the no-result view\'s blocks (search.showSuggestedTerms, search.showMostPopular)', () => {
    const blocks = (search: Record<string, unknown>) => {
      const read = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search } } });
      return [read.problems, read.search.showSuggestedTerms, read.search.showMostPopular];
    };
    expect(blocks({ suggestionNoResult: { search_terms: { label: 'Popular suggestions', status: 'false', data: [] }, products: { label: 'Products', status: true, data: [] } } })).toEqual([[], false, true]);
    expect(blocks({ suggestionNoResult: { search_terms: { status: true }, products: { status: false } } })).toEqual([[], true, false]);
    expect(blocks({ suggestionNoResult: null })).toEqual([[], true, true]);
  });

  it('reads enableFilter and enableSearch from every source: the v2 and v1 owner settings, the theme\'s own globals and the JSON block (filter.enabled, search.enabled)', () => {
    const off = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, createSettings(read.input).filter.enabled, read.search.enabled];
    expect(off(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { general: { enableFilter: 'false' }, search: { enableSearch: 'false', enableSuggestion: 'true' } } } }))).toEqual([[], false, false]);
    expect(off(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { enableFilter: false }, search: { enableSearch: false } } } }))).toEqual([[], false, false]);
    expect(off(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSFilterConfig: { general: { enableFilter: 'false' } }, boostPFSInstantSearchConfig: { search: { enableSearch: 'false' } } }))).toEqual([[], false, false]);
    expect(off(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } }, bcSfFilterSettings: { general: { enableFilter: 0 } }, bcSfSearchSettings: { search: { enableSearch: '0' } } }))).toEqual([[], false, false]);
    expect(off(readLoaderSettings(docWith('{"filter":{"enabled":false},"search":{"enabled":false}}'), {}))).toEqual([[], false, false]);
    // On (written or not), the suggestion setting decides the dropdown; what cannot be read is set aside.
    expect(off(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { enableFilter: 'true' }, search: { enableSearch: true, enableSuggestion: 'false' } } } }))).toEqual([[], true, false]);
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { enableFilter: 'no idea' }, search: { enableSearch: 'maybe' } } } });
    expect(off(odd)).toEqual([[], true, true]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.general.enableFilter', 'window.bcSfFilterConfig.settings.search.enableSearch']));
    expect(readLoaderSettings(docWith('{"filter":{"enabled":"no"}}'), {}).problems).toEqual([expect.stringContaining('filter.enabled')]);
  });

  it('reads highlightSuggestionResult and openProductNewTab of the `search` group from every source: the v2 and v1 owner settings, the theme\'s own globals and the JSON block (search.highlight, search.productsInNewTab)', () => {
    const shown = (read: ReturnType<typeof readLoaderSettings>) => [read.problems, read.search.highlight, read.search.productsInNewTab];
    // Defaults: matches marked, products in the same tab.
    expect(shown(readLoaderSettings(noBlock, { bcSfFilterConfig: v2Config() }))).toEqual([[], true, false]);
    expect(shown(readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { search: { highlightSuggestionResult: 'false', openProductNewTab: 'true' } } } }))).toEqual([[], false, true]);
    expect(shown(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { search: { highlightSuggestionResult: false, openProductNewTab: true } } } }))).toEqual([[], false, true]);
    expect(shown(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSInstantSearchConfig: { search: { highlightSuggestionResult: 'false', openProductNewTab: '1' } } }))).toEqual([[], false, true]);
    expect(shown(readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { search: { openProductNewTab: true } } }, bcSfSearchSettings: { search: { highlightSuggestionResult: 0, openProductNewTab: 'false' } } }))).toEqual([[], false, false]);
    expect(shown(readLoaderSettings(docWith('{"search":{"highlight":false,"productsInNewTab":true}}'), {}))).toEqual([[], false, true]);
    // The JSON block wins over the globals; what cannot be read in a global is set aside, in the block it is a problem.
    expect(shown(readLoaderSettings(docWith('{"search":{"highlight":true,"productsInNewTab":false}}'), { bcSfFilterConfig: { ...v2Config(), settings: { search: { highlightSuggestionResult: false, openProductNewTab: true } } } }))).toEqual([[], true, false]);
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { ...v2Config(), settings: { search: { highlightSuggestionResult: 'maybe', openProductNewTab: 'often' } } } });
    expect(shown(odd)).toEqual([[], true, false]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.settings.search.highlightSuggestionResult', 'window.bcSfFilterConfig.settings.search.openProductNewTab']));
    expect(readLoaderSettings(docWith('{"search":{"productsInNewTab":"yes"}}'), {}).problems).toEqual([expect.stringContaining('search.productsInNewTab')]);
  });

  it('defaults general.removePriceDecimal as the settings\' generation does: true on a page of v1 globals (boost-pfs-core.js 1.8.x), false on v2 and own pages', () => {
    // The defaults objects of boost-pfs-core.js 1.8.5, 1.8.25 and 1.8.31 hold general.removePriceDecimal
    // true (search.removePriceDecimal false); bc-sf-filter-lib.js 4.1.4 and 4.4.0 hold both false.
    const cut = (globals: Record<string, unknown>, doc: Parameters<typeof readLoaderSettings>[0] = noBlock) => createSettings(readLoaderSettings(doc, globals).input).filter.removePriceDecimal;
    expect(cut({ boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { paginationType: 'default' } } } })).toBe(true);
    expect(cut({ boostPFSThemeConfig: { custom: {} } }, docWith('{"api":{"filterUrl":"/f"}}'))).toBe(true);
    expect(cut({ boostPFSFilterConfig: { general: {} } })).toBe(true);
    // Written, it wins, from the owner's settings, the theme's global or the JSON block.
    expect(cut({ boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { removePriceDecimal: 'false' } } } })).toBe(false);
    expect(cut({ boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSFilterConfig: { general: { removePriceDecimal: false } } })).toBe(false);
    expect(cut({ boostPFSAppConfig: { api: { filterUrl: '/f' } } }, docWith('{"filter":{"removePriceDecimal":false}}'))).toBe(false);
    // v2 pages, own pages, and a page with a v2 global beside the v1 ones keep the model's false.
    expect(cut({ bcSfFilterConfig: v2Config() })).toBe(false);
    expect(cut({}, docWith('{"api":{"filterUrl":"/f"}}'))).toBe(false);
    expect(cut({ boostPFSAppConfig: { api: { filterUrl: '/f' } }, bcSfFilterConfig: { api: { filterUrl: '/f' } } })).toBe(false);
    // The suggested products' prices keep v1's false default (decimals shown).
    expect(readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } } }).search.productParts).toBeUndefined();
  });

  it('reads where the refine-by block goes: v1 separateRefineByFromFilter, v2 refineByHorizontalPosition', () => {
    // v1 themes set `boostPFSFilterConfig.general.separateRefineByFromFilter` (true when they place a
    // `.boost-pfs-filter-refine-by-wrapper-v/-h`); boost-pfs-core.js 1.8.3 defaults: false and
    // refineByHorizontalPosition "bottom"; v2 themes set `bcSfFilterSettings.general.refineByHorizontalPosition: 'top'`.
    const v1 = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSFilterConfig: { general: { separateRefineByFromFilter: 'false' } } });
    expect(createSettings(v1.input).filter.separateRefineBy).toBe(false);
    const v2 = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { refineByHorizontalPosition: 'bottom' } } }, bcSfFilterSettings: { general: { refineByHorizontalPosition: 'top' } } });
    expect(v2.problems).toEqual([]);
    expect(createSettings(v2.input).filter).toMatchObject({ refineByHorizontalPosition: 'top', separateRefineBy: true });
    const odd = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' } }, bcSfFilterSettings: { general: { refineByHorizontalPosition: 'left' } } });
    expect([odd.problems, createSettings(odd.input).filter.refineByHorizontalPosition]).toEqual([[], 'bottom']);
    expect(odd.page.ignored).toContain('window.bcSfFilterSettings.general.refineByHorizontalPosition');
    // The JSON block uses the model's names and is checked strictly.
    expect(readLoaderSettings(docWith('{"filter":{"refineByHorizontalPosition":"middle"}}'), {}).problems).toEqual([expect.stringContaining('filter.refineByHorizontalPosition')]);
  });

  it('reads the further owner settings of boost-pfs-core.js 1.8.3 defaults: filter prefix, range sliders, the address scheme outside collections, the search page\'s tabs, suggestion timing and rows, the full-width mobile tree', () => {
    const read = readLoaderSettings(noBlock, {
      boostPFSAppConfig: {
        api: { filterUrl: '/f' },
        settings: {
          general: { filterPrefixParam: 'bf_', advancedRangeSliders: 'pf_opt_size|pf_opt_length', filterEverywhereUrlScheme: '2', filterTreeMobileStyle: 'style3', filterTreeMobileStyleFullWidth: 'true' },
          search: {
            searchPanelDefault: 'collections',
            searchPanelBlocks: { products: { label: 'Produits', pageSize: '12', active: true }, collections: { label: 'Collections', pageSize: 25, active: true }, pages: { label: 'Pages', pageSize: 25, active: false } },
            suggestionDelay: '120',
            suggesionMaxItems: 8,
            suggestionStyle2ProductPerRow: '1',
          },
        },
      },
    });
    expect(read.problems).toEqual([]);
    const s = createSettings(read.input);
    expect(s.filter).toMatchObject({ filterPrefix: 'bf_', advancedRangeSliderOptions: ['pf_opt_size', 'pf_opt_length'], urlSchemeNonCollection: 2, mobileStyle: 'style3-fullwidth', defaultTab: 'collections' });
    expect(s.filter.panels).toMatchObject({ products: { label: 'Produits', pageSize: 12, active: true }, pages: { active: false } });
    expect(read.search.suggest).toEqual({ delay: 120, maxItems: 8 });
    expect(read.search.listPerRow).toBe(1);
    // Values the model has no place for are set aside, never a reason to turn the filter off.
    const odd = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general: { filterEverywhereUrlScheme: 5, filterTreeMobileStyleFullWidth: true }, search: { searchPanelDefault: 'blogs', suggestionStyle2ProductPerRow: 7 } } } });
    expect(odd.problems).toEqual([]);
    expect([createSettings(odd.input).filter.urlSchemeNonCollection, createSettings(odd.input).filter.mobileStyle, odd.search.listPerRow]).toEqual([null, 'default', undefined]);
    expect(odd.page.ignored).toEqual(expect.arrayContaining(['window.boostPFSAppConfig.settings.general.filterEverywhereUrlScheme', 'window.boostPFSAppConfig.settings.search.searchPanelDefault', 'window.boostPFSAppConfig.settings.search.suggestionStyle2ProductPerRow']));
  });

  it('reads the owner\'s search term key; one that is not a parameter name is set aside and q stays', () => {
    const read = (termKey: unknown) => readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { search: { termKey } } } });
    expect(createSettings(read(' term ').input).filter.searchTermKey).toBe('term');
    const odd = read('a b"');
    expect([createSettings(odd.input).filter.searchTermKey, odd.problems]).toEqual(['q', []]);
    expect(odd.page.ignored).toContain('window.bcSfFilterConfig.settings.search.termKey');
  });

  it('reads the shop\'s texts under the original\'s names: the template\'s snake-case label groups, the owner\'s settings.label over them', () => {
    // Names of a v2 template's `bcSfFilterConfig.label` (nkthota/preprodtheme
    // sections/collection-template.liquid: sorting, sorting_best_selling, sorting_featured, ...),
    // the v2 library's label names (bc-sf-filter-lib.js initLabel: refine, clear_all, load_more,
    // label_suggestion.suggestion_placeholder, label_error.error_no_products) and its camel-case
    // settings.label (refine, loadPreviousPage, sorting { ... }, suggestion { ... }).
    const read = readLoaderSettings(noBlock, {
      bcSfFilterConfig: {
        api: { filterUrl: '/f' },
        label: { sorting: 'Trier', sorting_best_selling: 'Meilleures ventes', sorting_featured: 'En vedette', sorting_price_ascending: 'Prix croissant', sorting_date_descending: 'Plus récents', refine: 'Affiner', clear_all: 'Tout effacer', load_more: 'Voir plus', sold_out: 'Épuisé', items_with_count_one: 'article' },
        label_suggestion: { suggestion_placeholder: 'Rechercher', suggestion_view_all: 'Voir les {{ count }} produits' },
        label_error: { error_no_products: 'Aucun produit' },
        settings: { label: { refine: 'Filtrer par', loadPreviousPage: 'Page précédente', sorting: { 'price-descending': 'Prix décroissant' }, suggestion: { didYouMean: 'Vouliez-vous dire {{ terms }} ?' }, close: 'Fermer' } },
      },
    });
    expect(read.problems).toEqual([]);
    const l = createSettings(read.input).labels;
    const ui = listingLabels(l);
    const search = uiLabels(l);
    expect([ui.sortBy, l.refineBy, l.clearAll, ui.loadMore, ui.loadPrevious, search.searchBoxPlaceholder, suggestLabels(l).viewAll, l.noProducts, search.didYouMean]).toEqual(['Trier', 'Filtrer par', 'Tout effacer', 'Voir plus', 'Page précédente', 'Rechercher', 'Voir les {{ count }} produits', 'Aucun produit', 'Vouliez-vous dire {{ terms }} ?']);
    expect(l.sorting).toMatchObject({ 'best-selling': 'Meilleures ventes', manual: 'En vedette', 'price-ascending': 'Prix croissant', 'price-descending': 'Prix décroissant', 'created-descending': 'Plus récents' });
    expect(sortLabel(l, 'relevance')).toBe('Relevance');
    expect(read.page.ignored).toEqual(expect.arrayContaining(['window.bcSfFilterConfig.label.sold_out', 'window.bcSfFilterConfig.label.items_with_count_one', 'window.bcSfFilterConfig.settings.label.close']));
    // A v1 theme config's label group (ohedali89/reeba snippets/boost-pfs-theme-config.liquid).
    const v1 = readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' } }, boostPFSThemeConfig: { label: { sorting_heading: 'Sortieren', sorting_manual: 'Empfohlen', sorting_created_descending: 'Neueste', toolbar_viewas: 'Ansicht' } } });
    const l1 = createSettings(v1.input).labels;
    expect([listingLabels(l1).sortBy, l1.sorting.manual, l1.sorting['created-descending']]).toEqual(['Sortieren', 'Empfohlen', 'Neueste']);
    expect(v1.page.ignored).toContain('window.boostPFSThemeConfig.label.toolbar_viewas');
  });

  it('treats a null global as absent and a non-object global as one problem', () => {
    expect(readPageSettings(noBlock, { bcSfFilterConfig: null }).sources).toEqual([]);
    expect(readPageSettings(noBlock, { bcSfFilterMainConfig: 'x' }).problems).toEqual(['window.bcSfFilterMainConfig must be an object, got string "x".']);
  });

  // Whatever a template writes into the globals, reading never throws and gives settings that
  // core-filter accepts, so the page is never stopped by one odd value.
  const scalar = fc.oneof(fc.constant(null), fc.constant(''), fc.constantFrom('true', 'false', '0', '24', 'load_more', 'eur'), fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }));
  const ownerKeys = ['paginationType', 'showFilterOptionCount', 'suggestionBlocks', 'customSortingList', 'currencyRoundingRules', 'productAndVariantAvailable', 'limit', 'enableSuggestion', 'activeQuickView', 'termKey', 'showLimitList', 'filterTreeMobileStyle', 'placeholderImageRatio', 'enableFuzzy', 'x'];
  const group = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 });
  const config = fc.record(
    {
      api: group(['filterUrl', 'searchUrl', 'x']),
      shop: group(['domain', 'currency', 'money_format']),
      general: group(['collection_id', 'current_tags', 'collection_count', 'isInitFilter']),
      settings: fc.oneof(value, fc.record({ general: fc.oneof(value, group(ownerKeys)), label: value, selector: fc.oneof(value, group(['products', 'filterTree', 'pagination', 'bottomPagination', 'x'])) }, { requiredKeys: [] })),
      label: value,
      custom: value,
    },
    { requiredKeys: [] },
  );

  it('never throws and always gives valid settings, whatever the globals hold', () => {
    fc.assert(
      fc.property(config, config, (a, b) => {
        const read = readLoaderSettings(noBlock, { bcSfFilterConfig: a, boostPFSAppConfig: b, bcSfFilterSettings: a.settings, boostPFSFilterConfig: b.settings });
        expect(read.problems).toEqual([]);
        expect(validateSettings(read.input)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('short address parameter names (isShortenUrlParam)', () => {
  const withGeneral = (general: Record<string, unknown>) => readLoaderSettings(noBlock, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general } } });
  it('[S2.17] uses the owner\'s shortenUrlParamList when isShortenUrlParam is on, and not when it is off', () => {
    const on = withGeneral({ isShortenUrlParam: 'true', shortenUrlParamList: ['pf_v_vendor:vendor', 'pf_t_size:size'] });
    expect([on.problems, on.page.ignored]).toEqual([[], []]);
    expect(createSettings(on.input).filter.shortenUrlParamList).toEqual(['pf_v_vendor:vendor', 'pf_t_size:size']);
    const off = withGeneral({ shortenUrlParamList: ['pf_v_vendor:vendor'], isShortenUrlParam: false });
    expect([off.problems, off.page.ignored]).toEqual([[], []]);
    expect(createSettings(off.input).filter.shortenUrlParamList).toEqual([]);
    // v2's bcSfFilterConfig carries the same names.
    const v2 = readLoaderSettings(noBlock, { bcSfFilterConfig: { api: { filterUrl: '/f' }, settings: { general: { isShortenUrlParam: true, shortenUrlParamList: 'pf_v_vendor:vendor' } } } });
    expect(createSettings(v2.input).filter.shortenUrlParamList).toEqual(['pf_v_vendor:vendor']);
  });
});
