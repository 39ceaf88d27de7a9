// Internal helpers shared by parseQuery, serializeQuery, toApiParams and readCollectionParams.
import type { UrlConfig, UrlDefaults, UrlScheme } from './url-config';
import { OPTION_FLAGS, type FilterUrlState, type OptionFlag } from './filter-url-state';

/** A null-prototype record: `__proto__` and `constructor` are plain keys in it. */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * The scheme in force on the configured page kind (S2.15): `scheme` on collection pages, the
 * separate `schemeOutsideCollections` on every other page kind (search, vendor, type, tag, other).
 */
export const activeScheme = (config: UrlConfig): UrlScheme =>
  config.pageKind == 'collection' ? config.scheme : config.schemeOutsideCollections;

/**
 * The parameter that `q` moves into on a vendor or type page (S5.11, F5.3): the config's
 * `vendorParam` or `typeParam`, named after the page kind. No other page kind has a `<kind>Param`
 * field (nor has `Object.prototype` one), so everywhere else this is undefined.
 */
export const movedParam = (config: UrlConfig): string | undefined =>
  (config as unknown as Record<string, string | undefined>)[`${config.pageKind}Param`];

/** Whether `key` starts with `prefix` and has more after it. */
export const hasPrefix = (key: string, prefix: string): boolean => key.startsWith(prefix) && key != prefix;

// Made on first use, so a bundle that never reads flags (a filter tree alone) leaves it out.
let flag: RegExp | undefined;

/**
 * For a flag parameter (`pf_t_color_and_condition`) the match `[key, optionId, flag]`, else
 * undefined.
 */
export function splitFlag(key: string, config: UrlConfig): [key: string, id: string, flag: OptionFlag] | undefined {
  const match = (flag ??= new RegExp(`^([^]+)_(${OPTION_FLAGS.join('|')})$`)).exec(key) as [string, string, OptionFlag] | null;
  return match && hasPrefix(match[1], config.prefix) ? match : undefined;
}

/** Whether `key` names a filter option: it has the prefix and something after it, and is no flag. */
export const isFilterKey = (key: string, config: UrlConfig): boolean => hasPrefix(key, config.prefix) && !splitFlag(key, config);

/** A positive safe integer (given as a number or as plain digits) up to `max`, or undefined. */
export function readPositiveInt(input: unknown, max = 2 ** 53 - 1): number | undefined {
  // Plain digits are a whole number (`2.5`, `1e21` and `-1` are not), so only its size is left to check.
  const n = /^\d+$/.test(`${input}`) ? Number(input) : 0;
  return n > 0 && n <= max ? n : undefined;
}

/** Parameters with a fixed meaning besides the filters and the term (S9.14). */
export const OTHER_PARAMS = ['page', 'sort', 'limit', 'display', 'tab'] as const;

/** A writable copy of a readonly record type. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The fixed parameters that are dropped from the address when they equal their defaults. */
export type Settings = Mutable<UrlDefaults & { page?: number }>;

/**
 * The page, sort, limit, display and tab of `source` (raw query values or a state's values)
 * that are valid and differ from their defaults, in that order: page and limit are whole
 * numbers from 1 (a limit up to 70), and the default page is 1 (S2.12, S2.14). Shared by
 * parseQuery, serializeQuery and toApiParams.
 */
export function readSettings(source: Readonly<Partial<Record<keyof Settings, unknown>>>, defaults: UrlDefaults): Settings {
  const out: Record<string, unknown> = {};
  const fallback: Settings = { ...defaults, page: 1 };
  for (const key of OTHER_PARAMS) {
    const value = key == 'page' ? readPositiveInt(source.page) : key == 'limit' ? readPositiveInt(source.limit, 70) : source[key];
    if (value && value != fallback[key]) out[key] = value;
  }
  return out;
}

/** The non-empty values, each at its first occurrence. */
export const uniqueValues = (values: readonly string[]): string[] => [...new Set(values)].filter(Boolean);

export const sortedEntries = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.keys(record)
    .sort()
    .map((key) => [key, record[key]!]);

/**
 * The filter parameters of a state, keys sorted: each valid filter id with its non-empty values
 * (first occurrence kept), then each set option flag as `<id>_<flag>` with the value `true` and
 * a third element `true` that marks it as a flag.
 */
export function filterEntries(state: FilterUrlState, config: UrlConfig): [key: string, values: string[], flag?: true][] {
  const out: [string, string[], true?][] = [];
  for (const [id, values] of sortedEntries(state.filters)) {
    const unique = uniqueValues(values);
    if (unique[0] && isFilterKey(id, config)) out.push([id, unique]);
  }
  for (const [id, flags] of sortedEntries(state.flags)) {
    for (const flag of OPTION_FLAGS) if (flags[flag] && isFilterKey(id, config)) out.push([`${id}_${flag}`, ['true'], true]);
  }
  return out;
}
