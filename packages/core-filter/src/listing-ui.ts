// Small pure models for listing widgets: the product slider and its drag (S4.22, S5.10, S9.17), the device
// class (S9.5) and the scroll-to-top button (S4.20, S9.18).

export interface SliderState {
  readonly index: number;
  readonly total: number;
  readonly visible: number;
  /** True while a shift is settling; further shifts are blocked (S4.22). */
  readonly shifting: boolean;
  readonly prevDisabled: boolean;
  readonly nextDisabled: boolean;
}

/** Visible range (S5.10, S9.17): the configured one, else 4 (2 on mobile) when zero or less. */
export function sliderVisibleRange(configured: unknown, mobile: boolean): number {
  const n = typeof configured === 'number' ? Math.floor(configured) : NaN;
  return n > 0 ? n : mobile ? 2 : 4;
}

function derive(index: number, total: number, visible: number, shifting: boolean): SliderState {
  const last = Math.max(0, total - visible);
  const i = Math.min(Math.max(0, index), last);
  const noNav = total <= visible;
  return { index: i, total, visible, shifting, prevDisabled: noNav || i === 0, nextDisabled: noNav || i >= last };
}

export function createSliderState(total: number, visible: number): SliderState {
  return derive(0, Math.max(0, Math.floor(total) || 0), Math.max(1, visible), false);
}

/** Shifts by one (S4.22): index 0 disables previous, the last position disables next. */
export function shiftSlider(state: SliderState, direction: 1 | -1): SliderState {
  if (state.shifting || (direction < 0 ? state.prevDisabled : state.nextDisabled)) return state;
  return derive(state.index + direction, state.total, state.visible, true);
}

/** The shift transition has ended; shifting is allowed again. */
export function settleSlider(state: SliderState): SliderState {
  return state.shifting ? { ...state, shifting: false } : state;
}

/** S9.17: a drag longer than this (px) shifts the slider by one; a shorter one snaps back. */
export const SLIDER_DRAG_THRESHOLD_PX = 50;
/** S9.17: past the first or the last position a drag follows the pointer for at most this share of a slide's width. */
export const SLIDER_OVERSHOOT = 0.2;

/**
 * Where the track sits while a drag of `dx` px is under way (S9.17): it follows the pointer up to
 * one slide's width; towards a shut end (the first or last position, or everything fits) it stops
 * at 20% of a slide's width.
 */
export function sliderDragOffset(state: SliderState, dx: number, slideWidth: number): number {
  if (!Number.isFinite(dx) || dx === 0) return 0;
  const width = Number.isFinite(slideWidth) && slideWidth > 0 ? slideWidth : 0;
  // Dragging right brings earlier items in (previous); dragging left, later ones (next).
  const shut = dx > 0 ? state.prevDisabled : state.nextDisabled;
  const limit = shut ? width * SLIDER_OVERSHOOT : width;
  return Math.sign(dx) * Math.min(Math.abs(dx), limit);
}

/**
 * A finished drag of `dx` px (S9.17): past the 50 px threshold it shifts one slide against the
 * drag (left shows the next items) as the buttons do, with the same blocks (S4.22); otherwise the
 * state is returned unchanged and the track snaps back.
 */
export function endSliderDrag(state: SliderState, dx: number): SliderState {
  if (!Number.isFinite(dx) || Math.abs(dx) <= SLIDER_DRAG_THRESHOLD_PX) return state;
  return shiftSlider(state, dx < 0 ? 1 : -1);
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** Breakpoints (S9.5): mobile up to 767 px, tablet up to 1199 px. */
export function deviceClass(width: number, breakpoints: { mobile: number; tablet: number } = { mobile: 767, tablet: 1199 }): DeviceClass {
  return width <= breakpoints.mobile ? 'mobile' : width <= breakpoints.tablet ? 'tablet' : 'desktop';
}

/** The scroll-to-top button shows once the page is scrolled past 100 px (S4.20, S9.18). */
export function showScrollToTop(scrollY: number, threshold = 100): boolean {
  return scrollY > threshold;
}
