// Placement and sizes of the suggestion dropdown (S4.10, S9.20, F9.8) as plain data: a pure
// function of the input's position and the window size, so it is tested without a browser.

export type SuggestStyle = 'style1' | 'style2' | 'style3';
export type SuggestDisplay = 'grid' | 'list';

export interface Box {
  readonly top: number;
  readonly left: number;
  readonly right: number;
  readonly bottom: number;
}

export interface SuggestLayoutInput {
  readonly style: SuggestStyle;
  /** How the products block shows its items (default grid). */
  readonly display?: SuggestDisplay;
  /** Products per row of a list in style 2 (default 2) or style 3 (default 1); a style 1 list has one. */
  readonly listPerRow?: number | undefined;
  /** 'auto' (default) matches the input's width; a number is a width in px. */
  readonly width?: number | 'auto';
  /** The input's box in viewport coordinates (getBoundingClientRect). */
  readonly input: Box;
  /** The box of the element the dropdown is positioned in; the viewport origin by default. */
  readonly container?: Box;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Narrow screen: full width, directly under the input. */
  readonly mobile?: boolean;
  /** The owner's `suggestionPosition`: the dropdown aligned to the input's left or right edge; by default by the input's place. */
  readonly position?: 'left' | 'right' | undefined;
  /** The owner's greatest height and width in px (`suggestionMaxHeight`, `suggestionMaxWidth`); by default the style's, see suggestLayout. */
  readonly maxHeight?: number | undefined;
  readonly maxWidth?: number | undefined;
}

export interface SuggestLayout {
  /** absolute: inside the container; fixed: the style 3 top panel; static: in the mobile overlay. */
  readonly position: 'absolute' | 'fixed' | 'static';
  readonly top: number;
  /** Set for a left-aligned dropdown (and 0 for full-width ones), else null. */
  readonly left: number | null;
  /** Set for a right-aligned dropdown (and 0 for full-width ones), else null. */
  readonly right: number | null;
  /** In px; null means full width. */
  readonly width: number | null;
  readonly maxWidth: number | null;
  readonly maxHeight: number;
  readonly productsPerRow: number;
  /** 1: all blocks stacked; 2: products beside the other blocks. */
  readonly columns: 1 | 2;
  readonly align: 'left' | 'right';
}

/** Gap between the input and the dropdown (0 on full-width mobile). */
export const SUGGEST_GAP = 12;
/** The window-height margin the maximum height keeps. */
export const SUGGEST_WINDOW_MARGIN = 30;

/** Products per row: style 1 grid 3, list 1; style 2 grid 3, list `listPerRow` (2); style 3 grid 4, list `listPerRow` (1). */
export function productsPerRow(style: SuggestStyle, display: SuggestDisplay, listPerRow?: number): number {
  if (display === 'list') return style === 'style1' ? 1 : listPerRow || (style === 'style2' ? 2 : 1);
  return style === 'style3' ? 4 : 3;
}

/**
 * Where the dropdown goes and how large it may grow. Left or right aligned as set (`position`), else by
 * the input's position (its centre left or right of the window's middle); width auto (the input's) or a
 * setting; max height as set, else 640, or 564 for style 2 lists, capped at the window height minus 30 px;
 * 12 px under the input; max width as set, else 850 (style 2 grid), 800 (list, 2 or more per row) or 526
 * (list, 1 per row). Mobile is full width with no gap; style 3 is a full-width top panel.
 */
export function suggestLayout(i: SuggestLayoutInput): SuggestLayout {
  const mobile = i.mobile === true;
  const style: SuggestStyle = mobile ? 'style1' : i.style;
  const display = i.display ?? 'grid';
  const perRow = productsPerRow(style, display, i.listPerRow);
  const cap = Math.max(0, i.viewport.height - SUGGEST_WINDOW_MARGIN);
  const maxHeight = Math.min(i.maxHeight || (style === 'style2' && display === 'list' ? 564 : 640), cap);
  const maxWidth = i.maxWidth || (display === 'list' ? (perRow > 1 ? 800 : 526) : style === 'style2' ? 850 : null);
  const align = i.position ?? ((i.input.left + i.input.right) / 2 <= i.viewport.width / 2 ? 'left' : 'right');
  const columns = style === 'style1' ? 1 : 2;
  if (mobile) return { position: 'static', top: 0, left: 0, right: 0, width: null, maxWidth: null, maxHeight, productsPerRow: perRow, columns: 1, align };
  if (style === 'style3')
    return { position: 'fixed', top: i.input.bottom + SUGGEST_GAP, left: 0, right: 0, width: null, maxWidth: null, maxHeight, productsPerRow: perRow, columns, align };
  const c = i.container ?? { top: 0, left: 0, right: i.viewport.width, bottom: i.viewport.height };
  const wanted = typeof i.width === 'number' && i.width > 0 ? i.width : i.input.right - i.input.left;
  // Never wider than the room between the aligned edge and the far side of the window.
  const room = align === 'left' ? i.viewport.width - i.input.left : i.input.right;
  const width = Math.max(0, Math.min(wanted, maxWidth ?? Infinity, room));
  return {
    position: 'absolute',
    top: i.input.bottom - c.top + SUGGEST_GAP,
    left: align === 'left' ? i.input.left - c.left : null,
    right: align === 'right' ? c.right - i.input.right : null,
    width,
    maxWidth,
    maxHeight,
    productsPerRow: perRow,
    columns,
    align,
  };
}
