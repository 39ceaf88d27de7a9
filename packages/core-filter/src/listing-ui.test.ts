import { describe, expect, it } from 'vitest';
import { createSliderState, deviceClass, endSliderDrag, settleSlider, shiftSlider, showScrollToTop, sliderDragOffset, sliderVisibleRange } from './listing-ui';

describe('listing UI models', () => {
  it('[S5.10, S9.17] slider visible range: configured, else 4 (2 on mobile) when zero or less', () => {
    expect(sliderVisibleRange(5, false)).toBe(5);
    expect(sliderVisibleRange(0, false)).toBe(4);
    expect(sliderVisibleRange(-1, true)).toBe(2);
    expect(sliderVisibleRange('x', true)).toBe(2);
  });

  it('[S4.22] index 0 disables previous, the last position disables next, a shift blocks shifts until it settles', () => {
    let s = createSliderState(6, 4);
    expect([s.prevDisabled, s.nextDisabled]).toEqual([true, false]);
    s = shiftSlider(s, 1);
    expect([s.index, s.shifting]).toEqual([1, true]);
    expect(shiftSlider(s, 1)).toBe(s);
    s = shiftSlider(settleSlider(s), 1);
    expect([s.index, s.prevDisabled, s.nextDisabled]).toEqual([2, false, true]);
    expect(shiftSlider(settleSlider(s), 1).index).toBe(2);
  });

  it('[S4.22] with no more items than the visible range navigation is disabled', () => {
    const s = createSliderState(3, 4);
    expect([s.prevDisabled, s.nextDisabled]).toEqual([true, true]);
  });

  it('[S9.17] a drag shifts one slide past 50 px and snaps back below; towards a shut end the track overshoots at most 20% of a slide', () => {
    const start = createSliderState(10, 4);
    // Left shows the next items; 50 px is not enough, 51 is.
    expect(endSliderDrag(start, -50)).toBe(start);
    expect(endSliderDrag(start, -51).index).toBe(1);
    // Right at index 0: previous is shut, so nothing moves however far.
    expect(endSliderDrag(start, 400)).toBe(start);
    const middle = settleSlider(endSliderDrag(start, -80));
    expect(endSliderDrag(middle, 80).index).toBe(0);
    // A shift under way blocks a drag's shift too (S4.22).
    expect(endSliderDrag(endSliderDrag(start, -80), -80).index).toBe(1);
    // The track follows the pointer up to one slide; towards a shut end 20% of a slide (200 px wide: 40 px).
    expect(sliderDragOffset(start, -30, 200)).toBe(-30);
    expect(sliderDragOffset(start, -500, 200)).toBe(-200);
    expect(sliderDragOffset(start, 30, 200)).toBe(30);
    expect(sliderDragOffset(start, 150, 200)).toBe(40);
    expect(sliderDragOffset(createSliderState(3, 4), -150, 200)).toBe(-40);
    expect(sliderDragOffset(start, Number.NaN, 200)).toBe(0);
  });

  it('[S9.5] breakpoints: mobile 767, tablet 1199', () => {
    expect([deviceClass(767), deviceClass(768), deviceClass(1199), deviceClass(1200)]).toEqual(['mobile', 'tablet', 'tablet', 'desktop']);
  });

  it('[S4.20, S9.18] scroll-to-top shows past 100 px', () => {
    expect([showScrollToTop(100), showScrollToTop(101)]).toEqual([false, true]);
  });
});
