// The settings model: one typed options object (S1.3, S9.*, F9.*, wire-format.md names).
// Its defaults are in default-settings.ts, its checks in validate-settings.ts, and
// create-settings.ts makes the frozen object. It is longer than 300 lines because each of the
// shop owner's settings is typed here with its doc (its meaning, default and the rule it serves),
// and the split between the controller's settings and the view settings is typed beside them.
import type { WireSwatchSetting } from './wire';

export type PaginationType = 'default' | 'load_more' | 'infinite';
export type FilterLayout = 'vertical' | 'horizontal';
/** Sticky filter panel (S4.19, F2.7): normal flow, fixed while scrolling, or held at the bottom of the product area. */
export type StickyMode = 'normal' | 'fixed' | 'absolute';
/** The mobile tree's style (F2.9). */
export type MobileStyle = 'default' | 'style2' | 'style2-fullwidth' | 'style3' | 'style3-fullwidth' | 'style4';
export type PanelName = 'products' | 'collections' | 'pages';
export type UrlScheme = 0 | 1 | 2;

export interface ApiSettings {
  filterUrl: string;
  searchUrl: string;
  suggestionUrl: string;
  analyticsUrl: string;
  productsUrl: string;
}

export interface ShopSettings {
  name: string;
  url: string;
  domain: string;
  currency: string;
  money_format: string;
  money_format_with_currency: string;
}

export interface GeneralSettings {
  file_url: string;
  asset_url: string;
  collection_id: number | string;
  collection_handle: string;
  collection_count: number;
  product_id: number | string;
  theme_id: number | string;
  collection_tags: readonly string[];
  current_tags: readonly string[];
  default_sort_by: string;
  swatch_extension: string;
  no_image_url: string;
  search_term: string;
  template: string;
  currencies: readonly string[];
  current_currency: string;
  /** Locale code to is-primary flag. */
  published_locales: Readonly<Record<string, boolean>>;
  current_locale: string;
  /** The platform's root route, e.g. '/fr/' (S2.9); '/' for the primary locale. */
  root_url: string;
  /** Rate from shop currency to the shown currency (S1.5). */
  currency_rate: number;
  country: string;
}

export interface PanelSettings {
  label: string;
  active: boolean;
  pageSize: number;
}

