import { findSearchBoxes, type MountSearchBoxesOptions, type SearchBoxesInstance } from './find-search-boxes';

/** The events that say the shopper is reaching a search box: its code is loaded then. */
export const SEARCH_INTENT_EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown', 'input'] as const;

type RenderModule = Pick<typeof import('./mount-search-boxes'), 'renderSearchBoxes'>;

export interface DeferredSearchBoxes extends SearchBoxesInstance {
  /** Settles once the boxes are mounted, or their code could not be loaded. */
  readonly ready: Promise<void>;
  /** Loads the boxes' code now (once) and mounts them. */
  load(): void;
}

/**
 * The theme file's search boxes, whose code (react-ui's SearchBox, its dropdown and overlay,
 * @pkg/suggest's controller: the largest part a collection page does not run at first) is loaded
 * on demand. At first load it only finds the boxes (`findSearchBoxes`); the theme's own plain forms
 * stay and work. The first sign the shopper is reaching one (a pointer over it, a press, the focus,
 * a key) or `load()` (the theme file calls it once the page is idle after its first render) loads
 * the code with `load`, which then mounts every box; text typed into the theme's box meanwhile is
 * kept, with the focus, and its suggestions open (`renderSearchBoxes`). If the code cannot be
 * loaded, one console error says so and the plain forms keep working.
 * Returns null where `findSearchBoxes` does.
 */
export function deferSearchBoxes(
  options: MountSearchBoxesOptions,
  load: () => Promise<RenderModule>,
  report: Pick<Console, 'error'> = console,
): DeferredSearchBoxes | null {
  const found = findSearchBoxes(options);
  if (!found) return null;
  let mounted: SearchBoxesInstance | null = null;
  let destroyed = false;
  let started = false;
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const unlisten = () => {
    for (const el of found.boxes) for (const type of SEARCH_INTENT_EVENTS) el.removeEventListener(type, start, true);
  };
  const start = () => {
    if (started) return;
    started = true;
    unlisten();
    load().then(
      (m) => {
        if (!destroyed) mounted = m.renderSearchBoxes(found);
      },
      (e: unknown) => report.error('[@pkg/loader] The instant-search code could not be loaded; the theme\'s search form stays:', e),
    ).finally(settle);
  };
  // A box focused before this ran (autofocus) gives no further focus event.
  const active = found.doc.activeElement;
  if (active && found.boxes.some((el) => el.contains(active))) start();
  else for (const el of found.boxes) for (const type of SEARCH_INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  return {
    settings: found.settings,
    search: found.search,
    boxes: found.boxes,
    ready,
    load: start,
    destroy() {
      destroyed = true;
      unlisten();
      mounted?.destroy();
      mounted = null;
    },
  };
}

/**
 * Runs `run` once `after` has settled and the browser is idle (at the latest `timeout` ms later):
 * the theme file loads the search boxes' code so, after the tree and the products have rendered.
 */
export function whenIdleAfter(after: Promise<unknown>, run: () => void, win: Pick<Window, 'setTimeout'> & { requestIdleCallback?: Window['requestIdleCallback'] } = window, timeout = 3000): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout }) : win.setTimeout(run, 1));
  after.then(idle, idle);
}
