import type { MouseEvent, ReactNode } from 'react';
import { formatLabel, type FilterSnapshot } from '@pkg/core-filter';
import { listingLabels } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { plainClick } from './plain-click';
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

/** What a page control gets: its class, text and, on page numbers, `aria-current` and `aria-label`. */
interface PageControlProps {
  className: string;
  children: ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
}

/**
 * The numbered page list (previous, the page window with gaps, next) of the listing and of the
 * search panels; `control` renders one page's link or button (`rel` is `prev` or `next` on those two).
 */
export function PageList({ page, last, siblings, labels, control }: { page: number; last: number; siblings: number; labels: { previous: string; next: string; page: string }; control(page: number, props: PageControlProps, rel?: 'prev' | 'next'): ReactNode }) {
  return (
    <ul className="pkg-pagination__list">
      {page > 1 && <li>{control(page - 1, { className: 'pkg-pagination__previous', children: labels.previous }, 'prev')}</li>}
      {pageWindow(page, last, siblings).map((n, i) =>
        n === 'gap' ? (
          <li key={`gap-${i}`} className="pkg-pagination__gap" aria-hidden="true">
            …
          </li>
        ) : (
          <li key={n}>{control(n, { className: cx('pkg-pagination__page', n === page && 'pkg-pagination__page--current'), ...(n === page ? { 'aria-current': 'page' } : {}), 'aria-label': `${labels.page} ${n}`, children: n })}</li>
        ),
      )}
      {page < last && <li>{control(page + 1, { className: 'pkg-pagination__next', children: labels.next }, 'next')}</li>}
    </ul>
  );
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
            {formatLabel(listingLabels(s.labels).loadMore, { amountProduct: Math.min(s.limit, remaining) })}
          </button>
        )}
      </div>
    );
  }
  if (p.lastPage <= 1) return null;
  const go = (page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    void controller.setPage(page);
  };
  const cur = p.currentPage;
  return (
    <nav className={cx('pkg-pagination', className)} aria-label={t.pagination}>
      <PageList
        page={cur}
        last={p.lastPage}
        siblings={siblings}
        labels={t}
        control={(n, props, rel) => <a {...props} href={href(n)} onClick={go(n)} {...(rel ? { rel } : {})} />}
      />
    </nav>
  );
}
