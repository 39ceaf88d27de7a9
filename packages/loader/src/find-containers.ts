import { DISABLE_CLASS, isIgnoredInput } from '@pkg/suggest';
import type { ContainerSelectors } from './container-settings';
/** Container classes a theme marks; documented in the README. */
export const CONTAINER_CLASSES = {
  treeVertical: 'pkg-tree-vertical',
  treeHorizontal: 'pkg-tree-horizontal',
  refineBy: 'pkg-refine-by-container',
  toolbar: 'pkg-toolbar-container',
  collectionSearch: 'pkg-collection-search-container',
  products: 'pkg-products-container',
  pagination: 'pkg-pagination-container',
  searchBox: 'pkg-search-box',
  searchPage: 'pkg-search-page-container',
  miniCart: 'pkg-mini-cart-container',
  recentlyViewed: 'pkg-recently-viewed-container',
  backInStock: 'pkg-back-in-stock-container',
  collectionHeader: 'pkg-collection-header-container',
  mostPopular: 'pkg-most-popular-container',
} as const;

/**
 * The containers of unchanged themes of the original add-on, by generation: v2 themes mark them
 * with ids, v1 themes with classes. The names are the selector defaults of the original's public
 * client libraries (v2 `bc-sf-filter-lib.js` 4.3.2, v1 `boost-pfs-core.js`) and what real themes'
 * public templates carry (see the fixtures in find-containers.test.ts). They are found beside the
 * loader's own classes; their ids are kept (theme CSS and scripts use them).
 */
export const THEME_CONTAINERS = {
  treeVertical: ['#bc-sf-filter-tree', '.boost-pfs-filter-tree-v', '.boost-pfs-filter-tree:not(.boost-pfs-filter-tree-h):not(.boost-pfs-filter-tree-v)'],
  /**
   * v2's further trees (its `numberFilterTree` setting: the library fills `#bc-sf-filter-tree2`,
   * `#bc-sf-filter-tree3`, ..., e.g. a filter drawer beside the sidebar): vertical trees shown on
   * every device, where the theme's own CSS places them.
   */
  treeNumbered: ['#bc-sf-filter-tree2', '#bc-sf-filter-tree3'],
  treeHorizontal: ['#bc-sf-filter-tree-h', '.boost-pfs-filter-tree-h'],
  /** The mobile tree's place (a button container in these themes): a mobile-only tree; the page's other trees become desktop-only. */
  treeMobile: ['#bc-sf-filter-tree-mobile', '.boost-pfs-filter-tree-mobile-button'],
  refineBy: ['.boost-pfs-filter-refine-by-wrapper', '.boost-pfs-filter-refine-by-wrapper-v', '.boost-pfs-filter-refine-by-wrapper-h'],
  sorting: ['#bc-sf-filter-top-sorting', '.boost-pfs-filter-top-sorting'],
  limit: ['#bc-sf-filter-top-show-limit', '.boost-pfs-filter-top-show-limit'],
  displayType: ['#bc-sf-filter-top-display-type', '.boost-pfs-filter-top-display-type'],
  products: ['#bc-sf-filter-products', '.boost-pfs-filter-products'],
  pagination: ['#bc-sf-filter-bottom-pagination', '.boost-pfs-filter-bottom-pagination'],
  /**
   * The libraries render pagination into the top container too (their `pagination` selector is
   * bottom + top). One pagination (one navigation landmark, one load-more button) is enough: the
   * top container takes it only when the page has no bottom one.
   */
  paginationTop: ['#bc-sf-filter-top-pagination', '.boost-pfs-filter-top-pagination'],
  /** Used for pagination only when the page has no bottom or top pagination container (load more and infinite render there). */
  loadMore: ['#bc-sf-filter-load-more', '.boost-pfs-filter-load-more'],
  /**
   * The libraries mark the inputs they take over with these classes at run time; a served page
   * rarely carries them. The boxes of an unchanged theme are its plain `input[name=q]` fields
   * (`FindContainersOptions.searchInputName`).
   */
  searchBox: ['.bc-sf-search-box', '.boost-pfs-search-box'],
  /**
   * v1's library fills `.boost-pfs-in-collection-search` only when the owner's
   * `enableCollectionSearch` is on: the settings reading then names it in the `containers`
   * section (owner-settings.ts), so no default here; a theme's `inCollectionSearch` selector
   * override (or the loader's own class) places the box too.
   */
  collectionSearch: [],
  mostPopular: ['.boost-pfs-most-popular'],
  recentlyViewed: ['.boost-pfs-recently-viewed'],
} as const;

/** A container role whose theme selectors `FindContainersOptions.selectors` may replace. */
export type ContainerRole = keyof typeof THEME_CONTAINERS;

