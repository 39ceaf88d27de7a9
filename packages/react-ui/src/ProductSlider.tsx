import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Product } from '@pkg/core-filter';
import { createSliderState, endSliderDrag, settleSlider, shiftSlider, SLIDER_DRAG_THRESHOLD_PX, sliderDragOffset, sliderVisibleRange, type SliderState } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { isRightToLeft } from './is-right-to-left';

export interface ProductSliderProps {
  /** Names the region, e.g. "Most popular" or "Recently viewed". */
  title: string;
  products: readonly Product[];
  renderItem(product: Product, index: number): ReactNode;
  /** Items visible at once; 4 (2 on mobile) when zero or less (S5.10, S9.17). */
  visible?: number;
  mobile?: boolean;
  /** Shift transition length (S9.17: 300 ms); further shifts wait for it. */
  transitionMs?: number;
  className?: string;
  translations?: Partial<{ previous: string; next: string }>;
}

/**
 * A product slider (most popular, recently viewed): rendered only when there are products;
 * index 0 disables previous, the last position disables next, no navigation when everything
 * fits, and a shift blocks further shifts until it settles (S4.22). Disabled buttons keep the
 * focus (`aria-disabled`). A pointer drag on the track (mouse, pen or touch) moves it with the
 * pointer and, past 50 px, shifts one slide; towards a shut end it gives at most 20% of a slide
 * (S9.17). Right to left (a `dir="rtl"` page) the slides run from the right, so a drag to the right
 * shows the next items and the shift animation comes from the left.
 */
export function ProductSlider({ title, products, renderItem, visible, mobile = false, transitionMs = 300, className, translations }: ProductSliderProps) {
  const t = { previous: 'Previous', next: 'Next', ...translations };
  const range = sliderVisibleRange(visible, mobile);
  const [state, setState] = useState(() => createSliderState(products.length, range));
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const direction = useRef<1 | -1>(1);
  const trackRef = useRef<HTMLUListElement>(null);
  // 1 left to right, -1 right to left: turns a pointer's or an animation's x into the slide order and back.
  const sign = () => (trackRef.current && isRightToLeft(trackRef.current) ? -1 : 1);
  useEffect(() => setState(createSliderState(products.length, range)), [products.length, range]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A drag under way: where it started, and whether it went past the threshold (its click is then no click).
  const drag = useRef<{ id: number; x: number; moved: boolean } | null>(null);
  const [offset, setOffset] = useState(0);
  if (products.length === 0) return null;
  const move = (next: (s: SliderState) => SliderState, dir: 1 | -1) => {
    direction.current = (dir * sign()) as 1 | -1;
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState(settleSlider), transitionMs);
  };
  const shift = (dir: 1 | -1) => move((s) => shiftSlider(s, dir), dir);
  const slideWidth = (track: HTMLElement) => track.querySelector('.pkg-slider__item')?.getBoundingClientRect().width ?? track.getBoundingClientRect().width / range;
  // `dx` in the slide order: negative brings later slides in, whichever way the page runs.
  const endDrag = (dx: number) => {
    drag.current = null;
    setOffset(0);
    const next = endSliderDrag(state, dx);
    if (next !== state) move(() => next, dx < 0 ? 1 : -1);
  };
  // Shut buttons are aria-disabled, not disabled: a disabled button loses the keyboard focus, so a
  // shopper pressing Enter on Next would land on the page body after every shift.
  const nav = (dir: 1 | -1, off: boolean, label: string) => (
    <button type="button" className={cx('pkg-button', dir < 0 ? 'pkg-slider__prev' : 'pkg-slider__next')} aria-disabled={off} aria-controls={`${id}-track`} onClick={() => off || shift(dir)}>
      {label}
    </button>
  );
  return (
    <section className={cx('pkg-slider', className)} aria-labelledby={`${id}-title`} aria-roledescription="carousel">
      <div className="pkg-slider__header">
        <h2 id={`${id}-title`} className="pkg-slider__title">
          {title}
        </h2>
        {nav(-1, state.prevDisabled || state.shifting, t.previous)}
        {nav(1, state.nextDisabled || state.shifting, t.next)}
      </div>
      <ul
        id={`${id}-track`}
        ref={trackRef}
        className={cx('pkg-slider__track', state.shifting && 'pkg-slider__track--shifting', offset !== 0 && 'pkg-slider__track--dragging')}
        aria-live="polite"
        // The shift animation lasts as long as the lock (F9.4, S9.17: 300 ms), in the shift's direction.
        style={{
          gridTemplateColumns: `repeat(${range}, minmax(0, 1fr))`,
          ['--pkg-slider-duration' as string]: `${transitionMs}ms`,
          ['--pkg-slider-direction' as string]: direction.current,
          ...(offset !== 0 ? { transform: `translateX(${offset}px)` } : {}),
        }}
        // S9.17: the track follows a drag; a browser's own drag of a photo or link would end it early.
        onDragStart={(e) => e.preventDefault()}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          drag.current = { id: e.pointerId, x: e.clientX, moved: false };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || d.id !== e.pointerId) return;
          const dx = e.clientX - d.x;
          if (!d.moved && Math.abs(dx) > 4) {
            d.moved = true;
            e.currentTarget.setPointerCapture?.(e.pointerId);
          }
          const s = sign();
          if (d.moved) setOffset(s * sliderDragOffset(state, s * dx, slideWidth(e.currentTarget)));
        }}
        onPointerUp={(e) => {
          const d = drag.current;
          if (!d || d.id !== e.pointerId) return;
          const dx = e.clientX - d.x;
          endDrag(d.moved ? sign() * dx : 0);
          // A drag past the threshold is no click on the item under the pointer.
          if (Math.abs(dx) > SLIDER_DRAG_THRESHOLD_PX) {
            const track = e.currentTarget;
            const stop = (c: Event) => c.preventDefault();
            track.addEventListener('click', stop, { capture: true, once: true });
            setTimeout(() => track.removeEventListener('click', stop, { capture: true }), 0);
          }
        }}
        onPointerCancel={() => endDrag(0)}
      >
        {products.slice(state.index, state.index + range).map((p, i) => (
          <li key={p.id} className="pkg-slider__item" aria-roledescription="slide" aria-label={`${state.index + i + 1} / ${products.length}`}>
            {renderItem(p, state.index + i)}
          </li>
        ))}
      </ul>
    </section>
  );
}
