import type { FilterUrlState } from './filter-url-state';
import { filterEntries, hasPrefix } from './query-keys';
import type { UrlConfig } from './url-config';

/** What the `_c_` and `_ct_` filter parameters ask of a request (F5.2, F3.15). */
export interface CollectionParams {
  /** The first value of the first `<prefix>c_*` parameter; always undefined on a collection page. */
  readonly collectionScope: string | undefined;
  /** Every value of the `<prefix>ct_*` parameters, first occurrence kept. */
  readonly tags: readonly string[];
  /** With tags: 2 when a collection option behind them is multi-select, else 1. */
  readonly tagMode: 1 | 2 | undefined;
}

/**
 * Reads the collection scope and collection tags out of a state. A tag parameter is a collection
 * option's id with its `c_` family changed to `ct_` (`pf_ct_collection` for `pf_c_collection`);
 * `isMultiSelect` is asked about that collection option id (as in the filter tree). Without it
 * every option counts as single-select.
 */
export function readCollectionParams(
  state: FilterUrlState,
  config: UrlConfig,
  isMultiSelect: (optionId: string) => boolean = () => false,
): CollectionParams {
  const scope = `${config.prefix}c_`;
  const tag = `${config.prefix}ct_`;
  let collectionScope: string | undefined;
  const tags = new Set<string>();
  let multi = false;
  for (const [id, values, flag] of filterEntries(state, config)) {
    if (flag) continue;
    if (hasPrefix(id, scope) && config.pageKind != 'collection') collectionScope ??= values[0];
    if (hasPrefix(id, tag)) {
      multi ||= isMultiSelect(scope + id.slice(tag.length));
      for (const value of values) tags.add(value);
    }
  }
  return { collectionScope, tags: [...tags], tagMode: tags.size ? (multi ? 2 : 1) : undefined };
}
