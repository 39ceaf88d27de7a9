import type { ReactNode } from 'react';
import type { FilterController } from '@pkg/core-filter';
import { cx } from './class-names';
import { FilterProvider, useFilter } from './filter-context';
import { FilterTree } from './FilterTree';
import { InfiniteScroll, LoadPrevious } from './InfiniteScroll';
import { MobileFilterTree, type MobileFilterTreeProps } from './MobileFilterTree';
import { Pagination } from './Pagination';
import { ProductList } from './ProductList';
import { ResultsAnnouncer, type ResultsAnnouncerProps } from './ResultsAnnouncer';
import { Toolbar, type ToolbarProps } from './Toolbar';
import { useMediaQuery } from './use-media-query';

export interface FilterPageProps {
  controller: FilterController;
  /** Added to the page's `pkg-filter-page` element. */
  className?: string;
  /** The toolbar's props (e.g. `showSearch`). */
  toolbar?: ToolbarProps;
  /** Before the toolbar in the product area: a heading, a `CollectionHeader`. */
  top?: ReactNode;
  /** After the pagination in the product area. */
  children?: ReactNode;
  /**
   * The polite live region that tells screen readers the product count after each change
   * (`ResultsAnnouncer`, after the pagination): its props, or `false` for a page that announces
   * the count itself.
   */
  announcer?: ResultsAnnouncerProps | false;
  /**
   * The phone's tree (F2.4-F2.11): props for the `MobileFilterTree` that replaces the tree beside
   * the products on viewports up to the shop's `filter.mobileMaxWidth`; `false` keeps the
   * desktop tree (stacked above the products) on every viewport.
   */
  mobileTree?: MobileFilterTreeProps | false;
}

/**
 * The standard collection or search page over one controller: the filter tree beside the product
 * area (toolbar, listing, pagination). The listing follows the shop's pagination type: page links,
 * a load-more button or infinite scroll (`filter.paginationType`), with the load-previous button
 * above it when the shop loads earlier pages (`filter.loadPreviousPage`), and a live region tells
 * screen readers the product count after each change. On phones (viewports up to the shop's `filter.mobileMaxWidth`)
 * the tree is the mobile tree instead: its "Filter" button at the top of the product area opens it
 * in a panel, in the shop's `filter.mobileStyle`. Rendered on the server as on a desktop (there is
 * no viewport there); a phone switches once hydrated. It adds no landmark: the theme owns its
 * page's `<main>`.
 */
export function FilterPage({ controller, ...props }: FilterPageProps) {
  return (
    <FilterProvider controller={controller}>
      <PageLayout {...props} />
    </FilterProvider>
  );
}

function PageLayout({ className, toolbar, top, children, mobileTree = {}, announcer = {} }: Omit<FilterPageProps, 'controller'>) {
  const maxWidth = useFilter((s) => s.settings.filter.mobileMaxWidth);
  const phone = useMediaQuery(`(max-width: ${maxWidth}px)`) && mobileTree !== false;
  return (
    <div className={cx('pkg-filter-page', phone && 'pkg-filter-page--phone', className)}>
      {!phone && <FilterTree />}
      <div className="pkg-filter-page__products">
        {top}
        {phone && <MobileFilterTree {...mobileTree} />}
        <Toolbar {...toolbar} />
        <LoadPrevious />
        <ProductList />
        <InfiniteScroll />
        <Pagination />
        {announcer !== false && <ResultsAnnouncer {...announcer} />}
        {children}
      </div>
    </div>
  );
}
