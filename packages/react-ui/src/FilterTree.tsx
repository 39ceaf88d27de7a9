import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { FilterItem, FilterOption, FilterSnapshot, StickyMode } from '@pkg/core-filter';
import { afterClear, closeAll, createTreeUiState, toggleOption, toggleViewMore, type TreeUiState } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { useFilter, useFilterController, useFilterOptionActions } from './filter-context';
import { FilterOptionBlock } from './FilterOptionBlock';
import type { KindViews } from './option-views';
import { RefineByContainer } from './RefineByContainer';
import { shallowEqual } from './use-store';

export type { StickyMode };

/** S9.6: a sticky tree sticks only beside a product area at least this tall (px); shorter, it stays in the flow. */
export const STICKY_PRODUCT_HEIGHT_LIMIT_PX = 300;

export interface FilterTreeProps {
  /** Sticky behaviour per device (F2.7); by default the settings' `stickyFilterPc` / `stickyFilterMobile`. */
  sticky?: { pc?: StickyMode; mobile?: StickyMode };
  /** The product area whose height decides whether sticky applies (S9.6); the page's `.pkg-product-list` by default. */
  productArea?(): Element | null;
  /** 'pc' or 'mobile' collapse and search-box flags. */
  device?: 'pc' | 'mobile';
  /** Hides the refine-by block (when it is placed in its own container, F2.5). */
  hideRefineBy?: boolean;
  /** Hides the "Filter" heading, where a surrounding panel already has one (the mobile tree's). */
  hideTitle?: boolean;
  renderItem?(item: FilterItem, option: FilterOption, defaultRender: () => ReactNode): ReactNode;
  /** Views of option kinds by kind name, over the built-in ones (an agency's own kind). */
  views?: KindViews;
  /**
   * Where the open options are remembered when `filter.keepTabOpenState` is on (F4.12), so that a
   * reload or a new visit to the page opens the same ones; the browser's sessionStorage by default
   * (null: not remembered beyond this tree).
   */
  toggleStorage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  className?: string;
}

/** One empty selection for every option without pending values, so that their memoised blocks are kept. */
const NONE: readonly string[] = [];
const treeSlice = (s: FilterSnapshot) => ({
  options: s.options,
  pending: s.pending,
  settings: s.settings,
  totalProduct: s.totalProduct,
  // A clear being applied (F4.21): its new state, once per clear.
  cleared: s.eventType === 'clear' || s.eventType === 'clearAll' ? s.state : null,
});

/**
 * The filter tree: header with title and clear-all, refine-by, one block per visible option,
 * and the Apply button when changes wait to be committed (F4.7, F4.21).
 */
/**
 * Whether a sticky tree may stick: its product area (measured now, on resize and when it resizes)
 * is at least `STICKY_PRODUCT_HEIGHT_LIMIT_PX` tall, or cannot be found (S9.6).
 */
function useStickyAllowed(root: RefObject<HTMLElement | null>, wanted: boolean, productArea: (() => Element | null) | undefined, products: number): boolean {
  const [allowed, setAllowed] = useState(true);
  useEffect(() => {
    const doc = root.current?.ownerDocument;
    const win = doc?.defaultView;
    if (!wanted || !doc || !win) return;
    const area = productArea ? productArea() : doc.querySelector('.pkg-product-list');
    const check = () => setAllowed(!area || area.getBoundingClientRect().height >= STICKY_PRODUCT_HEIGHT_LIMIT_PX);
    check();
    const observer = area && typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(check) : null;
    if (area) observer?.observe(area);
    win.addEventListener('resize', check);
    return () => {
      observer?.disconnect();
      win.removeEventListener('resize', check);
    };
  }, [root, wanted, productArea, products]);
  return wanted && allowed;
}

