// Percent-sale buckets (F3.12): `[{ from, to, doc_count }]` labelled 'from% - to%'.
import type { OptionKind } from './option-kind';
import { bucketBounds, encodeRange } from './option-values';
import type { Settings } from './settings';

/** Percent-sale label (F3.12): 'from% - to%', 'above from%' or 'under to%'. */
export function percentLabel(settings: Settings, from: number | null, to: number | null): string {
  if (from !== null && to !== null) return `${from}% - ${to}%`;
  if (from !== null) return `${settings.labels.above} ${from}%`;
  return to !== null ? `${settings.labels.under} ${to}%` : '';
}

export const percentSaleKind: OptionKind = {
  name: 'percent_sale',
  claims: (ref) => (ref.filterType === 'percent_sale' ? 3 : 0),
  read: (input) => ({
    items: input.values.map((v) => {
      const [from, to] = bucketBounds(v);
      return input.item(encodeRange(from, to), percentLabel(input.settings, from, to), v, { from, to });
    }),
  }),
};
