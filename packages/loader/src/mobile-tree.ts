import { createElement as h, useId, useState } from 'react';
import { FilterTree, MobileFilterTree, SafeHtml, useFilter } from '@pkg/react-ui';

/** Body class while the mobile tree (or a desktop tree's drawer) is open (F2.6). */
export const NO_SCROLL_CLASS = 'pkg-no-scroll';

/** The owner's icon markup (`filter.icons`), through the one sanitiser; decorative (the button's text names it). */
const icon = (html: string | undefined) => (html ? h(SafeHtml, { html, as: 'span' }) : undefined);

/**
 * The mobile tree: react-ui's `MobileFilterTree`, which takes the shop's mobile style (`filter.mobileStyle`,
 * F2.9-F2.11): a "Filter" button opens the tree as an off-canvas panel over an overlay; the body
 * gets a no-scroll class while it is open, and the overlay, Escape or the close buttons close it
 * (F2.6). The button carries the owner's `filterTreeMobileIcon`. Loaded lazily: only phones with a
 * mobile-only container (or desktops with a drawer tree) fetch it.
 */
export function MobileTree({ hideRefineBy }: { hideRefineBy?: boolean }) {
  const icons = useFilter((s) => s.settings.filter.icons);
  return h(MobileFilterTree, { bodyClass: NO_SCROLL_CLASS, icon: icon(icons.mobile), ...(hideRefineBy ? { hideRefineBy } : {}) });
}

/**
 * A desktop vertical tree behind a button (v1's `filterTreeVerticalStyle`): `style-off-canvas` opens it in a drawer
 * (react-ui's `MobileFilterTree` dialog drawing the desktop tree: focus moves in and stays, Escape, the overlay and
 * the close button close it and focus returns to the button); `style-expand` opens it in the page under the
 * button (a disclosure: `aria-expanded`, `aria-controls`; the tree keeps its heading, which its options' headings follow). The owner's `filterTreeIcon` and `filterTreeIconClose`
 * sit beside the buttons' texts.
 */
export function DesktopTree({ hideRefineBy }: { hideRefineBy?: boolean }) {
  const { filter: { looks, icons }, labels } = useFilter((s) => s.settings);
  const [open, setOpen] = useState(false);
  const id = useId();
  const tree = hideRefineBy ? { hideRefineBy } : {};
  if (looks.vertical !== 'style-expand') return h(MobileFilterTree, { device: 'pc', bodyClass: NO_SCROLL_CLASS, icon: icon(icons.open), closeIcon: icon(icons.close), ...tree });
  return h(
    'div',
    { className: 'pkg-tree-expand' },
    h('button', { type: 'button', className: 'pkg-button pkg-tree-expand__toggle', 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen(!open) }, icons.open && h('span', { className: 'pkg-icon', 'aria-hidden': 'true' }, icon(icons.open)), labels.filter),
    h('div', { id, hidden: !open }, h(FilterTree, { device: 'pc', ...tree })),
  );
}