/** Attributes with which a theme keeps an input away from instant search: v2, v1. */
export const THEME_NO_SEARCH_ATTRS = ['data-no-bc-search', 'data-disable-instant-search'] as const;

export interface FindContainersOptions {
  /**
   * The name of the search term's input (`q`): every input of that name is a search box too, as
   * the original add-on's scripts take them, unless it (or its form) is marked
   * `disable-instant-search`, carries one of THEME_NO_SEARCH_ATTRS, or is the loader's own.
   * The mounters pass it when the page's settings come from the original's globals.
   */
  readonly searchInputName?: string;
  /**
   * Selectors that replace THEME_CONTAINERS' defaults of a role (the loader's `containers`
   * settings, from a theme's `selector` overrides). The loader's own `pkg-*` classes are always
   * found; a selector the browser cannot parse is left out.
   */
  readonly selectors?: ContainerSelectors;
}

/** Device marks on tree containers (F2.3). */
export const MOBILE_ONLY = 'pkg-mobile-only';
export const DESKTOP_ONLY = 'pkg-desktop-only';
/** Search boxes with this class (or `data-disable-instant-search`) are left alone: @pkg/suggest's `isIgnoredInput` (S4.8, F5.7). */
export const DISABLE_INSTANT_SEARCH = DISABLE_CLASS;
/** Set on every element the loader has taken over, so a second run skips it. */
export const INITIALISED_ATTR = 'data-pkg-initialised';

export type Device = 'mobile' | 'desktop';
export type TreeLayout = 'vertical' | 'horizontal';

export interface TreeContainer {
  readonly element: Element;
  readonly layout: TreeLayout;
  readonly id: string;
  /** 'both' when marked both or neither (F2.3). */
  readonly shownOn: Device | 'both';
}

export interface Containers {
  readonly trees: readonly TreeContainer[];
  readonly refineBy: readonly Element[];
  readonly toolbar: readonly Element[];
  /** A theme's separate sort, limit and display-type containers (one toolbar part each). */
  readonly toolbarParts: readonly { readonly element: Element; readonly part: 'sort' | 'limit' | 'display' }[];
  /** The in-collection search box (S4.16): its words narrow the collection's products. */
  readonly collectionSearch: readonly Element[];
  readonly products: readonly Element[];
  readonly pagination: readonly Element[];
  readonly searchBoxes: readonly Element[];
  /** The search page's results area: its content becomes the products panel (search page only). */
  readonly searchPage: readonly Element[];
  /** The mini cart (`mountCart`). */
  readonly miniCart: readonly Element[];
  /** The recently-viewed slider (`mountCart`). */
  readonly recentlyViewed: readonly Element[];
  /** The back-in-stock form of a product page (`mountCart`). */
  readonly backInStock: readonly Element[];
  /** The collection's title, description, image and breadcrumb from the theme's `?view=desc` (S7.3). */
  readonly collectionHeader: readonly Element[];
  /** The collection's most-popular slider from the theme's most-popular view (S7.5). */
  readonly mostPopular: readonly Element[];
}

/** The base ids of tree containers; later ones get `-2`, `-3`, ... (F2.2). */
export const TREE_IDS: Record<TreeLayout, string> = { vertical: 'pkg-filter-tree', horizontal: 'pkg-filter-tree-horizontal' };

export function shownOn(el: Element): Device | 'both' {
  const m = el.classList.contains(MOBILE_ONLY);
  const d = el.classList.contains(DESKTOP_ONLY);
  return m === d ? 'both' : m ? 'mobile' : 'desktop';
}

const notTaken = (el: Element) => !el.hasAttribute(INITIALISED_ATTR);

/**
 * Finds the theme's containers and gives tree containers their ids: the first of each layout the
 * base id, later ones a number suffix (F2.2). Elements already initialised are skipped, and so
 * are search boxes marked `disable-instant-search`.
 */
