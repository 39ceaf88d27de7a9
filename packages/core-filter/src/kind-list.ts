// The list kind (F3.9): values `[{ key, doc_count }]` shown as checkboxes or radios. Box and
// swatch are read the same way (term values) and differ in display only.
import type { FilterItem } from './filter-option';
import type { KindReadInput, KindRead, OptionKind } from './option-kind';
import { sortItems } from './option-values';
import { str } from './read';

/**
 * Reads term values (list, box, swatch) in their default order (F3.7): the option's sort type,
 * natural key-ascending when it has none. `extra` adds kind fields to each item.
 */
export function readTerms(input: KindReadInput, extra?: (key: string) => object): KindRead {
  const list = input.values
    .map((v) => {
      const key = str(v.key) || str(v.tag);
      return input.item(key, input.toLabel(str(v.label) || key), v, extra?.(key));
    })
    .filter((it) => it.key);
  const sortType = str(input.raw.sortType);
  const memo = sortType.startsWith('doc_count') ? undefined : input.orders;
  const memoKey = `${input.id}\n${sortType}`;
  const known = memo?.get(memoKey);
  // Values found, in the same order, in an earlier sorted answer are sorted (a sublist of a
  // sorted list is sorted): one pass of string equality instead of a collator per pair.
  let j = 0;
  let items: FilterItem[];
  if (known && list.every((it) => { while (j < known.length && known[j] !== it.label) j++; return j++ < known.length; })) items = list;
  else {
    items = sortItems(list, sortType);
    memo?.set(memoKey, items.map((it) => it.label));
  }
  return { items };
}

/**
 * A term kind for one display type: claims that display (2); `fallback` also claims anything (1);
 * `counts` false: its values never show product counts (`OptionKind.showsCounts`).
 */
export function termKind(name: string, fallback = false, counts = true): OptionKind {
  return {
    name,
    claims: (ref) => (ref.displayType === name ? 2 : fallback ? 1 : 0),
    read: (input) => readTerms(input),
    showsCounts: counts,
  };
}

/** List values; also the fallback for an option no other registered kind claims. */
export const listKind: OptionKind = /* @__PURE__ */ termKind('list', true);
