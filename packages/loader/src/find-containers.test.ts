// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findContainers, isShownOn } from './find-containers';
import { readLoaderSettings } from './loader-settings';

describe('findContainers', () => {
  it('[F2.2] gives the first vertical and horizontal tree the base id and later ones a number suffix', () => {
    document.body.innerHTML = `
      <div class="pkg-tree-vertical"></div><div class="pkg-tree-horizontal"></div>
      <div class="pkg-tree-vertical"></div><div class="pkg-tree-vertical"></div><div class="pkg-tree-horizontal"></div>`;
    const { trees } = findContainers(document);
    expect(trees.map((t) => [t.layout, t.id])).toEqual([
      ['vertical', 'pkg-filter-tree'],
      ['vertical', 'pkg-filter-tree-2'],
      ['vertical', 'pkg-filter-tree-3'],
      ['horizontal', 'pkg-filter-tree-horizontal'],
      ['horizontal', 'pkg-filter-tree-horizontal-2'],
    ]);
    expect(Array.from(document.querySelectorAll('.pkg-tree-vertical')).map((e) => e.id)).toEqual(['pkg-filter-tree', 'pkg-filter-tree-2', 'pkg-filter-tree-3']);
  });

  it('[F2.3] a tree marked both or neither is shown on both devices, otherwise only on its own', () => {
    document.body.innerHTML = `
      <div class="pkg-tree-vertical"></div>
      <div class="pkg-tree-vertical pkg-mobile-only pkg-desktop-only"></div>
      <div class="pkg-tree-vertical pkg-mobile-only"></div>
      <div class="pkg-tree-vertical pkg-desktop-only"></div>`;
    const { trees } = findContainers(document);
    expect(trees.map((t) => t.shownOn)).toEqual(['both', 'both', 'mobile', 'desktop']);
    expect(trees.map((t) => [isShownOn(t, 'mobile'), isShownOn(t, 'desktop')])).toEqual([
      [true, true],
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  it('finds listing containers and skips search boxes marked disable-instant-search or already initialised', () => {
    document.body.innerHTML = `
      <div class="pkg-toolbar-container"></div><div class="pkg-products-container"></div>
      <div class="pkg-pagination-container"></div><div class="pkg-refine-by-container"></div>
      <input class="pkg-search-box" id="a"><input class="pkg-search-box disable-instant-search" id="b">
      <input class="pkg-search-box" id="c" data-pkg-initialised>
      <div class="pkg-products-container" data-pkg-initialised></div>
      <div class="pkg-search-page-container" id="s"></div><div class="pkg-search-page-container" id="t" data-pkg-initialised></div>`;
    const c = findContainers(document);
    expect([c.toolbar.length, c.products.length, c.pagination.length, c.refineBy.length]).toEqual([1, 1, 1, 1]);
    expect(c.searchBoxes.map((e) => e.id)).toEqual(['a']);
    expect(c.searchPage.map((e) => e.id)).toEqual(['s']);
  });

  it('finds the containers of an unchanged v2 theme by their ids, keeping the ids', () => {
    document.body.innerHTML = `
      <div id="bc-sf-filter-tree-mobile"></div><div id="bc-sf-filter-tree"></div><div id="bc-sf-filter-tree-h"></div>
      <div id="bc-sf-filter-top-sorting"></div><div id="bc-sf-filter-top-show-limit"></div><div id="bc-sf-filter-top-display-type"></div>
      <div id="bc-sf-filter-products"></div><div id="bc-sf-filter-bottom-pagination"></div><div id="bc-sf-filter-load-more"></div>
      <form action="/search"><input class="bc-sf-search-box" name="q" id="bc-sf-search-box-0"></form>`;
    const c = findContainers(document);
    // The ids stay; the trees, toolbar parts and paginations of a real page: the fixture tests below.
    expect([...c.trees.map((t) => t.id), ...c.products.map((e) => e.id)]).toEqual(['bc-sf-filter-tree', 'bc-sf-filter-tree-h', 'bc-sf-filter-tree-mobile', 'bc-sf-filter-products']);
    // Pagination goes to the pagination container; load more renders there too.
    expect(c.pagination.map((e) => e.id)).toEqual(['bc-sf-filter-bottom-pagination']);
    // An input carrying the library's run-time class is a box even without the term key.
    expect(c.searchBoxes.map((e) => e.id)).toEqual(['bc-sf-search-box-0']);
  });

  it('finds the containers of an unchanged v1 theme by their classes', () => {
    document.body.innerHTML = `
      <div class="boost-pfs-filter-tree boost-pfs-filter-tree-v"></div><div class="boost-pfs-filter-tree boost-pfs-filter-tree-h"></div>
      <div class="boost-pfs-filter-refine-by-wrapper"></div>
      <div class="boost-pfs-filter-top-sorting"></div><div class="boost-pfs-filter-products"></div>
      <div class="boost-pfs-filter-load-more" id="more"></div>
      <input class="boost-pfs-search-box" name="q">`;
    const c = findContainers(document);
    expect(c.trees.map((t) => [t.id, t.layout, t.shownOn])).toEqual([
      ['pkg-filter-tree', 'vertical', 'both'],
      ['pkg-filter-tree-horizontal', 'horizontal', 'both'],
    ]);
    expect([c.refineBy.length, c.toolbarParts.length, c.products.length, c.searchBoxes.length]).toEqual([1, 1, 1, 1]);
    // No pagination container: the load-more one takes pagination.
    expect(c.pagination.map((e) => e.id)).toEqual(['more']);
  });

  // The markup of a v2 collection page, written from the shapes real themes serve (facts only):
  // container ids as in the selector defaults of bc-sf-filter-lib.js 4.3.2
  // (nkthota/preprodtheme assets/bc-sf-filter-lib.js: filterTree, filterTreeMobile, products,
  // topShowLimit, topSorting, topDisplayType, pagination = bottom + top pagination, loadMore);
  // the horizontal tree id as themes style and script it (#bc-sf-filter-tree-h); the plain search
  // form of the theme header, taken over by the library as every input[name="q"] not marked
  // data-no-bc-search (initSearchBox in the same file).
  const V2_PAGE = `
    <header><form action="/search" method="get"><input type="search" name="q" id="Search"></form>
      <form action="/search"><input name="q" data-no-bc-search id="kept"></form></header>
    <div id="bc-sf-filter-tree-mobile"><button id="bc-sf-filter-tree-mobile-button" type="button">FILTER</button></div>
    <div id="bc-sf-filter-tree-h"></div>
    <div class="sidebar"><div id="bc-sf-filter-tree"></div></div>
    <div class="toolbar"><div id="bc-sf-filter-top-pagination"></div><div class="bc-sf-filter-custom-sorting" id="bc-sf-filter-top-sorting"></div>
      <div id="bc-sf-filter-top-show-limit"></div><div id="bc-sf-filter-top-display-type"></div></div>
    <div id="bc-sf-filter-products" class="grid"></div>
    <div id="bc-sf-filter-bottom-pagination"></div><div id="bc-sf-filter-load-more"></div>`;

  // The markup of a v1 collection section (ohedali89/reeba sections/collection-template.liquid,
  // classes as in the selector map of assets/boost-pfs-core.js): a top pagination span, the sort
  // box, the mobile button, a tree carrying both boost-pfs-filter-tree and -tree-v, the product
  // grid, bottom pagination and load more; refine-by wrappers -v / -h; the library's
  // most-popular and recently-viewed places; search inputs taken as input[name="q"] not marked
  // data-disable-instant-search.
  const V1_PAGE = `
    <form action="/search"><input type="text" name="q" class="search-header__input"></form>
    <form action="/search"><input type="text" name="q" data-disable-instant-search id="kept"></form>
    <span class="boost-pfs-filter-top-pagination"></span>
    <div class="boost-pfs-filter-top-sorting eight columns section_select omega"></div>
    <div class="boost-pfs-filter-tree-mobile-button"></div>
    <div class="boost-pfs-filter-tree boost-pfs-filter-tree-v"></div>
    <div class="boost-pfs-filter-refine-by-wrapper-h"></div>
    <div itemtype="http://schema.org/ItemList" class="boost-pfs-filter-products products"></div>
    <div class="paginate boost-pfs-filter-bottom-pagination"></div>
    <div class="boost-pfs-filter-load-more"></div>
    <div class="boost-pfs-most-popular"></div><div class="boost-pfs-recently-viewed"></div>`;

  it('finds every container of a real v2 page: trees, toolbar parts, products, both paginations and its plain search inputs', () => {
    document.body.innerHTML = V2_PAGE;
    const c = findContainers(document, { searchInputName: 'q' });
    expect(c.trees.map((t) => [t.id, t.layout, t.shownOn])).toEqual([
      ['bc-sf-filter-tree', 'vertical', 'desktop'],
      ['bc-sf-filter-tree-h', 'horizontal', 'desktop'],
      ['bc-sf-filter-tree-mobile', 'vertical', 'mobile'],
    ]);
    expect(c.toolbarParts.map((p) => [p.element.id, p.part])).toEqual([
      ['bc-sf-filter-top-sorting', 'sort'],
      ['bc-sf-filter-top-show-limit', 'limit'],
      ['bc-sf-filter-top-display-type', 'display'],
    ]);
    expect(c.products.map((e) => e.id)).toEqual(['bc-sf-filter-products']);
    // One pagination: the bottom container (the top one takes it only when there is no bottom one).
    expect(c.pagination.map((e) => e.id)).toEqual(['bc-sf-filter-bottom-pagination']);
    document.getElementById('bc-sf-filter-bottom-pagination')?.remove();
    expect(findContainers(document).pagination.map((e) => e.id)).toEqual(['bc-sf-filter-top-pagination']);
    // The header's input is a box; the one the theme marked data-no-bc-search is left alone.
    expect(c.searchBoxes.map((e) => e.id)).toEqual(['Search']);
    // Without the term key (a page with only the loader's block) plain inputs are not taken.
    document.body.innerHTML = V2_PAGE;
    expect(findContainers(document).searchBoxes).toEqual([]);
  });

  it('finds every container of a real v1 section: tree, refine-by, sort box, products, paginations, widgets and search inputs', () => {
    document.body.innerHTML = V1_PAGE;
    const c = findContainers(document, { searchInputName: 'q' });
    expect(c.trees.map((t) => [t.layout, t.shownOn, t.element.className])).toEqual([
      ['vertical', 'desktop', 'boost-pfs-filter-tree boost-pfs-filter-tree-v'],
      ['vertical', 'mobile', 'boost-pfs-filter-tree-mobile-button'],
    ]);
    expect(c.refineBy.map((e) => e.className)).toEqual(['boost-pfs-filter-refine-by-wrapper-h']);
    expect(c.toolbarParts.map((p) => p.part)).toEqual(['sort']);
    expect(c.products).toHaveLength(1);
    expect(c.pagination.map((e) => e.className)).toEqual(['paginate boost-pfs-filter-bottom-pagination']);
    expect([c.mostPopular.length, c.recentlyViewed.length]).toEqual([1, 1]);
    expect(c.searchBoxes.map((e) => e.className)).toEqual(['search-header__input']);
  });

  it('uses a theme\'s selector overrides in place of the defaults of their role, the loader\'s own classes still found, a bad selector finding nothing', () => {
    // A v2 theme that moved its product grid and sidebar (bcSfFilterSettings.selector { products,
    // filterTree, topSorting }), and a v1 theme whose trees share one class (v1 `filterTree`).
    document.body.innerHTML = `
      <div id="bc-sf-filter-products"></div><div id="infiniteloop"></div>
      <aside class="sidebar"><div class="filters"></div></aside><div id="bc-sf-filter-tree"></div>
      <select id="SortBy"></select><div id="bc-sf-filter-top-sorting"></div>
      <div class="pkg-products-container"></div>`;
    const v2 = findContainers(document, { selectors: { products: ['#infiniteloop'], treeVertical: ['.sidebar .filters'], sorting: ['#SortBy', 'div[[bad'] } });
    expect(v2.products.map((e) => e.id || e.className)).toEqual(['infiniteloop', 'pkg-products-container']);
    expect(v2.trees.map((t) => t.element.className)).toEqual(['filters']);
    expect(v2.toolbarParts.map((p) => [p.part, p.element.id])).toEqual([['sort', 'SortBy']]);
    document.body.innerHTML = `<div class="my-tree"></div><div class="my-tree my-tree-h"></div><div class="boost-pfs-filter-tree-v"></div>`;
    const v1 = findContainers(document, { selectors: { treeVertical: ['.my-tree'], treeHorizontal: ['.my-tree-h'] } });
    expect(v1.trees.map((t) => [t.layout, t.element.className])).toEqual([
      ['vertical', 'my-tree'],
      ['horizontal', 'my-tree my-tree-h'],
    ]);
  });

  it('finds v2\'s further trees (numberFilterTree: #bc-sf-filter-tree2 in a drawer) as trees shown on every device', () => {
    // The layout of a real v2 theme (a sidebar hidden on small screens with the mobile button
    // place and the first tree, and a filter drawer holding #bc-sf-filter-tree2; its
    // bc-sf-filter.js sets numberFilterTree: 2).
    document.body.innerHTML = `
      <div class="CollectionInner__Sidebar hidden-pocket"><div class="CollectionFilters">
        <div id="bc-sf-filter-tree-mobile"><button class="bc-sf-filter-skeleton-button"><span></span></button></div>
        <div id="bc-sf-filter-tree"></div>
      </div></div>
      <div class="Drawer"><div class="Drawer__Main"><div id="bc-sf-filter-tree2"></div></div></div>`;
    const { trees } = findContainers(document);
    expect(trees.map((t) => [t.id, t.layout, t.shownOn])).toEqual([
      ['bc-sf-filter-tree', 'vertical', 'desktop'],
      ['bc-sf-filter-tree2', 'vertical', 'both'],
      ['bc-sf-filter-tree-mobile', 'vertical', 'mobile'],
    ]);
    // A theme that moved its tree (bcSfFilterSettings.selector.filterTree '#SidebarFilters') has its second one after it.
    document.body.innerHTML = `<div id="SidebarFilters"></div><div id="SidebarFilters2"></div><div id="bc-sf-filter-tree"></div>`;
    expect(readLoaderSettings({ getElementById: () => null }, { bcSfFilterSettings: { selector: { filterTree: '#SidebarFilters' } } }).containers).toEqual({ treeVertical: ['#SidebarFilters'], treeNumbered: ['#SidebarFilters2', '#SidebarFilters3'] });
    const moved = findContainers(document, { selectors: { treeVertical: ['#SidebarFilters'], treeNumbered: ['#SidebarFilters2', '#SidebarFilters3'] } });
    expect(moved.trees.map((t) => t.id)).toEqual(['SidebarFilters', 'SidebarFilters2']);
  });

  it('never takes the loader\'s own search inputs, nor an input inside a box already found', () => {
    document.body.innerHTML = `
      <div class="pkg-search-box-mount"><form><input name="q" id="own"></form></div>
      <div class="pkg-search-box"><input name="q" id="inside"></div>
      <form class="disable-instant-search"><input name="q"></form>`;
    const c = findContainers(document, { searchInputName: 'q' });
    expect(c.searchBoxes.map((e) => e.className)).toEqual(['pkg-search-box']);
  });

  it('[S4.16] takes a v1 theme\'s .boost-pfs-in-collection-search as the in-collection search box when the owner\'s enableCollectionSearch is on', () => {
    // v1 boost-pfs-core.js fills `.boost-pfs-in-collection-search` only when
    // boostPFSAppConfig.settings.general.enableCollectionSearch is on (a template writes "true").
    document.body.innerHTML = `<div class="boost-pfs-in-collection-search"></div><div class="my-search"></div><div class="boost-pfs-filter-products"></div>`;
    const read = (general: Record<string, unknown>, theme?: Record<string, unknown>) =>
      readLoaderSettings({ getElementById: () => null }, { boostPFSAppConfig: { api: { filterUrl: '/f' }, settings: { general } }, ...(theme ? { boostPFSFilterConfig: theme } : {}) });
    const on = read({ enableCollectionSearch: 'true', paginationType: 'default' });
    expect([on.problems, on.containers, on.page.ignored]).toEqual([[], { collectionSearch: ['.boost-pfs-in-collection-search'] }, []]);
    expect(findContainers(document, { selectors: on.containers }).collectionSearch.map((e) => e.className)).toEqual(['boost-pfs-in-collection-search']);
    // Off (or absent): no box, and the setting is read, not set aside.
    const off = read({ enableCollectionSearch: false });
    expect([off.containers, off.page.ignored]).toEqual([{}, []]);
    expect(findContainers(document, { selectors: off.containers }).collectionSearch).toEqual([]);
    // A theme's own `inCollectionSearch` selector places the box instead.
    const moved = read({}, { general: { enableCollectionSearch: true }, selector: { inCollectionSearch: '.my-search' } });
    expect(moved.containers).toEqual({ collectionSearch: ['.my-search'] });
    expect(findContainers(document, { selectors: moved.containers }).collectionSearch.map((e) => e.className)).toEqual(['my-search']);
  });
});
