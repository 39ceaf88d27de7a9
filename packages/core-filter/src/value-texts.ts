// The value texts of an option: its prefix (F3.1) taken off, its removed and replaced texts,
// its all-capitals form and the owner's value capitals. A part of the option builder:
// `createFilterController`, `buildFilterOption(s)` and `createOptionsBuilder` pass it; a lean
// `createFilterControllerWith` page gets it with `texts: valueTexts` and otherwise shows each value
// as the service sent it, markup stripped.
import { str, type Rec } from './read';
import type { ControllerSettings } from './settings';
import { stripHtml } from './text';

/**
 * The owner's value capitals (both originals' order): `force` lowercases the label and capitalises
 * each word, `first` lowercases it and capitalises its first letter, `capitalizeFilterOptionValues`
 * capitalises each word and changes no other letter.
 */
function valueCapitals(label: string, f: ControllerSettings['filter']): string {
  const force = f.forceCapitalizeFilterOptionValues;
  const low = force || f.capitalizeFirstLetterFilterOptionValues ? label.toLowerCase() : label;
  if (!force && f.capitalizeFirstLetterFilterOptionValues) return low.charAt(0).toUpperCase() + low.slice(1);
  return force || f.capitalizeFilterOptionValues ? low.replace(/(^|\s)\S/gu, (m) => m.toUpperCase()) : low;
}

/** The label of each value of the wire option `o`, as its settings and the owner's say. */
export function valueTexts(o: Rec, settings: ControllerSettings): (label: string) => string {
  const prefix = str(o.prefix);
  const removes = str(o.removeTextFilterValues).split(',').map((s) => s.trim()).filter(Boolean);
  const replaces = str(o.replaceTextFilterValues)
    .split(',')
    .map((pair) => pair.split(':'))
    .filter((p): p is [string, string] => p.length === 2 && !!p[0]);
  const upper = o.displayAllValuesInUppercaseForm === true;
  return (raw) => {
    let label = stripHtml(raw);
    if (prefix && label.startsWith(prefix)) label = label.slice(prefix.length);
    for (const r of removes) label = label.split(r).join('');
    for (const [from, to] of replaces) label = label.split(from).join(to);
    label = label.trim();
    // The option's all-capitals form wins over the owner's capitals, as in both originals.
    return upper ? label.toUpperCase() : valueCapitals(label, settings.filter);
  };
}

/** What `valueTexts` is, as an option builder part. */
export type ValueTexts = typeof valueTexts;
