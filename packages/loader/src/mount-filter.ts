import { createElement as h, lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  createFilterController,
  createSettings,
  validateSettings,
  type FilterController,
  type FilterControllerOptions,
  type FilterSnapshot,
  type Settings,
  type SettingsInput,
} from '@pkg/core-filter';
import { FilterProvider, FilterTree, Pagination, ProductCard, ProductList, RefineBy, ResultsAnnouncer, SafeHtml, Toolbar, useFilter, useFilterController, shallowEqual, type ProductItemContext } from '@pkg/react-ui';
import { findContainers, INITIALISED_ATTR, isShownOn, type Containers, type Device, type TreeContainer } from './find-containers';
import { InfiniteScroll } from './infinite-scroll';
import { LEGACY_HOOKS_GLOBAL, mapLegacyHooks, type LegacyHooks, type MappedHooks } from './legacy-hooks';
import { mergeSettings, readPageSettings } from './read-page-settings';
import { deviceOf, watchDevice, type DeviceTimers, type ResizeWindow } from './watch-device';

export interface MountOptions {
  /** The page (default: the browser document). */
  document?: Document;
  /** Where globals are read and resize is watched (default: the browser window). */
  window?: (ResizeWindow & Record<string, unknown>) | null;
  /** Settings merged over what the page holds (highest priority). */
  settings?: SettingsInput;
  /** Hooks; default: the legacy global `window.boostPFSFilterCallbacks`. */
  hooks?: LegacyHooks;
  /** Seams passed to createFilterController (fetch, location, window, timers, ...). */
  controller?: Omit<FilterControllerOptions, 'settings'>;
  /** Timers for the resize debounce. */
  timers?: DeviceTimers;
  console?: Pick<Console, 'error' | 'warn'>;
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
const MobileTree = lazy(() => import('./mobile-tree').then((m) => ({ default: m.MobileTree })));

const refineSlice = (s: FilterSnapshot) => ({ options: s.options, labels: s.settings.labels, clearAllVisible: s.clearAllVisible });

function RefineByContainer() {
  const controller = useFilterController();
  const s = useFilter(refineSlice, shallowEqual);
  return h(RefineBy, {
    ...s,
    onClearValue: (id: string, v: string) => void controller.clear('value', id, v),
    onClearOption: (id: string) => void controller.clear('option', id),
    onClearAll: () => void controller.clear('all'),
  });
}

function ProductsContainer({ hooks, container }: { hooks: MappedHooks; container: Element }) {
  const controller = useFilterController();
  const products = useFilter((s) => s.products);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current && products.length === 0) return;
    first.current = false;
    hooks.afterRender(controller.getSnapshot(), container);
  }, [products, controller, hooks, container]);
  const build = hooks.productItemHtml;
  const renderItem = build
    ? (ctx: ProductItemContext) => {
        const html = build(ctx.product, ctx.position, { url: ctx.url, display: ctx.display, moneyFormat: ctx.moneyFormat });
        return html === null ? h(ProductCard, ctx) : h(SafeHtml, { html });
      }
    : null;
  return h('div', null, h(ResultsAnnouncer, {}), h(ProductList, renderItem ? { renderItem } : {}));
}

/**
 * Reads the page settings, validates them, finds the theme's containers and mounts the filter
 * UI into them. Returns null (after one console message) when the settings are invalid, and null
 * silently when the page has no container (a product or cart page).
 */
export function mountFilter(options: MountOptions = {}): LoaderInstance | null {
  const doc = options.document ?? globalThis.document;
  const win = options.window === undefined ? (globalThis.window as unknown as ResizeWindow & Record<string, unknown>) : options.window;
  const log = options.console ?? console;
  const page = readPageSettings(doc, win ?? {});
  const input = options.settings ? (mergeSettings(page.input as Record<string, unknown>, options.settings as Record<string, unknown>) as SettingsInput) : page.input;
  const problems = [...page.problems, ...validateSettings(input)];
  if (problems.length) {
    log.error(`[@pkg/loader] The settings in this page are invalid, so the filter was not started (read from ${page.sources.join(', ') || 'nothing'}). Fix:\n- ${problems.join('\n- ')}`);
    return null;
  }
  if (page.ignored.length) log.warn(`[@pkg/loader] Legacy settings with no counterpart were ignored: ${page.ignored.join(', ')}.`);
  const containers = findContainers(doc);
  const any = containers.trees.length + containers.products.length + containers.toolbar.length + containers.pagination.length + containers.refineBy.length;
  if (any === 0) return null;

  const settings = createSettings(input);
  const hooks = mapLegacyHooks(options.hooks ?? win?.[LEGACY_HOOKS_GLOBAL], log);
  if (hooks.unknown.length) log.warn(`[@pkg/loader] Unknown hooks were ignored: ${hooks.unknown.join(', ')}. Known: beforeInit, afterInit, beforeRender, afterRender, buildProductItem.`);
  hooks.beforeInit(settings);
  const controller = createFilterController({ ...options.controller, settings });
  let last: FilterSnapshot | null = null;
  const unsubscribe = controller.subscribe(() => {
    const s = controller.getSnapshot();
    if (last && s.products !== last.products && s.status === 'success') hooks.beforeRender(s);
    last = s;
  });
  last = controller.getSnapshot();

  const roots: Root[] = [];
  const provide = (child: ReturnType<typeof h>) => h(FilterProvider, { controller }, child);
  const mountAt = (el: Element, child: ReturnType<typeof h>) => {
    el.setAttribute(INITIALISED_ATTR, '');
    const root = createRoot(el);
    root.render(provide(child));
    roots.push(root);
    return root;
  };

  const hideRefineBy = containers.refineBy.length > 0;
  let device = deviceOf(win?.innerWidth ?? 1024);
  const treeRoots = new Map<TreeContainer, Root>();
  const renderTrees = () => {
    for (const tree of containers.trees) {
      let root = treeRoots.get(tree);
      if (!root) {
        tree.element.setAttribute(INITIALISED_ATTR, '');
        root = createRoot(tree.element);
        treeRoots.set(tree, root);
      }
      const shown = isShownOn(tree, device);
      tree.element.toggleAttribute('hidden', !shown);
      if (!shown) root.render(null);
      else if (device === 'mobile' && tree.shownOn === 'mobile') root.render(provide(h(Suspense, { fallback: null }, h(MobileTree, { hideRefineBy }))));
      else root.render(provide(h(FilterTree, { device: device === 'mobile' ? 'mobile' : 'pc', hideRefineBy })));
    }
  };
  renderTrees();
  for (const el of containers.refineBy) mountAt(el, h(RefineByContainer));
  for (const el of containers.toolbar) mountAt(el, h(Toolbar, {}));
  for (const el of containers.products) mountAt(el, h(ProductsContainer, { hooks, container: el }));
  for (const el of containers.pagination) mountAt(el, h('div', null, h(InfiniteScroll), h(Pagination, {})));

  const stopWatching = win
    ? watchDevice(
        win,
        (next) => {
          device = next;
          renderTrees();
        },
        options.timers ? { timers: options.timers } : {},
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
      for (const el of [...containers.trees.map((t) => t.element), ...containers.refineBy, ...containers.toolbar, ...containers.products, ...containers.pagination]) el.removeAttribute(INITIALISED_ATTR);
      controller.destroy();
    },
  };
}
