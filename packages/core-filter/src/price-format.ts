// Price labels through @pkg/money with the shop's format, currency and rounding rule.
import { formatMoney, parseAmount, type FormatMoneyOptions } from '@pkg/money';
import type { Settings } from './settings';

/**
 * The currency shown and its rounding rule (S1.7, wire-format.md: only with multi-currency on and
 * a rule for the currency). Rules are keyed by currency code in any case (`eur` is found for
 * `EUR`). Every price a shopper sees goes through these options: range labels and chips here,
 * and in react-ui every `Price` (listing, suggestions, sliders, mini cart, quick view) through its
 * money context.
 */
export function moneyOptionsFor(settings: Settings): Pick<FormatMoneyOptions, 'currency' | 'rounding'> {
  const currency = settings.general.current_currency || settings.shop.currency;
  if (!settings.filter.multiCurrency) return { currency };
  const rules = settings.filter.currencyRoundingRules;
  const code = currency.toLowerCase();
  const key = Object.keys(rules).find((k) => k.toLowerCase() === code);
  const rule = key === undefined ? undefined : Number(rules[key]);
  return rule !== undefined && Number.isFinite(rule) && rule > 0 ? { currency, rounding: rule } : { currency };
}

/**
 * The range labels' formatter (price values, slider labels, refine-by chips) for major-unit
 * amounts in the shown currency. `short` enables K/M (S1.8); the owner's `removePriceDecimal`
 * cuts the digits after the decimal mark. `scale` formats a slider scale's labels.
 */
export function createPriceFormatter(settings: Settings, short = false, scale = false): (amount: number) => string {
  // A slider's scale (`scale`): amounts to the owner's `decimalPriceRange` decimals, none cutting the fraction.
  const d = Math.min(6, Math.max(0, settings.filter.decimalPriceRange)) || 0;
  const options = { ...moneyOptionsFor(settings), short, removeDecimals: settings.filter.removePriceDecimal || (scale && !d) };
  return (amount) => formatMoney(scale ? Number(amount.toFixed(d)) : amount, settings.shop.money_format, options);
}

/** Reads a typed-in amount (F5.5); null when there is no number. */
export function readAmount(text: unknown): number | null {
  return parseAmount(text);
}
