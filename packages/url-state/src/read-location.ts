import type { FilterUrlState } from './filter-url-state';
import { parseQuery } from './parse-query';
import { isBadUrl } from './screen';
import type { UrlConfig } from './url-config';

/** The parts of a location that are read; `window.location` and `URL` both have them. */
export interface LocationParts {
  readonly pathname: string;
  readonly search: string;
  readonly hash?: string;
}

/** A read address: its state, or a reset to a clean path when the address is bad (F5.8). */
export type LocationRead =
  | { readonly reset: false; readonly state: FilterUrlState }
  | { readonly reset: true; readonly state: FilterUrlState; readonly path: string };

/** Where a bad address is reset to: its pathname, or `/` when the pathname itself is bad (F5.8). */
export const resetPath = (pathname: string): string => (isBadUrl(pathname) ? '/' : pathname);

/**
 * Screens the whole address (path, query and hash, decoded once) with the S5.1 screen and parses
 * its query. A bad address yields `reset: true`, the empty state, and the path to replace the
 * location with: the pathname without query and hash, or `/` when the pathname itself is bad.
 */
export function readLocation(location: LocationParts, config: UrlConfig): LocationRead {
  const { pathname, search, hash = '' } = location;
  if (isBadUrl(pathname + search + hash)) {
    return { reset: true, state: parseQuery('', config), path: resetPath(pathname) };
  }
  return { reset: false, state: parseQuery(search, config) };
}
