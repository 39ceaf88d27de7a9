import { useEffect, useRef, useState } from 'react';
import { useIsoLayoutEffect } from './use-iso-layout-effect';
import type { FilterSnapshot } from '@pkg/core-filter';
import { listingLabels } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { useFilter, useFilterController } from './filter-context';
import { shallowEqual } from './use-store';

/** S9.6: the next page loads when the end of the list comes within 700 px below the viewport's bottom... */
export const INFINITE_TRIGGER_POSITION_PX = 700;
/** ...or the scroller (the page) is within 100 px of its own end (S9.16), e.g. a short list on a tall screen. */
export const INFINITE_BOTTOM_THRESHOLD_PX = 100;
/** F9.4: the loading class stays 200 ms after a page arrived, and no other page loads meanwhile. */
export const LOADING_CLASS_MS = 200;
/** S9.16: scrolling up loads the previous page when the list's top is within 100 px of the view... */
export const LOAD_PREVIOUS_OFFSET_PX = 100;
/** ...and still is 200 ms after the upward scroll (S9.16). */
export const LOAD_PREVIOUS_DELAY_MS = 200;

/** The element that scrolls `el`: its nearest ancestor with `overflow-y: auto | scroll`, else null (the page). */
export function scrollParent(el: Element, win: Window): Element | null {
  for (let p = el.parentElement; p && p !== el.ownerDocument.body && p !== el.ownerDocument.documentElement; p = p.parentElement) {
    const overflow = win.getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return null;
}

interface Viewport {
  /** Visible area in viewport coordinates. */
  top: number;
  bottom: number;
  /** Scroll offset of the scroller. */
  offset: number;
  /** How far the scroller is from its end, in px. */
  toEnd: number;
}

export function viewportOf(scroller: Element | null, win: Window): Viewport {
  if (!scroller) {
    const root = win.document.documentElement;
    const height = Math.max(root.scrollHeight, win.document.body?.scrollHeight ?? 0);
    return { top: 0, bottom: win.innerHeight, offset: win.scrollY, toEnd: height - win.scrollY - win.innerHeight };
  }
  const r = scroller.getBoundingClientRect();
  return {
    top: Math.max(0, r.top),
    bottom: Math.min(win.innerHeight, r.bottom),
    offset: scroller.scrollTop,
    toEnd: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
  };
}

/** Whether the sentinel's top has come within `margin` px of the viewport's bottom (or passed it). */
export function sentinelReached(top: number, viewportBottom: number, margin = INFINITE_TRIGGER_POSITION_PX): boolean {
  return top <= viewportBottom + margin;
}

/**
 * Calls `onScroll` (at most once an animation frame) when the page or any element inside it
 * scrolls, and when the window resizes; returns the cleanup.
 */
function listenToScroll(win: Window, onScroll: () => void): () => void {
  let frame = 0;
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(run);
  };
  const run = () => {
    frame = 0;
    onScroll();
  };
  // Capture on the window sees the page's scroll and every inner scroller's (scroll does not bubble).
  win.addEventListener('scroll', schedule, { passive: true, capture: true });
  win.addEventListener('resize', schedule, { passive: true });
  return () => {
    win.removeEventListener('scroll', schedule, { capture: true });
    win.removeEventListener('resize', schedule);
    if (frame) win.cancelAnimationFrame(frame);
  };
}

/**
 * True for `ms` after `busy` goes from true to false (the F9.4 loading class). Derived during the
 * render that sees `busy` turn false, so nothing in that render can start another load.
 */
function useSettling(busy: boolean, ms: number): boolean {
  const [seen, setSeen] = useState(busy);
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState(0);
  if (seen !== busy) {
    setSeen(busy);
    if (!busy) setRound(round + 1);
  }
  useEffect(() => {
    if (round === 0) return;
    const timer = setTimeout(() => setSettled(round), ms);
    return () => clearTimeout(timer);
  }, [round, ms]);
  return round !== settled || (seen !== busy && !busy);
}

export interface InfiniteScrollProps {
  /** How far below the viewport's bottom the end of the list starts loading the next page, in px (S9.6: 700). */
  threshold?: number;
  /** How close to its own end the scroller loads the next page anyway, in px (S9.16: 100). */
  bottomThreshold?: number;
  /** False while another search panel is active: nothing loads (S4.13). */
  active?: boolean;
  className?: string;
}

const slice = (s: FilterSnapshot) => ({
  type: s.pagination.type,
  hasMore: s.pagination.hasMore,
  loading: s.loading.more || s.loading.previous || s.status === 'loading',
  count: s.products.length,
});

/**
 * Infinite scroll (S4.13): an empty sentinel placed after the list. When a scroll, a resize or a
 * render brings its top within `threshold` px (700, S9.6) of the visible area's bottom (or past
 * it), or the scroller comes within `bottomThreshold` px (100, S9.16) of its own end, the next page
 * is appended with `controller.loadMore()`;
 * never while the list is loading, during the 200 ms the loading class stays (F9.4), or while
 * `active` is false. Scroll events rather than an IntersectionObserver, so a jump past the end (End
 * key, a fling, a sidebar taller than the list) still loads; the page or the nearest scrolling
 * ancestor is the viewport. Renders nothing for other pagination types or when all is shown.
 */
