import { createSettings, getPageContext, transportKind, type FetchLike, type Settings } from '@pkg/core-filter';
import type { useSuggestController } from '@pkg/react-ui';
import { findContainers } from './find-containers';
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

/** What mounting the search boxes needs, read from the page before any of the box's code runs. */
export interface FoundSearchBoxes {
  readonly doc: Document;
  readonly settings: Settings;
  readonly search: SearchOptions;
  readonly boxes: readonly Element[];
  readonly seams: MountSearchBoxesOptions['suggest'];
  /** On the search page, the term searched for (a bad term is not shown, S5.1); else ''. */
  readonly term: string;
}

/**
 * The page's instant-search boxes and their settings (every `.pkg-search-box`, and on a page set up
 * for the original add-on every `input[name=q]`; not those marked `disable-instant-search`, nor
 * those already initialised). Null when there is none, when the settings are invalid (`mountFilter`
 * reports those, once), when the owner turned suggestions off, or when no suggestion URL is set
 * (one warning; the theme's plain form stays). The theme file runs this at first load and loads the
 * box's own code (mount-search-boxes) only when the shopper reaches a box.
 */
export function findSearchBoxes(options: MountSearchBoxesOptions = {}): FoundSearchBoxes | null {
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
  const loc = doc.location as Location | null | undefined;
  const page = getPageContext(settings, loc?.pathname ?? '/', loc?.search ?? '');
  return { doc, settings, search, boxes, seams, term: page.isSearchPage ? page.term : '' };
}
