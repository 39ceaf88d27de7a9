import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp } from './clamp';
import { cx } from './class-names';
import { isRightToLeft } from './is-right-to-left';
import { useIsoLayoutEffect } from './use-iso-layout-effect';

export interface RangeSliderTranslations {
  minimum: string;
  maximum: string;
  /** Shown (and announced) when typed bounds are refused and the boxes revert (F5.5). */
  refused: string;
}

export interface RangeSliderProps {
  /** Names the group, e.g. the option label "Price". */
  label: string;
  min: number;
  max: number;
  step: number;
  /** The applied [low, high]. */
  value: readonly [number, number];
  /** Called when a drag or key press ends: the values to apply. */
  onCommit(low: number, high: number): void;
  /**
   * Called with typed values; returns what the boxes should show (reverted ones on bad input,
   * F5.5) and `ok: false` when the typed bounds were refused, which shows the `refused` text.
   */
  onTextCommit?: ((lowText: string, highText: string) => TextCommitResult | void | Promise<TextCommitResult | void>) | undefined;
  /** Formats a value for the thumbs' value text and the boxes. */
  formatValue?: ((value: number) => string) | undefined;
  /**
   * A scale under the track: `scale` equal parts (at most one per step), a label at each end of
   * each part (the service's `sliderRange`). Visual only: the handles carry the values.
   */
  scale?: number;
  /** Formats the scale's labels (points at the nearest step); `formatValue` by default. */
  formatScale?: ((value: number) => string) | undefined;
  /** One handle: one value chosen, committed as `(v, v)`; no boxes (the owner's `rangeSlidersSingleHandle`). */
  single?: boolean | undefined;
  hideTextBoxes?: boolean;
  /** The handles must not end equal (a text-range slider, F5.5, whose boxes are hidden): such a move reverts. */
  distinct?: boolean;
  className?: string;
  translations?: Partial<RangeSliderTranslations>;
}

export interface TextCommitResult {
  min: number;
  max: number;
  ok?: boolean;
}

const snap = (v: number, min: number, step: number) => {
  const n = Math.round((v - min) / step) * step + min;
  return Number(n.toFixed(10));
};

/**
 * A two-handle range slider (F4.18, F5.6) with text boxes (F5.5). Each handle is a
 * `role="slider"` with value text; arrows move by one step, Page Up/Down by ten, Home/End to
 * the ends. Handles never cross. With `single`, one handle chooses one value. A `scale` draws
 * labels under the track, with ticks inside a `pkg-range--ruler` or `pkg-filter-tree--ruler` element. Right to left (a `dir="rtl"` page), the track runs from the
 * minimum at the right: Left and Right follow it, as does dragging.
 */
