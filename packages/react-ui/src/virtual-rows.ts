// Virtual rows for long value lists: only the rows in the list's scroll box are in the DOM (for a
// theme that gives the list no scroll box, the rows in the page's viewport), and of a list farther
// than a page height from the viewport only its tab stop; the list inside the
// box is padded for the others, so the scrollbar and the page keep their size. Each rendered row carries its place in the whole list
// (aria-posinset / aria-setsize), and the list is one tab stop with roving focus (arrow keys,
// Home, End, Page Up, Page Down) on the row's input, link or button, so keyboard and
// screen-reader users reach every value. Flat value lists and the multi-level tree use it.
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { clamp } from './clamp';
import { useIsoLayoutEffect } from './use-iso-layout-effect';

/** An option with more values than this renders its list virtually (only the rows in view). */
export const LONG_OPTION = 100;
/** Row height assumed until a rendered row is measured (px). */
const ROW_ESTIMATE = 28;
/** Rows rendered beyond each end of the visible ones. */
const OVERSCAN = 4;
/** Scroll box height used where there is no layout (a list not yet laid out, or a DOM without layout). */
const NO_LAYOUT_VIEW = 320;
/** Rows rendered before the list is measured. */
const FIRST_WINDOW = Math.ceil(NO_LAYOUT_VIEW / ROW_ESTIMATE) + OVERSCAN;

export interface VirtualRows {
  /** First rendered row (inclusive) and end (exclusive). */
  start: number;
  end: number;
  /** Padding standing for the rows before and after (px). */
  before: number;
  after: number;
  /** The row that is the list's tab stop. */
  active: number;
  /** The scroll box around the list. */
  listRef: RefObject<HTMLDivElement | null>;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  /** Moves the tab stop (and the focus) to a row, scrolling it into the box. */
  moveTo(row: number): void;
  onFocus(e: FocusEvent<HTMLElement>): void;
}

/**
 * The rows of a list `count` long in its scroll box, as [start, end): what the shopper sees of it
 * when it is on screen or within a page height of it, so a list scrolled into view shows its rows
 * in the frame it arrives. A list taller than the page (a theme that gives it no scroll box): the
 * rows in the page's viewport, or its first screenful while it is off screen. null: the list is
 * farther than a page height from the viewport (only its tab stop is rendered, so a tree of many
 * long options does not update thousands of rows nobody sees on every answer).
 */
function rowsInView(el: HTMLElement, count: number, rowHeight: number): [number, number] | null {
  const pageHeight = el.ownerDocument.defaultView?.innerHeight || NO_LAYOUT_VIEW;
  const box = el.clientHeight > 0 ? el.clientHeight : NO_LAYOUT_VIEW;
  const rect = el.getBoundingClientRect();
  // A laid-out list (a DOM without layout, or a hidden one, reports an empty box) far from the viewport.
  if (rect.height > 0 && (rect.top > 2 * pageHeight || rect.bottom < -pageHeight)) return null;
  let top = el.scrollTop;
  let bottom = top + Math.min(box, pageHeight);
  if (box > pageHeight) {
    const from = el.scrollTop + Math.max(0, -rect.top);
    const to = el.scrollTop + Math.min(box, pageHeight - rect.top);
    if (to > from) [top, bottom] = [from, to];
  }
  return [Math.max(0, Math.floor(top / rowHeight) - OVERSCAN), Math.min(count, Math.ceil(bottom / rowHeight) + OVERSCAN)];
}

/**
 * The rendered window of a virtual list of `count` rows (`enabled` false: every row, no roving
 * focus). Recomputed on scrolls (the list's, the page's) and on resize.
 */
