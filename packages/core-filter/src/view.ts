// `@pkg/core-filter/view`: what a page that renders products and a filter tree needs beyond the
// controller: product cards (the matched variant's view, the card's link, the vendor link),
// banners placed among products, the shop's own theme views (collection description, most
// popular, product HTML), product items rendered from theme templates, the pure UI state of
// the filter tree and listing widgets, and the English texts of those widgets. A headless page needs none of it, so it is an entry of
// its own (one entry, so a UI package imports it under one name).
export { cardView, withSelectedVariantImage, type CardView } from './card-variant';
export { productLink, productUrl, vendorUrl, safeUrl, linkCollection, withLocale, subCategoryUrl, toolbarUrl, documentTitle } from './links';
export { getLocalePrefix } from './page-context';
export { escapeHtml, decodeEntities, imageSize, isShopCdnImage } from './text';
export { buildCollectionDescriptionRequest, buildMostPopularRequest, buildProductHtmlRequests } from './build-request';
export { placeBanners, type ListingItem } from './banners';
export { normalizeCollectionDescription, readProductHtml } from './normalize-product';
export { loadCollectionDescription, loadMostPopular, loadProductHtml, renderProductItems, MISSING_ITEM_BUILDER, type CollectionDescription, type ItemTemplates } from './theme-data';
export { renderTemplate } from './template';
export { createTreeUiState, afterClear, toggleOption, closeAll, toggleViewMore, visibleItemCount, scrollLoadMore, type TreeUiState } from './tree-ui';
export { searchOptionItems } from './filter-option';
export { sortChoices } from './filter-state';
export { createSliderState, shiftSlider, settleSlider, sliderVisibleRange, sliderDragOffset, endSliderDrag, SLIDER_DRAG_THRESHOLD_PX, SLIDER_OVERSHOOT, deviceClass, showScrollToTop, type SliderState, type DeviceClass } from './listing-ui';
export { LISTING_LABELS, SORT_LABELS, listingLabels, sortLabel, type ListingLabels } from './listing-labels';