export interface FilterSettings {
  /**
   * The filter on the shop's pages (owner setting `general.enableFilter`; default true). Off, the
   * loader mounts nothing of the filter and sends no filter request: the theme's own listing and
   * search results stay, as v1's library does (`initFilter` does nothing).
   */
  enabled: boolean;
  limit: number;
  limitChoices: readonly number[];
  sortingList: readonly string[];
  /** Sorts offered after `sortingList` (the owner's `extraSortingList`, such as `sale-descending`); their texts in `labels.sorting`, else the key. */
  extraSortingList: readonly string[];
  urlScheme: UrlScheme;
  /** Scheme outside collection and search pages (S2.15); undefined means `urlScheme`. */
  urlSchemeNonCollection: UrlScheme | null;
  filterPrefix: string;
  vendorParam: string;
  typeParam: string;
  searchTermKey: string;
  shortenUrlParamList: readonly string[];
  paginationType: PaginationType;
  loadMoreLimit: number;
  loadPreviousPage: boolean;
  defaultDisplay: 'grid' | 'list' | 'collage';
  filterLayout: FilterLayout;
  /** The mobile tree's style (F2.9-F2.11). */
  mobileStyle: MobileStyle;
  /** The widest viewport, in px, that is a phone (mobile trees, the search overlay; owner setting `breakpointMobile`; F9.2). */
  mobileMaxWidth: number;
  requestInstantly: boolean;
  keepTabOpenState: boolean;
  showSingleOption: boolean;
  /** Each value's product count beside it (owner setting `showFilterOptionCount`). */
  showFilterOptionCount: boolean;
  /** Option values shown with the first letter of each word in capitals, no other letter changed (`capitalizeFilterOptionValues`: `hello wORLD` shows `Hello WORLD`). */
  capitalizeFilterOptionValues: boolean;
  /**
   * Option values lowercased, then each word's first letter in capitals (`HELLO World` shows
   * `Hello World`; `forceCapitalizeFilterOptionValues`). Wins over the two other capital settings.
   */
  forceCapitalizeFilterOptionValues: boolean;
  /**
   * Option values lowercased, then their first letter in capitals (`product fILTER` shows
   * `Product filter`; `capitalizeFirstLetterFilterOptionValues`). Wins over `capitalizeFilterOptionValues`.
   */
  capitalizeFirstLetterFilterOptionValues: boolean;
  /** The refine-by block of the tree (`showRefineBy`). */
  showRefineBy: boolean;
  /**
   * The refine-by block shown apart, in the page's refine-by containers, when the page has one
   * (true, the default); false keeps it in the tree and leaves those containers alone
   * (`separateRefineByFromFilter`; the v1 library's default is false, but its themes place a
   * refine-by wrapper only to turn it on).
   */
  separateRefineBy: boolean;
  /** Where a horizontal tree shows its refine-by block: below its options (`bottom`, the default, as in the v1 library) or above them (`top`) (`refineByHorizontalPosition`). */
  refineByHorizontalPosition: 'top' | 'bottom';
  /** Range labels (price values, sliders, refine-by chips) without the digits after the decimal mark (`general.removePriceDecimal`). */
  removePriceDecimal: boolean;
  /** A price slider's bounds to whole units, the minimum down and the maximum up (12.5 to 99.2 runs from 12 to 100; `general.roundPriceSlider`). */
  roundPriceSlider: boolean;
  /** A range slider with a single value (min equal to max, or one value) stays shown instead of being taken out (F4.1; `oneValueRangeSlider`). */
  oneValueRangeSlider: boolean;
  /**
   * Multi-level options (collections, tags, sub-categories): a value with sub-values gets a button
   * that shows or hides them (`collapseSubCategory`); off, every level shows.
   */
  multiLevelToggle: boolean;
  /** With `multiLevelToggle`, the levels (1, 2) whose values start open; the way to a selected value always starts open (`openMultiLevelByDefault`). */
  multiLevelOpen: readonly number[];
  /** How a multi-level collection option's tags are chosen: one at a time or several; '' follows the option's own select type (`multiLevelCollectionSelectType`). */
  multiLevelCollectionSelect: '' | 'single' | 'multiple';
  /** A selected value the answer no longer lists stays in its option, shown unavailable, until the shopper clears it (`showUnavailableSelection`). */
  showUnavailableSelection: boolean;
  /**
   * Every option of more than one value gets its search box on desktop / on phones, whatever its
   * own flag; not price, sale, stock, range or multi-level options (`showSearchBoxFilterPCByDefault`,
   * `showSearchBoxFilterMobileByDefault`).
   */
  searchBoxOnPC: boolean;
  searchBoxOnMobile: boolean;
  /** Number range options (by id) whose slider has one handle: one value chosen, sent as `v:v`, no boxes (`rangeSlidersSingleHandle`). */
  rangeSlidersSingleHandle: readonly string[];
  /** Decimals of the money labels on a slider's scale (`decimalPriceRange`; 0 cuts the fraction). */
  decimalPriceRange: number;
  /** The slider's scale draws a tick at each label (`enableSliderRuler`). */
  enableSliderRuler: boolean;
  /**
   * The owner's display variants, by short name (`refine`, `range`, `swatch`, `horizontal`, `align`):
   * the loader writes each as a `data-pkg-<name>` attribute on the containers it mounts into, and
   * its stylesheet draws the variant (`refineByStyle`, `rangeStyle`, `swatchStyle`,
   * `filterTreeHorizontalStyle`, `filterHorizontalOptionsAlign`; `vertical` from `filterTreeVerticalStyle`, `columns`
   * from `filterHorizontalColumn`, `rating` from `ratingSelectionStyle`, `star` from `ratingStarItemColor`), and as a
   * CSS custom property `--pkg-<name>` (a colour or a number the stylesheet uses). `{}`: the default look.
   */
  looks: Readonly<Record<string, string>>;
  /**
   * The owner's button icons as shop markup (`open`: `filterTreeIcon`, `close`: `filterTreeIconClose`, `mobile`:
   * `filterTreeMobileIcon`): shown only through react-ui's SafeHtml, beside the button's text. `{}`: none.
   */
  icons: Readonly<Record<string, string>>;
  /** The option (by id, `pf_opt_color`) whose selected value picks the variant image a product card shows; '' for none (`showVariantImageBasedOnSelectedFilter`). */
  variantImageOption: string;
  /** Every option starts collapsed on desktop / on phones, whatever its own flag (`collapseOnPCByDefault`, `collapseOnMobileByDefault`). */
  collapseOnPC: boolean;
  collapseOnMobile: boolean;
  /** The product list is dimmed and marked busy while a new answer is on its way (`showLoading`). */
  showLoading: boolean;
  /** A back-to-top button once the page is scrolled (`activeScrollToTop`). */
  showScrollToTop: boolean;
  /** The filter tree's sticky behaviour on desktop and on phones (S4.19, F2.7). */
  stickyFilterPc: StickyMode;
  stickyFilterMobile: StickyMode;
  partialRender: boolean;
  /** Option ids that become range sliders when multi-select (F4.5). */
  advancedRangeSliderOptions: readonly string[];
  startViewMore: Readonly<Record<'list' | 'box' | 'swatch', number>>;
  startViewMoreHorizontal: Readonly<Record<'list' | 'box' | 'swatch', number>>;
  /** Events after which the filter tree is left unchanged (F4.22). */
  eventsKeepingTree: readonly string[];
  addCollectionToProductUrl: boolean;
  productAvailable: boolean;
  variantAvailable: boolean;
  zeroOptions: boolean;
  priceMode: string;
  sortFirst: string;
  checkCache: boolean;
  inventoryBaseSelectedLocations: boolean;
  location: string;
  fuzzy: boolean;
  reduceMinMatch: number | null;
  fullMinMatch: boolean;
  enablePlusCharacterSearch: boolean;
  variantsAsProducts: boolean;
  multiCurrency: boolean;
  /** When true prices are converted in the browser and currency params are not sent (S1.5). */
  convertPriceInBrowser: boolean;
  currencyRoundingRules: Readonly<Record<string, number>>;
  searchExcerptLimit: number;
  collectionDescriptionLimit: number;
  placeholderRatio: number;
  /**
   * The theme's product item view (S7.4), e.g. `boost-pfs-product-item`: product items are the
   * theme's own HTML from `/collections/all/{handle+handle}?view=<this>`, 20 handles a call.
   * Empty (default): the product card of the UI.
   */
  themeProductView: string;
  showPlaceholder: boolean;
  panels: Readonly<Record<PanelName, PanelSettings>>;
  defaultTab: PanelName;
  /** Redirect to `?view=<fallbackView>` after a failed filter call (F8.9). */
  fallbackOnError: boolean;
  fallbackView: string;
  retries: number;
  retryDelay: number;
  requestTimeout: number;
  transport: 'jsonp' | 'fetch';
}