export function findContainers(root: Pick<Document, 'querySelectorAll'>, options: FindContainersOptions = {}): Containers {
  const seen = new Set<Element>();
  const query = (list: readonly string[]): Element[] => {
    const out: Element[] = [];
    for (const sel of list) {
      try {
        out.push(...Array.from(root.querySelectorAll(sel)));
      } catch {
        // A selector the browser cannot parse (a theme's typo) finds nothing.
      }
    }
    // In document order, each element once.
    return [...new Set(out)].sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 ? -1 : 1));
  };
  const theme = (role: ContainerRole): readonly string[] => options.selectors?.[role] ?? THEME_CONTAINERS[role];
  const all = (cls: string, selectors: readonly string[] = []) => query([`.${cls}`, ...selectors]).filter((el) => notTaken(el) && !seen.has(el) && (seen.add(el), true));
  const trees: TreeContainer[] = [];
  const mobile = query(theme('treeMobile')).filter(notTaken);
  const horizontal = new Set(query(theme('treeHorizontal')));
  const numbered = new Set(query(theme('treeNumbered')));
  for (const layout of ['vertical', 'horizontal'] as const) {
    let own = 0;
    const cls = layout === 'vertical' ? CONTAINER_CLASSES.treeVertical : CONTAINER_CLASSES.treeHorizontal;
    // A theme's horizontal tree may match its vertical selectors too (v1's `filterTree` names every tree).
    const found = query([`.${cls}`, ...(layout === 'vertical' ? [...theme('treeVertical'), ...theme('treeNumbered')] : theme('treeHorizontal'))]).filter((el) => notTaken(el) && !seen.has(el) && !mobile.includes(el) && !(layout === 'vertical' && horizontal.has(el) && !el.classList.contains(cls)));
    found.forEach((element) => {
      seen.add(element);
      const themed = !element.classList.contains(cls);
      let id = element.id;
      if (!themed || !id) {
        id = own === 0 ? TREE_IDS[layout] : `${TREE_IDS[layout]}-${own + 1}`;
        own += 1;
        element.id = id;
      }
      trees.push({ element, layout, id, shownOn: themed && mobile.length && !numbered.has(element) ? 'desktop' : shownOn(element) });
    });
  }
  mobile.forEach((element, i) => {
    if (!element.id) element.id = `pkg-filter-tree-mobile${i ? `-${i + 1}` : ''}`;
    trees.push({ element, layout: 'vertical', id: element.id, shownOn: 'mobile' });
  });
  const pagination = all(CONTAINER_CLASSES.pagination, theme('pagination'));
  const top = query(theme('paginationTop')).filter((el) => notTaken(el) && !seen.has(el));
  const loadMore = query(theme('loadMore')).filter((el) => notTaken(el) && !seen.has(el));
  const part = (part: 'sort' | 'limit' | 'display', role: ContainerRole) => query(theme(role)).filter(notTaken).map((element) => ({ element, part }));
  return {
    trees,
    refineBy: all(CONTAINER_CLASSES.refineBy, theme('refineBy')),
    toolbar: all(CONTAINER_CLASSES.toolbar),
    toolbarParts: [...part('sort', 'sorting'), ...part('limit', 'limit'), ...part('display', 'displayType')],
    collectionSearch: all(CONTAINER_CLASSES.collectionSearch, theme('collectionSearch')),
    products: all(CONTAINER_CLASSES.products, theme('products')),
    pagination: pagination.length ? pagination : top.length ? top : loadMore,
    // S4.8, F5.7: a box is left alone when it, or the input inside a wrapper, is marked.
    searchBoxes: [
      ...all(CONTAINER_CLASSES.searchBox, theme('searchBox')).filter((el) => !isIgnoredInput(el) && !Array.from(el.querySelectorAll('input')).some(isIgnoredInput)),
      ...themeSearchInputs(root, options.searchInputName, seen),
    ],
    searchPage: all(CONTAINER_CLASSES.searchPage),
    miniCart: all(CONTAINER_CLASSES.miniCart),
    recentlyViewed: all(CONTAINER_CLASSES.recentlyViewed, theme('recentlyViewed')),
    backInStock: all(CONTAINER_CLASSES.backInStock),
    collectionHeader: all(CONTAINER_CLASSES.collectionHeader),
    mostPopular: all(CONTAINER_CLASSES.mostPopular, theme('mostPopular')),
  };
}

/** A theme's plain search inputs (see FindContainersOptions.searchInputName). */
function themeSearchInputs(root: Pick<Document, 'querySelectorAll'>, name: string | undefined, seen: Set<Element>): Element[] {
  if (!name) return [];
  const off = [`.${DISABLE_INSTANT_SEARCH}`, ...THEME_NO_SEARCH_ATTRS.map((a) => `[${a}]`)].join(', ');
  return Array.from(root.querySelectorAll(`input[name="${name.replace(/["\\]/g, '\\$&')}"]`)).filter((input) => {
    if (!notTaken(input) || isIgnoredInput(input) || input.matches(off) || input.closest('form')?.matches(off)) return false;
    // Inside a box already found, or rendered by the loader (its own classes start with pkg-).
    if ([...seen].some((box) => box.contains(input)) || input.closest('[class^="pkg-"], [class*=" pkg-"]')) return false;
    seen.add(input);
    return true;
  });
}

/** Whether a tree container is rendered on this device (F2.3). */
export function isShownOn(tree: Pick<TreeContainer, 'shownOn'>, device: Device): boolean {
  return tree.shownOn === 'both' || tree.shownOn === device;
}
