// The multi-level tag kind (F3.9, F4.17, F9.7): `[{ tag, displayName, doc_count, subTags }]`,
// three levels at most, each level in the option's order (natural key order by default).
import type { FilterItem } from './filter-option';
import type { KindReadInput, OptionKind } from './option-kind';
import { excludedValues, sortItems } from './option-values';
import { isRec, str } from './read';

function walk(input: KindReadInput, excluded: ReadonlySet<string>, list: unknown, level: number): FilterItem[] {
  if (!Array.isArray(list) || level > 3) return [];
  const items = list.filter(isRec).map((v) => {
    const key = str(v.tag) || str(v.key);
    return input.item(key, input.toLabel(str(v.displayName) || key), v, { level, children: walk(input, excluded, v.subTags, level + 1) });
  });
  return sortItems(items.filter((it) => it.key && !excluded.has(it.key.toLowerCase())), str(input.raw.sortType));
}

export const multiLevelTagKind: OptionKind = {
  name: 'multi_level_tag',
  claims: (ref) => (ref.displayType === 'multi_level_tag' ? 4 : ref.filterType === 'multi_level_tag' ? 3 : 0),
  read(input) {
    return { items: walk(input, excludedValues(input.raw), input.values, 1) };
  },
};