export function RangeSlider({ label, min, max, step: rawStep, value, onCommit, onTextCommit, formatValue = String, scale = 0, formatScale, single, hideTextBoxes, distinct = false, className, translations }: RangeSliderProps) {
  const t = { minimum: 'Minimum', maximum: 'Maximum', refused: 'Not applied: enter two numbers, the minimum no higher than the maximum.', ...translations };
  const [refused, setRefused] = useState(false);
  const step = rawStep > 0 && Number.isFinite(rawStep) ? rawStep : 1;
  const [live, setLive] = useState<readonly [number, number]>(value);
  const [texts, setTexts] = useState<[string, string]>([String(value[0]), String(value[1])]);
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef<0 | 1 | null>(null);
  const id = useId();

  // The box the shopper is typing in (typed, not yet applied with Enter or by leaving it); an
  // answer arriving meanwhile must not overwrite it. Once applied, the box follows the value again.
  const editing = useRef<0 | 1 | null>(null);
  // How many times the applied value has changed: typed bounds answered after a newer value (a
  // Back or Forward move, another click) must not be written over it.
  const changes = useRef(0);
  // In the commit that brings a new value (an answer, a Back or Forward move), before the page is
  // painted or any other task runs: a passive effect would leave the boxes at the old bounds
  // beside the new listing until the next frame.
  useIsoLayoutEffect(() => {
    changes.current++;
    setLive(value);
    setTexts((prev) => [editing.current === 0 ? prev[0] : String(value[0]), editing.current === 1 ? prev[1] : String(value[1])]);
    // The bounds, not the array: a parent may pass a new array with the same bounds every render.
  }, [value[0], value[1]]);

  const span = max - min || 1;
  const pct = (v: number) => ((clamp(v, min, max) - min) / span) * 100;

  const move = (thumb: 0 | 1, next: number): [number, number] => {
    const v = clamp(snap(next, min, step), min, max);
    const out: [number, number] = single ? [v, v] : thumb === 0 ? [Math.min(v, live[1]), live[1]] : [live[0], Math.max(v, live[0])];
    setLive(out);
    setTexts([String(out[0]), String(out[1])]);
    return out;
  };

  // A finished move: applied when it changed something; with `distinct`, equal ends revert (F5.5).
  const finish = (out: readonly [number, number]) => {
    if (distinct && out[0] === out[1]) setLive(value);
    else if (out[0] !== value[0] || (!single && out[1] !== value[1])) onCommit(out[0], out[1]);
  };

  const onKeyDown = (thumb: 0 | 1) => (e: KeyboardEvent<HTMLDivElement>) => {
    const cur = live[thumb];
    // Left and Right follow the track: right to left, the minimum is at the right, so Left raises.
    const right = isRightToLeft(e.currentTarget) ? -step : step;
    const keys: Record<string, number> = {
      ArrowLeft: cur - right,
      ArrowDown: cur - step,
      ArrowRight: cur + right,
      ArrowUp: cur + step,
      PageDown: cur - step * 10,
      PageUp: cur + step * 10,
      Home: min,
      End: max,
    };
    const next = keys[e.key];
    if (next === undefined) return;
    e.preventDefault();
    finish(move(thumb, next));
  };

  // The value under the pointer: measured from the track's start edge (the right one, right to left).
  const valueAt = (clientX: number) => {
    const el = track.current;
    const rect = el?.getBoundingClientRect();
    if (!el || !rect || rect.width === 0) return min;
    return min + ((isRightToLeft(el) ? rect.right - clientX : clientX - rect.left) / rect.width) * span;
  };
  const onPointerDown = (thumb: 0 | 1) => (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = thumb;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === null) return;
    move(dragging.current, valueAt(e.clientX));
  };
  const onPointerUp = () => {
    if (dragging.current === null) return;
    dragging.current = null;
    finish(live);
  };

  const commitTexts = async () => {
    editing.current = null;
    if (texts[0] === String(value[0]) && texts[1] === String(value[1])) return;
    const before = changes.current;
    const shown = await onTextCommit?.(texts[0], texts[1]);
    // A value applied meanwhile (these bounds' own answer, or a newer one) is already in the boxes.
    if (changes.current !== before) return;
    if (shown) setTexts([String(shown.min), String(shown.max)]);
    setRefused(shown?.ok === false);
  };

  const thumb = (i: 0 | 1) => (
    <div
      role="slider"
      tabIndex={0}
      className={cx('pkg-range__thumb', `pkg-range__thumb--${i === 0 ? 'min' : 'max'}`)}
      style={{ insetInlineStart: `${pct(live[i])}%` }}
      aria-label={single ? label : `${label}: ${i === 0 ? t.minimum : t.maximum}`}
      aria-valuemin={i === 0 ? min : live[0]}
      aria-valuemax={i === 0 && !single ? live[1] : max}
      aria-valuenow={live[i]}
      aria-valuetext={formatValue(live[i])}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown(i)}
      onPointerDown={onPointerDown(i)}
    />
  );

  // The scale: `parts` equal parts, never more than the steps between the ends (as v2's pips), each point at the nearest step.
  const from = single ? 0 : pct(live[0]);
  const parts = Math.min(Math.floor(scale), Math.floor((max - min) / step));

  return (
    <div className={cx('pkg-range', className)} role="group" aria-label={label}>
      <div className="pkg-range__track" ref={track} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
        {/* One handle fills the track from its start to the handle. */}
        <div className="pkg-range__fill" style={{ insetInlineStart: `${from}%`, width: `${pct(live[single ? 0 : 1]) - from}%` }} />
        {thumb(0)}
        {!single && thumb(1)}
      </div>
      {parts > 0 && (
        // Hidden from assistive tech: the handles' value text and bounds say what the scale shows.
        <div className="pkg-range__scale" aria-hidden="true">
          {Array.from({ length: parts + 1 }, (_, i) => (
            <span key={i} className="pkg-range__pip" style={{ insetInlineStart: `${(i * 100) / parts}%` }}>
              <span>{(formatScale ?? formatValue)(snap(min + ((max - min) * i) / parts, min, step))}</span>
            </span>
          ))}
        </div>
      )}
      <div className="pkg-range__values" aria-hidden="true">
        <span>{formatValue(live[0])}</span>
        {!single && <span>{formatValue(live[1])}</span>}
      </div>
      {!hideTextBoxes && !single && (
        <div className="pkg-range__inputs">
          {([0, 1] as const).map((i) => (
            <label key={i} className="pkg-range__input-label" htmlFor={`${id}-${i}`}>
              <span className="pkg-visually-hidden">{`${label}: ${i === 0 ? t.minimum : t.maximum}`}</span>
              <input
                id={`${id}-${i}`}
                className="pkg-range__input"
                type="text"
                inputMode="decimal"
                value={texts[i]}
                onChange={(e) => {
                  editing.current = i;
                  setRefused(false);
                  setTexts((prev) => (i === 0 ? [e.target.value, prev[1]] : [prev[0], e.target.value]));
                }}
                // Enter applies the typed range (two text boxes alone do not submit a form).
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  void commitTexts();
                }}
                onBlur={() => void commitTexts()}
              />
            </label>
          ))}
          {/* A live region present from the start, so the refusal is announced when it appears. */}
          <p className="pkg-range__message" aria-live="polite">
            {refused ? t.refused : ''}
          </p>
        </div>
      )}
    </div>
  );
}
