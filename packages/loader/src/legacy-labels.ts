// The shop's texts as the original add-on's pages carry them, mapped onto core-filter's labels.
// A theme template writes them with the original's names (`label.clear_all`,
// `label.sorting_best_selling`, `label_suggestion.suggestion_placeholder`,
// `label_error.error_no_products`, ...: v2 `bcSfFilterConfig.label`, v1
// `boostPFSThemeConfig.label`); the owner's saved texts (`settings.label`) use the libraries' own
// names (`refine`, `loadPreviousPage`, `sorting: { ... }`, `suggestion: { ... }`, ...). Names
// that are already this product's label names are taken as they are.
import { DEFAULT_LABELS } from '@pkg/core-filter';
import { LISTING_LABELS, SORT_LABELS } from '@pkg/core-filter/view';
import { isRec, type Rec } from '@pkg/kit';
import { UI_LABELS } from '@pkg/react-ui';
import { SUGGEST_LABELS } from '@pkg/suggest';

/** The texts some part reads from `settings.labels`: the controller's and the filter tree's, the listing widgets', the search box's and dropdown's, react-ui's parts'. */
const LABEL_KEYS: ReadonlySet<string> = new Set([...Object.keys(DEFAULT_LABELS), ...Object.keys(LISTING_LABELS), ...Object.keys(SUGGEST_LABELS), ...Object.keys(UI_LABELS)]);

/**
 * The originals' names that differ from this product's once read in camel case without their
 * group prefix (`clear_all` -> `clearAll`, `suggestion_view_all` -> `viewAll`,
 * `error_no_products` -> `noProducts` need nothing here).
 */
const ALIASES: Readonly<Record<string, string>> = {
  refine: 'refineBy',
  loadPreviousPage: 'loadPrevious',
  showResult: 'showResults',
  collectionAll: 'all',
  ratingStar: 'star',
  ratingStars: 'stars',
  ratingUp: 'andUp',
  placeholder: 'searchBoxPlaceholder',
};

/** Sort texts (`sorting_<sort key in snake case>`) whose key differs: featured is the manual order, date the creation date. */
const SORT_ALIASES: Readonly<Record<string, string>> = { featured: 'manual', 'date-ascending': 'created-ascending', 'date-descending': 'created-descending' };

/** This product's label for an original name, or `sorting.<sort key>` for a sort's text, or undefined. */
function labelOf(name: string): string | undefined {
  if (name.startsWith('sorting_')) {
    const key = name.slice(8).replace(/_/g, '-');
    if (key === 'heading') return 'sortBy';
    const sort = SORT_ALIASES[key] ?? key;
    return sort in SORT_LABELS ? `sorting.${sort}` : undefined;
  }
  // An extra sort's text (`extraSortingList`): both libraries read `label.<sort key in snake case>`.
  if (/._(a|de)scending$/.test(name)) return `sorting.${name.replace(/_/g, '-')}`;
  const camel = name.replace(/^(suggestion|error)_/, '').replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  const to = ALIASES[camel] ?? camel;
  return LABEL_KEYS.has(to) && to !== 'sorting' ? to : undefined;
}

/** The libraries' nested label groups (`settings.label.suggestion.viewAll`, `.error.noProducts`), read flat. */
const NESTED = new Set(['suggestion', 'error']);

/**
 * Maps one label group onto core-filter's `labels` (`sorting` as one object of sort texts).
 * `sorting` as a text is the sort heading (`sortBy`), as an object the sorts' texts. Names with no
 * counterpart are set aside (paths from `path`).
 */
export function mapLegacyLabels(group: Rec, path: string, setAside: string[]): Rec {
  const out: Rec = {};
  const sorting: Rec = {};
  const put = (name: string, v: unknown, at: string) => {
    const to = labelOf(name);
    if (to === undefined) setAside.push(at);
    else if (to.startsWith('sorting.')) sorting[to.slice(8)] = v;
    else out[to] = v;
  };
  for (const [name, v] of Object.entries(group)) {
    if (name === 'sorting') {
      if (isRec(v)) Object.assign(sorting, v);
      else put('sorting_heading', v, `${path}.${name}`);
    } else if (NESTED.has(name) && isRec(v)) for (const [inner, x] of Object.entries(v)) put(inner, x, `${path}.${name}.${inner}`);
    else put(name, v, `${path}.${name}`);
  }
  if (Object.keys(sorting).length) out.sorting = sorting;
  return out;
}
