// Weight buckets (F3.12): `[{ from, to, doc_count }]` with the service's own labels.
import { bucketItems } from './bucket-items';
import type { OptionKind } from './option-kind';
import { str } from './read';

export const weightKind: OptionKind = {
  name: 'weight',
  claims: (ref) => (ref.filterType === 'weight' ? 3 : 0),
  read: (input) => ({
    items: bucketItems(input, (_from, _to, v, key) => input.toLabel(str(v.label) || str(v.key) || key)),
  }),
};
