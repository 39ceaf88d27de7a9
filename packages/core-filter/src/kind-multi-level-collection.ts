// The multi-level collection kind (F3.9, F4.15, F4.16): collections (level 1) with their tags
// (levels 2 and 3) as children; collection links on collection pages, tags in the option's
// collection-tag parameter.
import { collectionParams, readCollections } from './kind-collection';
import type { OptionKind } from './option-kind';

export const multiLevelCollectionKind: OptionKind = {
  name: 'multi_level_collections',
  claims: (ref) => (ref.displayType === 'multi_level_collections' ? 4 : 0),
  read: (input) => ({ items: readCollections(input, true) }),
  params: collectionParams,
  // A collection chosen on a collection page moves the page (path and title) to it.
  movesPage: true,
};
