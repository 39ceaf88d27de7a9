export type * from './wire';
export { createSettings } from './create-settings';
export { mergeSettings } from './merge-settings';
export { validateSettings } from './validate-settings';
export { formatLabel } from './format-label';
export { DEFAULTS as DEFAULT_SETTINGS, DEFAULT_LABELS, SORTING_LIST, CONTROLLER_SETTING_DEFAULTS, VIEW_SETTING_DEFAULTS } from './default-settings';
export type { Settings, SettingsInput, ControllerSettings, ViewSettingKeys, ApiSettings, ShopSettings, GeneralSettings, FilterSettings, Labels, LabelsInput, PanelSettings, PanelName, PaginationType, FilterLayout, StickyMode, MobileStyle, UrlScheme } from './settings';
export { getPageContext, type PageContext, type PageKind } from './page-context';
export { isSafeUrl, collectionUrl, type ToolbarParams } from './links';
export { stripHtml, slugify } from './text';
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
  createOptionsBuilder,
  builtInKinds,
  type FilterOption,
  type FilterOptionCore,
  type OptionViewFields,
  type FilterItem,
  type RangeModel,
  type SwatchStyle,
  type OptionDisplay,
  type OptionModelInput,
  type OptionChip,
} from './filter-option';
export { count } from './option-values';
export { checkOptionTypes, type OptionChecks } from './option-checks';
export { shareOptions, type ShareOptions } from './share-options';
export { valueTexts, type ValueTexts } from './value-texts';
export { optionViews, type OptionViews } from './option-view';
export { listingMessage, type ListingMessages } from './filter-snapshot';
export { createKindRegistry, findItemLabel, isPriceOption, isPriceType, type OptionKind, type KindRef, type KindRead, type KindReadInput, type KindRegistry, type KindChoice } from './option-kind';
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
export { createPriceFormatter, moneyOptionsFor, type MoneyOptions } from './price-format';
export { browserRate, toShownCurrency, priceOptionsToShown, priceSelectionsToShop } from './currency-conversion';
export {
  createFilterState,
  defaultSort,
  normalizeLimit,
  normalizePage,
  selectValue,
  setRange,
  readRangeInputs,
  isInstantCommit,
  selectCollection,
  selectCollectionTag,
  collectionActions,
  clearFilters,
  isClearAllVisible,
  setSort,
  setLimit,
  setDisplay,
  setPage,
  setInCollectionSearch,
  requestPaging,
  type FilterState,
  type OptionFlags,
  type ClearType,
  type CollectionActions,
  type RangeInputResult,
} from './filter-state';
export {
  buildFilterRequest,
  usesSearchEndpoint,
  toUrl,
  type RequestSpec,
  type Params,
  type FilterRequestInput,
} from './build-request';
export { createUrlConfigFor, toUrlState, fromUrlState } from './url-adapter';
export {
  normalizeProduct,
  normalizeFilterAnswer,
  type Product,
  type Variant,
  type ProductImage,
  type NormalizeOptions,
} from './normalize-product';
export { normalizeBanners, type Banner } from './banners';
export {
  TransportError,
  isRefused,
  createFetchTransport,
  createJsonpTransport,
  withRetry,
  parseJsonAnswer,
  defaultTimers,
  type Transport,
  type TransportErrorKind,
  type Timers,
  type FetchLike,
  type FetchTransportOptions,
  type JsonpDocument,
  type JsonpScript,
  type JsonpTransportOptions,
  type RetryOptions,
} from './transport';
export { resolveTransport, resolveFetchTransport, transportKind, type TransportSeams } from './resolve-transport';
export { createFilterController, createFilterControllerWith, type FilterController, type FilterControllerOptions, type FilterControllerParts, type LeanFilterController, type LeanControllerOptions, type FilterSnapshot, type FilterEventType, type PaginationState, type TreeUpdate, type ListingMessage, type ScrollRecord, type FilterInitialData } from './filter-controller';
export { readFilterAnswer, type AnswerReader, type FilterAnswer, type RequestFilters } from './read-answer';
export { createErrorFallback, type ErrorFallbackOptions } from './error-fallback';
export type { StorageLike } from './browser-defaults';
export { createSessionRecords, type SessionRecords } from './session-records';
export { syncAddressBar } from './address-bar';
export type { AddressPart, FilterNavigation, NavigationMove, NavigationOptions, PageAddress } from './filter-navigation';
