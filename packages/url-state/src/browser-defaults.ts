// The only file of this package that names a browser global. Resolved lazily, on first use.
import type { RouterWindow } from './router';

/** The page's `window`, or a clear error outside a browser. */
export function getDefaultWindow(): RouterWindow {
  if (typeof window === 'undefined') {
    throw new Error('[@pkg/url-state] No window: pass createRouter({ window }).');
  }
  return window;
}
