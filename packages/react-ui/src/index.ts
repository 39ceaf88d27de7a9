export {
  Price,
  defaultPriceTranslations,
  type PriceProps,
  type PriceClassNames,
  type PriceTranslations,
} from './Price';
export { MoneyOptionsProvider, useMoneyOptions, type MoneyOptionsProviderProps } from './money-context';
export { SafeHtml, loadSanitizer, type SafeHtmlProps } from './SafeHtml';
export { useStore, shallowEqual, type ExternalStore } from './use-store';
export { cx } from './class-names';
export { FilterProvider, useFilter, useFilterController, type FilterProviderProps } from './filter-context';
export { useStartedFilterController } from './use-started-filter-controller';
export { FilterTree, STICKY_PRODUCT_HEIGHT_LIMIT_PX, type FilterTreeProps, type StickyMode } from './FilterTree';
export {
  FilterOptionBlock,
  FIRST_SCROLL_LOAD,
  type FilterOptionBlockProps,
  type FilterOptionActions,
} from './FilterOptionBlock';
export {
  RangeSlider,
  type RangeSliderProps,
  type RangeSliderTranslations,
  type TextCommitResult,
} from './RangeSlider';
export { RefineBy, type RefineByProps } from './RefineBy';
export { Toolbar, type ToolbarProps, type ToolbarPart } from './Toolbar';
export { ProductList, ProductCard, type ProductListProps, type ProductItemContext } from './ProductList';
export { BannerCard } from './BannerCard';
export { useThemeProductHtml, type ThemeProductHtml } from './use-theme-product-html';
export { Pagination, pageWindow, type PaginationProps } from './Pagination';
export { FilterPage, type FilterPageProps } from './FilterPage';
export { ResultsAnnouncer, type ResultsAnnouncerProps } from './ResultsAnnouncer';
export { MobileFilterTree, type MobileFilterTreeProps, type MobileStyle } from './MobileFilterTree';
export { ScrollToTop, type ScrollToTopProps } from './ScrollToTop';
export { UI_LABELS, uiLabels, type UiLabels } from './ui-labels';
export { RefineByContainer } from './RefineByContainer';
export {
  InfiniteScroll,
  LoadPrevious,
  INFINITE_BOTTOM_THRESHOLD_PX,
  INFINITE_TRIGGER_POSITION_PX,
  LOADING_CLASS_MS,
  LOAD_PREVIOUS_DELAY_MS,
  LOAD_PREVIOUS_OFFSET_PX,
  sentinelReached,
  type InfiniteScrollProps,
  type LoadPreviousProps,
} from './InfiniteScroll';
export { ProductSlider, type ProductSliderProps } from './ProductSlider';
export { MostPopular, type MostPopularProps } from './MostPopular';
export { CollectionHeader, type CollectionHeaderProps } from './CollectionHeader';
export * from './search';
export * from './cart';
export { defaultKindViews, type KindView, type KindViews, type KindBodyProps } from './option-views';
