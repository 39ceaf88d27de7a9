// Collection pages as unchanged themes of the original add-on render them, one per settings
// source: a v2 theme (`window.bcSfFilterConfig` + `window.bcSfFilterMainConfig`, containers by
// id), a v1 theme (`window.boostPFSAppConfig` + `window.boostPFSThemeConfig`, containers by
// class), a theme on this project's JSON block with v2 markup, a v2 theme whose template
// wrote nulls, empty strings, numbers and booleans as strings and keys the loader does not know,
// a v2 theme with its own settings globals (`bcSfFilterSettings`: containers moved to the
// theme's own ids by selector overrides; `bcSfSearchSettings`: a custom search term key, with its
// search page; the owner's `removePriceDecimal` in both groups), and a v1 theme with a horizontal
// tree and its refine-by wrapper apart (`boostPFSFilterConfig.general.separateRefineByFromFilter`) and its
// own instant-search settings (`boostPFSInstantSearchConfig`: the products column on the left of a style 2
// dropdown); the plain v1 page's owner sets a style 1 dropdown (products as a list, greatest height and
// width, header colours).
// The v2 page's owner asks for a ruler and one decimal on the price slider's scale, the v1 page's
// owner for a one-handle price slider (`rangeSlidersSingleHandle`).
// The v1 page with `?owner=off` is the same theme whose owner turned the filter and the search off;
// with `?look=off-canvas` or `?look=expand` its owner put the desktop tree behind a button
// (`filterTreeVerticalStyle`), in three columns when it expands, with an icon on the buttons whose markup
// also carries a script and an event handler (the loader must show the icon and run neither).
// The v2 page with `?look=phone-dropdown` is the same theme whose owner chose the dropdown under the
// search box on a phone (`suggestionMobileStyle` "style2") over the full-screen overlay.
// No `pkg-*` class in any of them: the loader finds the theme's own containers. The shapes follow
// the issue's description of real pages; the owner settings differ per page so that each one can
// be seen.
import { esc, layout, scriptJson } from './pages.mjs';

/** The collection each generation is shown on, and how the home page names it. */
export const THEME_GENERATIONS = {
  'bottoms-men': { generation: 'v2', title: 'v2 theme (bcSfFilterConfig)' },
  'bottoms-women': { generation: 'v1', title: 'v1 theme (boostPFSAppConfig)' },
  'tops-men': { generation: 'json', title: 'JSON settings block on a v2 theme' },
  'pants-women': { generation: 'template', title: 'v2 theme with template-written values' },
  'shorts-men': { generation: 'theme', title: 'v2 theme with its own settings (bcSfFilterSettings)' },
  'shorts-women': { generation: 'v1h', title: 'v1 theme with a horizontal tree (boostPFSFilterConfig)' },
};

/** The search term parameter of the `theme` generation (its `bcSfSearchSettings.search.termKey`). */
export const THEME_TERM_KEY = 'keyword';

const api = { filterUrl: '/bc-sf-filter/filter', searchUrl: '/bc-sf-filter/search', suggestionUrl: '/bc-sf-filter/search/suggest', analyticsUrl: '/api/analytics', productsUrl: '/api/products' };
const shopOf = (shop) => ({ name: shop.title, url: '', domain: shop.domain, currency: 'USD', money_format: '${{amount}}', money_format_with_currency: '${{amount}} USD' });
const generalOf = (collection) => ({ file_url: '/images/swatches/', asset_url: '/assets/', collection_id: collection.id, collection_handle: collection.handle, collection_count: 0, collection_tags: [], current_tags: [], default_sort_by: 'manual', swatch_extension: 'png', no_image_url: '', search_term: '', template: 'collection', current_locale: 'en', current_currency: 'USD', currencies: ['USD'], published_locales: { en: true } });

/** v2 markup: containers by id (tree, horizontal-less sidebar, mobile button place, toolbar parts, products, pagination, load more). */
const v2Body = (heading) => `<h1 class="page-title">${esc(heading)}</h1>
<div class="bc-sf-filter-wrapper collection">
  <aside class="collection__sidebar" id="bc-sf-filter-tree" aria-label="Filters"></aside>
  <div class="collection__main">
    <div id="bc-sf-filter-tree-mobile"></div>
    <div class="theme-toolbar"><div id="bc-sf-filter-top-sorting"></div><div id="bc-sf-filter-top-show-limit"></div><div id="bc-sf-filter-top-display-type"></div></div>
    <div id="bc-sf-filter-products"><p class="theme-listing">Loading products…</p></div>
    <div id="bc-sf-filter-bottom-pagination"></div>
    <div id="bc-sf-filter-load-more"></div>
  </div>
</div>`;

