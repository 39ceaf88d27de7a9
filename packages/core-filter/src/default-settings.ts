// The default of every setting (S9.*, wire-format.md's defaults seen in the field): those the
// controller reads and those only views read, apart, so a lean page carries only the first.
import type { ControllerSettings, Labels, Settings, ViewKeys, ViewSettingKeys } from './settings';

export const SORTING_LIST = ['relevance', 'best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending'] as const;

/**
 * The English texts of the filter: what the controller and its kinds write (the listing's
 * messages, bucket, rating and stock values) and the filter tree's (a lean page passes them as the
 * controller's `labels` part). Texts other parts own have their defaults beside their code, read
 * from the same `settings.labels` (the shop's and its locale's over them): the listing widgets'
 * (toolbar, sorts, pagination) in `@pkg/core-filter/view` (`LISTING_LABELS`, `SORT_LABELS`), the
 * dropdown's view-all row and the search page's no-result tips in @pkg/suggest (`SUGGEST_LABELS`),
 * the search box's, the suggestion dropdown's other texts, the back-in-stock form's, back-to-top
 * button's and most-popular slider's in @pkg/react-ui (`UI_LABELS`).
 */
export const DEFAULT_LABELS: Labels = {
  showResults: 'Show Results',
  refineBy: 'Refine By',
  clearAll: 'Clear All',
  clear: 'Clear',
  apply: 'Apply',
  viewMore: 'View more',
  viewLess: 'View less',
  filter: 'Filter',
  searchOptions: 'Search options',
  star: 'star',
  stars: 'stars',
  andUp: 'and up',
  above: 'above',
  under: 'under',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  noFilterResult: 'Sorry, no products matched your selection',
  requestRefused: 'Sorry, this search could not be run. Try fewer or shorter words, or clear a filter.',
  noSearchResult: 'Sorry, no products matched the keyword',
  noProducts: 'No products found in this collection',
  searchEmptyResult: "We are sorry! We couldn't find results for \"{{ terms }}\".",
  sorting: {},
};

/**
 * The defaults of every setting the filter controller, its requests, its option kinds and its
 * parts read: what `createFilterControllerWith` merges typed input over. The settings only views
 * read are in VIEW_SETTING_DEFAULTS, the part that brings them (`view: optionViews`), and the
 * English texts are a part of their own (`labels: DEFAULT_LABELS`).
 */
export const CONTROLLER_SETTING_DEFAULTS = {
  api: { filterUrl: '', searchUrl: '' },
  shop: { name: '', domain: '', currency: 'USD', money_format: '${{amount}}' },
  general: {
    file_url: '',
    collection_id: 0,
    collection_count: 0,
    theme_id: '',
    current_tags: [],
    default_sort_by: '',
    swatch_extension: 'png',
    no_image_url: '',
    search_term: '',
    current_currency: '',
    published_locales: {},
    current_locale: 'en',
    root_url: '/',
    currency_rate: 1,
    country: '',
  },
  filter: {
    limit: 16,
    urlScheme: 1,
    urlSchemeNonCollection: null,
    filterPrefix: 'pf_',
    vendorParam: 'pf_v_vendor',
    typeParam: 'pf_pt_product_type',
    searchTermKey: 'q',
    shortenUrlParamList: [],
    paginationType: 'default',
    loadMoreLimit: 20,
    loadPreviousPage: false,
    defaultDisplay: 'grid',
    filterLayout: 'vertical',
    requestInstantly: false,
    showSingleOption: true,
    capitalizeFilterOptionValues: false,
    forceCapitalizeFilterOptionValues: false,
    capitalizeFirstLetterFilterOptionValues: false,
    removePriceDecimal: false,
    roundPriceSlider: false,
    oneValueRangeSlider: false,
    multiLevelCollectionSelect: '',
    showUnavailableSelection: false,
    rangeSlidersSingleHandle: [],
    decimalPriceRange: 0,
    partialRender: false,
    advancedRangeSliderOptions: [],
    eventsKeepingTree: ['page', 'sort', 'limit', 'display', 'previous'],
    productAvailable: false,
    variantAvailable: false,
    zeroOptions: true,
    priceMode: '',
    sortFirst: 'available',
    checkCache: true,
    inventoryBaseSelectedLocations: false,
    location: '',
    fuzzy: true,
    reduceMinMatch: null,
    fullMinMatch: false,
    enablePlusCharacterSearch: false,
    variantsAsProducts: false,
    multiCurrency: false,
    convertPriceInBrowser: false,
    currencyRoundingRules: {},
    searchExcerptLimit: 264,
    collectionDescriptionLimit: 264,
    placeholderRatio: 1.4,
    showPlaceholder: true,
    defaultTab: 'products',
    fallbackOnError: true,
    fallbackView: 'pf-original',
    retries: 2,
    retryDelay: 2000,
    requestTimeout: 10000,
    transport: 'jsonp',
  },
  swatches: {},
} as const satisfies Omit<ControllerSettings, 'labels'>;

