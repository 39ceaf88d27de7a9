// The search page (loaded lazily: only /search needs it): the panels as tabs around the theme's
// product area, or the no-result view when the first search answers zero products (S2.23).
import { createElement as h, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { FetchLike, FilterSnapshot, PanelName, Settings, Transport } from '@pkg/core-filter';
import { SearchNoResult, SearchTabs, shallowEqual, useFilter, useSearchPanels } from '@pkg/react-ui';
import { Adopt, type SearchTotalsStore } from './adopt';
import type { SearchOptions } from './search-settings';

export type { SearchTotalsStore } from './adopt';

export interface SearchPageProps {
  settings: Settings;
  search: SearchOptions;
  /** The theme's content of the search-page container (tree, toolbar, products, pagination). */
  content: Element;
  term: string;
  /** The `tab` address value (S2.21). */
  tab: string | null;
  /** The embedded no-result JSON text (S3.12), if the page has it. */
  noResultJson?: string;
  totals: SearchTotalsStore;
  /** How the collections and pages panels are fetched. */
  panelSeams: { fetch?: FetchLike; transport?: Transport; sid?: string };
  onTabChange(tab: PanelName | null): void;
  pathname: string;
}

const firstAnswer = (s: { status: string; eventType: string | null; totalProduct: number; noResult: boolean; pagination: { currentPage: number } }) => ({
  status: s.status,
  eventType: s.eventType,
  totalProduct: s.totalProduct,
  noResult: s.noResult,
  page: s.pagination.currentPage,
});

/**
 * The search page: react-ui's `SearchTabs` (products, collections and pages with their counts and
 * pagination, S2.20-S2.22, S4.12) whose products panel is the theme's own product area; when the
 * first search answers zero products, `SearchNoResult` instead (S2.23, S4.21) and the product area
 * (tree, toolbar, list, pagination) is not shown.
 */
const activeTab = (s: FilterSnapshot): PanelName => (s.state.tab === 'collections' || s.state.tab === 'pages' ? s.state.tab : 'products');

/** The products panel's range from the filter's own paging: numbered pages show one page; load more and infinite show everything from 1. */
const productRange = (s: FilterSnapshot) => {
  const from = s.products.length === 0 ? 0 : s.pagination.type === 'default' ? (s.pagination.currentPage - 1) * s.state.limit + 1 : 1;
  return { from, to: from === 0 ? 0 : from + s.products.length - 1, count: s.totalProduct };
};

export function SearchPage(props: SearchPageProps) {
  const { settings, search, content, term, tab, noResultJson, totals, panelSeams, onTabChange, pathname } = props;
  const f = useFilter(firstAnswer, shallowEqual);
  const extra = useSyncExternalStore(totals.subscribe, totals.get, totals.get);
  const eventType = extra.eventType ?? f.eventType ?? undefined;
  const panelTotals = useMemo(
    () =>
      f.status === 'success'
        ? { ...(eventType ? { eventType } : {}), totalProduct: f.totalProduct, page: f.page, ...(extra.totalCollection !== undefined ? { totalCollection: extra.totalCollection } : {}), ...(extra.totalPage !== undefined ? { totalPage: extra.totalPage } : {}) }
        : null,
    [f.status, eventType, f.totalProduct, f.page, extra.totalCollection, extra.totalPage],
  );
  const panels = useSearchPanels({ settings, term, tab, ...panelSeams }, panelTotals);
  const productsRange = useFilter(productRange, shallowEqual);
  // The address's `tab` (a tab click, or back and forward through history) chooses the panel.
  const addressTab = useFilter(activeTab);
  useEffect(() => {
    if (panels.getSnapshot().active !== addressTab) void panels.select(addressTab);
  }, [panels, addressTab]);
  if (f.noResult) {
    return h(SearchNoResult, {
      settings,
      term,
      pathname,
      showSuggestedTerms: search.showSuggestedTerms,
      showMostPopular: search.showMostPopular,
      ...(noResultJson !== undefined ? { json: noResultJson } : {}),
      ...(search.tips !== undefined ? { tips: search.tips } : {}),
    });
  }
  return h(SearchTabs, { panels, onTabChange, productsRange, products: h(Adopt, { node: content, className: 'pkg-search-page__products' }) });
}
