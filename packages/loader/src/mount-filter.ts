// mountFilter: reads the page's settings, creates the page's one filter controller and mounts every
// filter part into the theme's containers (trees, products, toolbar, pagination, refine-by, the
// collection's views, the owner's looks), and takes them all down again in destroy(). Over 300 lines
// because each container's mount sits beside its teardown and the one controller they share; the
// settings, containers, hooks, device watch and on-demand parts live in their own files.
import { createStore, isRec } from '@pkg/kit';
import { createElement as h, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  createFetchTransport,
  createFilterController,
  createSettings,
  getPageContext,
  isBadUrl,
  resolveTransport,
  transportKind,
  type FetchLike,
  type Transport,
  type FilterController,
  type FilterControllerOptions,
  type FilterSnapshot,
  type Settings,
} from '@pkg/core-filter';
import { MISSING_ITEM_BUILDER } from '@pkg/core-filter/view';
import { CollectionHeader, FilterProvider, FilterTree, InfiniteScroll, MostPopular, Pagination, RefineByContainer, ScrollToTop, Toolbar, loadSanitizer, uiLabels } from '@pkg/react-ui';
import { findContainers, INITIALISED_ATTR, isShownOn, type Containers, type Device, type TreeContainer } from './find-containers';
import { KNOWN, LEGACY_HOOKS_GLOBAL, mapLegacyHooks, type LegacyHooks } from './legacy-hooks';
import { readLoaderSettings, type LoaderSettingsInput } from './loader-settings';
import { Adopt, type SearchTotalsStore } from './adopt';
import { lazyPart } from './lazy-part';
import type { CartInstance } from './mount-cart';
import { readNoResultJson } from './search-settings';
import { readItemTemplates } from './item-templates';
import { ProductsContainer } from './products-container';
import { deviceOf, watchDevice, type DeviceTimers, type ResizeWindow } from './watch-device';

export interface MountOptions {
  /** The page (default: the browser document). */
  document?: Document;
  /** Where globals are read and resize is watched (default: the browser window). */
  window?: (ResizeWindow & Record<string, unknown>) | null;
  /** Settings merged over what the page holds (highest priority); `search` is the loader's section (see README). */
  settings?: LoaderSettingsInput;
  /** Hooks; default: the legacy global `window.boostPFSFilterCallbacks`. */
  hooks?: LegacyHooks;
  /** Seams passed to createFilterController (fetch, location, window, timers, ...). */
  controller?: Omit<FilterControllerOptions, 'settings'>;
  /** Timers for the resize debounce. */
  timers?: DeviceTimers;
  console?: Pick<Console, 'error' | 'warn'>;
  /** The page's cart (`mountCart`): listing items get its quick-view and add-to-cart buttons, as its options ask. */
  cart?: CartInstance | null;
}

export interface LoaderInstance {
  readonly settings: Settings;
  readonly controller: FilterController;
  readonly containers: Containers;
  /** The current device class (re-evaluated on resize, 500 ms debounce). */
  device(): Device;
  /** Tree container ids currently rendered. */
  renderedTrees(): readonly string[];
  /** The first load; resolves when its answer is in the store. */
  readonly ready: Promise<void>;
  destroy(): void;
}

// The mobile tree (drawer, overlay, no-scroll) is loaded only when a phone needs it.
const MobileTree = lazyPart('mobile filter tree', () => import('./mobile-tree').then((m) => m.MobileTree), () => null);
// A desktop tree behind a button (v1's off-canvas and expand styles), from the same file.
const DesktopTree = lazyPart('desktop filter tree', () => import('./mobile-tree').then((m) => m.DesktopTree), () => null);
// The search page's tabs and no-result view are loaded only on the search page; without them the
// theme's own results stay.
const SearchPage = lazyPart('search page', () => import('./search-page').then((m) => m.SearchPage), ({ content }) => h(Adopt, { node: content }));

type Answer = { event_type?: unknown; total_collection?: unknown; total_page?: unknown };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The controller's own transport (same defaults as createFilterController: fetch or JSONP per
 * settings, with retries), wrapped so the search page can read the collection and page counts of
 * each answer, which the filter snapshot does not carry.
 */