/** v1 markup: containers by class. */
const v1Body = (heading) => `<h1 class="page-title">${esc(heading)}</h1>
<div class="boost-pfs-filter-wrapper collection">
  <aside class="collection__sidebar boost-pfs-filter-tree boost-pfs-filter-tree-v" aria-label="Filters"></aside>
  <div class="collection__main">
    <div class="boost-pfs-filter-refine-by-wrapper"></div>
    <div class="theme-toolbar"><div class="boost-pfs-filter-top-sorting"></div><div class="boost-pfs-filter-top-show-limit"></div><div class="boost-pfs-filter-top-display-type"></div></div>
    <div class="boost-pfs-filter-products"><p class="theme-listing">Loading products…</p></div>
    <div class="boost-pfs-filter-bottom-pagination"></div>
  </div>
</div>`;

/** v1 markup with a horizontal tree above the products and the refine-by wrapper of horizontal trees beside the toolbar. */
const v1HorizontalBody = (heading) => `<h1 class="page-title">${esc(heading)}</h1>
<div class="boost-pfs-filter-wrapper collection collection--stacked">
  <div class="boost-pfs-filter-tree boost-pfs-filter-tree-h" aria-label="Filters"></div>
  <div class="theme-toolbar"><div class="boost-pfs-filter-refine-by-wrapper-h"></div><div class="boost-pfs-filter-top-sorting"></div></div>
  <div class="boost-pfs-filter-products"><p class="theme-listing">Loading products…</p></div>
  <div class="boost-pfs-filter-bottom-pagination"></div>
</div>`;

/** v1 markup of a theme whose owner opens the tree under a button (`style-expand`): the tree's container over the page's width, above the products. */
const v1ExpandBody = (heading) => `<h1 class="page-title">${esc(heading)}</h1>
<div class="boost-pfs-filter-wrapper collection collection--stacked">
  <div class="boost-pfs-filter-tree boost-pfs-filter-tree-v" aria-label="Filters"></div>
  <div class="theme-toolbar"><div class="boost-pfs-filter-top-sorting"></div><div class="boost-pfs-filter-top-show-limit"></div></div>
  <div class="boost-pfs-filter-products"><p class="theme-listing">Loading products…</p></div>
  <div class="boost-pfs-filter-bottom-pagination"></div>
</div>`;

/** Markup of a v2 theme that moved the add-on's containers to its own ids (named in its `bcSfFilterSettings.selector`). */
const ownIdsBody = (heading) => `<h1 class="page-title">${esc(heading)}</h1>
<div class="collection">
  <aside class="collection__sidebar" id="CollectionFilters" aria-label="Filters"></aside>
  <div class="collection__main">
    <div class="theme-toolbar"><div id="CollectionSort"></div><div id="CollectionPerPage"></div></div>
    <div id="CollectionGrid"><p class="theme-listing">Loading products…</p></div>
    <div id="CollectionPaging"></div>
  </div>
</div>`;

const script = (globals) => `<script>\n${Object.entries(globals).map(([k, v]) => `window.${k} = ${scriptJson(v)};`).join('\n')}\n</script>`;

/** The v1 owner's desktop tree behind a button (`?look=off-canvas|expand`), with icon markup that must not run. */
const ownerLook = (look) => ({
  filterTreeVerticalStyle: `style-${look}`,
  filterHorizontalColumn: '3',
  filterTreeIcon: '<svg class="owner-icon" viewBox="0 0 16 16" width="16" height="16"><path d="M1 3h14L9 9v5l-2 1V9z"/></svg><img src="/images/owner-icon.png" alt="" onerror="window.__ownerIconRan = 1"><script>window.__ownerIconRan = 2</script>',
  filterTreeIconClose: '<svg class="owner-close-icon" viewBox="0 0 16 16" width="16" height="16"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor"/></svg>',
});

