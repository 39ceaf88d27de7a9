// Internal helpers shared by parseQuery, serializeQuery, toApiParams and readCollectionParams.
import type { UrlConfig, UrlScheme } from './url-config';
import { OPTION_FLAGS, type FilterUrlState, type OptionFlag } from './filter-url-state';

/** A null-prototype record: `__proto__` and `constructor` are plain keys in it. */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** The scheme in force on the configured page kind (S2.15). */
export const activeScheme = (config: UrlConfig): UrlScheme =>
  config.pageKind == 'collection' ? config.scheme : config.schemeOutsideCollections;

/** The parameter that `q` moves into on a vendor or type page (S5.11, F5.3). */
export const movedParam = ({ pageKind, vendorParam, typeParam }: UrlConfig): string | undefined =>
  pageKind == 'vendor' ? vendorParam : pageKind == 'type' ? typeParam : undefined;

/** Whether `key` starts with `prefix` and has more after it. */
export const hasPrefix = (key: string, prefix: string): boolean => key.startsWith(prefix) && key != prefix;

const FLAG = new RegExp(`^([^]+)_(${OPTION_FLAGS.join('|')})$`);

/** The option id and flag of a flag parameter (`pf_t_color_and_condition`), else undefined. */
export function splitFlag(key: string, config: UrlConfig): [string, OptionFlag] | undefined {
  const match = FLAG.exec(key);
  return match && hasPrefix(match[1]!, config.prefix) ? [match[1]!, match[2] as OptionFlag] : undefined;
}

/** Whether `key` names a filter option: it has the prefix and something after it, and is no flag. */
export const isFilterKey = (key: string, config: UrlConfig): boolean => hasPrefix(key, config.prefix) && !splitFlag(key, config);

/** A positive safe integer (given as a number or as plain digits) up to `max`, or undefined. */
export function readPositiveInt(input: string | number | undefined, max = Infinity): number | undefined {
  const n = /^\d+$/.test(`${input}`) ? Number(input) : 0;
  return Number.isSafeInteger(n) && n > 0 && n <= max ? n : undefined;
}

export const sortedEntries = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.keys(record)
    .sort()
    .map((key) => [key, record[key]!]);

/**
 * The filter parameters of a state, keys sorted: each valid filter id with its non-empty values
 * (first occurrence kept), then each set option flag as `<id>_<flag>` with the value `true`.
 */
export function filterEntries(state: FilterUrlState, config: UrlConfig): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const [id, values] of sortedEntries(state.filters)) {
    const unique = [...new Set(values)].filter(Boolean);
    if (unique[0] && isFilterKey(id, config)) out.push([id, unique]);
  }
  for (const [id, flags] of sortedEntries(state.flags)) {
    for (const flag of OPTION_FLAGS) if (flags[flag] && isFilterKey(id, config)) out.push([`${id}_${flag}`, ['true']]);
  }
  return out;
}
