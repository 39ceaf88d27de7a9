import { createElement as h } from 'react';
import { MobileFilterTree, useFilter } from '@pkg/react-ui';

/** Body class while the mobile tree is open (F2.6). */
export const NO_SCROLL_CLASS = 'pkg-no-scroll';

/**
 * The mobile tree: react-ui's `MobileFilterTree` in the shop's mobile style (`filter.mobileStyle`,
 * F2.9-F2.11): a "Filter" button opens the tree as an off-canvas panel over an overlay; the body
 * gets a no-scroll class while it is open, and the overlay, Escape or the close buttons close it
 * (F2.6). Loaded lazily: only phones with a mobile-only container fetch it.
 */
export function MobileTree({ hideRefineBy }: { hideRefineBy?: boolean }) {
  const mobileStyle = useFilter((s) => s.settings.filter.mobileStyle);
  return h(MobileFilterTree, { mobileStyle, bodyClass: NO_SCROLL_CLASS, ...(hideRefineBy ? { hideRefineBy } : {}) });
}