/**
 * The defaults of the settings only views read (the filter tree, toolbar, cards, search boxes, the
 * loader's mounting): the `view` part (`optionViews`) brings them to `createFilterControllerWith`;
 * `createSettings` and `mergeSettings` merge them with the controller's.
 */
export const VIEW_SETTING_DEFAULTS = {
  api: { suggestionUrl: '', analyticsUrl: '', productsUrl: '' },
  shop: { url: '', money_format_with_currency: '${{amount}} USD' },
  general: { asset_url: '', collection_handle: '', product_id: 0, collection_tags: [], template: '', currencies: [] },
  filter: {
    enabled: true,
    limitChoices: [4, 8, 12, 16],
    sortingList: SORTING_LIST,
    extraSortingList: [],
    mobileStyle: 'default',
    mobileMaxWidth: 767,
    keepTabOpenState: false,
    showFilterOptionCount: true,
    showRefineBy: true,
    separateRefineBy: true,
    refineByHorizontalPosition: 'bottom',
    multiLevelToggle: false,
    multiLevelOpen: [1, 2],
    searchBoxOnPC: false,
    searchBoxOnMobile: false,
    enableSliderRuler: false,
    looks: {},
    icons: {},
    variantImageOption: '',
    collapseOnPC: false,
    collapseOnMobile: false,
    showLoading: true,
    showScrollToTop: false,
    stickyFilterPc: 'normal',
    stickyFilterMobile: 'normal',
    startViewMore: { list: 5, box: 3, swatch: 10 },
    startViewMoreHorizontal: { list: 10, box: 20, swatch: 10 },
    addCollectionToProductUrl: false,
    themeProductView: '',
    panels: {
      products: { label: 'Products', active: true, pageSize: 25 },
      collections: { label: 'Collections', active: true, pageSize: 25 },
      pages: { label: 'Pages', active: true, pageSize: 25 },
    },
  },
} as const satisfies { [S in keyof ViewSettingKeys]: Pick<Settings[S], ViewKeys<S>> };

/** The sections whose keys follow the defaults (labels, labelTranslations and swatches are read apart). */
export const SECTIONS = ['api', 'shop', 'general', 'filter'];

/** Defaults by section, as CONTROLLER_SETTING_DEFAULTS and VIEW_SETTING_DEFAULTS give them. */
export type SectionDefaults = Readonly<Partial<Record<'api' | 'shop' | 'general' | 'filter', object>>>;

/** The defaults of `section`: the controller's with `view`'s (VIEW_SETTING_DEFAULTS, or none for a lean controller) over them. */
export const sectionDefaults = (section: string, view: SectionDefaults): Record<string, unknown> => ({
  ...(CONTROLLER_SETTING_DEFAULTS as Record<string, object>)[section],
  ...(view as Record<string, object>)[section],
});

/** Every default, with the English texts (`DEFAULT_SETTINGS`): what `mergeSettings` merges over and the settings checks read. */
export const DEFAULTS = /* @__PURE__ */ (() => {
  const d: Record<string, unknown> = { swatches: {}, labels: DEFAULT_LABELS };
  for (const section of SECTIONS) d[section] = sectionDefaults(section, VIEW_SETTING_DEFAULTS);
  return d as unknown as Settings;
})();
