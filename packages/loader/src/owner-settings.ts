// The shop owner's saved settings as the original add-on's pages carry them
// (`settings.general.<name>` of `bcSfFilterConfig` / `boostPFSAppConfig`), mapped onto the one
// settings model: core-filter's sections and the loader's `search` and `cart` sections.
// The README's "Owner settings" table lists the same names.
import { isBlank, tolerateValue } from '@pkg/core-filter/tolerant';
import { isRec, type Rec } from '@pkg/kit';
import { cssColor, cssSize } from './search-settings';

const bool = (v: unknown): boolean | undefined => {
  const b = tolerateValue('', false, v);
  return typeof b === 'boolean' ? b : undefined;
};
const number = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * How a value is read: a boolean, a sort list, rounding rules, available-first, the suggestion width,
 * an address parameter name, a CSS colour or size, ..., or as written (`raw`: core-filter's tolerant reading
 * takes numeric strings and comma-separated lists, and sets aside what it cannot read). A keyword setting
 * names its values instead (`top|bottom`: one of them as written, else set aside).
 */
type Read = 'text' | 'bool' | 'not' | 'look' | 'scheme' | 'perRow' | 'column' | 'color' | 'size' | 'sorts' | 'rules' | 'first' | 'width' | 'param' | 'px' | 'count' | 'sticky' | 'raw' | `${string}|${string}`;
const READ: Record<Exclude<Read, `${string}|${string}`>, (v: unknown) => unknown> = {
  // Shop markup (an icon): kept as written, shown only through react-ui's SafeHtml.
  text: (v) => (typeof v === 'string' ? v : undefined),
  bool,
  not: (v) => (bool(v) === undefined ? undefined : !bool(v)),
  // A display variant's keyword (`style2`, `square-list`, `4`) or a colour (`#e5a100`): letters, digits, `_` and `-`
  // after an optional `#`; one the stylesheet does not know looks as the default.
  look: (v) => (/^#?[\w-]+$/.test(String(v)) ? String(v) : undefined),
  // An address scheme: 0, 1 or 2 (numbers or numeric strings).
  scheme: (v) => [0, 1, 2].find((x) => x === number(v)),
  perRow: (v) => [1, 2, 3, 4, 5, 6].find((x) => x === number(v)),
  // v1's `suggestionColumn` as the style it draws: `1` one column, `2-overlay-fullwidth` the full-width panel, other `2-...` two columns.
  column: (v) => (String(v) === '1' ? 'style1' : v === '2-overlay-fullwidth' ? 'style3' : /^2-[a-z-]+$/.test(String(v)) ? 'style2' : undefined),
  color: cssColor,
  size: cssSize,
  // An array, or one string separated by `|` or `,`.
  sorts: (v) => {
    const list = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[|,]/) : []).filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean);
    return list.length ? list : undefined;
  },
  // `{ eur: 0.95 }`: numeric strings taken, keys kept as written (matched in any case).
  rules: (v) => (isRec(v) ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => ((number(x) ?? 0) > 0 ? [[k, number(x)]] : []))) : undefined),
  first: (v) => (bool(v) === undefined ? undefined : bool(v) ? 'available' : ''),
  // 'auto' (the input's width) or a width in pixels, as a number or a numeric string.
  width: (v) => (v === 'auto' ? v : (number(v) ?? 0) > 0 ? number(v) : undefined),
  // A query parameter name: letters, digits, `_`, `-`, `.`, `[`, `]`.
  param: (v) => (typeof v === 'string' && /^[\w.\-[\]]+$/.test(v.trim()) ? v.trim() : undefined),
  // A width in pixels: 767, "767" or "1024px".
  px: (v) => {
    const n = number(typeof v === 'string' ? v.trim().replace(/px$/i, '') : v);
    return n !== undefined && n > 0 ? n : undefined;
  },
  // A whole number from 0.
  count: (v) => {
    const n = number(v);
    return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
  },
  // v1's sticky tree on or off: the tree stays at the top of the viewport (`fixed`) or scrolls.
  sticky: (v) => (bool(v) === undefined ? undefined : bool(v) ? 'fixed' : 'normal'),
  raw: (v) => v,
};

