import { Fragment } from 'react';
import { formatLabel } from '@pkg/core-filter';

export interface TermLabelProps {
  /** A label template such as `Sorry, nothing found for "{{ terms }}".` */
  template: string;
  /** Fills `{{ terms }}`, in bold (S8.2, S8.5). */
  term: string;
  /** Fills `{{ count }}`, if the template has it. */
  count?: number;
}

/** A translated message with the term in <strong>, built as elements (never an HTML string). */
export function TermLabel({ template, term, count }: TermLabelProps) {
  const text = count === undefined ? template : formatLabel(template, { count });
  const pieces = text.split(/\{\{\s*terms\s*\}\}/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <strong>{term}</strong>}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
