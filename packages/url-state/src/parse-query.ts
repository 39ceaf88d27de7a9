import type { FilterUrlState, OptionFlag } from './filter-url-state';
import { decodeFormComponent as decode } from './form-encoding';
import { activeScheme, dict, hasPrefix, movedParam, OTHER_PARAMS, readPositiveInt, readSettings, splitFlag, uniqueValues } from './query-keys';
import type { UrlConfig } from './url-config';

/**
 * Reads a query string (`location.search`, with or without `?`; anything after `#` is ignored)
 * into a frozen {@link FilterUrlState}. Never throws: everything is decoded once (a `%` without two
 * hex digits stays as it is, bytes that are not UTF-8 become U+FFFD), empty and repeated filter
 * values are dropped, a page that is not a positive integer reads as 1, values equal to their
 * defaults read as absent, a limit that is not a whole number in 1..70 reads as `NaN` (the reader
 * applies its own fallback: S5.6's differs by pagination type), the first non-empty
 * `page`, `sort`, ... wins, unknown keys go to `extra`. Short names are mapped back to long ones;
 * on a vendor or type page `q` is the vendor or type filter (S5.11, F5.3). With scheme 2 values
 * are split on raw commas (a value's own comma is `%2C`); other schemes read repeated keys.
 */
export function parseQuery(search: string, config: UrlConfig): FilterUrlState {
  const { prefix, termKey, defaults } = config;
  const moved = movedParam(config);
  const filters = dict<string[]>();
  const flags = dict<Partial<Record<OptionFlag, true>>>();
  const extra = dict<string[]>();
  const single = dict<string>();

  for (const piece of String(search).replace(/^\?|#[^]*/g, '').split('&')) {
    // Split at the first `=` only: the captured rest of the piece is the value.
    const [rawKey = '', raw = ''] = piece.split(/=([^]*)/);
    let key = decode(rawKey);
    key = config.longNames.get(key) ?? key;
    if (moved && key == 'q') key = moved;
    const flag = splitFlag(key, config);
    if (!key) continue;
    if (flag) {
      if (decode(raw) == 'true') (flags[flag[1]] ||= {})[flag[2]] = true;
    } else if (hasPrefix(key, prefix)) {
      const values = (filters[key] ||= []);
      // Scheme 2 splits on raw commas; any other splits on `&`, which a piece never holds: one value.
      for (const part of raw.split(activeScheme(config) == 2 ? ',' : '&')) values.push(decode(part));
    } else if (key == termKey || OTHER_PARAMS.includes(key as 'page')) {
      single[key] ||= decode(raw);
    } else {
      (extra[key] ||= []).push(decode(raw));
    }
  }

  const state: { -readonly [K in keyof FilterUrlState]: FilterUrlState[K] } = {
    filters: dict(),
    flags,
    page: 1, // unless readSettings reads another page
    extra,
    ...readSettings(single, defaults),
  };
  for (const key in filters) {
    const values = uniqueValues(filters[key]!);
    if (values[0]) (state.filters as Record<string, string[]>)[key] = values;
  }
  if (single.limit && state.limit === undefined && readPositiveInt(single.limit, 70) === undefined) state.limit = NaN;
  if (single[termKey]) state.term = single[termKey];
  return Object.freeze(state);
}
