import { memo, useCallback, useId, useMemo, useState, type ReactNode, type UIEvent } from 'react';
import type { FilterItem, FilterOption, Labels } from '@pkg/core-filter';
import { scrollLoadMore, searchOptionItems, visibleItemCount } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { defaultKindViews, kindOf, type KindViews } from './option-views';
import { shallowEqual } from './use-store';
import { LONG_OPTION, useVirtualRows } from './virtual-rows';

export interface FilterOptionActions {
  select(optionId: string, value: string): void;
  setRange(optionId: string, min: number, max: number): void;
  setRangeFromInputs?(optionId: string, minText: string, maxText: string): Promise<{ ok: boolean; min: number; max: number }>;
  selectCollection(optionId: string, key: string): void;
  selectCollectionTag(optionId: string, tag: string, collectionKey?: string): void;
  clearOption(optionId: string): void;
}

export interface FilterOptionBlockProps {
  option: FilterOption;
  labels: Labels;
  actions: FilterOptionActions;
  /** Selected values including uncommitted (apply-button) changes. */
  selectedValues?: readonly string[];
  /** Mobile uses the mobile collapse and search-box flags. */
  device?: 'pc' | 'mobile';
  /** Formats range values (prices through @pkg/money); `scale` for a slider scale's labels. */
  formatRangeValue?: ((value: number, scale?: boolean) => string) | undefined;
  /** Only the values (search box, list, view more): a surrounding view shows title and clear. */
  bare?: boolean;
  /** Controlled open state (the tree's UI model, F4.11, F4.12); uncontrolled when omitted. */
  open?: boolean;
  onToggle?(optionId: string): void;
  /** Controlled view-more state, remembered per option by the tree (F4.13). */
  expanded?: boolean;
  onToggleViewMore?(optionId: string): void;
  /** Horizontal layout: the content is a dropdown with Apply and Clear buttons (F2.8, F9.5). */
  horizontal?: boolean;
  onApply?(): void;
  /** Per-character width of box items in px (F9.6, default 14). */
  boxCharWidth?: number;
  /** Scrollbar lists render this many values first and the rest on scrolling to the bottom (F4.14). */
  firstLoad?: number;
  /** Views of option kinds by kind name, over the built-in ones (an agency's own kind, F3). */
  views?: KindViews | undefined;
  /** Replaces the rendering of one item. */
  renderItem?: ((item: FilterItem, option: FilterOption, defaultRender: () => ReactNode) => ReactNode) | undefined;
  className?: string;
}

/** Values a scrollbar list renders before it is scrolled: the first scroll load (F4.14, S9.6: 24). */
export const FIRST_SCROLL_LOAD = 24;
/** Display types with one value per line: their long lists render virtually (only the rows in view). */
const ONE_PER_LINE = ['list', 'rating'];
/** Horizontal dropdown widths by column count (F9.5). */
const HORIZONTAL_WIDTHS: Readonly<Record<number, number>> = { 1: 250, 2: 532, 3: 700 };

/**
 * One filter option: a title with the applied count that toggles the content (a disclosure
 * button), an optional search box, the values for its display type, and view more / less.
 */
