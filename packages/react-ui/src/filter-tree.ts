// `@pkg/react-ui/filter-tree`: the filter tree and the parts it is built from, for a page that
// shows a filter tree and renders no shop HTML, search or cart. This entry imports neither the
// HTML sanitiser (SafeHtml, DOMPurify) nor the search, suggest, cart or analytics code, with any
// bundler and with CommonJS `require` (which loads the whole main entry). The main entry exports
// the same components from the same modules (shared chunks of the build), so a FilterProvider
// from either entry serves components from both.
export { FilterProvider, useFilter, useFilterController } from './filter-context';
export type { FilterProviderProps } from './filter-context';
export { useStartedFilterController } from './use-started-filter-controller';
export { FilterTree, STICKY_PRODUCT_HEIGHT_LIMIT_PX } from './FilterTree';
export type { FilterTreeProps, StickyMode } from './FilterTree';
export { FilterOptionBlock, FIRST_SCROLL_LOAD } from './FilterOptionBlock';
export type { FilterOptionBlockProps, FilterOptionActions } from './FilterOptionBlock';
export { RangeSlider } from './RangeSlider';
export type { RangeSliderProps, RangeSliderTranslations, TextCommitResult } from './RangeSlider';
export { RefineBy } from './RefineBy';
export type { RefineByProps } from './RefineBy';
export { RefineByContainer } from './RefineByContainer';
export { defaultKindViews } from './option-views';
export type { KindView, KindViews, KindBodyProps } from './option-views';
export { useStore, shallowEqual } from './use-store';
export type { ExternalStore } from './use-store';