/**
 * The texts the filter controller, its kinds and the filter tree write (`DEFAULT_LABELS` has the
 * English ones) and the sorts' texts. `settings.labels` also carries, as given, the texts other
 * parts own under their own names, which their owner reads over its English defaults: the listing
 * widgets' (`sortBy`, `loadMore`, ...: `LISTING_LABELS` of `@pkg/core-filter/view`), the dropdown's view-all row and
 * the no-result tips (@pkg/suggest's `SUGGEST_LABELS`), react-ui's parts' (`searchBoxPlaceholder`,
 * `scrollToTop`, ...: `UI_LABELS`).
 */
export interface Labels {
  showResults: string;
  refineBy: string;
  clearAll: string;
  clear: string;
  apply: string;
  viewMore: string;
  viewLess: string;
  filter: string;
  searchOptions: string;
  star: string;
  stars: string;
  andUp: string;
  above: string;
  under: string;
  inStock: string;
  outOfStock: string;
  noFilterResult: string;
  /** Shown when the service refuses the request (a term too long, a malformed selection). */
  requestRefused: string;
  noSearchResult: string;
  noProducts: string;
  searchEmptyResult: string;
  /** The shop's sort texts by sort key (`SORT_LABELS` of `@pkg/core-filter/view` has the English ones). */
  sorting: Readonly<Record<string, string>>;
}

