// The option-kind registry: one module per kind of filter option (list, range, swatch, ...) owns
// how its service object is read, the state keys it writes, its refine-by chip text, its
// availability rule and its default order. The option builder, the controller, the request
// code and the UI look kinds up here; nothing else branches on a kind.
import type { FilterItem, FilterOptionCore, OptionReadInput, RangeModel } from './filter-option';
import type { PageContext } from './page-context';
import type { Rec } from './read';
import type { ControllerSettings, Labels } from './settings';
import { warn } from './warn';

/** What a kind is chosen by: the option's id, filter type and display type as the service sent them. */
export interface KindRef {
  readonly id: string;
  readonly filterType: string;
  readonly displayType: string;
}

/**
 * Everything a kind's `read` gets: the service's option object, what the kind was chosen by, the
 * option builder's input (settings, page, the whole selection by state key, where collection kinds
 * read their tag parameter, and the money formatter of price labels and chips), and the helpers
 * every kind shares.
 */
export interface KindReadInput extends KindRef, Readonly<Required<Pick<OptionReadInput, 'settings' | 'ctx' | 'selected' | 'formatPrice'>>> {
  /** The option object as the service sent it. */
  readonly raw: Rec;
  /** The option's label, markup stripped. */
  readonly label: string;
  /** `raw.values` when it is a list (the objects in it); `[]` otherwise. */
  readonly values: readonly Rec[];
  /** Values selected for this option. */
  readonly selectedValues: readonly string[];
  /** The collection scope set off collection pages (F4.10); '' for none. */
  readonly collectionScope: string;
  /** Whether a value key is selected (case-insensitive). */
  isSelected(key: string): boolean;
  /** The option's label transforms (markup, prefix, remove/replace text, upper case; S5.2). */
  toLabel(text: string): string;
  /** One item: selected by key, disabled at a zero count (F4.6), plus kind fields. */
  item<T extends object>(key: string, label: string, value: Rec, extra?: T): FilterItem & T;
  /** Labels of earlier sorted answers (structural sharing keeps them between answers). */
  readonly orders?: Map<string, readonly string[]> | undefined;
}

/** What a kind read: its items or its range, and whether its availability rule disables it. */
export interface KindRead {
  readonly items?: readonly FilterItem[];
  readonly range?: RangeModel;
  /** True when the kind's availability rule takes the option out (F4.1, F4.4). */
  readonly disabled?: boolean;
}

/** What choosing a value of the option does in the controller. */
export type KindChoice = 'value' | 'collection';

/** One kind of filter option. Register it with `createKindRegistry` or pass it to a controller. */
export interface OptionKind {
  /** Unique name; the option model's `kind` and the UI's key for its view. */
  readonly name: string;
  /**
   * How strongly this kind claims an option: 0 not at all. The built-in kinds answer 1 for a
   * fallback, 2 for a matching display type, 3 for a matching filter type and 4 or 5 for display
   * types that decide alone (multi-level, range). The highest claim wins; on a tie the kind
   * registered last wins, so a registered kind can replace a built-in one.
   */
  claims(ref: KindRef): number;
  /** Reads the service's values into items or a range, in the kind's default order. */
  read(input: KindReadInput): KindRead;
  /** The state keys the option's selection uses (its id by default); they travel as `key[]=value`. */
  params?(id: string, settings: ControllerSettings): readonly string[];
  /** The refine-by chip text of a selected value; the item's label by default. */
  chip?(option: FilterOptionCore, value: string, formatPrice: (amount: number) => string): string;
  /** What choosing a value does: toggles it ('value', the default) or sets the collection. */
  choose?(option: FilterOptionCore, ctx: PageContext): KindChoice;
  /** True when choosing a collection on a collection page moves the page to it (F2, S2.19). */
  readonly movesPage?: boolean;
  /**
   * False when the kind's values never show their product counts, whatever the owner's
   * `showFilterOptionCount` (box values, as in the original's libraries). Counts show by default.
   */
  readonly showsCounts?: boolean;
  /**
   * The texts of `settings.labels` the kind writes (a rating's 'stars', a bucket's 'above'): a
   * controller made without them (`createFilterControllerWith` without `labels`) refuses the kind
   * with an error naming them.
   */
  readonly texts?: readonly (keyof Labels)[];
}

/** A set of kinds to look options up in. */
export interface KindRegistry {
  readonly kinds: readonly OptionKind[];
  /** The kind that claims an option most strongly, or undefined when none does. */
  find(ref: KindRef): OptionKind | undefined;
  /** The kind of a given name. */
  get(name: string): OptionKind | undefined;
}

/** Makes a registry; later kinds win ties, so an agency's own kind can replace a built-in one. */
export function createKindRegistry(kinds: readonly OptionKind[]): KindRegistry {
  let list = kinds;
  // Development only: a value that is not a kind is left out with a warning (types prevent it).
  if (typeof process === 'object' && process.env.NODE_ENV !== 'production')
    list = kinds.filter((k): k is OptionKind => {
      const ok = !!k && typeof k.name === 'string' && typeof k.claims === 'function' && typeof k.read === 'function';
      if (!ok) warn('Ignored an option kind without name, claims and read.', k);
      return ok;
    });
  return {
    kinds: list,
    find(ref) {
      let best: OptionKind | undefined;
      let score = 0;
      for (const k of list) {
        const s = k.claims(ref);
        if (s > 0 && s >= score) {
          best = k;
          score = s;
        }
      }
      return best;
    },
    get: (name) => list.find((k) => k.name === name),
  };
}

/** Whether a filter type's values are amounts of money: `price` and `variants_price` (wire-format.md). */
export const isPriceType = (filterType: string): boolean => /^(variants_)?price$/.test(filterType);

/**
 * Whether an option is a price option, the one rule of what is money: by its filter type when
 * the service sent one (`isPriceType`), else by its id's family, `<prefix>p_` (price) or
 * `<prefix>vp_` (variant price), as the engine resolves ids (wire-format.md "Filter option ids").
 * The price kind claims these options, a range over one shows money, and in-browser currency
 * conversion converts their amounts and sends their selections in the shop's currency (S1.5).
 */
export function isPriceOption(settings: ControllerSettings, id: string, filterType?: string): boolean {
  const p = settings.filter.filterPrefix;
  return filterType ? isPriceType(filterType) : id.startsWith(p) && /^v?p_/.test(id.slice(p.length));
}

/** The label of the item with this key, searched through children too. */
export function findItemLabel(items: readonly FilterItem[], key: string): string | undefined {
  const stack = [...items];
  while (stack.length) {
    const it = stack.pop() as FilterItem;
    if (it.key === key) return it.label;
    if (it.children) stack.push(...it.children);
  }
  return undefined;
}
