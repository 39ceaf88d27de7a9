// Price buckets (F3.10, F3.12): `[{ from, to, doc_count }]` for price and variant price options
// shown as values; a value is 'from:to' with either end possibly empty.
import type { OptionKind } from './option-kind';
import { bucketBounds, encodeRange } from './option-values';
import type { Settings } from './settings';

/** Price bucket label: 'from - to', 'above from' or 'under to', amounts formatted. */
export function priceLabel(settings: Settings, from: number | null, to: number | null, format: (n: number) => string): string {
  if (from !== null && to !== null) return `${format(from)} - ${format(to)}`;
  if (from !== null) return `${settings.labels.above} ${format(from)}`;
  return to !== null ? `${settings.labels.under} ${format(to)}` : '';
}

export const priceKind: OptionKind = {
  name: 'price',
  claims: (ref) => (ref.filterType === 'price' || ref.filterType === 'variants_price' ? 3 : 0),
  read: (input) => ({
    items: input.values.map((v) => {
      const [from, to] = bucketBounds(v);
      return input.item(encodeRange(from, to), priceLabel(input.settings, from, to, input.formatPrice), v, { from, to });
    }),
  }),
};
