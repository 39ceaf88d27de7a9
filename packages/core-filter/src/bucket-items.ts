// The items of a bucket option (F3.10, F3.12): price, percent-sale and weight options send
// `[{ from, to, doc_count }]` (or a 'from-to' key); each value is 'from:to' with either end
// possibly empty. The kinds differ only in the label.
import type { FilterItem } from './filter-option';
import type { KindReadInput } from './option-kind';
import { bucketBounds, encodeRange } from './option-values';
import type { Rec } from './read';
import type { ControllerSettings } from './settings';

/** A bucket's ends, each null when open. */
export interface BucketEnds {
  from: number | null;
  to: number | null;
}

/** A bucket's label: 'from - to', 'above from' or 'under to', each end written by `format`; '' with neither end. */
export function bucketLabel(settings: ControllerSettings, from: number | null, to: number | null, format: (n: number) => string): string {
  if (from !== null && to !== null) return `${format(from)} - ${format(to)}`;
  if (from !== null) return `${settings.labels.above} ${format(from)}`;
  return to !== null ? `${settings.labels.under} ${format(to)}` : '';
}

/** One item per bucket, keyed 'from:to', labelled by `label` (given the ends, the bucket and its key). */
export function bucketItems(input: KindReadInput, label: (from: number | null, to: number | null, bucket: Rec, key: string) => string): Array<FilterItem & BucketEnds> {
  return input.values.map((v) => {
    const [from, to] = bucketBounds(v);
    const key = encodeRange(from, to);
    return input.item(key, label(from, to, v, key), v, { from, to });
  });
}
