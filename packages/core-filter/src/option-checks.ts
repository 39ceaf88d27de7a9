// The console warnings of a filter tree's types (F8.11): a filter type real services do not send,
// a wrong or missing display type. A part of the option builder: `createFilterController`,
// `buildFilterOptions` and `loadFilterData` pass it; a lean `createFilterControllerWith` page
// gets it with `checks: checkOptionTypes` and otherwise shows such options as lists, silently.
import type { KindRegistry } from './option-kind';
import { warn } from './warn';

const FILTER_TYPES: readonly string[] = ['collection', 'vendor', 'product_type', 'title', 'price', 'variants_price', 'percent_sale', 'review_ratings', 'weight', 'stock', 'tag', 'multi_level_tag', 'location', 'option', 'metafield'];

/**
 * Checks one option's types, given whether its display type is one a registered kind shows
 * (`knownDisplay`): warns about a filter type that is neither a documented one, a variant option
 * named after the option (`opt_size`, `opt_color`, ...) nor one a registered kind claims by type,
 * and about a wrong or missing display type (the option is then shown as a list, or a range for
 * `{ min, max }` values).
 */
export function checkOptionTypes(kinds: KindRegistry, id: string, filterType: string, displayType: string, knownDisplay: boolean): void {
  if (!FILTER_TYPES.includes(filterType) && !/^opt_./.test(filterType) && !kinds.kinds.some((k) => k.claims({ id, filterType, displayType: '' }) >= 3))
    warn(`Wrong filter tree type '${filterType}' for option ${id}; treated as a list of values.`);
  if (!knownDisplay) warn(`${displayType ? `Wrong display type '${displayType}'` : 'Missing display type'} for option ${id}; shown as a list.`);
}

/** What `checkOptionTypes` is, as an option builder part. */
export type OptionChecks = typeof checkOptionTypes;