function searchTotalsTransport(settings: Settings, opts: Omit<FilterControllerOptions, 'settings'>): { transport: Transport; totals: SearchTotalsStore } {
  const send = resolveTransport(settings, opts);
  const store = createStore<ReturnType<SearchTotalsStore['get']>>({});
  return {
    transport: async (request, init) => {
      const answer = await send(request, init);
      const a = (isRec(answer) ? answer : {}) as Answer;
      const eventType = typeof a.event_type === 'string' ? a.event_type : undefined;
      const totalCollection = num(a.total_collection);
      const totalPage = num(a.total_page);
      store.set({ ...(eventType ? { eventType } : {}), ...(totalCollection !== undefined ? { totalCollection } : {}), ...(totalPage !== undefined ? { totalPage } : {}) });
      return answer;
    },
    totals: { subscribe: store.subscribe, get: store.getSnapshot },
  };
}

/**
 * Reads the page settings, validates them, finds the theme's containers and mounts the filter
 * UI into them. Returns null (after one console message) when the settings are invalid, and null
 * silently when the page has no container (a product or cart page) or the filter is off (`filter.enabled`).
 */
export function mountFilter(options: MountOptions = {}): LoaderInstance | null {
  const doc = options.document ?? globalThis.document;
  const win = options.window === undefined ? (globalThis.window as unknown as ResizeWindow & Record<string, unknown>) : options.window;
  const log = options.console ?? console;
  const { page, input, search, containers: selectors, problems } = readLoaderSettings(doc, win, options.settings);
  if (problems.length) {
    log.error(`[@pkg/loader] The settings in this page are invalid; the filter is off (read from ${page.sources.join(', ') || 'nothing'}). Fix:\n- ${problems.join('\n- ')}`);
    return null;
  }
  if (page.ignored.length && typeof process === 'object' && process.env.NODE_ENV !== 'production')
    log.warn(`[@pkg/loader] Page settings with no counterpart here were set aside: ${page.ignored.join(', ')}.`);
  const containers = findContainers(doc, { selectors });
  // An unchanged theme whose desktop trees are all horizontal (`#bc-sf-filter-tree-h`,
  // `.boost-pfs-filter-tree-h`) gets the horizontal layout, as the originals render it, unless the settings name one.
  const desktopTrees = containers.trees.filter((t) => t.shownOn !== 'mobile');
  const settings = createSettings(!input.filter?.filterLayout && desktopTrees[0] && desktopTrees.every((t) => t.layout === 'horizontal') ? { ...input, filter: { ...input.filter, filterLayout: 'horizontal' } } : input);
  // The owner's `enableFilter` off: nothing of the filter is mounted and no request is sent; the theme's own listing stays.
  if (!settings.filter.enabled) return null;
  const loc = options.controller?.location ?? (globalThis.location as { pathname: string; search: string } | undefined) ?? { pathname: '/', search: '' };
  const ctx = getPageContext(settings, loc.pathname, loc.search ?? '');
  const searchPages = ctx.isSearchPage ? containers.searchPage : [];
  const any = containers.trees.length + containers.products.length + containers.toolbar.length + containers.toolbarParts.length + containers.collectionSearch.length + containers.pagination.length + containers.refineBy.length + searchPages.length;
  if (any === 0) return null;
  // No endpoint: one message naming the key; nothing is mounted, so the theme's own listing stays.
  const endpoint = ctx.isSearchPage || new URLSearchParams(loc.search ?? '').has(settings.filter.searchTermKey) ? 'searchUrl' : 'filterUrl';
  if (!settings.api[endpoint] && !options.controller?.transport) {
    log.error(`[@pkg/loader] No api.${endpoint} in the page settings (read from ${page.sources.join(', ') || 'nothing'}): the filter is off.`);
    return null;
  }

  const hooks = mapLegacyHooks(options.hooks ?? win?.[LEGACY_HOOKS_GLOBAL], log);
  if (hooks.unknown.length) log.warn(`[@pkg/loader] Unknown hooks ignored: ${hooks.unknown.join(', ')} (known: ${KNOWN.join(', ')}).`);
  // S8.8: the theme means to build its items but its builder is missing: the default cards, one warning.
  if (hooks.missingBuilder) log.warn(`[@pkg/loader] ${MISSING_ITEM_BUILDER} The default product cards are shown.`);
  hooks.beforeInit(settings);
  // A theme that builds its own items (a hook or item templates) renders them through the
  // sanitiser (a separate file): start fetching it now, beside the first filter request, not when
  // the product list first renders.
  const templates = readItemTemplates(doc);
  if ((hooks.productItemHtml || templates) && containers.products.length) void loadSanitizer();
  const totalsWrap = searchPages.length ? searchTotalsTransport(settings, options.controller ?? {}) : null;
  // S7.1: every filter and search request carries the analytics session id as `sid`.
  const sid = options.controller?.sid ?? options.cart?.analytics?.getSnapshot().sessionId;
  // On the search page the panels fetch for themselves: the controller keeps `tab` in the address
  // (through url-state, like every write) and always asks for products.
  const controller = createFilterController({ ...options.controller, ...(sid ? { sid } : {}), ...(totalsWrap ? { transport: totalsWrap.transport, panelTabs: 'address' as const } : {}), settings });
  let last: FilterSnapshot | null = null;
  const unsubscribe = controller.subscribe(() => {
    const s = controller.getSnapshot();
    if (last && s.products !== last.products && s.status === 'success') hooks.beforeRender(s);
    last = s;
  });
  last = controller.getSnapshot();

  const roots: Root[] = [];
  // Every element taken (marked INITIALISED_ATTR), unmarked again by destroy().
  const taken: Element[] = [];
  // The owner's display variants (`filter.looks`), drawn by the stylesheet: each an attribute and a custom property.
  const looks = Object.entries(settings.filter.looks);
  const take = (el: Element) => {
    el.setAttribute(INITIALISED_ATTR, '');
    for (const [k, v] of looks) {
      el.setAttribute('data-pkg-' + k, v);
      (el as HTMLElement).style.setProperty('--pkg-look-' + k, v);
    }
    taken.push(el);
  };
  const provide = (child: ReturnType<typeof h>) => h(FilterProvider, { controller }, child);
  const mountAt = (el: Element, child: ReturnType<typeof h>) => {
    take(el);
    const root = createRoot(el);
    root.render(provide(child));
    roots.push(root);
    return root;
  };

  // The owner's `showRefineBy` off: no refine-by anywhere. Shown apart (`separateRefineByFromFilter`,
  // on by default) in the page's refine-by containers when it has one, and then none in the trees.
  const showRefineBy = settings.filter.showRefineBy;
  const apart = settings.filter.separateRefineBy && containers.refineBy.length > 0;
  const hideRefineBy = apart || !showRefineBy;
  const mobileMaxWidth = settings.filter.mobileMaxWidth;
  let device = deviceOf(win?.innerWidth ?? 1024, mobileMaxWidth);
  const treeRoots = new Map<TreeContainer, Root>();
  const renderTrees = () => {
    for (const tree of containers.trees) {
      let root = treeRoots.get(tree);
      if (!root) {
        take(tree.element);
        root = createRoot(tree.element);
        treeRoots.set(tree, root);
      }
      const shown = isShownOn(tree, device);
      tree.element.toggleAttribute('hidden', !shown);
      if (!shown) root.render(null);
      else if (device === 'mobile' && tree.shownOn === 'mobile') root.render(provide(h(Suspense, { fallback: null }, h(MobileTree, { hideRefineBy }))));
      // v1's filterTreeVerticalStyle: a desktop vertical tree in a drawer or opening under a button.
      else if (device === 'desktop' && tree.layout === 'vertical' && /^style-(off-canvas|expand)$/.test(settings.filter.looks.vertical ?? '')) root.render(provide(h(Suspense, { fallback: null }, h(DesktopTree, { hideRefineBy }))));
      else root.render(provide(h(FilterTree, { device: device === 'mobile' ? 'mobile' : 'pc', hideRefineBy })));
    }
  };
  renderTrees();
  if (showRefineBy && apart) for (const el of containers.refineBy) mountAt(el, h(RefineByContainer));
  // The owner's `activeScrollToTop`: a back-to-top button of its own, added to the page.
  let scrollTop: Element | null = null;
  if (settings.filter.showScrollToTop && doc.body) {
    scrollTop = doc.createElement('div');
    scrollTop.className = 'pkg-scroll-to-top-container';
    doc.body.append(scrollTop);
    mountAt(scrollTop, h(ScrollToTop, { label: uiLabels(settings.labels).scrollToTop }));
  }
  // On the search page the products panel has its own total line (S2.20): the toolbar's would repeat it.
  for (const el of containers.toolbar) mountAt(el, h(Toolbar, searchPages.length ? { showTotal: false } : {}));
  for (const { element, part } of containers.toolbarParts) mountAt(element, h(Toolbar, { parts: [part] }));
  // S4.16: the in-collection search box (not on the search page, whose term is the page's own).
  const collectionSearch = ctx.isSearchPage ? [] : containers.collectionSearch;
  for (const el of collectionSearch) mountAt(el, h(Toolbar, { parts: [], showSearch: true }));
  for (const el of containers.products) mountAt(el, h(ProductsContainer, { hooks, templates, container: el, cart: options.cart ?? null }));
  for (const el of containers.pagination) mountAt(el, h('div', null, h(InfiniteScroll, {}), h(Pagination, {})));
  // The shop's own theme views (S7.3, S7.5) answer on the shop's pages, by fetch, where the theme
  // places their containers: the collection header and the most-popular slider.
  const themeViews = options.controller?.transport ?? createFetchTransport(options.controller);
  for (const el of containers.collectionHeader) mountAt(el, h(CollectionHeader, { transport: themeViews }));
  for (const el of containers.mostPopular) mountAt(el, h(MostPopular, { transport: themeViews }));

  // The search page: the container's theme content (tree, toolbar, products, pagination, mounted
  // above) becomes the products panel of the tabs, or gives way to the no-result view (S2.23).
  const searchContents = new Map<Element, Element>();
  if (totalsWrap) {
    const params = new URLSearchParams(loc.search ?? '');
    const panelSeams: { fetch?: FetchLike; transport?: Transport; sid?: string } = {
      ...(options.controller?.transport
        ? { transport: options.controller.transport }
        : options.controller?.fetch
          ? { fetch: options.controller.fetch }
          : transportKind(settings) === 'fetch' && typeof globalThis.fetch === 'function'
            ? { fetch: (url: string, init?: RequestInit) => globalThis.fetch(url, init) }
            : {}),
      ...(sid ? { sid } : {}),
    };
    const onTabChange = (tab: string | null) => controller.setTab(tab ?? 'products');
    const noResultJson = readNoResultJson(doc);
    for (const el of searchPages) {
      const content = doc.createElement('div');
      content.className = 'pkg-search-page__content';
      content.append(...Array.from(el.childNodes));
      searchContents.set(el, content);
      mountAt(
        el,
        h(
          Suspense,
          { fallback: h(Adopt, { node: content }) },
          h(SearchPage, {
            settings,
            search,
            content,
            term: controller.getSnapshot().state.q,
            tab: isBadUrl(`${loc.pathname}${loc.search ?? ''}`) ? null : params.get('tab'),
            totals: totalsWrap.totals,
            panelSeams,
            onTabChange,
            pathname: loc.pathname,
            ...(noResultJson !== undefined ? { noResultJson } : {}),
          }),
        ),
      );
    }
  }

  const stopWatching = win
    ? watchDevice(
        win,
        (next) => {
          device = next;
          renderTrees();
        },
        { mobileMaxWidth, ...(options.timers ? { timers: options.timers } : {}) },
      )
    : () => {};
  const ready = controller.init();
  hooks.afterInit(controller);
  return {
    settings,
    controller,
    containers,
    device: () => device,
    renderedTrees: () => containers.trees.filter((t) => isShownOn(t, device)).map((t) => t.id),
    ready,
    destroy() {
      stopWatching();
      unsubscribe();
      for (const r of [...roots, ...treeRoots.values()]) r.unmount();
      for (const [el, content] of searchContents) el.replaceChildren(...Array.from(content.childNodes));
      for (const el of taken) {
        el.removeAttribute(INITIALISED_ATTR);
        for (const [k] of looks) {
          el.removeAttribute('data-pkg-' + k);
          (el as HTMLElement).style.removeProperty('--pkg-look-' + k);
        }
      }
      scrollTop?.remove();
      controller.destroy();
    },
  };
}
