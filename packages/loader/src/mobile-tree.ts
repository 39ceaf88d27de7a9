import { createElement as h, useEffect, useId, useState } from 'react';
import { FilterTree, useFilter } from '@pkg/react-ui';

/** Body class while the mobile tree is open (F2.6). */
export const NO_SCROLL_CLASS = 'pkg-no-scroll';

/**
 * The mobile tree: a "Filter" button opens the tree as an off-canvas panel over an overlay;
 * the body gets a no-scroll class while it is open, and the overlay or the close button closes
 * it (F2.6). Loaded lazily: only phones with a mobile-only container fetch it.
 */
export function MobileTree({ hideRefineBy }: { hideRefineBy?: boolean }) {
  const [open, setOpen] = useState(false);
  const labels = useFilter((s) => s.settings.labels);
  const total = useFilter((s) => s.totalProduct);
  const id = useId();
  useEffect(() => {
    const body = globalThis.document?.body;
    if (!body) return;
    body.classList.toggle(NO_SCROLL_CLASS, open);
    return () => body.classList.remove(NO_SCROLL_CLASS);
  }, [open]);
  return h(
    'div',
    { className: 'pkg-mobile-tree' },
    h('button', { type: 'button', className: 'pkg-button pkg-mobile-tree__toggle', 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen(!open) }, labels.filter),
    open && h('div', { className: 'pkg-mobile-tree__overlay', onClick: () => setOpen(false), 'aria-hidden': true }),
    h(
      'div',
      { id, className: 'pkg-mobile-tree__panel', role: 'dialog', 'aria-modal': open, 'aria-label': labels.filter, hidden: !open },
      h('button', { type: 'button', className: 'pkg-button pkg-mobile-tree__close', onClick: () => setOpen(false) }, `${labels.showResults} (${total})`),
      h(FilterTree, { device: 'mobile', ...(hideRefineBy ? { hideRefineBy } : {}) }),
    ),
  );
}
