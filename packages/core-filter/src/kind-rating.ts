// The rating kind (F3.12, F5.9): review-rating buckets shown as stars, highest first.
import type { OptionKind } from './option-kind';
import { num } from './read';
import type { ControllerSettings } from './settings';

/** Rating label (F5.9): ceil(from) with star/stars, plus 'and up' unless the exact rating is shown. */
export function ratingLabel(settings: ControllerSettings, from: number, exact: boolean): string {
  const n = Math.ceil(from);
  const l = settings.labels;
  return `${n} ${n === 1 ? l.star : l.stars}${exact ? '' : ` ${l.andUp}`}`;
}

export const ratingKind: OptionKind = {
  name: 'rating',
  texts: ['star', 'stars', 'andUp'],
  claims: (ref) => (ref.filterType === 'review_ratings' ? 3 : ref.displayType === 'rating' ? 2 : 0),
  read(input) {
    const exact = input.raw.showExactRating === true;
    const items = input.values
      .map((v) => {
        const from = num(v.from) ?? num(v.key) ?? 0;
        return input.item(String(Math.ceil(from)), ratingLabel(input.settings, from, exact), v, { from, to: num(v.to) });
      })
      // Default order: the highest rating first.
      .sort((a, b) => Number(b.key) - Number(a.key));
    return { items };
  },
};
