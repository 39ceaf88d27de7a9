// Structural sharing of the option list (F4.22, F4.23): an option whose wire content and
// selection are the same as last time keeps its previous object, and an unchanged list keeps its
// array, so selector-bound views skip re-rendering. A part of the option builder:
// `createFilterController` and `createOptionsBuilder` (so `buildFilterOptions`) pass it; a lean
// `createFilterControllerWith` page gets it with `share: shareOptions` and otherwise builds every
// option of each answer anew.
import { byPosition, optionList, type OptionsBuilder } from './build-option';
import type { FilterOption, OptionReadInput } from './filter-option';
import type { KindRegistry } from './option-kind';
import { str, type Rec } from './read';

/**
 * An options builder over `build` (one option from its wire form) that keeps unchanged options:
 * the kinds of `kinds` say which state keys each option reads. Settings, page context and price
 * format must stay the same for the life of the builder (one per controller). Sorted value labels
 * of earlier answers are kept too (`OptionReadInput.orders`), so an answer whose values keep
 * their order skips the collator.
 */
export function shareOptions(kinds: KindRegistry, build: (o: unknown, input: OptionReadInput) => FilterOption | null): OptionsBuilder {
  // Option id -> what its last build read (the raw option, its selection, the scope) and gave.
  // A new answer's option is compared with the last one structurally; the first difference (a
  // changed count, usually) ends the walk, so this costs far less than serialising it.
  let last = new Map<string, [unknown, string, FilterOption | null]>();
  const orders = new Map<string, readonly string[]>();
  return (raw, given, prev) => {
    const input = { ...given, orders };
    const next = new Map<string, [unknown, string, FilterOption | null]>();
    const out: FilterOption[] = [];
    const sel = input.selected ?? {};
    for (const o of optionList(raw)) {
      // Everything of the selection an option reads: the state keys of its kind (its own values,
      // a collection option's tags) and the collection scope (F4.10).
      const r = (o as Rec | null) ?? {};
      const id = str(r.filterOptionId);
      const kind = id ? kinds.find({ id, filterType: str(r.filterType), displayType: str(r.displayType) }) : undefined;
      const keys = kind?.params?.(id, input.settings) ?? [id];
      const reads = JSON.stringify([keys.map((k) => sel[k]), input.collectionScope]);
      const seen = next.get(id) ?? last.get(id);
      const opt = id && seen && seen[1] === reads && sameJson(seen[0], o) ? seen[2] : build(o, input);
      if (id) next.set(id, [o, reads, opt]);
      if (opt) out.push(opt);
    }
    last = next;
    out.sort(byPosition);
    return out.length === prev.length && out.every((o, i) => o === prev[i]) ? prev : out;
  };
}

/** What `shareOptions` is, as an option builder part. */
export type ShareOptions = typeof shareOptions;

/** Structural equality of two parsed JSON values (answers are plain JSON); stops at the first difference. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameJson((a as Rec)[k], (b as Rec)[k])) return false;
  return true;
}
