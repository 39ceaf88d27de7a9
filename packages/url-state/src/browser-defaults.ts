// The only file of this package that names a browser global. Resolved lazily, on first use.
import type { RouterWindow } from './router';

/** The page's `window`, or a clear error outside a browser (how to fix it: development builds only). */
export function getDefaultWindow(): RouterWindow {
  if (typeof window === 'undefined') {
    let message = '[@pkg/url-state] No window';
    if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') {
      message += ': pass createRouter({ window }).';
    }
    throw new Error(message);
  }
  return window;
}
