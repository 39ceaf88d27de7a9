// Weight buckets (F3.12): `[{ from, to, doc_count }]` with the service's own labels.
import type { OptionKind } from './option-kind';
import { bucketBounds, encodeRange } from './option-values';
import { str } from './read';

export const weightKind: OptionKind = {
  name: 'weight',
  claims: (ref) => (ref.filterType === 'weight' ? 3 : 0),
  read: (input) => ({
    items: input.values.map((v) => {
      const [from, to] = bucketBounds(v);
      const key = encodeRange(from, to);
      return input.item(key, input.toLabel(str(v.label) || str(v.key) || key), v, { from, to });
    }),
  }),
};
