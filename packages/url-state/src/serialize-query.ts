import type { FilterUrlState } from './filter-url-state';
import { encodeFormComponent as encode } from './form-encoding';
import { activeScheme, dict, filterEntries, movedParam, readPositiveInt, sortedEntries } from './query-keys';
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
    const list = (written[config.shortNames.get(key) ?? key] ||= []);
    if (joined) list.push(values.map(encode).join(','));
    else list.push(...values.map(encode));
  };

  for (const [key, values] of filterEntries(state, config)) {
    if (key == moved) put('q', values, scheme == 2);
    else if (scheme) put(key, values, scheme == 2);
  }
  const page = readPositiveInt(state.page) ?? 1;
  if (page > 1) put('page', [`${page}`]); // S2.12: page 1 is never written
  const limit = readPositiveInt(state.limit, 70);
  if (limit && limit != defaults.limit) put('limit', [`${limit}`]);
  for (const key of ['sort', 'display', 'tab'] as const) {
    const value = state[key];
    if (value && value != defaults[key]) put(key, [value]);
  }
  if (state.term && !(moved && termKey == 'q')) put(termKey, [state.term]);
  for (const [key, values] of sortedEntries(state.extra)) put(key, values);
  // Default sort: by UTF-16 code units, the same order whatever the locale.
  return sortedEntries(written)
    .flatMap(([key, values]) => values.map((value) => `${encode(key)}=${value}`))
    .join('&');
}
