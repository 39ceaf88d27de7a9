// In-browser currency conversion (S1.5, wire-format.md). With multi-currency on and conversion
// done in the browser, the service answers in the shop's currency: prices and price options are
// shown in the shopper's currency (x `general.currency_rate`, which is shop -> shown), and price
// selections, made in the shown currency, are sent back in the shop's (/ the rate). Which options
// are price ones is the kind registry's one rule, `isPriceOption`.
import { isPriceOption } from './option-kind';
import { isRec, num, str, type Rec } from './read';
import type { ControllerSettings } from './settings';

/** The rate to apply in the browser: `general.currency_rate` when it converts there, else 1. */
export function browserRate(settings: ControllerSettings): number {
  const f = settings.filter;
  const rate = settings.general.currency_rate;
  return f.multiCurrency && f.convertPriceInBrowser && rate > 0 && Number.isFinite(rate) ? rate : 1;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** An amount in the shop's currency, shown in the shopper's. */
export const toShownCurrency = (amount: number, rate: number): number => (rate === 1 ? amount : round2(amount * rate));

/**
 * The service's price options (`isPriceOption` by the id, as `priceSelectionsToShop` reads them, so
 * that both sides convert the same options) in the shown currency: range bounds (`{ min, max }`)
 * and price buckets (`from`, `to`) times the rate. Other options, and everything at rate 1, are returned as
 * they are. Never mutates its input.
 */
export function priceOptionsToShown(options: readonly unknown[], settings: ControllerSettings): readonly unknown[] {
  const rate = browserRate(settings);
  if (rate === 1) return options;
  const conv = (v: Rec, keys: readonly string[]): Rec => {
    const out: Rec = { ...v };
    for (const k of keys) {
      const n = num(v[k]);
      if (n !== null) out[k] = toShownCurrency(n, rate);
    }
    return out;
  };
  return options.map((o) => {
    if (!isRec(o) || !isPriceOption(settings, str(o.filterOptionId))) return o;
    const values = o.values;
    return { ...o, values: Array.isArray(values) ? values.map((v) => (isRec(v) ? conv(v, ['from', 'to']) : v)) : isRec(values) ? conv(values, ['min', 'max']) : values };
  });
}

/**
 * Price selections (`min:max`, either end empty) from the shown currency back to the shop's,
 * the one direction the service reads (rate 0.5: a 10:50 selection is sent as 20:100). Which keys
 * are price options: `isPriceOption` by the id alone (its family, `<prefix>p_` or `<prefix>vp_`).
 */
export function priceSelectionsToShop(settings: ControllerSettings, filters: Record<string, readonly string[]>): Record<string, readonly string[]> {
  const rate = browserRate(settings);
  if (rate === 1) return filters;
  // Each end that is a number (joined back as text); an empty (open) end or any other text is sent as it is.
  const toShop = (end: string): string | number => {
    const n = num(end);
    return n === null ? end : round2(n / rate);
  };
  const out: Record<string, readonly string[]> = {};
  for (const [k, values] of Object.entries(filters)) out[k] = isPriceOption(settings, k) ? values.map((v) => v.split(':').map(toShop).join(':')) : values;
  return out;
}
