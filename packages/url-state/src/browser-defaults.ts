// The only file of this package that names a browser global. Resolved lazily, on first use.
import type { RouterHistory, RouterWindow } from './router';

/** The page's `window`, or a clear error outside a browser (how to fix it: development builds only). */
export function getDefaultWindow(): RouterWindow {
  if (typeof window === 'undefined') {
    let message = '[@pkg/url-state] No window';
    if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
      message += ': pass createRouter({ window }).';
    }
    throw new Error(message);
  }
  return window;
}

/**
 * The browser's history as a {@link RouterHistory}: `history.pushState`/`replaceState`,
 * `popstate`, `document.title` and `scrollY` of `win` (the page's window, looked up on first use).
 */
export function browserHistory(win?: RouterWindow): RouterHistory {
  const w = (): RouterWindow => (win ??= getDefaultWindow());
  return {
    location: () => w().location,
    data: () => w().history.state,
    push: (url, data) => w().history.pushState(data, '', url),
    replace: (url, data) => w().history.replaceState(data, '', url),
    listen(listener) {
      // The router restores scroll itself once an entry's content is shown.
      const h = w().history as { scrollRestoration?: string };
      if ('scrollRestoration' in h) h.scrollRestoration = 'manual';
      w().addEventListener('popstate', listener);
      return () => w().removeEventListener('popstate', listener);
    },
    title(next) {
      const doc = w().document;
      if (doc && next !== undefined) doc.title = next;
      return doc?.title;
    },
    scroll(next) {
      if (next !== undefined) w().scrollTo?.(0, next);
      return w().scrollY;
    },
  };
}
