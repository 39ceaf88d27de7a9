// The sub-category kind (F4.4): collection values shown as links; always disabled as a filter.
import { chooseCollection, readCollections } from './kind-collection';
import type { OptionKind } from './option-kind';

export const subCategoryKind: OptionKind = {
  name: 'sub_category',
  claims: (ref) => (ref.displayType === 'sub_category' ? 4 : 0),
  // F4.4 (availability): sub-category options are always disabled.
  read: (input) => ({ items: readCollections(input, false), disabled: true }),
  choose: chooseCollection,
};
