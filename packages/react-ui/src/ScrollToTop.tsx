import { useEffect, useState } from 'react';
import { showScrollToTop } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { UI_LABELS } from './ui-labels';

export interface ScrollToTopProps {
  /** Shown once the page is scrolled past this many pixels (S4.20: 100). */
  threshold?: number;
  /** The button's text; `UI_LABELS.scrollToTop` (English) when not given. */
  label?: string | undefined;
  className?: string;
  /** The window to watch; the browser window by default. */
  window?: Pick<Window, 'scrollY' | 'scrollTo' | 'addEventListener' | 'removeEventListener'>;
}

/** A button that appears once the page is scrolled past 100 px and scrolls back to the top (S4.20). */
export function ScrollToTop({ threshold = 100, label = UI_LABELS.scrollToTop, className, window: win }: ScrollToTopProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const w = win ?? (typeof window === 'undefined' ? undefined : window);
    if (!w) return;
    const onScroll = () => setShown(showScrollToTop(w.scrollY, threshold));
    onScroll();
    w.addEventListener('scroll', onScroll, { passive: true });
    return () => w.removeEventListener('scroll', onScroll);
  }, [threshold, win]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className={cx('pkg-button pkg-scroll-to-top', className)}
      onClick={() => (win ?? window).scrollTo({ top: 0, behavior: 'smooth' })}
    >
      {label}
    </button>
  );
}
