// The views of the option kinds: what a kind shows instead of the plain list of values (a
// slider, a multi-level list) and how it shows one value (stars, a swatch). Looked up by the
// option's kind; an agency's own kind brings its view through the `views` prop.
import type { ReactNode } from 'react';
import type { FilterItem, FilterOption } from '@pkg/core-filter';
import { cx } from './class-names';
import type { FilterOptionActions } from './FilterOptionBlock';
import { RangeSlider } from './RangeSlider';

/** What a kind's body view gets. */
export interface KindBodyProps {
  option: FilterOption;
  /** The items to show (after the option search and view more). */
  items: readonly FilterItem[];
  actions: FilterOptionActions;
  /** Formats range bounds (money for price ranges). */
  formatRangeValue?: ((value: number) => string) | undefined;
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
  return (
    <RangeSlider
      label={option.label}
      min={r.min}
      max={r.max}
      step={r.step}
      value={r.current}
      hideTextBoxes={r.hideTextBoxes}
      {...(r.text ? { distinct: true, formatValue: (i: number) => r.text!.labels[i] ?? String(i) } : formatRangeValue ? { formatValue: formatRangeValue } : {})}
      onCommit={(lo, hi) => actions.setRange(option.id, lo, hi)}
      {...(actions.setRangeFromInputs ? { onTextCommit: (a: string, b: string) => actions.setRangeFromInputs!(option.id, a, b) } : {})}
    />
  );
}

/** A multi-level list; `collectionsFirst` makes level-1 clicks choose the collection (multi-level collections). */
function MultiLevelList({ items, option, actions, level, collectionsFirst, parentDisabled = false }: { items: readonly FilterItem[]; option: FilterOption; actions: FilterOptionActions; level: number; collectionsFirst: boolean; parentDisabled?: boolean }) {
  return (
    <ul className={cx('pkg-multi-level', `pkg-multi-level--level-${level}`)}>
      {items.map((item) => {
        // F4.6: a value with no products (or under a collection with none) is shown, not offered:
        // no link and no button to follow, unless it is the current selection.
        const off = (item.disabled || parentDisabled) && !item.selected;
        const onClick = () => (collectionsFirst && level === 1 ? actions.selectCollection(option.id, item.key) : actions.selectCollectionTag(option.id, item.key));
        const content = (
          <>
            {item.label}
            {item.docCount > 0 && option.showCount !== false && <span className="pkg-filter-item__count"> ({item.docCount})</span>}
          </>
        );
        return (
          <li key={item.key} className={cx('pkg-multi-level__item', item.selected && 'pkg-multi-level__item--selected', off && 'pkg-multi-level__item--disabled')}>
            {off ? (
              <button type="button" className="pkg-link-button" disabled>
                {content}
              </button>
            ) : item.url && item.url !== '#' ? (
              <a
                href={item.url}
                aria-current={item.selected ? 'true' : undefined}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  onClick();
                }}
              >
                {content}
              </a>
            ) : (
              <button type="button" className="pkg-link-button" aria-pressed={item.selected} disabled={item.disabled} onClick={onClick}>
                {content}
              </button>
            )}
            {item.children && item.children.length > 0 && level < 3 && <MultiLevelList items={item.children} option={option} actions={actions} level={level + 1} collectionsFirst={collectionsFirst} parentDisabled={off} />}
          </li>
        );
      })}
    </ul>
  );
}

const multiLevel = (collectionsFirst: boolean): KindView => ({
  body: ({ option, items, actions }) => <MultiLevelList items={items} option={option} actions={actions} level={1} collectionsFirst={collectionsFirst} />,
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
