import type { MouseEvent } from 'react';
import type { FilterSnapshot } from '@pkg/core-filter';
import { cx } from './class-names';
import { useFilter, useFilterController } from './filter-context';
import { shallowEqual } from './use-store';

export interface PaginationProps {
  /**
   * The link of a page; by default the controller's link of the current state with `page` set
   * (page 1 omitted, S2.12), the same on the server and in the browser.
   */
  hrefForPage?(page: number): string;
  /** Pages shown on each side of the current one. */
  siblings?: number;
  className?: string;
  translations?: Partial<{ pagination: string; previous: string; next: string; page: string }>;
}

const slice = (s: FilterSnapshot) => ({
  pagination: s.pagination,
  labels: s.settings.labels,
  loadingMore: s.loading.more,
  state: s.state,
  limit: s.state.limit,
  total: s.totalProduct,
  shown: s.products.length,
});

/** Page numbers with the current one first and last, and gaps marked. */
export function pageWindow(current: number, last: number, siblings: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  const lo = Math.max(2, current - siblings);
  const hi = Math.min(last - 1, current + siblings);
  out.push(1);
  if (lo > 2) out.push('gap');
  for (let p = lo; p <= hi; p++) out.push(p);
  if (hi < last - 1) out.push('gap');
  if (last > 1) out.push(last);
  return out;
}

/**
 * Pagination in the configured style (S4.13): numbered links with real hrefs and `aria-current`,
 * or a load-more button. Infinite scroll is `InfiniteScroll` (after the list); load-previous is
 * `LoadPrevious` (before the list).
 */
export function Pagination({ hrefForPage, siblings = 2, className, translations }: PaginationProps) {
  const t = { pagination: 'Pagination', previous: 'Previous', next: 'Next', page: 'Page', ...translations };
  const controller = useFilterController();
  const s = useFilter(slice, shallowEqual);
  const { pagination: p } = s;
  const href = hrefForPage ?? ((page: number) => controller.href({ page }));

  if (p.type === 'load_more' || p.type === 'infinite') {
    const remaining = Math.max(0, s.total - s.shown);
    return (
      <div className={cx('pkg-pagination', `pkg-pagination--${p.type}`, className)}>
        {p.type === 'load_more' && p.hasMore && (
          <button type="button" className="pkg-button pkg-pagination__load-more" disabled={s.loadingMore} aria-busy={s.loadingMore} onClick={() => void controller.loadMore()}>
            {s.labels.loadMore.replace(/\{\{\s*amountProduct\s*\}\}/g, String(Math.min(s.limit, remaining)))}
          </button>
        )}
      </div>
    );
  }
  if (p.lastPage <= 1) return null;
  const go = (page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void controller.setPage(page);
  };
  const cur = p.currentPage;
  return (
    <nav className={cx('pkg-pagination', className)} aria-label={t.pagination}>
      <ul className="pkg-pagination__list">
        {cur > 1 && (
          <li>
            <a className="pkg-pagination__previous" href={href(cur - 1)} onClick={go(cur - 1)} rel="prev">
              {t.previous}
            </a>
          </li>
        )}
        {pageWindow(cur, p.lastPage, siblings).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="pkg-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a className={cx('pkg-pagination__page', n === cur && 'pkg-pagination__page--current')} href={href(n)} onClick={go(n)} aria-current={n === cur ? 'page' : undefined} aria-label={`${t.page} ${n}`}>
                {n}
              </a>
            </li>
          ),
        )}
        {cur < p.lastPage && (
          <li>
            <a className="pkg-pagination__next" href={href(cur + 1)} onClick={go(cur + 1)} rel="next">
              {t.next}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
