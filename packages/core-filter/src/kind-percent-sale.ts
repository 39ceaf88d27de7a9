// Percent-sale buckets (F3.12): `[{ from, to, doc_count }]` labelled 'from% - to%'.
import { bucketItems, bucketLabel } from './bucket-items';
import type { OptionKind } from './option-kind';
import type { ControllerSettings } from './settings';

/** Percent-sale label (F3.12): 'from% - to%', 'above from%' or 'under to%'. */
export function percentLabel(settings: ControllerSettings, from: number | null, to: number | null): string {
  return bucketLabel(settings, from, to, (n) => `${n}%`);
}

export const percentSaleKind: OptionKind = {
  name: 'percent_sale',
  texts: ['above', 'under'],
  claims: (ref) => (ref.filterType === 'percent_sale' ? 3 : 0),
  read: (input) => ({
    items: bucketItems(input, (from, to) => input.toLabel(percentLabel(input.settings, from, to))),
  }),
};
