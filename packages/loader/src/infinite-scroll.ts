import { createElement as h, useEffect, useRef } from 'react';
import type { FilterSnapshot } from '@pkg/core-filter';
import { shallowEqual, useFilter, useFilterController } from '@pkg/react-ui';

/** How close to the viewport's bottom the end of the list loads the next page (S9.16: 100 px). */
export const INFINITE_BOTTOM_THRESHOLD_PX = 100;

const slice = (s: FilterSnapshot) => ({ type: s.pagination.type, hasMore: s.pagination.hasMore, loading: s.loading.more || s.status === 'loading', count: s.products.length });

/** Whether the sentinel's top has come within `margin` px of the viewport's bottom (or passed it). */
export function sentinelReached(top: number, viewportHeight: number, margin = INFINITE_BOTTOM_THRESHOLD_PX): boolean {
  return top <= viewportHeight + margin;
}

/**
 * Infinite scroll: an empty sentinel after the list; when a scroll (or a resize, or a render)
 * brings its top within 100 px of the viewport's bottom, or past it, the next page is loaded with
 * `controller.loadMore()`. A scroll listener rather than IntersectionObserver, so a jump to the
 * end of a page whose sidebar is taller than the list still loads. Renders nothing for other
 * pagination types or when everything is shown.
 */
export function InfiniteScroll() {
  const controller = useFilterController();
  const s = useFilter(slice, shallowEqual);
  const ref = useRef<HTMLDivElement>(null);
  const active = s.type === 'infinite' && s.hasMore && !s.loading;
  useEffect(() => {
    const el = ref.current;
    const win = el?.ownerDocument.defaultView;
    if (!active || !el || !win) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (sentinelReached(el.getBoundingClientRect().top, win.innerHeight)) void controller.loadMore();
    };
    const schedule = () => {
      if (!frame) frame = win.requestAnimationFrame(check);
    };
    win.addEventListener('scroll', schedule, { passive: true });
    win.addEventListener('resize', schedule, { passive: true });
    schedule(); // after each page: the sentinel may already be in view
    return () => {
      win.removeEventListener('scroll', schedule);
      win.removeEventListener('resize', schedule);
      if (frame) win.cancelAnimationFrame(frame);
    };
  }, [active, controller, s.count]);
  if (s.type !== 'infinite' || !s.hasMore) return null;
  return h('div', { ref, className: 'pkg-infinite-scroll', 'aria-hidden': true, 'data-loading': s.loading || undefined });
}
