import type { TextPart } from '@pkg/suggest';

export interface HighlightProps {
  /** Text runs from @pkg/suggest's `highlight` (S5.8); matching runs are wrapped in <mark>. */
  parts: readonly TextPart[];
  className?: string;
}

/** Renders highlight parts as text with <mark> around the matches; never HTML. */
export function Highlight({ parts, className }: HighlightProps) {
  return (
    <span className={className}>
      {parts.map((p, i) => (p.highlight ? <mark key={i}>{p.text}</mark> : p.text))}
    </span>
  );
}