/** The settings and markup of each generation; `swatches` are the shop owner's `pfs-swatch-*` entries. */
function generationOf(kind, shop, collection, page = { template: 'collection', term: '' }, ownerOff = false, look = null) {
  const swatches = shop.swatches ?? {};
  if (kind === 'v2')
    return {
      searchBoxClass: 'bc-sf-search-box',
      body: v2Body,
      settingsHtml: script({
        // The shop's main config first; the page's own config over it.
        bcSfFilterMainConfig: { settings: { general: { paginationType: 'default', showFilterOptionCount: true } } },
        bcSfFilterConfig: {
          api,
          shop: shopOf(shop),
          general: generalOf(collection),
          settings: {
            general: { paginationType: 'load_more', showFilterOptionCount: false, customSortingList: 'manual|price-ascending|price-descending|title-ascending', productAndVariantAvailable: false, showRefineBy: true, enableSuggestion: true, suggestionBlocks: [{ type: 'suggestions', status: 'active', number: 3 }, { type: 'products', status: 'active', number: 4 }], showSuggestionProductImage: false, showSuggestionProductSku: false, limit: 12, decimalPriceRange: 1, enableSliderRuler: true, refineByStyle: 'style2', rangeStyle: 'style2', swatchStyle: 'square-list' },
            // The dropdown on the search box's right edge, whatever its place.
            // `?look=phone-dropdown`: on a phone, the dropdown under the box instead of the overlay.
            search: { suggestionPosition: 'right', ...(look === 'phone-dropdown' ? { suggestionMobileStyle: 'style2' } : {}) },
            ...swatches,
          },
          // The template's texts under the original's names (snake case).
          label: { load_more: 'Show more products', sorting: 'Sort products', sorting_price_ascending: 'Price: low to high', sold_out: 'Sold out' },
        },
      }),
    };
  if (kind === 'v1')
    return {
      searchBoxClass: 'boost-pfs-search-box',
      body: look === 'expand' ? v1ExpandBody : v1Body,
      settingsHtml: script({
        boostPFSAppConfig: {
          api,
          shop: shopOf(shop),
          general: generalOf(collection),
          settings: {
            general: { paginationType: 'default', showRefineBy: false, collapseOnPCByDefault: true, activeScrollToTop: true, showSingleOption: false, limit: 12, rangeSlidersSingleHandle: ['pf_p_price'], ...(ownerOff ? { enableFilter: false } : {}), ...(look ? ownerLook(look) : {}) },
            // The owner's dropdown as v1's settings page writes it (strings): style 1 with its products as a list, a greatest
            // height and width, the block titles' colours and size.
            search: { suggestionStyle: 'style1', suggestionStyle1ProductItemType: 'list', suggestionStyle2ProductItemType: 'grid', suggestionMaxHeight: '300', suggestionMaxWidth: '420', colorSuggestionHeader: '#ffffff', bgSuggestionHeader: '#1a3d7c', fontSizeSuggestionHeader: '15', ...(ownerOff ? { enableSearch: false } : {}) },
            ...swatches,
          },
        },
        boostPFSThemeConfig: { custom: { limitChoices: [12, 24] }, label: { refineBy: 'Your choices' } },
      }),
    };
  if (kind === 'v1h')
    return {
      searchBoxClass: 'boost-pfs-search-box',
      body: v1HorizontalBody,
      settingsHtml: script({
        boostPFSAppConfig: { api, shop: shopOf(shop), general: generalOf(collection), settings: { general: { paginationType: 'default', showRefineBy: true, limit: 12, showSearchBoxFilterPCByDefault: true, filterTreeHorizontalStyle: 'style2', filterHorizontalOptionsAlign: 'center' }, ...swatches } },
        boostPFSThemeConfig: { custom: { filter_tree_horizontal_style: 'style-default' }, label: { refineBy: 'Your choices' } },
        // The theme's own settings: refine-by in the theme's wrapper, as v1 themes with a horizontal tree set it
        // (the layout comes from the tree's container alone).
        boostPFSFilterConfig: { general: { separateRefineByFromFilter: true } },
        // The theme's own instant-search settings: style 2 with its products column on the left.
        boostPFSInstantSearchConfig: { search: { suggestionStyle: 'style2', suggestionStyle2ProductPosition: 'left' } },
      }),
    };
  if (kind === 'json')
    return {
      searchBoxClass: 'bc-sf-search-box',
      body: v2Body,
      settingsHtml: `<script type="application/json" id="pkg-settings">${scriptJson({
        api,
        shop: shopOf(shop),
        general: { ...generalOf(collection), default_sort_by: 'title-ascending' },
        filter: { transport: 'fetch', limit: 12, paginationType: 'default', capitalizeFilterOptionValues: true, keepTabOpenState: true, sortingList: ['title-ascending', 'title-descending', 'price-ascending'] },
        swatches,
      })}</script>`,
    };
  if (kind === 'theme')
    return {
      searchBoxClass: '',
      termKey: THEME_TERM_KEY,
      body: ownIdsBody,
      settingsHtml: script({
        // The owner's removePriceDecimal in both groups: range labels (`general`) and the suggested products' prices (`search`) without decimals;
        // showSearchBoxFilterPCByDefault: every option of several values gets its search box on desktop.
        bcSfFilterConfig: { api, shop: shopOf(shop), general: { ...generalOf(collection), template: page.template, search_term: page.term }, settings: { general: { paginationType: 'load_more', showFilterOptionCount: true, limit: 24, removePriceDecimal: true, showSearchBoxFilterPCByDefault: true }, search: { removePriceDecimal: true }, ...swatches } },
        // The theme's own settings (its bc-sf-filter.js), over the owner's.
        bcSfFilterSettings: {
          general: { limit: 6, paginationType: 'default', showLimitList: '6,12,24', loadProductFirst: true, numberFilterTree: 1 },
          selector: { filterTree: '#CollectionFilters', products: '#CollectionGrid', topSorting: '#CollectionSort', topShowLimit: '#CollectionPerPage', bottomPagination: '#CollectionPaging' },
          template: { loadMoreLoading: '<div id="bc-sf-filter-load-more-loading"></div>' },
        },
        bcSfSearchSettings: { search: { termKey: THEME_TERM_KEY } },
      }),
    };
  // A v2 page as a template engine writes it: nulls and empty strings for absent lists and texts,
  // numbers and booleans as strings, keys this product does not know.
  const general = { ...generalOf(collection), collection_id: String(collection.id), collection_count: '0', collection_tags: null, current_tags: null, search_term: '', no_image_url: null, isInitFilter: 'true', customer_id: '', theme_version: '2.1.0' };
  return {
    searchBoxClass: 'bc-sf-search-box',
    body: v2Body,
    settingsHtml: script({
      bcSfFilterConfig: {
        api: { ...api, productsUrl: '' },
        shop: { ...shopOf(shop), money_format_with_currency: null },
        general,
        settings: {
          general: { paginationType: 'load_more', showFilterOptionCount: 'false', enableSuggestion: 'false', capitalizeFilterOptionValues: 'true', multiCurrency: 'true', currencyRoundingRules: { usd: '1' }, keepToggleState: 'true', sortingAvailableFirst: 'false', showLoading: '', limit: '12', ajaxCartEnabled: 'true' },
          search: null,
          ...swatches,
        },
        label: { loadMore: null, refineBy: '' },
        template: 'collection',
        translations: null,
      },
    }),
  };
}

