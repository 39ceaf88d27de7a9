/** Container classes a theme marks; documented in the README. */
export const CONTAINER_CLASSES = {
  treeVertical: 'pkg-tree-vertical',
  treeHorizontal: 'pkg-tree-horizontal',
  refineBy: 'pkg-refine-by-container',
  toolbar: 'pkg-toolbar-container',
  products: 'pkg-products-container',
  pagination: 'pkg-pagination-container',
  searchBox: 'pkg-search-box',
  searchPage: 'pkg-search-page-container',
  miniCart: 'pkg-mini-cart-container',
  recentlyViewed: 'pkg-recently-viewed-container',
  backInStock: 'pkg-back-in-stock-container',
} as const;

/** Device marks on tree containers (F2.3). */
export const MOBILE_ONLY = 'pkg-mobile-only';
export const DESKTOP_ONLY = 'pkg-desktop-only';
/** Search boxes with this class are left alone (S-spec: disable-instant-search). */
export const DISABLE_INSTANT_SEARCH = 'disable-instant-search';
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
export function findContainers(root: Pick<Document, 'querySelectorAll'>): Containers {
  const all = (cls: string) => Array.from(root.querySelectorAll(`.${cls}`)).filter(notTaken);
  const trees: TreeContainer[] = [];
  for (const layout of ['vertical', 'horizontal'] as const) {
    all(layout === 'vertical' ? CONTAINER_CLASSES.treeVertical : CONTAINER_CLASSES.treeHorizontal).forEach((element, i) => {
      const id = i === 0 ? TREE_IDS[layout] : `${TREE_IDS[layout]}-${i + 1}`;
      element.id = id;
      trees.push({ element, layout, id, shownOn: shownOn(element) });
    });
  }
  return {
    trees,
    refineBy: all(CONTAINER_CLASSES.refineBy),
    toolbar: all(CONTAINER_CLASSES.toolbar),
    products: all(CONTAINER_CLASSES.products),
    pagination: all(CONTAINER_CLASSES.pagination),
    // S4.8, F5.7: a box is left alone when it, or the input inside a wrapper, is marked.
    searchBoxes: all(CONTAINER_CLASSES.searchBox).filter((el) => !el.classList.contains(DISABLE_INSTANT_SEARCH) && !el.querySelector(`input.${DISABLE_INSTANT_SEARCH}`)),
    searchPage: all(CONTAINER_CLASSES.searchPage),
    miniCart: all(CONTAINER_CLASSES.miniCart),
    recentlyViewed: all(CONTAINER_CLASSES.recentlyViewed),
    backInStock: all(CONTAINER_CLASSES.backInStock),
  };
}

/** Whether a tree container is rendered on this device (F2.3). */
export function isShownOn(tree: Pick<TreeContainer, 'shownOn'>, device: Device): boolean {
  return tree.shownOn === 'both' || tree.shownOn === device;
}
