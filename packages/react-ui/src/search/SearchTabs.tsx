import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatLabel, type PanelName } from '@pkg/core-filter';
import { safeUrl } from '@pkg/core-filter/view';
import type { PanelItem } from '@pkg/core-filter/search';
import { PANEL_NAMES, type PanelState, type SearchPanels } from '@pkg/suggest';
import { cx } from '../class-names';
import { PageList } from '../Pagination';
import { useStore } from '../use-store';
import { isRightToLeft } from '../is-right-to-left';

export interface SearchTabsTranslations {
  tabs: string;
  /** The total-results line; `{{ from }}`, `{{ to }}`, `{{ count }}`. */
  total: string;
  empty: string;
  loading: string;
  error: string;
  pagination: string;
  previous: string;
  next: string;
  page: string;
}

export const defaultSearchTabsTranslations: SearchTabsTranslations = {
  tabs: 'Search results',
  total: 'Showing {{ from }}–{{ to }} of {{ count }} results',
  empty: 'No results',
  loading: 'Loading…',
  error: 'These results could not be loaded.',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  page: 'Page',
};

export interface SearchTabsProps {
  panels: SearchPanels;
  /** The products panel (the product list and its pagination, from the filter controller). */
  products: ReactNode;
  /** Called with the `tab` address value after a tab is chosen (null for products, S2.21). */
  onTabChange?(tab: PanelName | null): void;
  /** Replaces the default collection or page item. */
  renderItem?(item: PanelItem, panel: 'collections' | 'pages'): ReactNode;
  /** Heading level of item titles (default 2: under the page's h1). */
  titleLevel?: 2 | 3 | 4 | 5 | 6;
  /** The products panel's own range (the filter's page and limit): its panel page size does not apply. */
  productsRange?: { from: number; to: number; count: number };
  translations?: Partial<SearchTabsTranslations>;
  className?: string;
}

/**
 * The search page's panels as tabs (S2.20-S2.22, WAI-ARIA tabs pattern): a tablist with one tab
 * per visible panel (label and count), arrow keys, Home and End moving between tabs (mirrored in
 * right-to-left text), and one tabpanel each with its total line and its own pagination.
 */
export function SearchTabs({ panels, products, onTabChange, renderItem, titleLevel = 2, productsRange, translations, className }: SearchTabsProps) {
  const t = { ...defaultSearchTabsTranslations, ...translations };
  const snap = useStore(panels);
  const base = `pkg-search-${useId().replace(/[^\w-]/g, '')}`;
  const tabs = useRef(new Map<PanelName, HTMLButtonElement>());
  const visible = PANEL_NAMES.filter((n) => snap.panels[n].visible);
  const choose = (name: PanelName) => {
    void panels.select(name);
    onTabChange?.(name === 'products' ? null : name);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = visible.indexOf(snap.active);
    const rtl = isRightToLeft(e.currentTarget);
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key as 'ArrowRight'];
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? visible.length - 1 : step === undefined ? -1 : (at + step + visible.length) % visible.length;
    const name = visible[next];
    if (next < 0 || !name) return;
    e.preventDefault();
    choose(name);
    tabs.current.get(name)?.focus();
  };
  const Title = `h${titleLevel}` as const;
  const body = (p: PanelState): ReactNode => {
    if (p.name === 'products') return products;
    if (p.status === 'loading' && p.items.length === 0) return <p className="pkg-search-panel__status">{t.loading}</p>;
    if (p.status === 'error') return <p className="pkg-search-panel__status">{t.error}</p>;
    if (p.items.length === 0) return <p className="pkg-search-panel__status">{t.empty}</p>;
    const name = p.name;
    return (
      <>
        <ul className="pkg-search-panel__items" aria-busy={p.status === 'loading'}>
          {p.items.map((item) => (
            <li key={item.id} className="pkg-search-panel__item">
              {renderItem ? (
                renderItem(item, name)
              ) : (
                <>
                  <a className="pkg-search-panel__link" href={safeUrl(item.url)}>
                    {safeUrl(item.image) !== '#' && <img className="pkg-search-panel__image" src={safeUrl(item.image)} alt="" loading="lazy" />}
                    <Title className="pkg-search-panel__title">{item.title}</Title>
                  </a>
                  {item.excerpt && <p className="pkg-search-panel__excerpt">{item.excerpt}</p>}
                </>
              )}
            </li>
          ))}
        </ul>
        {p.pageCount > 1 && (
          <nav className="pkg-pagination" aria-label={`${p.label}: ${t.pagination}`}>
            <PageList page={p.page} last={p.pageCount} siblings={2} labels={t} control={(n, props) => <button type="button" {...props} onClick={() => void panels.setPage(name, n)} />} />
          </nav>
        )}
      </>
    );
  };
  return (
    <div className={cx('pkg-search-tabs', className)}>
      <div role="tablist" aria-label={t.tabs} className="pkg-search-tabs__list">
        {visible.map((name) => {
          const p = snap.panels[name];
          const selected = name === snap.active;
          return (
            <button
              key={name}
              ref={(el) => void (el ? tabs.current.set(name, el) : tabs.current.delete(name))}
              type="button"
              role="tab"
              id={`${base}-tab-${name}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${name}`}
              tabIndex={selected ? 0 : -1}
              className={cx('pkg-search-tabs__tab', selected && 'pkg-search-tabs__tab--active')}
              onClick={() => choose(name)}
              onKeyDown={onKeyDown}
            >
              {p.label} <span className="pkg-search-tabs__count">({p.count})</span>
            </button>
          );
        })}
      </div>
      {visible.map((name) => {
        const p = snap.panels[name];
        const selected = name === snap.active;
        return (
          <div key={name} role="tabpanel" id={`${base}-panel-${name}`} aria-labelledby={`${base}-tab-${name}`} hidden={!selected} tabIndex={0} className={cx('pkg-search-panel', `pkg-search-panel--${name}`)}>
            {selected && (
              <>
                <p className="pkg-search-panel__total">{formatLabel(t.total, name === 'products' && productsRange ? productsRange : { from: p.from, to: p.to, count: p.count })}</p>
                {body(p)}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
