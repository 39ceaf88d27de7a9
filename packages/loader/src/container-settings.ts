// The `containers` section of the page settings: CSS selectors that replace the theme-container
// defaults of one role (THEME_CONTAINERS). A theme of the original add-on overrides its library's
// selector defaults in the `selector` group of its settings global (v2 `bcSfFilterSettings`, v1
// `boostPFSFilterConfig`); those are read into this section, and the JSON block may set it too.
import { THEME_CONTAINERS, type ContainerRole } from './find-containers';
import type { Rec } from '@pkg/kit';
import { readSection, type SectionChecks } from './read-section';

export type { ContainerRole };

/** The container roles whose selectors a theme may replace (THEME_CONTAINERS' keys). */
export const CONTAINER_ROLES = Object.keys(THEME_CONTAINERS) as ContainerRole[];

/** Per role, the selectors that replace the theme defaults of that role. */
export type ContainerSelectors = Readonly<Partial<Record<ContainerRole, readonly string[]>>>;

/**
 * The original libraries' selector names (v2 `bc-sf-filter-lib.js`, v1 `boost-pfs-core.js`; the
 * `selector` group of a theme's settings global) and the roles they name here. Both libraries use
 * the same names; `filterTree` is v2's tree (v1's names every tree, both layouts: its horizontal
 * ones are told apart by `filterTreeHorizontal`). `pagination` (the libraries' bottom and top
 * pagination together) is used when `bottomPagination` is not given.
 */
export const THEME_SELECTOR_NAMES: Readonly<Record<string, ContainerRole>> = {
  filterTree: 'treeVertical',
  filterTreeVertical: 'treeVertical',
  filterTreeHorizontal: 'treeHorizontal',
  filterTreeMobile: 'treeMobile',
  filterTreeMobileButton: 'treeMobile',
  filterRefineByVertical: 'refineBy',
  filterRefineByHorizontal: 'refineBy',
  topSorting: 'sorting',
  topShowLimit: 'limit',
  topDisplayType: 'displayType',
  products: 'products',
  bottomPagination: 'pagination',
  pagination: 'pagination',
  loadMore: 'loadMore',
  inCollectionSearch: 'collectionSearch',
  mostPopular: 'mostPopular',
  recentlyViewed: 'recentlyViewed',
};

const selectorList = (v: unknown): string[] => (typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []).map((s) => s.trim()).filter(Boolean);

/**
 * Maps a theme's `selector` group (`{ products: '#my-products', filterTree: '.a, .b', ... }`)
 * onto the `containers` section. Names with no role here (`scrollToTop`, `breadcrumb`, the
 * libraries' own inner parts) and values that are not selectors are set aside (paths from `path`).
 * Where two names give one role (`filterTree` and `filterTreeVertical`), their selectors add up,
 * except `pagination`, which only stands in for a missing `bottomPagination`. An id given as
 * `filterTree` also names the further trees v2 fills after it (`#my-tree2`, `#my-tree3`).
 */
export function fromThemeSelectors(group: Rec, path: string, setAside: string[]): Rec {
  const out: Record<string, string[]> = {};
  for (const [name, v] of Object.entries(group)) {
    const role = THEME_SELECTOR_NAMES[name];
    const list = selectorList(v);
    if (!role || !list.length) {
      if (v !== null && v !== '') setAside.push(`${path}.${name}`);
      continue;
    }
    if (name === 'pagination' && selectorList(group.bottomPagination).length) continue;
    out[role] = [...(out[role] ?? []), ...list];
    // v2 fills its further trees at the tree's selector with a number after it (`#my-tree2`).
    if (name === 'filterTree') out.treeNumbered = list.filter((sel) => /^#[\w-]+$/.test(sel)).flatMap((sel) => [`${sel}2`, `${sel}3`]);
  }
  return out;
}

const CHECKS: SectionChecks = Object.fromEntries(CONTAINER_ROLES.map((role) => [role, ['an array of CSS selectors (strings)', (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim() !== '')]]));

/** Reads `settings.containers` (unknown roles and wrong types are problems, as for `search`). */
export function readContainerSelectors(raw: unknown): { options: ContainerSelectors; problems: string[] } {
  return readSection<ContainerSelectors>('containers', raw, Object.freeze({}), CHECKS);
}
