export type * from './wire';
export { createSettings } from './create-settings';
export { mergeSettings } from './merge-settings';
export { validateSettings } from './validate-settings';
export { formatLabel } from './format-label';
export { DEFAULTS as DEFAULT_SETTINGS, SORTING_LIST } from './default-settings';
export type { Settings, SettingsInput, ApiSettings, ShopSettings, GeneralSettings, FilterSettings, Labels, PanelSettings, PanelName, PaginationType, FilterLayout, StickyMode, MobileStyle, UrlScheme } from './settings';
export { getPageContext, getLocalePrefix } from './page-context';
export type { PageContext, PageKind } from './page-context';
export { isSafeUrl, safeUrl, withLocale, linkCollection, productUrl, searchUrl, collectionUrl, pageUrl, subCategoryUrl, toolbarUrl, documentTitle } from './links';
export type { ToolbarParams } from './links';
export { stripHtml, escapeHtml, decodeEntities, cutExcerpt, slugify, normalizeTerm, imageSize, isShopCdnImage } from './text';
export { isBadInput, isBadUrl } from './screen';
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
  createOptionsBuilder,
  builtInKinds,
} from './filter-option';
export type { FilterOption, FilterItem, RangeModel, SwatchStyle, OptionDisplay, OptionModelInput, OptionChip } from './filter-option';
export { createKindRegistry, findItemLabel } from './option-kind';
export type { OptionKind, KindRef, KindRead, KindReadInput, KindRegistry, KindChoice } from './option-kind';
export { allKinds } from './all-kinds';
export { listKind, termKind, readTerms } from './kind-list';
export { boxKind } from './kind-box';
export { swatchKind, swatchFor } from './kind-swatch';
export { ratingKind } from './kind-rating';
export { rangeKind } from './kind-range';
export { priceKind } from './kind-price';
export { percentSaleKind } from './kind-percent-sale';
export { weightKind } from './kind-weight';
export { stockKind } from './kind-stock';
export { collectionKind, readCollections } from './kind-collection';
export { subCategoryKind } from './kind-sub-category';
export { multiLevelCollectionKind } from './kind-multi-level-collection';
export { multiLevelTagKind } from './kind-multi-level-tag';
export { collectionTagParam, tagMode, collectionRequestParams, isOwnCollectionPage } from './collection-scope';
export { createPriceFormatter, moneyOptionsFor } from './price-format';
export { browserRate, isPriceOptionId, toShownCurrency, priceOptionsToShown, priceSelectionsToShop } from './currency-conversion';
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
  selectCollection,
  selectCollectionTag,
  clearFilters,
  isClearAllVisible,
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
  normalizeFilterAnswer,
  normalizeSearchPanels,
  parseNoResultData,
} from './normalize-product';
export type { Product, Variant, ProductImage, PanelItem, FilterResult, SearchPanelsResult, NoResultData, NormalizeOptions } from './normalize-product';
export { normalizeBanners } from './banners';
export type { Banner } from './banners';
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
export { resolveTransport, resolveFetchTransport, transportKind } from './resolve-transport';
export type { TransportSeams } from './resolve-transport';
export { createFilterController, createFilterControllerWith } from './filter-controller';
export { readFilterAnswer } from './read-answer';
export type { AnswerReader, FilterAnswer } from './read-answer';
export { createErrorFallback } from './error-fallback';
export type { ErrorFallbackOptions } from './error-fallback';
export type {
  FilterController,
  FilterControllerOptions,
  FilterControllerParts,
  FilterSnapshot,
  FilterEventType,
  PaginationState,
  TreeUpdate,
  ListingMessage,
  ScrollRecord,
  FilterInitialData,
} from './filter-controller';
export type { StorageLike } from './browser-defaults';

