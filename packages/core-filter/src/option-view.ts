// The `view` part of the filter controller: how a tree shows each option (its more button, search
// box, collapse, tooltip, columns, view-more count, star colour, counts and open levels) and the
// defaults of the settings only views read. `createFilterController`, `buildFilterOptions` and
// `createOptionsBuilder` give it; a lean `createFilterControllerWith` page without it holds
// `FilterOptionCore`s and `ControllerSettings`, and leaves this code and those defaults out.
import { VIEW_SETTING_DEFAULTS } from './default-settings';
import type { FilterOptionCore, OptionViewFields } from './filter-option';
import type { OptionKind } from './option-kind';
import { isMultiLevel } from './option-values';
import { str, type Rec } from './read';
import type { Settings } from './settings';
import { stripHtml } from './text';

/** View-more visible count (F9.3, S9.7): configured per display, 5 when missing or <= 1. */
export function viewMoreCount(settings: Settings, display: string, columns: number): number {
  const f = settings.filter;
  const horizontal = f.filterLayout === 'horizontal';
  const v = (horizontal ? f.startViewMoreHorizontal : f.startViewMore)[display === 'box' || display === 'swatch' ? display : 'list'];
  return (typeof v === 'number' && v > 1 ? v : 5) * (horizontal ? columns : 1);
}

const columnsOf = (v: unknown): 1 | 2 | 3 => (v === 'style2' ? 2 : v === 'style3' ? 3 : 1);

/** The `view` part (`optionViews`). */
export interface OptionViews {
  /** The defaults of the settings only views read, merged over by a controller given typed input. */
  readonly defaults: typeof VIEW_SETTING_DEFAULTS;
  /** How a tree shows `option`, read from its wire form `raw` and the view settings. */
  fields(raw: Rec, option: FilterOptionCore, settings: Settings, kind: OptionKind): OptionViewFields;
}

export const optionViews: OptionViews = {
  defaults: VIEW_SETTING_DEFAULTS,
  fields(raw, option, settings, kind) {
    const f = settings.filter;
    const display = option.displayType;
    const multi = isMultiLevel(display);
    const columns = columnsOf(raw.displayColumn);
    const showMore = str(raw.showMoreType);
    // Where the owner's search-box defaults apply (as both original libraries): values to search among.
    const searchable = !option.range && !multi && option.items.length > 1 && !/^(price|percent_sale|stock)$/.test(option.filterType);
    return {
      showMoreType: (['none', 'scrollbar', 'viewmore', 'viewmore_scrollbar'].includes(showMore) ? showMore : 'scrollbar') as OptionViewFields['showMoreType'],
      showSearchBox: { pc: raw.showSearchBoxFilterPC === true || (f.searchBoxOnPC && searchable), mobile: raw.showSearchBoxFilterMobile === true || (f.searchBoxOnMobile && searchable), byDefault: !raw.showSearchBoxFilterPC && !raw.showSearchBoxFilterMobile },
      collapsed: { pc: raw.isCollapsePC === true || f.collapseOnPC, mobile: raw.isCollapseMobile === true || f.collapseOnMobile },
      tooltip: stripHtml(raw.tooltip),
      columns,
      viewMoreCount: viewMoreCount(settings, display, columns),
      ...(typeof raw.starColor === 'string' ? { starColor: raw.starColor } : {}),
      // Counts show when the owner's `showFilterOptionCount` is on and the kind shows counts (box
      // values never do, as in the original's libraries). Flags arrive as booleans or as the strings
      // "true" / "false". The original's client libraries (v1 and v2) print no counts for an option
      // whose values are kept static (`keepValuesStatic`); `showDocCount` / `hideDocCount` are this
      // product's own flags.
      showCount: f.showFilterOptionCount && kind.showsCounts !== false && String(raw.keepValuesStatic) !== 'true' && String(raw.showDocCount) !== 'false' && String(raw.hideDocCount) !== 'true',
      ...(f.multiLevelToggle && multi ? { openLevels: f.multiLevelOpen } : {}),
    };
  },
};
