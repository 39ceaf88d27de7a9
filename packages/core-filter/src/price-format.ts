// Price labels through @pkg/money with the shop's format, currency and rounding rule.
import { formatMoney, parseAmount } from '@pkg/money';
import type { Settings } from './settings';

/** A formatter for major-unit amounts in the shown currency. `short` enables K/M (S1.8). */
export function createPriceFormatter(settings: Settings, short = false): (amount: number) => string {
  const currency = settings.general.current_currency || settings.shop.currency;
  const rule = settings.filter.multiCurrency ? settings.filter.currencyRoundingRules[currency] : undefined;
  return (amount) =>
    formatMoney(amount, settings.shop.money_format, { currency, ...(rule !== undefined ? { rounding: rule } : {}), ...(short ? { short } : {}) });
}

/** Reads a typed-in amount (F5.5); null when there is no number. */
export function readAmount(text: unknown): number | null {
  return parseAmount(text);
}
