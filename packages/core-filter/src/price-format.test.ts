import { describe, expect, it } from 'vitest';
import { parseAmount } from '@pkg/money';
import { createPriceFormatter, moneyOptionsFor } from './price-format';
import { createSettings } from './create-settings';

describe('price labels', () => {
  it('[S1.6] formats with the shop money format as plain text', () => {
    const f = createPriceFormatter(createSettings({ shop: { money_format: '<span class=money>&euro;{{amount_with_comma_separator}}</span>', currency: 'EUR' } }));
    expect(f(1234.5)).toBe('€1.234,50');
  });
  it('[S1.7] applies the currency rounding rule with multi-currency on', () => {
    const s = createSettings({ shop: { money_format: '{{amount}}' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { EUR: 0.95 } } });
    expect(createPriceFormatter(s)(12.3)).toBe('12.95');
    expect(createPriceFormatter(createSettings({ shop: { money_format: '{{amount}}' } }))(12.3)).toBe('12.30');
  });
  it('[S1.7] finds a rule keyed by the currency code in any case (eur for EUR, as shops store them)', () => {
    const s = createSettings({ shop: { money_format: '{{amount}}', currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: 0.95, usd: 1 } } });
    expect(moneyOptionsFor(s)).toEqual({ currency: 'EUR', rounding: 0.95 });
    expect(createPriceFormatter(s)(12.97)).toBe('13.95');
    const lower = createSettings({ shop: { money_format: '{{amount}}' }, general: { current_currency: 'usd' }, filter: { multiCurrency: true, currencyRoundingRules: { USD: 100 } } });
    expect(createPriceFormatter(lower)(1234)).toBe('1,300.00');
    // No rule without multi-currency, and none for another currency.
    expect(moneyOptionsFor(createSettings({ general: { current_currency: 'EUR' }, filter: { currencyRoundingRules: { eur: 0.95 } } }))).toEqual({ currency: 'EUR' });
    expect(moneyOptionsFor(createSettings({ general: { current_currency: 'GBP' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } }))).toEqual({ currency: 'GBP' });
  });
  it('[S1.5, S1.7] amounts the browser did not convert (converted: false) are the shop\'s while it converts: its currency, decimals and rule', () => {
    const input = (filter: Record<string, unknown>) => createSettings({ shop: { money_format: '{{amount}}', currency: 'USD' }, general: { current_currency: 'JPY', currency_rate: 150 }, filter: { multiCurrency: true, currencyRoundingRules: { jpy: 100, usd: 0.99 }, ...filter } });
    const converting = input({ convertPriceInBrowser: true });
    expect(moneyOptionsFor(converting)).toEqual({ currency: 'JPY', rounding: 100 });
    expect(moneyOptionsFor(converting, false)).toEqual({ currency: 'USD', rounding: 0.99 });
    expect(createPriceFormatter(converting, false, false, moneyOptionsFor(converting, false))(12.3)).toBe('12.99');
    expect(createPriceFormatter(converting)(1234)).toBe('1,300');
    // The service converts (no conversion in the browser): the amounts are the shopper's either way.
    expect(moneyOptionsFor(input({}), false)).toEqual({ currency: 'JPY', rounding: 100 });
    // A rule that is not a positive finite number is no rule.
    for (const rule of [0, -1, 'x', Infinity, null]) expect(moneyOptionsFor(createSettings({ general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: rule as number } } }))).toEqual({ currency: 'EUR' });
  });
  it('a slider scale\'s labels have decimalPriceRange decimals: none by default (the fraction cut), the amount rounded first', () => {
    const s = (filter: Record<string, unknown> = {}) => createSettings({ shop: { money_format: '${{amount}}' }, filter });
    expect([12.5, 1000, 33.333].map(createPriceFormatter(s(), false, true))).toEqual(['$13', '$1,000', '$33']);
    expect([12.5, 33.333].map(createPriceFormatter(s({ decimalPriceRange: 1 }), false, true))).toEqual(['$12.50', '$33.30']);
    expect(createPriceFormatter(s({ decimalPriceRange: 2 }), true, true)(2500)).toBe('$2.5K');
    // Out of range settings are held to 0..6 decimals, never a thrown error.
    expect(createPriceFormatter(s({ decimalPriceRange: 99 }), false, true)(1.5)).toBe('$1.50');
    expect(createPriceFormatter(s({ decimalPriceRange: -3 }), false, true)(1.5)).toBe('$2');
    // The bounds' and chips' formatter is unchanged.
    expect(createPriceFormatter(s())(12.5)).toBe('$12.50');
  });
  it('[S1.8] range labels can shorten with K and M', () => {
    const f = createPriceFormatter(createSettings({ shop: { money_format: '${{amount_no_decimals}}' } }), true);
    expect(f(1500)).toMatch(/^\$1\.5K$/);
    expect(f(2000000)).toMatch(/^\$2M$/);
  });
  it('removePriceDecimal cuts the decimals of range labels only (the owner setting general.removePriceDecimal), after the rounding rule', () => {
    const s = createSettings({ shop: { money_format: '${{amount}}' }, general: { current_currency: 'USD' }, filter: { removePriceDecimal: true, multiCurrency: true, currencyRoundingRules: { usd: 0.99 } } });
    expect(createPriceFormatter(s)(12.3)).toBe('$12');
    expect(createPriceFormatter(s, true)(999)).toBe('$999');
    // The money options every other price uses are unchanged: cards keep their decimals.
    expect(moneyOptionsFor(s)).toEqual({ currency: 'USD', rounding: 0.99 });
    expect(createPriceFormatter(createSettings({ shop: { money_format: '${{amount}}' } }))(12.99)).toBe('$12.99');
  });
  it('[F5.5] reads typed amounts with separators (the reader range inputs use)', () => {
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
  });
});
