import { useId, useState } from 'react';
import type { FilterSnapshot } from '@pkg/core-filter';
import { listingLabels, sortChoices, sortLabel } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { useFilter, useFilterController } from './filter-context';
import { shallowEqual } from './use-store';

/** A part of the toolbar: the product total, sort, per-page limit, display toggle. */
export type ToolbarPart = 'total' | 'sort' | 'limit' | 'display';
const ALL_PARTS: readonly ToolbarPart[] = ['total', 'sort', 'limit', 'display'];

export interface ToolbarProps {
  /** Show the in-collection search box (S4.16). */
  showSearch?: boolean;
  displays?: ReadonlyArray<'grid' | 'list' | 'collage'>;
  /** Which parts to render (default all): a theme with separate sort, limit and display containers mounts one toolbar per part. */
  parts?: ReadonlyArray<ToolbarPart>;
  /**
   * Show the product count (default true). Turn it off where another line already says it, as
   * the search page's products panel does with its own total (the loader does so there).
   */
  showTotal?: boolean;
  className?: string;
  translations?: Partial<{ display: string; grid: string; list: string; collage: string; search: string; products: string }>;
}

const slice = (s: FilterSnapshot) => ({
  sort: s.state.sort,
  limit: s.state.limit,
  display: s.state.display,
  q: s.state.q,
  labels: s.settings.labels,
  settings: s.settings,
  limitChoices: s.settings.filter.limitChoices,
  isSearch: s.page.kind === 'search',
  page: s.page,
  total: s.totalProduct,
});

/** Sort (S9.3, S5.12), per-page limit (S9.2), display toggle (S9.4) and in-collection search (S4.16). */
export function Toolbar({ showSearch = false, displays = ['grid', 'list'], parts = ALL_PARTS, showTotal = true, className, translations }: ToolbarProps) {
  const t = { display: 'Display', grid: 'Grid', list: 'List', collage: 'Collage', search: 'Search in this collection', products: 'products', ...translations };
  const controller = useFilterController();
  const s = useFilter(slice, shallowEqual);
  const texts = listingLabels(s.labels);
  const id = useId();
  const [text, setText] = useState(s.isSearch ? '' : s.q);
  // S5.12: no manual order on the search page, no relevance without a term.
  const offered = sortChoices(s.settings, s.page, s.q);
  const sorts = offered.includes(s.sort) ? offered : [...offered, s.sort];
  const limits = s.limitChoices.includes(s.limit) ? s.limitChoices : [...s.limitChoices, s.limit].sort((a, b) => a - b);
  return (
    <div className={cx('pkg-toolbar', className)}>
      {showTotal && parts.includes('total') && <p className="pkg-toolbar__total">{`${s.total} ${t.products}`}</p>}
      {showSearch && (
        <div className="pkg-toolbar__search">
          <label htmlFor={`${id}-q`} className="pkg-visually-hidden">
            {t.search}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            placeholder={t.search}
            onChange={(e) => {
              setText(e.target.value);
              controller.search(e.target.value);
            }}
          />
        </div>
      )}
      {parts.includes('sort') && (
      <div className="pkg-toolbar__sort">
        <label htmlFor={`${id}-sort`}>{texts.sortBy}</label>
        <select id={`${id}-sort`} value={s.sort} onChange={(e) => void controller.setSort(e.target.value)}>
          {sorts.map((k) => (
            <option key={k} value={k}>
              {sortLabel(s.labels, k)}
            </option>
          ))}
        </select>
      </div>
      )}
      {parts.includes('limit') && (
      <div className="pkg-toolbar__limit">
        <label htmlFor={`${id}-limit`}>{texts.showLimit}</label>
        <select id={`${id}-limit`} value={s.limit} onChange={(e) => void controller.setLimit(e.target.value)}>
          {limits.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      )}
      {parts.includes('display') && (
      <div className="pkg-toolbar__display" role="group" aria-label={t.display}>
        {displays.map((d) => (
          <button key={d} type="button" className={cx('pkg-toolbar__display-button', `pkg-toolbar__display-button--${d}`)} aria-pressed={s.display === d} onClick={() => void controller.setDisplay(d)}>
            {t[d]}
          </button>
        ))}
      </div>
      )}
    </div>
  );
}
