// The views of the option kinds: what a kind shows instead of the plain list of values (a
// slider, a multi-level list) and how it shows one value (stars, a swatch). Looked up by the
// option's kind; an agency's own kind brings its view through the `views` prop.
// Over 300 lines because the views are one lookup table (`defaultKindViews`) and most of the file is
// the multi-level view, whose nested and virtual lists share one row model (`flattenTree`) and one
// open-values hook; split apart, each would import the other's internals.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FilterItem, FilterOption } from '@pkg/core-filter';
import { cx } from './class-names';
import { useOptionalFilterController } from './filter-context';
import type { FilterOptionActions } from './FilterOptionBlock';
import { isRightToLeft } from './is-right-to-left';
import { plainClick } from './plain-click';
import { RangeSlider } from './RangeSlider';
import { LONG_OPTION, useVirtualRows } from './virtual-rows';

/** What a kind's body view gets. */
export interface KindBodyProps {
  option: FilterOption;
  /** The items to show (after the option search and view more). */
  items: readonly FilterItem[];
  actions: FilterOptionActions;
  /** Formats range bounds (money for price ranges); `scale` for a slider scale's labels. */
  formatRangeValue?: ((value: number, scale?: boolean) => string) | undefined;
}

/** The view of one kind: a body replacing the value list, and/or the label of one value. */
export interface KindView {
  body?(props: KindBodyProps): ReactNode;
  label?(item: FilterItem, option: FilterOption): ReactNode;
}

export type KindViews = Readonly<Record<string, KindView>>;

/** The option's kind; a model built by hand without one is looked up by its display type. */
export const kindOf = (option: FilterOption): string => option.kind || option.displayType;

const STARS = 5;

/**
 * The colour a value names ("Light Blue" -> "lightblue"), for a swatch without colour settings:
 * letters only, '' otherwise (nothing else can reach the style). Browsers ignore unknown names.
 */
export function namedColor(value: string): string {
  const named = value.replace(/\s+/g, '').toLowerCase();
  return /^[a-z]{3,20}$/.test(named) ? named : '';
}

function RatingLabel(item: FilterItem, option: FilterOption): ReactNode {
  const n = Math.max(0, Math.min(STARS, Math.ceil(item.from ?? Number(item.key) ?? 0)));
  return (
    <>
      <span className="pkg-rating" aria-hidden="true" style={option.starColor ? { color: option.starColor } : undefined}>
        {'★'.repeat(n)}
        <span className="pkg-rating__empty">{'★'.repeat(STARS - n)}</span>
      </span>
      <span className="pkg-filter-item__label">{item.label}</span>
    </>
  );
}

function SwatchLabel(item: FilterItem): ReactNode {
  if (!item.swatch) return <span className="pkg-filter-item__label">{item.label}</span>;
  const { type, colors, imageUrl } = item.swatch;
  // Without colour settings, a value named like a CSS colour ("Black", "Light Blue") is shown in
  // that colour, under the image when there is one: an image that does not load leaves the colour.
  const named = namedColor(item.label);
  const style =
    type === 'image' && imageUrl
      ? { backgroundImage: `url("${encodeURI(imageUrl)}")`, ...(named ? { backgroundColor: named } : {}) }
      : type === 'two_colors' && colors.length >= 2
        ? { background: `linear-gradient(135deg, ${colors[0]} 50%, ${colors[1]} 50%)` }
        : colors[0]
          ? { background: colors[0] }
          : named
            ? { background: named }
            : undefined;
  return (
    <>
      <span className="pkg-swatch" aria-hidden="true" style={style} />
      <span className="pkg-filter-item__label">{item.label}</span>
    </>
  );
}

function RangeBody({ option, actions, formatRangeValue }: KindBodyProps): ReactNode {
  const r = option.range;
  if (!r) return null;
  const { text } = r;
  return (
    <RangeSlider
      // The model's bounds, step, single and hideTextBoxes are the slider's props of those names.
      {...r}
      label={option.label}
      value={r.current}
      // A text-range slider (F4.5) shows its positions' labels and must not end with equal handles;
      // a number range draws the service's scale.
      distinct={!!text}
      scale={text ? 0 : r.sliderRange}
      formatValue={text ? (i: number) => text.labels[i] ?? String(i) : formatRangeValue}
      formatScale={formatRangeValue && ((v: number) => formatRangeValue(v, true))}
      onCommit={(lo, hi) => actions.setRange(option.id, lo, hi)}
      onTextCommit={actions.setRangeFromInputs && ((a: string, b: string) => actions.setRangeFromInputs!(option.id, a, b))}
    />
  );
}

/** Levels a multi-level list shows (a collection, its tags, their sub-tags). */
const MAX_LEVEL = 3;

/**
 * What one entry of a multi-level list shows and does (shared by the nested and the virtual list):
 * the show/hide button of its sub-values (`controls`: the id of the nested list it shows; a
 * virtual list's button is reached by the arrow keys, not by Tab), then the value itself.
 */
