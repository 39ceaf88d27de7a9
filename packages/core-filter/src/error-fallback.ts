// F8.9: when the filter cannot load, the page falls back to the theme's original view.
import { defaultLocation, defaultUserAgent } from './browser-defaults';
import type { ControllerSettings } from './settings';

export interface ErrorFallbackOptions {
  readonly userAgent?: string | undefined;
  /** Full-page navigation; location.assign by default. */
  readonly navigate?: ((url: string) => void) | undefined;
}

/**
 * Returns the fallback: it redirects to the same page with the original-view parameter (keeping
 * only the search term) and returns true, except when the setting is off, on iOS and Safari,
 * after a back/forward move and when the page already is the original view.
 */
export function createErrorFallback(settings: ControllerSettings, loc: { pathname: string; search?: string }, options: ErrorFallbackOptions): (eventType: string) => boolean {
  const f = settings.filter;
  return (eventType) => {
    if (!f.fallbackOnError) return false;
    const ua = options.userAgent ?? defaultUserAgent();
    const ios = /iP(hone|ad|od)/.test(ua);
    const safari = /Safari/.test(ua) && !/Chrome|Chromium|CriOS|Android/.test(ua);
    const params = new URLSearchParams(loc.search ?? '');
    if (ios || safari || eventType === 'history' || params.get('view') === f.fallbackView) return false;
    const keep = new URLSearchParams();
    const term = params.get(f.searchTermKey);
    if (term) keep.set(f.searchTermKey, term);
    keep.set('view', f.fallbackView);
    const url = `${loc.pathname}?${keep.toString()}`;
    const nav = options.navigate ?? ((u: string) => defaultLocation()?.assign?.(u));
    nav(url);
    return true;
  };
}
