// What the filter controller takes from an answer (S3.5, F3.13): the reader type, and the lean
// reader `createFilterControllerWith` uses unless it is given `normalizeFilterAnswer`.
import type { Banner } from './banners';
import { arr, isRec, num } from './read';
import type { Settings } from './settings';

/** The parts of a filter answer the controller applies; `P` is the product type. */
export interface FilterAnswer<P> {
  readonly totalProduct: number;
  readonly products: readonly P[];
  /** The raw filter options, for the option builder; null when the tree was not sent. */
  readonly filterOptions: readonly unknown[] | null;
  readonly banners: readonly Banner[];
  readonly didYouMean: readonly string[];
}

/** Reads an answer of the service: `readFilterAnswer`, or `normalizeFilterAnswer` for `Product`s. */
export type AnswerReader<P> = (raw: unknown, settings: Settings, options: { now: string }) => FilterAnswer<P>;

/**
 * The lean reader: the total and the filter options, with the products as the service sent them
 * (no banners, no did-you-mean); never throws. `normalizeFilterAnswer` reads the rest.
 */
export function readFilterAnswer(raw: unknown): FilterAnswer<unknown> {
  const r = isRec(raw) ? raw : {};
  const products = arr(r.products);
  return {
    totalProduct: Math.max(0, num(r.total_product) ?? products.length),
    products,
    filterOptions: isRec(r.filter) && Array.isArray(r.filter.options) ? r.filter.options : null,
    banners: [],
    didYouMean: [],
  };
}
