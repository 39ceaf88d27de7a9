import type { FilterUrlState } from './filter-url-state';
import { encodeFormComponent as encode } from './form-encoding';
import { activeScheme, dict, filterEntries, movedParam, readSettings, sortedEntries } from './query-keys';
import type { UrlConfig } from './url-config';

/**
 * Writes the address-bar query (without `?`; `''` when there is nothing to write) for a state:
 * filter arrays by the scheme in force (1 repeated keys, 2 comma-joined with raw commas, 0 not
 * at all), long names replaced by their short names, values equal to their defaults, page 1 and
 * empty values dropped, keys sorted, everything form-encoded (space as `+`). On a vendor or type
 * page the vendor or type filter is written as `q` whatever the scheme, since it names the page;
 * there a term under the key `q` cannot be written and is dropped. `extra` parameters are written
 * as they are: keep keys there that `parseQuery` would put there (it never puts one of ours).
 */
export function serializeQuery(state: FilterUrlState, config: UrlConfig): string {
  const scheme = activeScheme(config);
  const moved = movedParam(config);
  const { defaults, termKey } = config;
  const written = dict<string[]>(); // encoded values by written name
  const put = (key: string, values: readonly string[], joined?: boolean): void => {
    const encoded = values.map(encode);
    (written[config.shortNames.get(key) ?? key] ||= []).push(...(joined ? [encoded.join(',')] : encoded));
  };

  for (const [key, values] of filterEntries(state, config)) {
    // The vendor or type filter names the page: written as `q` even with scheme 0.
    if (key == moved || scheme) put(key == moved ? 'q' : key, values, scheme == 2);
  }
  // S2.12, S2.14: page 1 and values equal to their defaults are not written.
  for (const [key, value] of Object.entries(readSettings(state, defaults))) put(key, [`${value}`]);
  if (state.term && !(moved && termKey == 'q')) put(termKey, [state.term]);
  for (const [key, values] of sortedEntries(state.extra)) put(key, values);
  // Default sort: by UTF-16 code units, the same order whatever the locale.
  return sortedEntries(written)
    .flatMap(([key, values]) => values.map((value) => `${encode(key)}=${value}`))
    .join('&');
}
