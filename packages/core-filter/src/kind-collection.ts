// The collection kind (F3.9, F4.6, F4.10): `[{ key: <collection id>, label, handle, doc_count,
// sort_order }]`. Off collection pages a click sets the collection scope; the 'all' collection
// and static values stay enabled at 0. Sub-category and multi-level collection read the same way.
import type { FilterItem } from './filter-option';
import { collectionTagParam } from './collection-scope';
import { collectionUrl, subCategoryUrl } from './links';
import type { KindReadInput, OptionKind } from './option-kind';
import { count, sortItems } from './option-values';
import { num, str, strs } from './read';

/** Reads collection values; `multi` adds the multi-level links and tag children (F3.9, F4.16). */
export function readCollections(input: KindReadInput, multi: boolean): FilterItem[] {
  const { ctx, settings, raw, id } = input;
  const scope = input.collectionScope;
  const staticValues = raw.keepValuesStatic === true;
  const tagSel = new Set((input.selected[collectionTagParam(settings, id)] ?? []).map((t) => String(t).toLowerCase()));
  let items = input.values.map((v, i): FilterItem => {
    const key = str(v.key);
    const handle = str(v.handle);
    const isAll = handle === 'all' || key === '0';
    const docCount = count(v.doc_count);
    const selected = input.isSelected(key) || (scope !== '' && scope === key) || (ctx.isCollectionPage && !scope && String(ctx.collectionId) === key && key !== '0');
    const tags = strs(v.tags);
    const children = multi
      ? // The service sends no counts for a collection's tags: 0 here means "not counted", and
        // a tag is never disabled (showing the collection's own count would misstate it).
        tags.map((t): FilterItem => {
          const [tag = '', sub] = t.split('>').map((s) => s.trim());
          return { key: t, label: input.toLabel(sub ?? tag), docCount: 0, selected: tagSel.has(t.toLowerCase()), disabled: false, level: sub ? 3 : 2, handle, url: ctx.isCollectionPage && handle ? subCategoryUrl(ctx, handle, sub ?? tag) : '#' };
        })
      : undefined;
    return {
      key,
      label: input.toLabel(str(v.label) || handle || key),
      docCount,
      selected,
      // F4.6: static collection values and the 'all' collection stay enabled at 0.
      disabled: docCount === 0 && !staticValues && !isAll,
      handle,
      url: multi && ctx.isCollectionPage && handle ? collectionUrl(ctx, handle) : '#',
      ...(multi ? { level: 1, children: children ?? [] } : {}),
      ...(num(v.sort_order) !== null ? { from: num(v.sort_order) ?? i } : {}),
    };
  });
  // Default order: the service's (its sort_order); sorted only when the option asks.
  if (raw.sortType !== undefined) items = sortItems(items, str(raw.sortType));
  return items;
}

/** The state keys of a collection option: its own and its collection-tag parameter (F3.15). */
export const collectionParams = (id: string, settings: Parameters<typeof collectionTagParam>[0]): readonly string[] => [id, collectionTagParam(settings, id)];

/** F4.10: off collection pages a click on a collection sets the scope; on one it toggles the value. */
export const chooseCollection: NonNullable<OptionKind['choose']> = (_option, ctx) => (ctx.isCollectionPage ? 'value' : 'collection');

export const collectionKind: OptionKind = {
  name: 'collection',
  claims: (ref) => (ref.filterType === 'collection' ? 3 : 0),
  read: (input) => ({ items: readCollections(input, false) }),
  params: collectionParams,
  choose: chooseCollection,
};