/**
 * A collection page of its theme generation. `ownerOff` (the v1 page with `?owner=off`): the shop
 * owner turned the filter and the search off (`settings.general.enableFilter`,
 * `settings.search.enableSearch` false); the theme's products container keeps its own listing.
 */
export function themeCollectionPage({ shop, assets, collection, ownerOff = false, look = null }) {
  const kind = THEME_GENERATIONS[collection.handle]?.generation;
  if (!kind) throw new Error(`[demo-shop] ${collection.handle} has no theme generation`);
  const off = ownerOff && kind === 'v1';
  const owned = (kind === 'v1' && (look === 'off-canvas' || look === 'expand')) || (kind === 'v2' && look === 'phone-dropdown');
  const g = generationOf(kind, shop, collection, undefined, off, owned ? look : null);
  const body = g.body(collection.title);
  return layout({ title: collection.title, shop, assets, settings: null, theme: { settingsHtml: g.settingsHtml, searchBoxClass: g.searchBoxClass, termKey: g.termKey }, body: off ? body.replace('Loading products…', 'The theme’s own listing') : body });
}

/**
 * The search page of the `theme` generation (`/search?keyword=...`): the same globals on the search
 * template, the same moved containers; the term is read from its own parameter (`?keyword=`).
 */
export function themeSearchPage({ shop, assets, term }) {
  const heading = term ? `Search results for “${term}”` : 'Search';
  // `search_term` stays blank: the term reaches the loader only through the address's own key.
  const g = generationOf('theme', shop, { id: 0, handle: '' }, { template: 'search', term: '' });
  return layout({ title: heading, shop, assets, settings: null, q: term, theme: { settingsHtml: g.settingsHtml, searchBoxClass: '', termKey: g.termKey }, body: g.body(heading) });
}
