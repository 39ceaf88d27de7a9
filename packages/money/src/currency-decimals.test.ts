import { describe, expect, it } from 'vitest';
import { currencyDecimals, ZERO_DECIMAL_CURRENCIES } from './currency-decimals';

describe('currencyDecimals', () => {
  it('gives 0 for zero-decimal currencies in any case, 2 otherwise', () => {
    for (const code of ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'jpy', 'Krw']) expect(currencyDecimals(code)).toBe(0);
    for (const code of ['USD', 'EUR', 'GBP', 'KWD', '', 'nonsense', null, undefined]) expect(currencyDecimals(code)).toBe(2);
    expect(currencyDecimals()).toBe(2);
  });

  it('lists the ISO 4217 currencies whose minor unit is 0', () => {
    expect(ZERO_DECIMAL_CURRENCIES).toEqual(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
  });
});
