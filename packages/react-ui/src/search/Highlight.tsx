import type { TextPart } from '@pkg/suggest';

export interface HighlightProps {
  /** Text runs from @pkg/suggest's `highlight` (S5.8); matching runs are wrapped in <mark>. */
  parts: readonly TextPart[];
  className?: string;
  /** False renders the runs as plain text, no match marked (the owner's `highlightSuggestionResult` off). Default true. */
  enabled?: boolean | undefined;
}

/** Renders highlight parts as text with <mark> around the matches; never HTML. */
export function Highlight({ parts, className, enabled = true }: HighlightProps) {
  return (
    <span className={className}>
      {parts.map((p, i) => (enabled && p.highlight ? <mark key={i}>{p.text}</mark> : p.text))}
    </span>
  );
}
