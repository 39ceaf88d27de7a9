// Price labels through @pkg/money with the shop's format, currency and rounding rule.
import { formatMoney, type FormatMoneyOptions } from '@pkg/money';
import type { ControllerSettings } from './settings';

/** The currency amounts are formatted in and its rounding rule (`moneyOptionsFor`). */
export type MoneyOptions = Pick<FormatMoneyOptions, 'currency' | 'rounding'>;

/**
 * The currency of the amounts and its rounding rule (S1.7, wire-format.md: only with multi-currency
 * on and a rule for the currency). Rules are keyed by currency code in any case (`eur` is found for
 * `EUR`). Every price a shopper sees goes through these options: range labels and chips here,
 * and in react-ui every `Price` (listing, suggestions, sliders, mini cart, quick view) through its
 * money context. The amounts are in the shown currency (`general.current_currency`) unless
 * `converted` is false: amounts as the service sent them (a controller whose reader does not
 * convert, such as `readFilterAnswer`) are in the shop's currency (`shop.currency`) while the
 * browser converts (`filter.multiCurrency` and `filter.convertPriceInBrowser`, S1.5), and are
 * formatted as the shop's amounts (its decimals, its rule).
 */
export function moneyOptionsFor(settings: ControllerSettings, converted = true): MoneyOptions {
  const f = settings.filter;
  const currency = ((converted || !(f.multiCurrency && f.convertPriceInBrowser)) && settings.general.current_currency) || settings.shop.currency;
  const code = currency.toLowerCase();
  const key = f.multiCurrency ? Object.keys(f.currencyRoundingRules).find((k) => k.toLowerCase() === code) : undefined;
  // A rule is a positive finite number (NaN and Infinity fail both tests).
  const rule = key === undefined ? 0 : Number(f.currencyRoundingRules[key]);
  return rule > 0 && rule < Infinity ? { currency, rounding: rule } : { currency };
}

/**
 * The range labels' formatter (price values, slider labels, refine-by chips) for major-unit
 * amounts in the shown currency (or in the currency `money` names: `moneyOptionsFor(settings,
 * false)` for amounts the browser did not convert). `short` enables K/M (S1.8); the owner's
 * `removePriceDecimal` cuts the digits after the decimal mark. `scale` formats a slider scale's labels.
 */
export function createPriceFormatter(settings: ControllerSettings, short = false, scale = false, money: MoneyOptions = moneyOptionsFor(settings)): (amount: number) => string {
  // A slider's scale (`scale`): amounts to the owner's `decimalPriceRange` decimals, none cutting the fraction.
  const d = Math.min(6, Math.max(0, settings.filter.decimalPriceRange)) || 0;
  const options = { ...money, short, removeDecimals: settings.filter.removePriceDecimal || (scale && !d) };
  return (amount) => formatMoney(scale ? Number(amount.toFixed(d)) : amount, settings.shop.money_format, options);
}