export interface Settings {
  api: ApiSettings;
  shop: ShopSettings;
  general: GeneralSettings;
  filter: FilterSettings;
  /** Labels resolved for `general.current_locale`. */
  labels: Labels;
  /** Swatch settings keyed by value (from `pfs-swatch-<value>` entries). */
  swatches: Readonly<Record<string, WireSwatchSetting>>;
}

/**
 * The settings only views read (the filter tree, toolbar, cards, search boxes, the loader's
 * mounting), by section: their defaults come with the `view` part (`VIEW_SETTING_DEFAULTS`).
 */
export interface ViewSettingKeys {
  api: 'suggestionUrl' | 'analyticsUrl' | 'productsUrl';
  shop: 'url' | 'money_format_with_currency';
  general: 'asset_url' | 'collection_handle' | 'product_id' | 'collection_tags' | 'template' | 'currencies';
  filter:
    | 'enabled'
    | 'limitChoices'
    | 'sortingList'
    | 'extraSortingList'
    | 'mobileStyle'
    | 'mobileMaxWidth'
    | 'keepTabOpenState'
    | 'showFilterOptionCount'
    | 'showRefineBy'
    | 'separateRefineBy'
    | 'refineByHorizontalPosition'
    | 'multiLevelToggle'
    | 'multiLevelOpen'
    | 'searchBoxOnPC'
    | 'searchBoxOnMobile'
    | 'enableSliderRuler'
    | 'looks'
    | 'icons'
    | 'variantImageOption'
    | 'collapseOnPC'
    | 'collapseOnMobile'
    | 'showLoading'
    | 'showScrollToTop'
    | 'stickyFilterPc'
    | 'stickyFilterMobile'
    | 'startViewMore'
    | 'startViewMoreHorizontal'
    | 'addCollectionToProductUrl'
    | 'themeProductView'
    | 'panels';
}

/**
 * The settings a controller without the `view` part holds (`createFilterControllerWith` given typed
 * input): every setting the controller, its requests, kinds and parts read, with its default; the
 * settings only views read (ViewSettingKeys) only where the input gave them.
 */
export type ControllerSettings = {
  readonly [S in keyof Settings]: S extends keyof ViewSettingKeys ? Omit<Settings[S], ViewSettingKeys[S]> & Partial<Pick<Settings[S], ViewKeys<S>>> : Settings[S];
};

/** The view settings of section S (ViewSettingKeys). */
export type ViewKeys<S extends keyof ViewSettingKeys> = Extract<ViewSettingKeys[S], keyof Settings[S]>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Texts as callers give them: the filter's (typed) and other parts' texts by their names (`viewAll`, ...). */
export type LabelsInput = Partial<Omit<Labels, 'sorting'>> & { sorting?: Record<string, string> } & { readonly [text: string]: unknown };

/** What callers pass: every section and field optional. */
export interface SettingsInput {
  api?: Partial<ApiSettings>;
  shop?: Partial<ShopSettings>;
  general?: Partial<Omit<GeneralSettings, 'collection_id' | 'collection_count' | 'currency_rate'>> & {
    collection_id?: number | string | null;
    collection_count?: number | string;
    currency_rate?: number | string;
  };
  filter?: DeepPartial<FilterSettings>;
  labels?: LabelsInput;
  /** Per-locale label overrides, e.g. `{ fr: { clearAll: 'Tout effacer' } }`. */
  labelTranslations?: Record<string, LabelsInput>;
  /** Keys may be `pfs-swatch-<value>` (as shops store them) or the bare value. */
  swatches?: Record<string, WireSwatchSetting>;
}
