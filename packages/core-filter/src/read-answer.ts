// What the filter controller takes from an answer (S3.5, F3.13): the reader type, and the lean
// reader `createFilterControllerWith` uses unless it is given `normalizeFilterAnswer`.
import type { Banner } from './banners';
import { arr, isRec, num } from './read';
import type { ControllerSettings } from './settings';

/** The parts of a filter answer the controller applies; `P` is the product type. */
export interface FilterAnswer<P> {
  readonly totalProduct: number;
  readonly products: readonly P[];
  /** The raw filter options, for the option builder; null when the tree was not sent. */
  readonly filterOptions: readonly unknown[] | null;
  readonly banners: readonly Banner[];
  readonly didYouMean: readonly string[];
}

/** The state's filters, as sent in a request. */
export type RequestFilters = Record<string, readonly string[]>;

/**
 * Reads an answer of the service: `readFilterAnswer`, or `normalizeFilterAnswer` for `Product`s.
 * A reader that converts what it shows carries the request side of that conversion: the shopper
 * chooses among the values it shows, and `requestFilters` turns those choices back into what the
 * service reads (`normalizeFilterAnswer`'s: price selections into the shop's currency, S1.5). A reader
 * without it shows the service's amounts, in the shop's currency while the browser converts: the
 * controller formats them as such (`moneyOptionsFor(settings, false)`).
 * The answer and request sides are one part: both on or both off, with the reader.
 */
export interface AnswerReader<P> {
  (raw: unknown, settings: ControllerSettings, options: { now: string }): FilterAnswer<P>;
  readonly requestFilters?: (settings: ControllerSettings, filters: RequestFilters) => RequestFilters;
}

/**
 * The lean reader: the total and the filter options, with the products as the service sent them
 * (no banners, no did-you-mean, no currency conversion, so selections are sent as chosen and
 * amounts are formatted in the shop's currency); never throws. `normalizeFilterAnswer` reads the rest.
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