function MultiLevelEntry({ row, tree: { option, actions, collectionsFirst, open }, controls, focusable }: { row: TreeRow; tree: TreeOf; controls?: string; focusable?: { tabbable: boolean } }) {
  const { item, level, off } = row;
  const onClick = () => (collectionsFirst && level === 1 ? actions.selectCollection(option.id, item.key) : actions.selectCollectionTag(option.id, item.key));
  const content = (
    <>
      {item.label}
      {item.docCount > 0 && option.showCount !== false && <span className="pkg-filter-item__count"> ({item.docCount})</span>}
    </>
  );
  // A virtual list's rows take the roving focus: one tab stop, the others -1.
  const tabIndex = focusable && !focusable.tabbable ? -1 : undefined;
  return (
    <>
      {row.sub && open.on && (
        <button type="button" className="pkg-multi-level__toggle" aria-label={item.label} aria-expanded={open.isOpen(row)} aria-controls={controls} tabIndex={controls ? undefined : -1} onClick={() => open.flip(row)} />
      )}
      {/* F4.6: a value with no products (or under a collection with none) is shown, not offered:
          no link and no button to follow, unless it is the current selection. In a virtual list it
          stays focusable (aria-disabled), so the arrow keys can pass over it. */}
      {off ? (
        <button type="button" className="pkg-link-button" disabled={!focusable} aria-disabled={focusable ? 'true' : undefined} tabIndex={tabIndex}>
          {content}
        </button>
      ) : item.url && item.url !== '#' ? (
        <a
          href={item.url}
          aria-current={item.selected ? 'true' : undefined}
          tabIndex={tabIndex}
          onClick={(e) => {
            if (!plainClick(e)) return;
            e.preventDefault();
            onClick();
          }}
        >
          {content}
        </a>
      ) : (
        <button type="button" className="pkg-link-button" aria-pressed={item.selected} disabled={item.disabled} tabIndex={tabIndex} onClick={onClick}>
          {content}
        </button>
      )}
    </>
  );
}

/** A value in a multi-level tree: its path of keys (`id`, unique in the tree: a tag may sit under two collections) and its level. */
interface Place {
  id: string;
  item: FilterItem;
  level: number;
}

/** A value's sub-values to show: none past `MAX_LEVEL`. */
const subOf = (item: FilterItem, level: number): readonly FilterItem[] | undefined => (level < MAX_LEVEL && item.children?.length ? item.children : undefined);

/** Whether a value or one under it is selected. */
const leadsToSelected = (item: FilterItem): boolean => item.selected || !!item.children?.some(leadsToSelected);

/**
 * The shopper's open and closed multi-level values, by option id and value path, for the page: one
 * map per filter controller (standalone option blocks share one), so they outlive the option's
 * remounts (a new answer, the mobile tree reopened), as v1's page-wide map.
 */
const OPEN_VALUES = new WeakMap<object, Map<string, boolean>>();

/**
 * The open values of a multi-level option under the owner's `multiLevelToggle` (`option.openLevels`;
 * a value is known by its path of keys): a value starts open when its level is listed or it leads
 * to a selected value; then the shopper's choice wins. Without `openLevels`, every value is open
 * and has no show/hide button (`on` false).
 */
function useOpenValues({ id, openLevels: levels }: FilterOption) {
  const [n, rerender] = useState(0);
  const page = useOptionalFilterController() ?? OPEN_VALUES;
  const chosen = OPEN_VALUES.get(page) ?? OPEN_VALUES.set(page, new Map()).get(page)!;
  const isOpen = (v: Place) => !levels || (chosen.get(id + v.id) ?? (levels.includes(v.level) || leadsToSelected(v.item)));
  return { isOpen, flip: (v: Place) => (chosen.set(id + v.id, !isOpen(v)), rerender(n + 1)), on: !!levels };
}
type OpenValues = ReturnType<typeof useOpenValues>;

/** What every entry of one multi-level tree shares: its option, the actions, the click rule and the open values. */
interface TreeOf {
  option: FilterOption;
  actions: FilterOptionActions;
  collectionsFirst: boolean;
  open: OpenValues;
}

/**
 * A multi-level list as nested lists, from the tree's rows: the values under the row `parent`
 * (-1: level 1), each followed by its own list when it is open. Each nested list walks the rows
 * again: at most `LONG_OPTION` of them, as a longer tree renders virtually.
 */
function MultiLevelList({ rows, parent, level, tree, domId }: { rows: readonly TreeRow[]; parent: number; level: number; tree: TreeOf; domId: string }) {
  return (
    <ul id={domId} className={cx('pkg-multi-level', `pkg-multi-level--level-${level}`)}>
      {rows.map((row, at) => {
        if (row.parent != parent) return null;
        const subId = `${domId}-${at}`;
        return (
          <li key={row.id} className={cx('pkg-multi-level__item', row.item.selected && 'pkg-multi-level__item--selected', row.off && 'pkg-multi-level__item--disabled')}>
            <MultiLevelEntry row={row} tree={tree} controls={subId} />
            {/* An open value's sub-values follow it in the rows. */}
            {rows[at + 1]?.parent === at && <MultiLevelList rows={rows} parent={at} level={level + 1} tree={tree} domId={subId} />}
          </li>
        );
      })}
    </ul>
  );
}

