import { formatLabel, type FilterSnapshot } from '@pkg/core-filter';
import { useFilter } from './filter-context';

export interface ResultsAnnouncerProps {
  /** The sentence read after each change; `{{ count }}` is the product count. */
  template?: string;
}

const slice = (s: FilterSnapshot) => (s.status === 'success' ? s.totalProduct : null);

/** A polite live region that announces the new result count after each change. */
export function ResultsAnnouncer({ template = '{{ count }} products found' }: ResultsAnnouncerProps) {
  const count = useFilter(slice);
  return (
    <div className="pkg-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {count === null ? '' : formatLabel(template, { count })}
    </div>
  );
}