export function useVirtualRows(count: number, enabled: boolean): VirtualRows {
  const listRef = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(ROW_ESTIMATE);
  // null: far from the viewport, only the tab stop is rendered.
  const [view, setView] = useState<[number, number] | null>([0, Math.min(count, FIRST_WINDOW)]);
  const [activeState, setActive] = useState(0);
  const active = clamp(activeState, 0, Math.max(0, count - 1));
  // Set by a key press: focus the active row once it is rendered.
  const focusPending = useRef(false);

  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el || !enabled) return;
    const next = rowsInView(el, count, rowHeight);
    // The same rows (or still far away): no new state, no render.
    setView((v) => (String(v) === String(next) ? v : next));
  }, [enabled, count, rowHeight]);

  useIsoLayoutEffect(() => {
    const el = listRef.current;
    const win = el?.ownerDocument.defaultView;
    if (!enabled || !el || !win) return;
    measure();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = win.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
      // Capture: the list's own scrolls, and the page's for a list without a scroll box.
    win.addEventListener('scroll', onScroll, { capture: true, passive: true });
    win.addEventListener('resize', onScroll);
    // A list that comes near the viewport without a scroll (an option above it closes).
    const near = typeof win.IntersectionObserver === 'function' ? new win.IntersectionObserver(onScroll, { rootMargin: '100% 0px 100% 0px' }) : null;
    near?.observe(el);
    return () => {
      near?.disconnect();
      if (frame) win.cancelAnimationFrame(frame);
      win.removeEventListener('scroll', onScroll, { capture: true });
      win.removeEventListener('resize', onScroll);
    };
  }, [enabled, measure]);

  // Far from the viewport, a list no longer than a first window is rendered whole anyway.
  let [start, end] = view ?? (count <= FIRST_WINDOW ? [0, count] : [active, active + 1]);
  end = Math.min(end, count);
  start = Math.min(start, end);
  if (enabled && (active < start || active >= end)) {
    // The tab stop is always rendered while focus travels to it (a key press) or is in it;
    // otherwise a list scrolled by the mouse moves the tab stop into view.
    const focused = focusPending.current || (!!listRef.current && listRef.current.contains(listRef.current.ownerDocument.activeElement));
    if (focused) {
      start = Math.max(0, active - OVERSCAN);
      end = Math.min(count, active + OVERSCAN + 1);
    }
  }
  if (!enabled) {
    start = 0;
    end = count;
  }
  const activeRow = active >= start && active < end ? active : start;

  // Measure the real row height once from the rendered rows (reading layout after every render
  // would force a reflow per list per update); focus the row a key press moved to.
  const measured = useRef(false);
  useIsoLayoutEffect(() => {
    const el = listRef.current;
    if (!enabled || !el) return;
    const rows = measured.current ? null : el.querySelectorAll<HTMLElement>('[data-row]');
    const first = rows?.[0];
    const last = rows?.[rows.length - 1];
    if (rows && first && last) {
      const h = (last.offsetTop + last.offsetHeight - first.offsetTop) / rows.length;
      if (h > 0) {
        measured.current = true;
        if (Math.abs(h - rowHeight) > 0.5) setRowHeight(h);
      }
    }
    if (focusPending.current) {
      focusPending.current = false;
      // The row's entry, not its show/hide button.
      el.querySelector<HTMLElement>(`[data-row="${activeRow}"] :is(input, a, button):not([aria-expanded])`)?.focus();
    }
  }, [enabled, rowHeight, activeRow, start, end]);

  // Plain functions: they go to DOM handlers, which need no stable identity.
  const moveTo = (to: number) => {
    const next = clamp(to, 0, count - 1);
    const el = listRef.current;
    if (el && el.clientHeight > 0) {
      if (next * rowHeight < el.scrollTop) el.scrollTop = next * rowHeight;
      else if ((next + 1) * rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = (next + 1) * rowHeight - el.clientHeight;
    }
    focusPending.current = true;
    setActive(next);
    measure();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!enabled || e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight || NO_LAYOUT_VIEW) / rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: activeRow + 1, ArrowUp: activeRow - 1, Home: 0, End: count - 1, PageDown: activeRow + page, PageUp: activeRow - page };
    const to = moves[e.key];
    if (to === undefined) return;
    // Also stops a radio group's own arrow-key selection: arrows move, Space chooses.
    e.preventDefault();
    moveTo(to);
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const row = (e.target as Element).closest?.('[data-row]')?.getAttribute('data-row');
    if (enabled && row != null) setActive(Number(row));
  };

  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight, active: activeRow, listRef, onKeyDown, moveTo, onFocus };
}
