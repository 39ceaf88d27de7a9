import { createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createSettings, getPageContext, transportKind, type FetchLike, type Settings } from '@pkg/core-filter';
import { SearchBox, useSuggestController } from '@pkg/react-ui';
import { findContainers, INITIALISED_ATTR } from './find-containers';
import { readLoaderSettings, type LoaderSettingsInput } from './loader-settings';
import type { SearchOptions } from './search-settings';

type SuggestOptions = Parameters<typeof useSuggestController>[0];

export interface MountSearchBoxesOptions {
  /** The page (default: the browser document). */
  document?: Document;
  /** Where the legacy settings globals are read (default: the browser window; null = none). */
  window?: Record<string, unknown> | null;
  /** Settings merged over what the page holds (highest priority); `search` is the loader's section. */
  settings?: LoaderSettingsInput;
  /** Seams passed to each suggestion controller (fetch, transport, navigate, timers, storage, ...). */
  suggest?: Omit<SuggestOptions, 'settings' | 'suggest'>;
  console?: Pick<Console, 'warn'>;
}

export interface SearchBoxesInstance {
  readonly settings: Settings;
  readonly search: SearchOptions;
  /** The theme's `.pkg-search-box` elements taken over. */
  readonly boxes: readonly Element[];
  destroy(): void;
}

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
    host.setAttribute('hidden', '');
    return {
      at,
      action,
      restore() {
        at.remove();
        if (!wasHidden) host.removeAttribute('hidden');
      },
    };
  }
  const action = el.querySelector('form')?.getAttribute('action') || '/search';
  const saved = Array.from(el.childNodes);
  el.replaceChildren();
  return { at: el, action, restore: () => el.replaceChildren(...saved) };
}

function SearchBoxRoot({ settings, search, action, seams, term }: { settings: Settings; search: SearchOptions; action: string; seams: MountSearchBoxesOptions['suggest']; term: string }) {
  const controller = useSuggestController({ ...seams, settings, suggest: search.suggest, ...(term ? { initialInput: term } : {}) });
  // The search section's look (style, display, width, position, listPerRow, productParts, highlight,
  // productsInNewTab, showMobileSubmit) under SearchBox's own prop names; its other keys are not SearchBox's.
  return h(SearchBox, { ...search, controller, settings, action, mobileQuery: `(max-width: ${settings.filter.mobileMaxWidth}px)` });
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
  const doc = options.document ?? globalThis.document;
  const win = options.window === undefined ? (globalThis.window as unknown as Record<string, unknown> | undefined) : options.window;
  const { input, search, containers: selectors, problems, page: pageSettings } = readLoaderSettings(doc, win, options.settings);
  if (problems.length) return null;
  // The owner's `enableSuggestion` off: the theme's search forms are left as they are.
  if (!search.enabled) return null;
  const settings = createSettings(input);
  // A page set up for the original add-on (its globals) has plain search inputs, as its scripts
  // took every input named by the term key; a page with only the loader's block marks its boxes.
  const themed = pageSettings.sources.some((source) => source.startsWith('window.'));
  const boxes = findContainers(doc, themed ? { selectors, searchInputName: settings.filter.searchTermKey } : { selectors }).searchBoxes;
  if (boxes.length === 0) return null;
  if (!settings.api.suggestionUrl && !options.suggest?.transport) {
    (options.console ?? console).warn('[@pkg/loader] No api.suggestionUrl: instant search is off.');
    return null;
  }
  const fetchFn: FetchLike | undefined = options.suggest?.fetch ?? (transportKind(settings) === 'fetch' && typeof globalThis.fetch === 'function' ? (url, init) => globalThis.fetch(url, init) : undefined);
  const seams = { ...options.suggest, ...(fetchFn ? { fetch: fetchFn } : {}) };
  // On the search page every box shows the term searched for (a bad term is not shown, S5.1).
  const loc = doc.location as Location | null | undefined;
  const page = getPageContext(settings, loc?.pathname ?? '/', loc?.search ?? '');
  const term = page.isSearchPage ? page.term : '';
  const mounted: Array<{ el: Element; root: Root; point: MountPoint }> = [];
  for (const el of boxes) {
    el.setAttribute(INITIALISED_ATTR, '');
    const point = mountPoint(el, doc);
    const root = createRoot(point.at);
    root.render(h(SearchBoxRoot, { settings, search, action: point.action, seams, term }));
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
