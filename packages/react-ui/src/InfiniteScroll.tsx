import { useEffect, useRef } from 'react';
import type { FilterSnapshot } from '@pkg/core-filter';
import { useFilter, useFilterController } from './filter-context';
import { shallowEqual } from './use-store';

export interface InfiniteScrollProps {
  /** How far below the viewport the next page starts loading, in px (S9.6 / S9.16). */
  threshold?: number;
  /** False while another search panel is active: nothing loads (S4.13). */
  active?: boolean;
  /** IntersectionObserver; the browser's by default. */
  IntersectionObserver?: typeof globalThis.IntersectionObserver;
}

const slice = (s: FilterSnapshot) => ({ hasMore: s.pagination.hasMore, type: s.pagination.type, loading: s.loading.more || s.loading.products });

/**
 * Infinite scroll (S4.13): when a sentinel below the list nears the viewport, the next page is
 * appended; never while the list is loading or the products panel is not active.
 */
export function InfiniteScroll({ threshold = 100, active = true, IntersectionObserver: IO }: InfiniteScrollProps) {
  const controller = useFilterController();
  const { hasMore, type, loading } = useFilter(slice, shallowEqual);
  const ref = useRef<HTMLDivElement>(null);
  const canLoad = type === 'infinite' && hasMore && active && !loading;
  useEffect(() => {
    const Observer = IO ?? (typeof globalThis.IntersectionObserver === 'function' ? globalThis.IntersectionObserver : undefined);
    const el = ref.current;
    if (!canLoad || !el || !Observer) return;
    const observer = new Observer(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void controller.loadMore();
        }
      },
      { rootMargin: `0px 0px ${threshold}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [canLoad, threshold, controller, IO]);
  if (type !== 'infinite') return null;
  return <div ref={ref} className="pkg-infinite-scroll" aria-hidden="true" />;
}