/** One entry of the tree in reading order: its level, its place among its siblings, its parent's row. */
interface TreeRow extends Place {
  posInSet: number;
  setSize: number;
  /** The row of its parent (-1 at level 1). */
  parent: number;
  off: boolean;
  /** Whether it has sub-values. */
  sub: boolean;
}

/** The tree's entries in reading order, down to `MAX_LEVEL`; the sub-values of closed values left out. */
function flattenTree(items: readonly FilterItem[], open: OpenValues): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly FilterItem[], level: number, parent: number, parentOff: boolean, path: string) => {
    list.forEach((item, i) => {
      const off = (item.disabled || parentOff) && !item.selected;
      const id = `${path}/${item.key}`;
      const sub = subOf(item, level);
      const at = rows.push({ item, id, level, posInSet: i + 1, setSize: list.length, parent, off, sub: !!sub }) - 1;
      if (sub && open.isOpen(rows[at]!)) walk(sub, level + 1, at, off, id);
    });
  };
  walk(items, 1, -1, false, '');
  return rows;
}

/**
 * A multi-level list past the long-list threshold: its entries in reading order as one list,
 * rendered virtually (only the rows in its scroll box). Each row says its level and its place
 * among its siblings (aria-level, aria-posinset, aria-setsize), so a screen reader hears the tree
 * as the nested list says it; the list is one tab stop: Up and Down move through the entries,
 * Home and End go to the first and last, Left goes to the parent and Right to the first child
 * (mirrored right to left), as in a tree view. With show/hide buttons, Right first opens a closed
 * value and Left first closes an open one.
 */
function VirtualMultiLevelList({ rows, tree }: { rows: readonly TreeRow[]; tree: TreeOf }) {
  const { option, open } = tree;
  const v = useVirtualRows(rows.length, true);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const rtl = isRightToLeft(e.currentTarget);
      const out = (e.key === 'ArrowLeft') !== rtl;
      const row = rows[v.active];
      e.preventDefault();
      if (row?.sub && open.on && out === open.isOpen(row)) return open.flip(row);
      const to = !row ? -1 : out ? row.parent : rows[v.active + 1]?.parent === v.active ? v.active + 1 : -1;
      if (to >= 0) v.moveTo(to);
      return;
    }
    v.onKeyDown(e);
  };
  return (
    <div ref={v.listRef} className={cx('pkg-filter-option__values', 'pkg-filter-option__values--virtual', 'pkg-multi-level-scroll')} onKeyDown={onKeyDown} onFocus={v.onFocus}>
      <ul className={cx('pkg-multi-level', 'pkg-multi-level--virtual', 'pkg-filter-option__rows')} aria-label={option.label} style={{ paddingBlockStart: v.before, paddingBlockEnd: v.after }}>
        {rows.slice(v.start, v.end).map((row, i) => {
          const index = v.start + i;
          return (
            <li
              key={row.id}
              data-row={index}
              aria-level={row.level}
              aria-posinset={row.posInSet}
              aria-setsize={row.setSize}
              className={cx('pkg-multi-level__item', `pkg-multi-level__item--level-${row.level}`, row.item.selected && 'pkg-multi-level__item--selected', row.off && 'pkg-multi-level__item--disabled')}
            >
              <MultiLevelEntry row={row} tree={tree} focusable={{ tabbable: index === v.active }} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A multi-level list: nested lists, or one virtual list past the long-list threshold (entries at every level counted). */
function MultiLevelTree({ items, option, actions, collectionsFirst }: { items: readonly FilterItem[]; option: FilterOption; actions: FilterOptionActions; collectionsFirst: boolean }) {
  const open = useOpenValues(option);
  const domId = useId();
  // Walked on each render of the tree (a new answer, a flip, the block's title or open state): a
  // short walk, and scrolling a virtual list renders that list alone.
  const rows = flattenTree(items, open);
  const tree = { option, actions, collectionsFirst, open };
  return rows.length > LONG_OPTION ? <VirtualMultiLevelList rows={rows} tree={tree} /> : <MultiLevelList rows={rows} parent={-1} level={1} tree={tree} domId={domId} />;
}

const multiLevel = (collectionsFirst: boolean): KindView => ({
  body: (props) => <MultiLevelTree {...props} collectionsFirst={collectionsFirst} />,
});

/** The views of the built-in kinds; list, box and the bucket kinds use the plain value list. */
export const defaultKindViews: KindViews = {
  rating: { label: RatingLabel },
  swatch: { label: SwatchLabel },
  range: { body: RangeBody },
  multi_level_collections: multiLevel(true),
  multi_level_tag: multiLevel(false),
  sub_category: multiLevel(false),
};
