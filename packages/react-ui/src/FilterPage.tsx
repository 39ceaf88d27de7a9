import type { ReactNode } from 'react';
import type { FilterController } from '@pkg/core-filter';
import { cx } from './class-names';
import { FilterProvider } from './filter-context';
import { FilterTree } from './FilterTree';
import { Pagination } from './Pagination';
import { ProductList } from './ProductList';
import { Toolbar, type ToolbarProps } from './Toolbar';

export interface FilterPageProps {
  controller: FilterController;
  /** Added to the page's `pkg-filter-page` element. */
  className?: string;
  /** The toolbar's props (e.g. `showSearch`). */
  toolbar?: ToolbarProps;
  /** Before the toolbar in the product area: a heading, a `CollectionHeader`. */
  top?: ReactNode;
  /** After the pagination in the product area, e.g. `ResultsAnnouncer` or `InfiniteScroll`. */
  children?: ReactNode;
}

/**
 * The standard collection or search page over one controller: the filter tree beside the product
 * area (toolbar, listing, pagination). It adds no landmark: the theme owns its page's `<main>`.
 */
export function FilterPage({ controller, className, toolbar, top, children }: FilterPageProps) {
  return (
    <FilterProvider controller={controller}>
      <div className={cx('pkg-filter-page', className)}>
        <FilterTree />
        <div className="pkg-filter-page__products">
          {top}
          <Toolbar {...toolbar} />
          <ProductList />
          <Pagination />
          {children}
        </div>
      </div>
    </FilterProvider>
  );
}