/**
 * Every owner setting that changes what a shopper sees, by its name in the original's settings:
 * `'<section> <key> <how it is read>'` (`parts` is `search.productParts`, `suggest` is `search.suggest`, `looks` is `filter.looks`, `icons` is `filter.icons`;
 * one string a name, which the theme file carries smaller than a list).
 * A name is looked up first with its group (`search.removePriceDecimal`: the same name means
 * different things in `general` and `search`), then bare (any group). Keys outside a group are read
 * as `general`. `enableSearch`, `productAndVariantAvailable`, `availableAfterFiltering`, `enableCollectionSearch`,
 * `isShortenUrlParam`, `filterTreeMobileStyleFullWidth` and `suggestionBlocks` are read in `mapOwnerSettings`.
 */
export const OWNER_SETTINGS: Readonly<Record<string, `${'filter' | 'search' | 'cart' | 'parts' | 'suggest' | 'looks' | 'icons' | 'header' | 'style1' | 'style2' | 'style3' | 'style0'} ${string} ${Read}`>> = {
  // The filter on or off (both libraries default to true; v1's builds no filter when it is off, v2's keeps it as a default only).
  enableFilter: 'filter enabled bool',
  paginationType: 'filter paginationType default|load_more|infinite',
  showFilterOptionCount: 'filter showFilterOptionCount bool',
  showSingleOption: 'filter showSingleOption bool',
  // Values with no product left are still listed (disabled) when the service is asked for them.
  showOutOfStockOption: 'filter zeroOptions bool',
  keepToggleState: 'filter keepTabOpenState bool',
  showRefineBy: 'filter showRefineBy bool',
  capitalizeFilterOptionValues: 'filter capitalizeFilterOptionValues bool',
  showLoading: 'filter showLoading bool',
  activeScrollToTop: 'filter showScrollToTop bool',
  collapseOnPCByDefault: 'filter collapseOnPC bool',
  collapseOnMobileByDefault: 'filter collapseOnMobile bool',
  sortingAvailableFirst: 'filter sortFirst first',
  customSortingList: 'filter sortingList sorts',
  currencyRoundingRules: 'filter currencyRoundingRules rules',
  enableSuggestion: 'search enabled bool',
  showSuggestionProductImage: 'parts image bool',
  showSuggestionProductSku: 'parts sku bool',
  showSuggestionProductVendor: 'parts vendor bool',
  showSuggestionProductPrice: 'parts price bool',
  showSuggestionProductSalePrice: 'parts salePrice bool',
  // The suggestion dropdown as the owner set it (the `search` group of the v2 library's
  // settings: suggestionStyle, suggestionWidth, showSearchBtnMobile).
  suggestionStyle: 'search style style1|style2|style3',
  suggestionWidth: 'search width width',
  showSearchBtnMobile: 'search showMobileSubmit bool',
  // The matched part of suggested terms and product titles marked, and suggested products in a
  // new tab (both libraries read them from `search`; default true and false).
  highlightSuggestionResult: 'search highlight bool',
  openProductNewTab: 'search productsInNewTab bool',
  activeQuickView: 'cart quickView bool',
  // The search page's term parameter (`search.termKey`, default `q`): the search boxes submit it,
  // the search page reads it, and the theme's `input[name=<termKey>]` fields become search boxes.
  termKey: 'filter searchTermKey param',
  enableFuzzy: 'filter fuzzy bool',
  // The per-page choices, `"4,8,12,16"` or a list.
  showLimitList: 'filter limitChoices raw',
  showPlaceholderProductList: 'filter showPlaceholder bool',
  placeholderImageRatio: 'filter placeholderRatio raw',
  filterTreeMobileStyle: 'filter mobileStyle raw',
  // The widest phone viewport: which trees show, and the search overlay (the libraries' 767 by default).
  breakpointMobile: 'filter mobileMaxWidth px',
  startViewMoreH: 'filter startViewMoreHorizontal raw',
  activeLoadPreviousPage: 'filter loadPreviousPage bool',
  stickyFilterOnDesktop: 'filter stickyFilterPc sticky',
  stickyFilterOnMobile: 'filter stickyFilterMobile sticky',
  // The suggestion dropdown's shortest term and its "did you mean" count (`search` group).
  suggestionMinLength: 'suggest minLength count',
  suggestionDymLimit: 'suggest dymLimit count',
  // The digits after the decimal mark cut from the range labels (`general`) or from the suggested products' prices (`search`).
  'general.removePriceDecimal': 'filter removePriceDecimal bool',
  'search.removePriceDecimal': 'parts priceDecimals not',
  // v2 (`general`, default false): a price slider runs between whole units, its minimum down and its maximum up.
  roundPriceSlider: 'filter roundPriceSlider bool',
  // Both libraries (`general`, default false): a range slider with one value stays shown.
  oneValueRangeSlider: 'filter oneValueRangeSlider bool',
  // The slider's scale and one-handle sliders: the scale's money decimals (v2, default 0), its ticks (v2, default false), the options (by id) with one handle (v1, default []).
  decimalPriceRange: 'filter decimalPriceRange count',
  enableSliderRuler: 'filter enableSliderRuler bool',
  rangeSlidersSingleHandle: 'filter rangeSlidersSingleHandle sorts',
  // v1 (`general`, default ''): the option id (`pf_opt_color`) whose selected value picks the variant image each card shows.
  showVariantImageBasedOnSelectedFilter: 'filter variantImageOption param',
  // Both libraries (`general`, default ''): sorts offered after the list (`"sale-descending|stock-descending"`); their texts are the label group's `<key in snake case>`.
  extraSortingList: 'filter extraSortingList sorts',
  // v1: the refine-by block in the theme's own wrappers (`.boost-pfs-filter-refine-by-wrapper-v/-h`) rather than in the tree.
  separateRefineByFromFilter: 'filter separateRefineBy bool',
  // The refine-by block below (`bottom`, v1's default) or above (`top`) a horizontal tree's options (v1 library; v2 themes set it too).
  refineByHorizontalPosition: 'filter refineByHorizontalPosition top|bottom',
  // The filter parameters' prefix (`pf_`), the options shown as range sliders, the address scheme outside collection pages (v1).
  filterPrefixParam: 'filter filterPrefix param',
  advancedRangeSliders: 'filter advancedRangeSliderOptions sorts',
  filterEverywhereUrlScheme: 'filter urlSchemeNonCollection scheme',
  // The search page's tabs (v1 `search` group): the tab shown first, and each tab's label, page size and whether it shows.
  searchPanelDefault: 'filter defaultTab products|collections|pages',
  searchPanelBlocks: 'filter panels raw',
  // The suggestion dropdown's wait after a key press, its most items (v1's name, spelt so), products per row of a style 2 list (1 or 2).
  suggestionDelay: 'suggest delay count',
  suggesionMaxItems: 'suggest maxItems count',
  // The dropdown's side (v1 and v2 `search` group, default '': by the input's place), greatest height and width in px (v1: 640, 564 for a style 2 list; 850, 800, 526 by style).
  suggestionPosition: 'search position left|right',
  suggestionMaxHeight: 'search maxHeight px',
  suggestionMaxWidth: 'search maxWidth px',
  // The dropdown's loading block, the phone's overlay or dropdown, "default results" when nothing matched (both libraries, default true, `style1`, true).
  showSuggestionLoading: 'search showLoading bool',
  suggestionMobileStyle: 'search mobileStyle style1|style2',
  enableDefaultResult: 'suggest enableDefaultResult bool',
  // The block titles' font size, background and text colour (both libraries, default '': the stylesheet's).
  fontSizeSuggestionHeader: 'header fontSize size',
  bgSuggestionHeader: 'header background color',
  colorSuggestionHeader: 'header color color',
  // The dropdown's layout per style (v1 `search` group): grid or list, the products column's side, products per row of a list. The style in effect
  // takes its own (readPageSettings); style 1 is always one column (v1 never reads its position and per row). The un-numbered names (`style0`) and
  // `suggestionColumn` serve v1's style-less dropdown, a `suggestionStyle` that is blank or none of the three. v2 (style 2): the products block after the others.
  suggestionStyle1ProductItemType: 'style1 display grid|list',
  suggestionStyle2ProductItemType: 'style2 display grid|list',
  suggestionStyle3ProductItemType: 'style3 display grid|list',
  suggestionStyle2ProductPosition: 'style2 productPosition left|right',
  suggestionStyle3ProductPosition: 'style3 productPosition left|right',
  suggestionStyle2ProductPerRow: 'style2 listPerRow perRow',
  suggestionStyle3ProductPerRow: 'style3 listPerRow perRow',
  suggestionProductItemType: 'style0 display grid|list',
  suggestionProductPosition: 'style0 productPosition left|right',
  suggestionProductItemPerRow: 'style0 listPerRow perRow',
  suggestionColumn: 'style0 style column',
  // Multi-level options: show/hide buttons (v2), the levels open at first (v1, `[1, 2]`), one or several collection tags (v1),
  // a selected value without products kept (v2), every option's own search box (both).
  collapseSubCategory: 'filter multiLevelToggle bool',
  openMultiLevelByDefault: 'filter multiLevelOpen raw',
  multiLevelCollectionSelectType: 'filter multiLevelCollectionSelect raw',
  showUnavailableSelection: 'filter showUnavailableSelection bool',
  showSearchBoxFilterPCByDefault: 'filter searchBoxOnPC bool',
  showSearchBoxFilterMobileByDefault: 'filter searchBoxOnMobile bool',
  // Display variants, drawn by the stylesheet from the containers' `data-pkg-<name>` attributes: refine-by chips
  // with or without the option's name (v2 `style1`, `style2`), the range's boxes or its values as text (v2 `style1`,
  // `style2`), swatches round or square, in a row or a list (both: `circle-grid`, `circle-list`, `square-grid`,
  // `square-list`), a horizontal tree's values in one or two columns or over its width (v1 `style1`, `style2`,
  // `style3`), and its option buttons' alignment (v1 `left`, `center`, `right`).
  refineByStyle: 'looks refine look',
  rangeStyle: 'looks range look',
  swatchStyle: 'looks swatch look',
  filterTreeHorizontalStyle: 'looks horizontal look',
  filterHorizontalOptionsAlign: 'looks align look',
  // v1's desktop vertical tree: in the page (`style-default`), in a drawer opened by a button (`style-off-canvas`) or
  // opening in the page under a button (`style-expand`, its options in `filterHorizontalColumn` columns): the loader
  // wraps the tree. Rating values as stars or as their text (v2 `ratingSelectionStyle` `text`), and the stars' colour.
  filterTreeVerticalStyle: 'looks vertical look',
  filterHorizontalColumn: 'looks columns look',
  ratingSelectionStyle: 'looks rating look',
  ratingStarItemColor: 'looks star look',
  // The owner's icon markup on the desktop tree's button, its close button and the mobile tree's button.
  filterTreeIcon: 'icons open text',
  filterTreeIconClose: 'icons close text',
  filterTreeMobileIcon: 'icons mobile text',
};