const TOGGLE_KEY = 'pkg-filter-tree-open';
const defaultToggleStorage = (): Pick<Storage, 'getItem' | 'setItem'> | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};
/** Every page's and device's remembered open option ids ({} when none or unreadable). */
function readAll(storage: Pick<Storage, 'getItem'> | null): Record<string, unknown> {
  try {
    const all: unknown = JSON.parse(storage?.getItem(TOGGLE_KEY) ?? 'null');
    return typeof all === 'object' && all !== null ? (all as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
/** The remembered open option ids of this page and device, or undefined. */
function readOpen(storage: Pick<Storage, 'getItem'> | null, key: string): string[] | undefined {
  const v = readAll(storage)[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}
function writeOpen(storage: Pick<Storage, 'getItem' | 'setItem'> | null, key: string, open: readonly string[]): void {
  try {
    storage?.setItem(TOGGLE_KEY, JSON.stringify({ ...readAll(storage), [key]: open }));
  } catch {
    // Storage full or blocked: the state is kept for this tree only.
  }
}

export function FilterTree({ device = 'pc', sticky, productArea, hideRefineBy, hideTitle = false, renderItem, views, toggleStorage, className }: FilterTreeProps) {
  const controller = useFilterController();
  const { options, pending, totalProduct, settings, cleared } = useFilter(treeSlice, shallowEqual);
  const { labels } = settings;
  const layout = settings.filter.filterLayout;
  const horizontal = layout === 'horizontal';
  // The owner's `refineByHorizontalPosition`: a horizontal tree's refine-by block above or below its options.
  const refineBy = !hideRefineBy && <RefineByContainer />;
  const refineByBelow = horizontal && settings.filter.refineByHorizontalPosition === 'bottom';
  // Collapse and view-more state come from the core's pure tree UI model (F4.11-F4.13).
  const [ui, setUi] = useState<TreeUiState | null>(null);
  // Keep-toggle-state (F4.12): the shopper's open options are remembered per page and device.
  const keep = settings.filter.keepTabOpenState;
  const storage = useMemo(() => (keep ? (toggleStorage === undefined ? defaultToggleStorage() : toggleStorage) : null), [keep, toggleStorage]);
  const storageKey = `${typeof window === 'undefined' ? '' : window.location.pathname}|${device}`;
  useEffect(() => {
    if (!ui && options.length > 0) setUi(createTreeUiState(settings, options, device === 'mobile', readOpen(storage, storageKey)));
  }, [ui, options, settings, device, storage, storageKey]);
  useEffect(() => {
    if (ui && storage) writeOpen(storage, storageKey, ui.open);
  }, [ui, storage, storageKey]);
  // F4.21: once a clear applies, the open options go back to how the tree starts, unless keep-toggle-state keeps them.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  useEffect(() => {
    if (cleared) setUi((u) => (u ? afterClear(settings, u, optionsRef.current, device === 'mobile') : u));
  }, [cleared, settings, device]);
  const onToggle = useCallback((id: string) => setUi((u) => (u ? toggleOption(settings, u, id) : u)), [settings]);
  const onToggleViewMore = useCallback((id: string) => setUi((u) => (u ? toggleViewMore(u, id) : u)), []);
  const onApply = useCallback(() => {
    setUi((u) => (u ? closeAll(u) : u));
    void controller.apply();
  }, [controller]);
  const root = useRef<HTMLDivElement>(null);
  const stickyMode = sticky?.[device] ?? (device === 'mobile' ? settings.filter.stickyFilterMobile : settings.filter.stickyFilterPc);
  const stuck = useStickyAllowed(root, stickyMode !== 'normal', productArea, totalProduct);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // Horizontal: a click outside closes every option, applying pending changes (F4.11).
  const anyOpen = !!ui && ui.open.length > 0;
  useEffect(() => {
    if (!horizontal || !anyOpen) return;
    const doc = root.current?.ownerDocument;
    const onDown = (e: Event) => {
      if (root.current && e.target instanceof Node && root.current.contains(e.target)) return;
      setUi((u) => (u ? closeAll(u) : u));
      if (pendingRef.current) void controller.apply();
    };
    doc?.addEventListener('pointerdown', onDown);
    return () => doc?.removeEventListener('pointerdown', onDown);
  }, [horizontal, anyOpen, controller]);
  const actions = useFilterOptionActions();
  const visible = options.filter((o) => o.visible);
  // Range bounds in the shop's money format, currency and rounding: the controller's one formatter.
  const formatPrice = useCallback((amount: number, scale?: boolean) => controller.formatPrice(amount, false, scale), [controller]);
  // An option's `shortenPipsRange` shortens its slider labels with K and M (S1.8).
  const formatShortPrice = useCallback((amount: number, scale?: boolean) => controller.formatPrice(amount, true, scale), [controller]);
  return (
    <div
      ref={root}
      className={cx(
        'pkg-filter-tree',
        `pkg-filter-tree--${layout}`,
        !settings.filter.showFilterOptionCount && 'pkg-filter-tree--no-counts',
        // The owner's `enableSliderRuler`: ticks on the sliders' scales.
        settings.filter.enableSliderRuler && 'pkg-filter-tree--ruler',
        `pkg-filter-tree--sticky-${stuck ? stickyMode : 'normal'}`,
        className,
      )}
    >
      {!hideTitle && (
        <div className="pkg-filter-tree__header">
          <h2 className="pkg-filter-tree__title">{labels.filter}</h2>
        </div>
      )}
      {!refineByBelow && refineBy}
      <div className="pkg-filter-tree__options">
        {visible.map((o) => (
          <FilterOptionBlock
            key={o.id}
            option={o}
            labels={labels}
            actions={actions}
            device={device}
            {...(ui ? { open: ui.open.includes(o.id), onToggle, expanded: ui.expanded.includes(o.id), onToggleViewMore } : {})}
            horizontal={horizontal}
            onApply={onApply}
            selectedValues={pending ? (pending.filters[o.id] ?? NONE) : o.selectedValues}
            formatRangeValue={o.range?.money ? (o.range.short ? formatShortPrice : formatPrice) : undefined}
            renderItem={renderItem}
            views={views}
          />
        ))}
      </div>
      {refineByBelow && refineBy}
      {/* Changes waiting for Apply (F4.7, F4.21): a horizontal option has its own Apply while it is open. */}
      {pending && !(horizontal && anyOpen) && (
        <div className="pkg-filter-tree__footer">
          <button type="button" className="pkg-button pkg-button--primary" onClick={() => controller.apply()}>
            {labels.apply}
          </button>
          <button type="button" className="pkg-button" onClick={() => controller.discard()}>
            {labels.clear}
          </button>
        </div>
      )}
      <p className="pkg-filter-tree__total pkg-visually-hidden">{`${labels.showResults} (${totalProduct})`}</p>
    </div>
  );
}
