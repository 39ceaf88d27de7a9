// The stock kind (F3.12): `in-stock` / `out-of-stock` values; in-stock maps to true.
import type { OptionKind } from './option-kind';
import { str } from './read';

export const stockKind: OptionKind = {
  name: 'stock',
  texts: ['inStock', 'outOfStock'],
  claims: (ref) => (ref.filterType === 'stock' ? 3 : 0),
  read: (input) => ({
    items: input.values.map((v) => {
      const key = str(v.key);
      const inStock = key === 'in-stock';
      const l = input.settings.labels;
      return input.item(key, input.toLabel(str(v.label) || (inStock ? l.inStock : l.outOfStock)), v, { inStock });
    }),
  }),
};
