import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches; false where there is no `matchMedia` (server, old jsdom). */
export function useMediaQuery(query: string): boolean {
  const mql = (): MediaQueryList | null => (typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(query) : null);
  const subscribe = useCallback(
    (listener: () => void) => {
      const m = typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(query) : null;
      m?.addEventListener('change', listener);
      return () => m?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mql()?.matches ?? false, () => false);
}
