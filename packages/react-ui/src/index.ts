export { Price, defaultPriceTranslations } from './Price';
export { MoneyOptionsProvider, useMoneyOptions } from './money-context';
export type { MoneyOptionsProviderProps } from './money-context';
export type { PriceProps, PriceClassNames, PriceTranslations } from './Price';
export { SafeHtml, loadSanitizer } from './SafeHtml';
export type { SafeHtmlProps } from './SafeHtml';
export { useStore, shallowEqual } from './use-store';
export type { ExternalStore } from './use-store';
export { cx } from './class-names';
export { FilterProvider, useFilter, useFilterController } from './filter-context';
export type { FilterProviderProps } from './filter-context';
export { FilterTree, STICKY_PRODUCT_HEIGHT_LIMIT_PX } from './FilterTree';
export type { FilterTreeProps, StickyMode } from './FilterTree';
export { FilterOptionBlock, FIRST_SCROLL_LOAD } from './FilterOptionBlock';
export type { FilterOptionBlockProps, FilterOptionActions } from './FilterOptionBlock';
export { RangeSlider } from './RangeSlider';
export type { RangeSliderProps, RangeSliderTranslations, TextCommitResult } from './RangeSlider';
export { RefineBy } from './RefineBy';
export type { RefineByProps } from './RefineBy';
export { Toolbar } from './Toolbar';
export type { ToolbarProps, ToolbarPart } from './Toolbar';
export { ProductList, ProductCard } from './ProductList';
export { BannerCard } from './BannerCard';
export type { ProductListProps, ProductItemContext } from './ProductList';
export { useThemeProductHtml } from './use-theme-product-html';
export type { ThemeProductHtml } from './use-theme-product-html';
export { Pagination, pageWindow } from './Pagination';
export type { PaginationProps } from './Pagination';
export { ResultsAnnouncer } from './ResultsAnnouncer';
export type { ResultsAnnouncerProps } from './ResultsAnnouncer';
export { MobileFilterTree } from './MobileFilterTree';
export type { MobileFilterTreeProps, MobileStyle } from './MobileFilterTree';
export { ScrollToTop } from './ScrollToTop';
export type { ScrollToTopProps } from './ScrollToTop';
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
} from './InfiniteScroll';
export type { InfiniteScrollProps, LoadPreviousProps } from './InfiniteScroll';
export { ProductSlider } from './ProductSlider';
export type { ProductSliderProps } from './ProductSlider';
export { MostPopular } from './MostPopular';
export type { MostPopularProps } from './MostPopular';
export { CollectionHeader } from './CollectionHeader';
export type { CollectionHeaderProps } from './CollectionHeader';
export * from './search';
export * from './cart';
export { defaultKindViews } from './option-views';
export type { KindView, KindViews, KindBodyProps } from './option-views';
