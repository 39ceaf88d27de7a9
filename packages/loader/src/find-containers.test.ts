// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findContainers, isShownOn } from './find-containers';

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
    // Pagination goes to the pagination container; load more renders there too.
    expect(c.pagination.map((e) => e.id)).toEqual(['bc-sf-filter-bottom-pagination']);
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
});
