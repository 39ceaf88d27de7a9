import { createElement as h, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Settings } from '@pkg/core-filter';
import { SearchBox, useSuggestController } from '@pkg/react-ui';
import { INITIALISED_ATTR } from './find-containers';
import { findSearchBoxes, type FoundSearchBoxes, type MountSearchBoxesOptions, type SearchBoxesInstance } from './find-search-boxes';
import type { SearchOptions } from './search-settings';

export type { MountSearchBoxesOptions, SearchBoxesInstance } from './find-search-boxes';

/** The loader's class on the element it inserts when the theme's box is an input or a form. */
export const SEARCH_BOX_MOUNT_CLASS = 'pkg-search-box-mount';

interface MountPoint {
  readonly at: Element;
  /** Where the form submits: the theme form's action, else /search. */
  readonly action: string;
  restore(): void;
}

/**
 * Where a search box goes. A container element (a div around the theme's plain form) is emptied
 * and gets the box; its old content comes back on destroy. An input or a form cannot hold a React
 * form, so an element is inserted before it (before the input's form) and the theme's is hidden.
 */
function mountPoint(el: Element, doc: Document): MountPoint {
  const tag = el.tagName.toLowerCase();
  if (tag === 'input' || tag === 'form') {
    const host = tag === 'form' ? el : (el.closest('form') ?? el);
    const action = (host.tagName.toLowerCase() === 'form' && host.getAttribute('action')) || '/search';
    const at = doc.createElement('div');
    at.className = SEARCH_BOX_MOUNT_CLASS;
    host.parentNode?.insertBefore(at, host);
    const wasHidden = host.hasAttribute('hidden');
    // `hidden` alone loses to any theme rule that sets the form's display (`.header form { display:
    // flex }` is common): the shopper would see the theme's box beside this one, and two search
    // landmarks. An important inline display wins over the theme's stylesheet.
    const style = host.getAttribute('style');
    host.setAttribute('hidden', '');
    (host as HTMLElement).style.setProperty('display', 'none', 'important');
    return {
      at,
      action,
      restore() {
        at.remove();
        if (!wasHidden) host.removeAttribute('hidden');
        if (style === null) host.removeAttribute('style');
        else host.setAttribute('style', style);
      },
    };
  }
  const action = el.querySelector('form')?.getAttribute('action') || '/search';
  const saved = Array.from(el.childNodes);
  el.replaceChildren();
  return { at: el, action, restore: () => el.replaceChildren(...saved) };
}

/** What the shopper did in the theme's own box before the instant-search box replaced it. */
export interface Carried {
  /** The text typed there (it becomes the box's text, and its suggestions are asked for). */
  readonly typed: string;
  /** The theme's input had the focus: the box's input gets it. */
  readonly focused: boolean;
}

function SearchBoxRoot({ settings, search, action, seams, term, carried, at }: { settings: Settings; search: SearchOptions; action: string; seams: MountSearchBoxesOptions['suggest']; term: string; carried: Carried | null; at: Element }) {
  const controller = useSuggestController({ ...seams, settings, suggest: search.suggest, ...(term ? { initialInput: term } : {}) });
  // Text typed into the theme's box while this code loaded stays, with the focus, and its
  // suggestions open as if it had been typed here. A layout effect: the focus moves in the same
  // task as the theme's input leaves, so no key pressed meanwhile is lost.
  useLayoutEffect(() => {
    if (!carried) return;
    if (carried.focused) at.querySelector<HTMLInputElement>('input')?.focus();
    if (carried.typed && carried.typed !== controller.getSnapshot().input) controller.setInput(carried.typed);
  }, [carried, controller, at]);
  // The search section's look (style, display, width, position, listPerRow, productParts, highlight,
  // productsInNewTab, showMobileSubmit) under SearchBox's own prop names; its other keys are not SearchBox's.
  return h(SearchBox, { ...search, controller, settings, action, mobileQuery: `(max-width: ${settings.filter.mobileMaxWidth}px)` });
}

/** What the shopper did in the theme's box `el` (an input, or an element holding one). */
export function carriedFrom(el: Element, doc: Document): Carried | null {
  const input = el.matches('input') ? (el as HTMLInputElement) : el.querySelector('input');
  if (!input) return null;
  const focused = doc.activeElement === input;
  // A value the theme wrote (the search page's term) is not the shopper's typing.
  const typed = input.value !== input.defaultValue ? input.value : '';
  return focused || typed ? { typed, focused } : null;
}

/** Mounts the boxes `findSearchBoxes` found (see `mountSearchBoxes`). */
export function renderSearchBoxes(found: FoundSearchBoxes): SearchBoxesInstance {
  const { doc, settings, search, boxes, seams, term } = found;
  const mounted: Array<{ el: Element; root: Root; point: MountPoint }> = [];
  for (const el of boxes) {
    const carried = carriedFrom(el, doc);
    el.setAttribute(INITIALISED_ATTR, '');
    const point = mountPoint(el, doc);
    const root = createRoot(point.at);
    const render = () => root.render(h(SearchBoxRoot, { settings, search, action: point.action, seams, term, carried, at: point.at }));
    // The theme's input had the focus and just left the page: the box renders (and takes the focus)
    // in this task, so a key pressed next is not lost (React renders later otherwise; Preact at once).
    if (carried?.focused) flushSync(render);
    else render();
    mounted.push({ el, root, point });
  }
  return {
    settings,
    search,
    boxes,
    destroy() {
      for (const m of mounted) {
        m.root.unmount();
        m.point.restore();
        m.el.removeAttribute(INITIALISED_ATTR);
      }
      mounted.length = 0;
    },
  };
}

/**
 * Mounts the instant-search box (react-ui's `SearchBox`: suggestion dropdown on desktop, the
 * overlay on a narrow screen) into every `.pkg-search-box` the page has (and, on a page set up
 * for the original add-on, every `input[name=q]`), skipping those marked
 * `disable-instant-search` (or `data-no-bc-search` / `data-disable-instant-search`) or already
 * initialised. Returns null when there is none, when the
 * settings are invalid (`mountFilter` reports those, once) or when no suggestion URL is set
 * (one warning; the theme's plain form stays).
 */
export function mountSearchBoxes(options: MountSearchBoxesOptions = {}): SearchBoxesInstance | null {
  const found = findSearchBoxes(options);
  return found && renderSearchBoxes(found);
}