function FilterOptionBlockView({ option, labels, actions, selectedValues = option.selectedValues, device = 'pc', formatRangeValue, bare = false, open: openProp, onToggle, expanded: expandedProp, onToggleViewMore, horizontal = false, onApply, boxCharWidth = 14, firstLoad = FIRST_SCROLL_LOAD, views, renderItem, className }: FilterOptionBlockProps) {
  const kind = kindOf(option);
  const view = views?.[kind] ?? defaultKindViews[kind];
  const id = useId();
  const [collapsedState, setCollapsed] = useState(option.collapsed[device]);
  const [expandedState, setExpanded] = useState(false);
  const collapsed = openProp === undefined ? collapsedState : !openProp;
  const expanded = expandedProp ?? expandedState;
  const toggle = onToggle ? () => onToggle(option.id) : () => setCollapsed((c) => !c);
  const toggleViewMore = onToggleViewMore ? () => onToggleViewMore(option.id) : () => setExpanded((x) => !x);
  const [term, setTerm] = useState('');
  const searchable = option.showSearchBox[device] && !option.range && !(horizontal && option.showSearchBox.byDefault);
  const found = useMemo(() => (term ? searchOptionItems(option.items, term) : null), [option.items, term]);
  const items = found ? found.items : option.items;
  const limited = option.showMoreType === 'viewmore' || option.showMoreType === 'viewmore_scrollbar';
  const selected = useMemo(() => new Set(selectedValues), [selectedValues]);
  // Scrollbar lists render the first-load slice, the rest once scrolled to the bottom (F4.14).
  const [loaded, setLoaded] = useState(firstLoad);
  // How many values show: the core's rule (view more, scroll-load, search).
  // A kind's own body (a multi-level list) has no scroll-load: it shows every value (a long
  // multi-level list renders virtually).
  const cap = visibleItemCount({ ...option, items }, { expanded: expanded ? [option.id] : [] }, view?.body ? items.length : loaded, term);
  // View more and scroll-load hide values beyond the cap, but never a selected one.
  const shown = useMemo(() => (cap >= items.length ? items : items.filter((it, i) => i < cap || selected.has(it.key))), [items, cap, selected]);
  const onListScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    // F9.4: within 1 px of the bottom; F4.14: off while an option search is active.
    if (loaded < items.length && el.scrollHeight - el.scrollTop - el.clientHeight <= 1) setLoaded(scrollLoadMore(items.length, loaded, term));
  };
  // A long option's one-per-line list renders only the rows in view (thousands of values).
  const virtual = option.items.length > LONG_OPTION && ONE_PER_LINE.includes(option.displayType) && option.columns !== 2 && !view?.body;
  const rows = useVirtualRows(shown.length, virtual);
  const applied = option.range ? Math.min(1, selectedValues.length) : selectedValues.length;
  const inputType = option.selectType === 'single' ? 'radio' : 'checkbox';

  // F9.6: box items share one width, the longest label times the per-character width (min 4),
  // but never wider than the tree: a long label wraps inside its box instead of overflowing.
  const boxWidth = useMemo(() => (option.displayType === 'box' ? `min(${option.items.reduce((n, it) => Math.max(n, it.label.length), 4) * boxCharWidth}px, 100%)` : undefined), [option.displayType, option.items, boxCharWidth]);
  const onSelect = useCallback((key: string) => actions.select(option.id, key), [actions, option.id]);
  const name = inputType === 'radio' ? `${id}-values` : undefined;
  const renderValue = (item: FilterItem, index: number) => (
    <FilterValue
      key={item.key}
      item={item}
      option={option}
      selected={selected.has(item.key)}
      inputType={inputType}
      name={name}
      onSelect={onSelect}
      boxWidth={boxWidth}
      label={view?.label}
      renderItem={renderItem}
      row={virtual ? { index, setSize: shown.length, tabbable: index === rows.active } : undefined}
    />
  );

  let body: ReactNode;
  if (view?.body) {
    body = view.body({ option, items: shown, actions, formatRangeValue });
  } else {
    // F3.6: every list keeps its values in a scroll box but a 'none' one, which shows them all.
    const listClass = cx('pkg-filter-option__values', `pkg-filter-option__values--${option.displayType}`, `pkg-filter-option__values--columns-${option.columns}`, option.showMoreType === 'none' && 'pkg-filter-option__values--all');
    body = virtual ? (
      // The scroll box holds a list padded to the whole list's height around the rendered rows.
      <div ref={rows.listRef} className={cx(listClass, 'pkg-filter-option__values--virtual')} onScroll={!limited ? onListScroll : undefined} onKeyDown={rows.onKeyDown} onFocus={rows.onFocus}>
        <ul className="pkg-filter-option__rows" aria-label={option.label} style={{ paddingBlockStart: rows.before, paddingBlockEnd: rows.after }}>
          {shown.slice(rows.start, rows.end).map((item, i) => renderValue(item, rows.start + i))}
        </ul>
      </div>
    ) : (
      <ul className={listClass} onScroll={!limited ? onListScroll : undefined}>
        {shown.map(renderValue)}
      </ul>
    );
  }

  return (
    <section className={cx('pkg-filter-option', `pkg-filter-option--${option.displayType}`, collapsed && 'pkg-filter-option--collapsed', className)} data-option-id={option.id}>
      {!bare && (
        <h3 className="pkg-filter-option__title">
          <button type="button" className="pkg-filter-option__toggle" aria-expanded={!collapsed} aria-controls={`${id}-content`} onClick={toggle}>
            {option.label}
            {applied > 0 && <span className="pkg-filter-option__applied"> ({applied})</span>}
          </button>
        </h3>
      )}
      {!bare && option.tooltip && <p className="pkg-filter-option__tooltip">{option.tooltip}</p>}
      <div
        id={`${id}-content`}
        className="pkg-filter-option__content"
        hidden={collapsed && !bare}
        style={horizontal ? { width: `${HORIZONTAL_WIDTHS[option.columns] ?? 250}px` } : undefined}
      >
        {!bare && applied > 0 && (
          <button type="button" className="pkg-filter-option__clear pkg-link-button" onClick={() => actions.clearOption(option.id)}>
            {labels.clear}
            <span className="pkg-visually-hidden"> {option.label}</span>
          </button>
        )}
        {searchable && (
          <input
            type="search"
            className="pkg-filter-option__search"
            aria-label={`${labels.searchOptions} ${option.label}`}
            placeholder={labels.searchOptions}
            value={term}
            onChange={(e) => {
              // F5.4: a bad term (markup, script-like text) is rejected and the box cleared. The
              // check reads the term alone (no values to walk): the search itself runs once, above.
              const v = e.target.value;
              setTerm(v.trim() && !searchOptionItems([], v).term ? '' : v);
            }}
          />
        )}
        {body}
        {limited && !found && items.length > option.viewMoreCount && (
          <button type="button" className="pkg-filter-option__view-more pkg-link-button" aria-expanded={expanded} onClick={toggleViewMore}>
            {expanded ? labels.viewLess : labels.viewMore}
          </button>
        )}
        {horizontal && (
          <div className="pkg-filter-option__actions">
            <button type="button" className="pkg-button" onClick={() => actions.clearOption(option.id)} disabled={applied === 0}>
              {labels.clear}
            </button>
            <button type="button" className="pkg-button pkg-button--primary" onClick={onApply}>
              {labels.apply}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

interface FilterValueProps {
  item: FilterItem;
  option: FilterOption;
  selected: boolean;
  inputType: 'radio' | 'checkbox';
  name: string | undefined;
  onSelect(key: string): void;
  boxWidth: string | undefined;
  label: ((item: FilterItem, option: FilterOption) => ReactNode) | undefined;
  renderItem: FilterOptionBlockProps['renderItem'];
  /** A virtual list's row: its place in the whole list and whether it is the list's tab stop. */
  row: { index: number; setSize: number; tabbable: boolean } | undefined;
}

/** One value: a label holding the input, the value's label and its count. */
function FilterValueView({ item, option, selected, inputType, name, onSelect, boxWidth, label, renderItem, row }: FilterValueProps) {
  const render = () => (
    <label className={cx('pkg-filter-item', `pkg-filter-item--${option.displayType}`, selected && 'pkg-filter-item--selected', item.disabled && 'pkg-filter-item--disabled')}>
      <input
        type={inputType}
        name={name}
        className="pkg-filter-item__input"
        checked={selected}
        disabled={item.disabled && !selected}
        tabIndex={row && !row.tabbable ? -1 : undefined}
        onChange={() => onSelect(item.key)}
      />
      {label ? label(item, option) : <span className="pkg-filter-item__label">{item.label}</span>}
      {option.showCount !== false && (
        <>
          {/* A space for the accessible name ("Red (3)"); the flex layout does not render it. */}{' '}
          <span className="pkg-filter-item__count">{`(${item.docCount})`}</span>
        </>
      )}
    </label>
  );
  return (
    <li style={boxWidth ? { minWidth: boxWidth } : undefined} {...(row ? { 'data-row': row.index, 'aria-setsize': row.setSize, 'aria-posinset': row.index + 1 } : {})}>
      {renderItem ? renderItem(item, option, render) : render()}
    </li>
  );
}

/**
 * What a value shows: a new answer's item object with the same fields renders nothing again. The
 * option matters only to a custom label or item renderer, else only its display type and count flag.
 */
function sameValue(a: FilterValueProps, b: FilterValueProps): boolean {
  return (Object.keys(a) as Array<keyof FilterValueProps>).every((k) =>
    k === 'item' || k === 'row'
      ? shallowEqual(a[k], b[k])
      : k === 'option'
        ? a.option === b.option || (a.option.displayType === b.option.displayType && a.option.showCount === b.option.showCount && !a.label && !a.renderItem)
        : a[k] === b[k],
  );
}

const FilterValue = memo(FilterValueView, sameValue);

/**
 * Memoised: when the core keeps an option's identity (partial re-render, F4.23), its block is
 * not rendered again.
 */
export const FilterOptionBlock = memo(FilterOptionBlockView);
