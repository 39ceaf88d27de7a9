import type { FilterSnapshot } from '@pkg/core-filter';
import { useFilter, useFilterController } from './filter-context';
import { RefineBy } from './RefineBy';
import { shallowEqual } from './use-store';

const slice = (s: FilterSnapshot) => ({ options: s.options, labels: s.settings.labels, clearAllVisible: s.clearAllVisible });

/**
 * Refine-by on its own, for a theme that places it in a separate horizontal or vertical
 * container (F2.5); pair it with `<FilterTree hideRefineBy />`.
 */
export function RefineByContainer({ className }: { className?: string }) {
  const controller = useFilterController();
  const { options, labels, clearAllVisible } = useFilter(slice, shallowEqual);
  return (
    <RefineBy
      options={options}
      labels={labels}
      clearAllVisible={clearAllVisible}
      onClearValue={(id, v) => controller.clear('value', id, v)}
      onClearOption={(id) => controller.clear('option', id)}
      onClearAll={() => controller.clear('all')}
      className={className}
    />
  );
}
