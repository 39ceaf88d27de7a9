import { useEffect, useRef } from 'react';

/**
 * A dialog's Escape: while `open`, Escape anywhere in `doc` (the page's document by default) calls
 * `onEscape`, wherever the focus is, not only inside the dialog. The mobile filter tree and quick
 * view close with it.
 */
export function useEscape(open: boolean, onEscape: () => void, doc?: Document): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    // Effects run in a browser only: the page's document is there.
    const d = doc ?? document;
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current();
    };
    d.addEventListener('keydown', onKey);
    return () => d.removeEventListener('keydown', onKey);
  }, [open, doc]);
}
