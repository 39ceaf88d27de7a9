// Pure filter-tree UI state: collapse, view more and scroll-load (F4.11-F4.14). The mobile tree's
// open panel and open option are the UI's own transient state (react-ui's MobileFilterTree).
import type { FilterOption } from './filter-option';
import type { Settings } from './settings';

export interface TreeUiState {
  /** Open (expanded) option ids. */
  readonly open: readonly string[];
  /** Options whose list is expanded beyond the view-more count (F4.13). */
  readonly expanded: readonly string[];
}

/**
 * Initial state (F4.11, F4.12): horizontal options start collapsed; vertical ones follow the
 * mobile/PC collapse flags, or the remembered open ids when keep-toggle-state is on.
 */
export function createTreeUiState(settings: Settings, options: readonly Pick<FilterOption, 'id' | 'collapsed'>[], mobile: boolean, remembered?: readonly string[]): TreeUiState {
  const open =
    settings.filter.filterLayout === 'horizontal'
      ? []
      : remembered && settings.filter.keepTabOpenState
        ? options.filter((o) => remembered.includes(o.id)).map((o) => o.id)
        : options.filter((o) => !(mobile ? o.collapsed.mobile : o.collapsed.pc)).map((o) => o.id);
  return { open, expanded: [] };
}

const flip = (list: readonly string[], id: string): string[] => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** Toggles an option (F4.11, F4.12): in horizontal mode only one option stays open. */
export function toggleOption(settings: Settings, state: TreeUiState, id: string): TreeUiState {
  const open = settings.filter.filterLayout === 'horizontal' ? (state.open.includes(id) ? [] : [id]) : flip(state.open, id);
  return { ...state, open };
}

/** A click outside closes all horizontal options (F4.11); the caller applies pending changes. */
export function closeAll(state: TreeUiState): TreeUiState {
  return { ...state, open: [] };
}

/**
 * The open options once a clear has been applied (F4.21): as the shopper left them with
 * keep-toggle-state (`filter.keepTabOpenState`), otherwise back to how the tree starts (F4.11:
 * horizontal options closed, vertical ones per the collapse flags). View more is kept.
 */
export function afterClear(settings: Settings, state: TreeUiState, options: readonly Pick<FilterOption, 'id' | 'collapsed'>[], mobile: boolean): TreeUiState {
  if (settings.filter.keepTabOpenState) return state;
  return { ...state, open: createTreeUiState(settings, options, mobile).open };
}

/** View more / view less, remembered per option (F4.13). */
export function toggleViewMore(state: TreeUiState, id: string): TreeUiState {
  return { ...state, expanded: flip(state.expanded, id) };
}

/**
 * Items to show (F4.13, F4.14): the view-more count unless expanded, the loaded count of a
 * scroll-load list, every item while searching (react-ui's FilterOptionBlock shows this many).
 */
export function visibleItemCount(option: Pick<FilterOption, 'id' | 'items' | 'viewMoreCount' | 'showMoreType'>, state: Pick<TreeUiState, 'expanded'>, loaded: number, searchTerm = ''): number {
  const total = option.items.length;
  if (searchTerm) return total;
  // F3.6: 'none' shows every value at once (no view more, no scroll box, no scroll-load).
  if (option.showMoreType === 'none') return total;
  if (option.showMoreType === 'viewmore' || option.showMoreType === 'viewmore_scrollbar') return state.expanded.includes(option.id) ? total : Math.min(total, option.viewMoreCount);
  return Math.min(total, Math.max(loaded, 0) || total);
}

/**
 * Scroll-load (F4.14): scrolled to the end, the rest of the list loads; off while searching.
 * `chunk` bounds one load (a 10,000-value option loads in steps instead of all at once).
 */
export function scrollLoadMore(total: number, loaded: number, searchTerm = '', chunk = Infinity): number {
  return searchTerm ? loaded : Math.min(total, loaded + chunk);
}
