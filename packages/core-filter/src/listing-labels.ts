// The English texts of a listing's widgets: the toolbar (its sort and per-page choices, the sorts'
// texts) and the pagination (load more, load previous). They are `settings.labels` texts the
// controller never writes, so they are this entry's (`@pkg/core-filter/view`), not the main
// entry's: the texts the controller, its kinds and the filter tree write are `DEFAULT_LABELS`.
import { textsOver } from '@pkg/kit';
import type { Labels } from './settings';

export interface ListingLabels {
  /** The load-more button (`{{ amountProduct }}` is how many more). */
  readonly loadMore: string;
  readonly loadPrevious: string;
  /** The toolbar's sort choice. */
  readonly sortBy: string;
  /** The toolbar's per-page choice. */
  readonly showLimit: string;
  /** A collection option's "All" text (the original's `collectionAll`): no view shows it yet; a shop's text of this name is kept. */
  readonly all: string;
}

export const LISTING_LABELS: ListingLabels = /* @__PURE__ */ Object.freeze({
  loadMore: 'Load more {{ amountProduct }} Products',
  loadPrevious: 'Load previous page',
  sortBy: 'Sort By',
  showLimit: 'Show',
  all: 'All',
});

/** The sorts' English texts, by sort key (`settings.labels.sorting` goes over them). */
export const SORT_LABELS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  relevance: 'Relevance',
  'best-selling': 'Best selling',
  manual: 'Featured',
  'price-ascending': 'Price, low to high',
  'price-descending': 'Price, high to low',
  'title-ascending': 'Alphabetically, A-Z',
  'title-descending': 'Alphabetically, Z-A',
  'created-descending': 'Date, new to old',
  'created-ascending': 'Date, old to new',
  'published-descending': 'Published, new to old',
  'published-ascending': 'Published, old to new',
  'sale-descending': 'Sale, high to low',
  'sale-ascending': 'Sale, low to high',
  'review-ratings-ascending': 'Rating, low to high',
  'review-ratings-descending': 'Rating, high to low',
});

/** The listing texts of `labels` (`settings.labels`: the shop's, for its locale), the English ones where it has none. */
export const listingLabels = (labels: Labels): ListingLabels => textsOver(LISTING_LABELS, labels);

/** A sort's text: the shop's (`settings.labels.sorting`), else the English one, else its key. */
export const sortLabel = (labels: Labels, key: string): string => labels.sorting[key] ?? SORT_LABELS[key] ?? key;