/** The in-collection search box of v1 themes, a container when the owner's `enableCollectionSearch` is on. */
export const IN_COLLECTION_SEARCH = ['.boost-pfs-in-collection-search'] as const;

const LIMIT_OF: Record<string, string> = { suggestions: 'suggestionLimit', collections: 'collectionLimit', pages: 'pageLimit', products: 'productLimit' };

/**
 * Maps one group of owner settings (`settings.general`, `settings.search`, ...; `name` is the group). Keys named in
 * OWNER_SETTINGS go where the table says; keys that are already settings of the model
 * (`limit`, `filterLayout`, ...) are kept as they are, in `filter`; the rest, and values that
 * cannot be read, are returned in `setAside` (paths from `path`).
 */
export function mapOwnerSettings(group: Rec, path: string, filterKeys: ReadonlySet<string>, setAside: string[], name: 'general' | 'search' = 'general'): { filter: Rec; search: Rec; cart: Rec; containers: Rec } {
  const containers: Rec = {};
  const filter: Rec = {};
  const search: Rec = {};
  const cart: Rec = {};
  const parts: Rec = {};
  const suggest: Rec = {};
  const looks: Rec = {};
  const icons: Rec = {};
  const header: Rec = {};
  const style0: Rec = {};
  const styles: Rec = { style1: {}, style2: {}, style3: {} };
  const sections = { filter, search, cart, parts, suggest, looks, icons, header, style0, ...(styles as Record<'style1' | 'style2' | 'style3', Rec>) };
  for (const [k, v] of Object.entries(group)) {
    if (isBlank(v)) continue;
    const entry = (OWNER_SETTINGS[`${name}.${k}`] ?? OWNER_SETTINGS[k])?.split(' ') as [keyof typeof sections, string, Read] | undefined;
    const b = bool(v);
    let read: unknown;
    if (entry) {
      read = entry[2].includes('|') ? entry[2].split('|').find((x) => x === v) : READ[entry[2] as keyof typeof READ](v);
      if (read !== undefined) sections[entry[0]][entry[1]] = read;
    } else if (k === 'productAndVariantAvailable' || k === 'availableAfterFiltering') {
      // Both ask for variants in stock; the first also for products in stock.
      read = b;
      if (b !== undefined && k === 'productAndVariantAvailable') filter.productAvailable = b;
      if (b) filter.variantAvailable = true;
    } else if (k === 'enableSearch') {
      // Both libraries keep it as a default only (their dropdown follows `enableSuggestion`); off
      // here also means no instant search, whatever `enableSuggestion` says (below, after the loop).
      read = b;
    } else if (k === 'filterTreeMobileStyleFullWidth') {
      // v1: the mobile tree's style 2 or 3 over the whole width (the model's `style2-fullwidth`, `style3-fullwidth`).
      read = b;
    } else if (k === 'isShortenUrlParam') {
      // The switch of `shortenUrlParamList` (`long:short` names, url-state's `shortNames`): off, the list is not used.
      read = b;
    } else if (k === 'enableCollectionSearch') {
      // v1's library fills its `.boost-pfs-in-collection-search` only with this on (S4.16).
      read = b;
      if (b) containers.collectionSearch = [...IN_COLLECTION_SEARCH];
    } else if (k === 'suggestionStyle2ReverseProductBlock') {
      // v2's style 2: the products block after the other blocks (true) or before them (false, the products column on the left).
      read = b;
      if (b !== undefined) (styles.style2 as Rec).productPosition = b ? 'right' : 'left';
    } else if (k === 'suggestionNoResult' && isRec(v)) {
      // v1: `{ search_terms: { status }, products: { status } }`, the no-result view's suggested terms and products.
      const on = (x: unknown) => bool(isRec(x) ? x.status : undefined);
      search.showSuggestedTerms = on(v.search_terms);
      read = (search.showMostPopular = on(v.products)) ?? search.showSuggestedTerms;
    } else if (k === 'suggestionBlocks' && Array.isArray(v)) {
      // `[{ type, status: 'active' | 'inactive', number }]`, in the owner's order.
      read = suggest.suggestTypes = v.flatMap((block) => {
        if (!isRec(block) || typeof block.type !== 'string' || !LIMIT_OF[block.type] || !(block.status === undefined || block.status === 'active' || bool(block.status))) return [];
        const n = number(block.number);
        if (n !== undefined && Number.isInteger(n) && n >= 0) suggest[LIMIT_OF[block.type] as string] = n;
        return [block.type];
      });
    } else if (filterKeys.has(k)) read = filter[k] = v;
    if (read === undefined) setAside.push(`${path}.${k}`);
  }
  if (bool(group.filterTreeMobileStyleFullWidth) && (filter.mobileStyle === 'style2' || filter.mobileStyle === 'style3')) filter.mobileStyle += '-fullwidth';
  if (bool(group.enableSearch) === false) search.enabled = false;
  if (bool(group.isShortenUrlParam) === false && filter.shortenUrlParamList !== undefined) filter.shortenUrlParamList = [];
  if (Object.keys(parts).length) search.productParts = parts;
  if (Object.keys(looks).length) filter.looks = looks;
  if (Object.keys(icons).length) filter.icons = icons;
  if (Object.keys(header).length) search.header = header;
  // v1's style-less dropdown: `suggestionColumn` gives the style, the un-numbered names its layout.
  const { style: column, ...layout } = style0;
  if (column && 'suggestionStyle' in group && !/^style[123]$/.test(String(group.suggestionStyle))) styles[(search.style = column) as string] = layout;
  for (const k in styles) if (!Object.keys(styles[k] as Rec).length) delete styles[k];
  if (Object.keys(styles).length) search.styles = styles;
  if (Object.keys(suggest).length) search.suggest = suggest;
  return { filter, search, cart, containers };
}
