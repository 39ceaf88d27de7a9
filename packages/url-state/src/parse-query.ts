import type { FilterUrlState, OptionFlags } from './filter-url-state';
import { decodeFormComponent as decode } from './form-encoding';
import { activeScheme, dict, hasPrefix, movedParam, readPositiveInt, splitFlag } from './query-keys';
import { OTHER_PARAMS, type UrlConfig } from './url-config';

/**
 * Reads a query string (`location.search`, with or without `?`; anything after `#` is ignored)
 * into a frozen {@link FilterUrlState}. Never throws: everything is decoded once (a `%` without two
 * hex digits stays as it is, bytes that are not UTF-8 become U+FFFD), empty and repeated filter
 * values are dropped, a page that is not a positive integer reads as 1, a
 * limit outside 1..70 and values equal to their defaults read as absent, the first non-empty
 * `page`, `sort`, ... wins, unknown keys go to `extra`. Short names are mapped back to long ones;
 * on a vendor or type page `q` is the vendor or type filter (S5.11, F5.3). With scheme 2 values
 * are split on raw commas (a value's own comma is `%2C`); other schemes read repeated keys.
 */
export function parseQuery(search: string, config: UrlConfig): FilterUrlState {
  const { prefix, termKey, defaults } = config;
  const moved = movedParam(config);
  const filters = dict<Set<string>>();
  const flags = dict<OptionFlags>();
  const extra = dict<string[]>();
  const single = dict<string>();

  for (const piece of String(search).split('#')[0]!.replace(/^\?/, '').split('&')) {
    const [rawKey = '', ...rest] = piece.split('=');
    const raw = rest.join('=');
    let key = decode(rawKey);
    key = config.longNames.get(key) ?? key;
    if (moved && key == 'q') key = moved;
    const flag = splitFlag(key, config);
    if (!key) continue;
    if (flag) {
      if (decode(raw) == 'true') flags[flag[0]] = { ...flags[flag[0]], [flag[1]]: true };
    } else if (hasPrefix(key, prefix)) {
      const values = (filters[key] ||= new Set());
      for (const part of activeScheme(config) == 2 ? raw.split(',') : [raw]) values.add(decode(part));
      values.delete('');
    } else if (key == termKey || OTHER_PARAMS.includes(key as 'page')) {
      single[key] ||= decode(raw);
    } else {
      (extra[key] ||= []).push(decode(raw));
    }
  }

  const state: { -readonly [K in keyof FilterUrlState]: FilterUrlState[K] } = {
    filters: dict(),
    flags,
    page: readPositiveInt(single.page) ?? 1,
    extra,
  };
  for (const key in filters) if (filters[key]!.size) (state.filters as Record<string, string[]>)[key] = [...filters[key]!];
  const limit = readPositiveInt(single.limit, 70);
  if (limit && limit != defaults.limit) state.limit = limit;
  for (const key of ['sort', 'display', 'tab'] as const) {
    const value = single[key];
    if (value && value != defaults[key]) state[key] = value;
  }
  if (single[termKey]) state.term = single[termKey];
  return Object.freeze(state);
}
