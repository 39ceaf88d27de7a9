import { useCallback, useMemo, type ReactNode } from 'react';
import { formatMoney } from '@pkg/money';
import type { FilterItem, FilterOption, FilterSnapshot } from '@pkg/core-filter';
import { cx } from './class-names';
import { useFilter, useFilterController } from './filter-context';
import { FilterOptionBlock, type FilterOptionActions } from './FilterOptionBlock';
import { RefineBy } from './RefineBy';
import { shallowEqual } from './use-store';

export interface FilterTreeProps {
  /** 'pc' or 'mobile' collapse and search-box flags. */
  device?: 'pc' | 'mobile';
  /** Hides the refine-by block (when it is placed in its own container, F2.5). */
  hideRefineBy?: boolean;
  renderItem?(item: FilterItem, option: FilterOption, defaultRender: () => ReactNode): ReactNode;
  className?: string;
}

const PRICE_TYPES = new Set(['price', 'variants_price']);
const NONE: readonly string[] = Object.freeze([]);
const treeSlice = (s: FilterSnapshot) => ({
  options: s.options,
  labels: s.settings.labels,
  clearAllVisible: s.clearAllVisible,
  pending: s.pending,
  moneyFormat: s.settings.shop.money_format,
  layout: s.settings.filter.filterLayout,
  totalProduct: s.totalProduct,
});

/**
 * The filter tree: header with title and clear-all, refine-by, one block per visible option,
 * and the Apply button when changes wait to be committed (F4.7, F4.21).
 */
export function FilterTree({ device = 'pc', hideRefineBy, renderItem, className }: FilterTreeProps) {
  const controller = useFilterController();
  const { options, labels, clearAllVisible, pending, moneyFormat, layout, totalProduct } = useFilter(treeSlice, shallowEqual);
  const actions: FilterOptionActions = useMemo(
    () => ({
      select: (id, v) => void controller.select(id, v),
      setRange: (id, a, b) => void controller.setRange(id, a, b),
      setRangeFromInputs: (id, a, b) => controller.setRangeFromInputs(id, a, b),
      selectCollection: (id, k) => void controller.selectCollection(id, k),
      selectCollectionTag: (id, t, k) => void controller.selectCollectionTag(id, t, k),
      clearOption: (id) => void controller.clear('option', id),
    }),
    [controller],
  );
  const visible = options.filter((o) => o.visible);
  const formatPrice = useCallback((n: number) => formatMoney(n, moneyFormat), [moneyFormat]);
  return (
    <div className={cx('pkg-filter-tree', `pkg-filter-tree--${layout}`, className)}>
      <div className="pkg-filter-tree__header">
        <h2 className="pkg-filter-tree__title">{labels.filter}</h2>
      </div>
      {!hideRefineBy && (
        <RefineBy
          options={options}
          labels={labels}
          clearAllVisible={clearAllVisible}
          formatRangeValue={formatPrice}
          onClearValue={(id, v) => void controller.clear('value', id, v)}
          onClearOption={(id) => void controller.clear('option', id)}
          onClearAll={() => void controller.clear('all')}
        />
      )}
      <div className="pkg-filter-tree__options">
        {visible.map((o) => (
          <FilterOptionBlock
            key={o.id}
            option={o}
            labels={labels}
            actions={actions}
            device={device}
            selectedValues={pending ? (pending.filters[o.id] ?? NONE) : o.selectedValues}
            {...(PRICE_TYPES.has(o.filterType) ? { formatRangeValue: formatPrice } : {})}
            {...(renderItem ? { renderItem } : {})}
          />
        ))}
      </div>
      {pending && (
        <div className="pkg-filter-tree__footer">
          <button type="button" className="pkg-button pkg-button--primary" onClick={() => void controller.apply()}>
            {labels.apply}
          </button>
          <button type="button" className="pkg-button" onClick={() => controller.discard()}>
            {labels.clear}
          </button>
        </div>
      )}
      <p className="pkg-filter-tree__total pkg-visually-hidden">{`${labels.showResults} (${totalProduct})`}</p>
    </div>
  );
}
