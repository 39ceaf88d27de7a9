import type { FilterOption, Labels } from '@pkg/core-filter';
import { cx } from './class-names';

export interface RefineByProps {
  options: readonly FilterOption[];
  labels: Labels;
  clearAllVisible: boolean;
  onClearValue(optionId: string, value: string): void;
  onClearOption(optionId: string): void;
  onClearAll(): void;
  className?: string | undefined;
}

/**
 * A selected value as the shopper reads it: the chip core-filter's option builder wrote for it (its
 * kind's text, e.g. range bounds in the money format, else the value's label: one owner, F4.19);
 * the value itself only for a value the option does not list.
 */
export const selectedText = (o: FilterOption, v: string): string => o.chips.find((c) => c.value === v)?.text ?? v;

/**
 * The applied values with a clear button each, a clear per option, and clear all (F4.19-F4.21).
 * Each value shows the chip text its option kind gave it (range bounds in the money format).
 */
export function RefineBy({ options, labels, clearAllVisible, onClearValue, onClearOption, onClearAll, className }: RefineByProps) {
  const applied = options.filter((o) => o.selectedValues.length > 0);
  if (applied.length === 0 && !clearAllVisible) return null;
  return (
    <section className={cx('pkg-refine-by', className)} aria-label={labels.refineBy}>
      <h2 className="pkg-refine-by__title">{labels.refineBy}</h2>
      <ul className="pkg-refine-by__options">
        {applied.map((o) => (
          <li key={o.id} className="pkg-refine-by__option">
            <span className="pkg-refine-by__option-label">{o.label}:</span>
            <ul className="pkg-refine-by__values">
              {o.selectedValues.map((v) => {
                const text = selectedText(o, v);
                return (
                  <li key={v}>
                    <button type="button" className="pkg-refine-by__value" onClick={() => onClearValue(o.id, v)} aria-label={`${labels.clear} ${o.label}: ${text}`}>
                      {text}
                      <span aria-hidden="true" className="pkg-refine-by__x">
                        ×
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {o.selectedValues.length > 1 && (
              <button type="button" className="pkg-link-button pkg-refine-by__clear-option" onClick={() => onClearOption(o.id)}>
                {labels.clear}
                <span className="pkg-visually-hidden"> {o.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {clearAllVisible && (
        <button type="button" className="pkg-refine-by__clear-all pkg-link-button" onClick={onClearAll}>
          {labels.clearAll}
        </button>
      )}
    </section>
  );
}
