// `@pkg/core-filter/search`: the search page's own requests and answers beyond the filter
// controller's: the collections and pages panels (S2.20-S2.22), the trending products of the
// suggestion dropdown and the no-result page's data. A collection page needs none of it, so it is
// an entry of its own (suggest imports it).
export { buildPanelRequest, buildTrendingRequest } from './build-request';
export { normalizeSearchPanels, normalizeFilterResponse, parseNoResultData, type PanelItem, type SearchPanelsResult, type FilterResult, type NoResultData } from './normalize-product';
export { pageUrl, searchUrl } from './links';
export { cutExcerpt, normalizeTerm } from './text';
