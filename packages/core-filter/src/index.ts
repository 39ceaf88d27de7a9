export type * from './wire';
export { createSettings, validateSettings, formatLabel, DEFAULTS as DEFAULT_SETTINGS, SORTING_LIST } from './settings';
export type { Settings, SettingsInput, ApiSettings, ShopSettings, GeneralSettings, FilterSettings, Labels, PanelSettings, PanelName, PaginationType, FilterLayout, MobileStyle, UrlScheme } from './settings';
export { getPageContext, getLocalePrefix } from './page-context';
export type { PageContext, PageKind } from './page-context';
export { isSafeUrl, safeUrl, withLocale, linkCollection, productUrl, searchUrl, collectionUrl, pageUrl, vendorUrl, subCategoryUrl, toolbarUrl, documentTitle } from './links';
export type { ToolbarParams } from './links';
export { stripHtml, escapeHtml, decodeEntities, cutExcerpt, slugify, normalizeTerm, stripHtmlComments, imageSize } from './text';
export { isBadInput } from './screen';
export {
  buildFilterOption,
  buildFilterOptions,
  sortItems,
  ratingLabel,
  percentLabel,
  priceLabel,
  bucketBounds,
  encodeRange,
  decodeRange,
  swatchImageUrl,
  viewMoreCount,
  rangeModel,
  searchOptionItems,
} from './filter-option';
export type { FilterOption, FilterItem, RangeModel, SwatchStyle, OptionDisplay, OptionModelInput } from './filter-option';
export { createPriceFormatter } from './price-format';
export {
  createFilterState,
  defaultSort,
  normalizeLimit,
  sortChoices,
  normalizePage,
  selectValue,
  setRange,
  readRangeInputs,
  isInstantCommit,
  collectionTagParam,
  selectCollection,
  selectCollectionTag,
  tagMode,
  clearFilters,
  isClearAllVisible,
  isClearOptionVisible,
  setSort,
  setLimit,
  setDisplay,
  setPage,
  setInCollectionSearch,
  requestPaging,
} from './filter-state';
export type { FilterState, OptionFlags, ClearType, RangeInputResult } from './filter-state';
export {
  buildFilterRequest,
  buildPanelRequest,
  buildCollectionDescriptionRequest,
  buildProductHtmlRequests,
  buildMostPopularRequest,
  buildTrendingRequest,
  usesSearchEndpoint,
  toUrl,
} from './build-request';
export type { RequestSpec, Params, FilterRequestInput } from './build-request';
export { createUrlConfigFor, toUrlState, fromUrlState } from './url-adapter';
export {
  normalizeProduct,
  normalizeFilterResponse,
  parseNoResultData,
  normalizeCollectionDescription,
  readProductHtml,
} from './normalize-product';
export type { Product, Variant, ProductImage, PanelItem, FilterResult, NoResultData, NormalizeOptions } from './normalize-product';
export { renderTemplate } from './template';
export {
  TransportError,
  isRefused,
  createFetchTransport,
  createJsonpTransport,
  withRetry,
  createLatestGuard,
  parseJsonAnswer,
  defaultTimers,
} from './transport';
export type { Transport, TransportErrorKind, Timers, FetchLike, FetchTransportOptions, JsonpDocument, JsonpScript, JsonpTransportOptions, RetryOptions } from './transport';
export { resolveTransport, transportKind } from './resolve-transport';
export type { TransportSeams } from './resolve-transport';
export { createFilterController } from './filter-controller';
export type {
  FilterController,
  FilterControllerOptions,
  FilterSnapshot,
  FilterEventType,
  PaginationState,
  TreeUpdate,
  ListingMessage,
  ScrollRecord,
} from './filter-controller';
export type { StorageLike } from './browser-defaults';
export { loadCollectionDescription, loadMostPopular, loadProductHtml, renderProductItems } from './theme-data';
export type { CollectionDescription, ItemTemplates } from './theme-data';
export { createTreeUiState, toggleOption, closeAll, toggleViewMore, visibleItemCount, scrollLoadMore } from './tree-ui';
export type { TreeUiState } from './tree-ui';
export { createSliderState, shiftSlider, settleSlider, sliderVisibleRange, deviceClass, showScrollToTop } from './listing-ui';
export type { SliderState, DeviceClass } from './listing-ui';
