// Price buckets (F3.10, F3.12): `[{ from, to, doc_count }]` for price and variant price options
// shown as values; a value is 'from:to' with either end possibly empty.
import { bucketItems, bucketLabel } from './bucket-items';
import { isPriceType, type OptionKind } from './option-kind';
import type { ControllerSettings } from './settings';

/** Price bucket label: 'from - to', 'above from' or 'under to', amounts written by `format`. */
export const priceLabel: (settings: ControllerSettings, from: number | null, to: number | null, format: (n: number) => string) => string = bucketLabel;

export const priceKind: OptionKind = {
  name: 'price',
  texts: ['above', 'under'],
  claims: (ref) => (isPriceType(ref.filterType) ? 3 : 0),
  read: (input) => ({
    items: bucketItems(input, (from, to) => priceLabel(input.settings, from, to, input.formatPrice)),
  }),
};