export function InfiniteScroll({ threshold = INFINITE_TRIGGER_POSITION_PX, bottomThreshold = INFINITE_BOTTOM_THRESHOLD_PX, active = true, className }: InfiniteScrollProps) {
  const controller = useFilterController();
  const s = useFilter(slice, shallowEqual);
  const ref = useRef<HTMLDivElement>(null);
  const settling = useSettling(s.loading, LOADING_CLASS_MS);
  const enabled = s.type === 'infinite' && s.hasMore && active && !s.loading && !settling;
  useEffect(() => {
    const el = ref.current;
    const win = el?.ownerDocument.defaultView;
    if (!enabled || !el || !win) return;
    const scroller = scrollParent(el, win);
    const check = () => {
      const view = viewportOf(scroller, win);
      if (view.toEnd <= bottomThreshold || sentinelReached(el.getBoundingClientRect().top, view.bottom, threshold)) void controller.loadMore();
    };
    const stop = listenToScroll(win, check);
    check(); // after each page: the sentinel may already be in view
    return stop;
  }, [enabled, threshold, bottomThreshold, controller, s.count]);
  if (s.type !== 'infinite' || !s.hasMore) return null;
  return <div ref={ref} className={cx('pkg-infinite-scroll', (s.loading || settling) && 'pkg-infinite-scroll--loading', className)} aria-hidden="true" />;
}

export interface LoadPreviousProps {
  /**
   * Load the previous page when the shopper scrolls up to the list's top (S4.14, S9.16). Default:
   * on for infinite pagination; the button is always there for keyboards and the top of the page.
   */
  scrollUp?: boolean;
  /** False while another search panel is active. */
  active?: boolean;
  className?: string;
}

const previousSlice = (s: FilterSnapshot) => ({
  can: s.pagination.canLoadPrevious,
  type: s.pagination.type,
  loading: s.loading.previous,
  busy: s.status === 'loading' || s.loading.more || s.loading.previous,
  label: listingLabels(s.settings.labels).loadPrevious,
  count: s.products.length,
});

/**
 * Load-previous-page (S4.14), placed before the list: a button, and for infinite pagination an
 * upward scroll that reaches within 100 px of the list's top and stays 200 ms (S9.16), that
 * prepends the previous page with `controller.loadPrevious()`. The products in view stay where
 * they were when the earlier page is inserted above them. Hidden below page 2 (the controller's
 * `canLoadPrevious`, which also stores the pages in session storage).
 */
export function LoadPrevious({ scrollUp, active = true, className }: LoadPreviousProps) {
  const controller = useFilterController();
  const s = useFilter(previousSlice, shallowEqual);
  const ref = useRef<HTMLDivElement>(null);
  /**
   * Before a prepend: the first product (the first child of the element after this one, the list)
   * and where it was, to keep it there after the earlier page is inserted above it. Browsers with
   * scroll anchoring may already have done so; then there is nothing left to correct.
   */
  const anchor = useRef<{ scroller: Element | null; item: Element; top: number } | null>(null);
  const onScroll = scrollUp ?? s.type === 'infinite';

  const load = () => {
    const el = ref.current;
    const win = el?.ownerDocument.defaultView;
    const item = el?.nextElementSibling?.firstElementChild;
    if (el && win && item) anchor.current = { scroller: scrollParent(el, win), item, top: item.getBoundingClientRect().top };
    void controller.loadPrevious();
    if (!controller.getSnapshot().loading.previous) anchor.current = null; // nothing started
  };
  const loadRef = useRef(load);
  loadRef.current = load;

  // After the prepend rendered, scroll by what was inserted so the same products stay in view.
  useIsoLayoutEffect(() => {
    const a = anchor.current;
    const win = ref.current?.ownerDocument.defaultView;
    if (!a || s.loading || !win) return;
    anchor.current = null;
    if (!a.item.isConnected) return;
    const moved = a.item.getBoundingClientRect().top - a.top;
    if (Math.abs(moved) < 1) return;
    if (a.scroller) a.scroller.scrollTop += moved;
    else win.scrollBy(0, moved);
  }, [s.count, s.loading]);

  const enabled = onScroll && s.can && active && !s.busy;
  useEffect(() => {
    const el = ref.current;
    const win = el?.ownerDocument.defaultView;
    if (!enabled || !el || !win) return;
    const scroller = scrollParent(el, win);
    let last = viewportOf(scroller, win).offset;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const near = () => el.getBoundingClientRect().bottom >= viewportOf(scroller, win).top - LOAD_PREVIOUS_OFFSET_PX;
    const stop = listenToScroll(win, () => {
      const offset = viewportOf(scroller, win).offset;
      const up = offset < last;
      last = offset;
      if (!up || !near()) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (near()) loadRef.current();
      }, LOAD_PREVIOUS_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [enabled]);

  if (!s.can) return null;
  return (
    <div ref={ref} className={cx('pkg-load-previous', className)}>
      <button type="button" className="pkg-button" disabled={s.loading} aria-busy={s.loading} onClick={load}>
        {s.label}
      </button>
    </div>
  );
}
