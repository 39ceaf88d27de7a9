import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenAmount } from './shorten-amount';

describe('shortenAmount', () => {
  it.each([
    [0, '0'], [950, '950'], [999.94, '999.9'], [999.96, '1K'],
    [1000, '1K'], [1049, '1K'], [1050, '1.1K'], [1250, '1.3K'], [12_345, '12.3K'], [999_949, '999.9K'],
    [999_950, '1M'], [1_000_000, '1M'], [2_500_000, '2.5M'], [1e9, '1000M'], [1e12, '1000000M'],
  ])('[S1.8] %s -> %s (K at 1000, M at 1e6)', (amount, text) => {
    expect(shortenAmount(amount)).toBe(text);
  });

  it('[S1.8] decimals and the decimal separator can be chosen', () => {
    expect(shortenAmount(1234, { decimals: 2 })).toBe('1.23K');
    expect(shortenAmount(1234, { decimals: 0 })).toBe('1K');
    expect(shortenAmount(1500, { decimal: ',' })).toBe('1,5K');
    expect(shortenAmount(1234567, { decimals: 9 })).toBe('1.234567M');
    expect(shortenAmount(1234, { decimals: -1 })).toBe('1K');
    expect(shortenAmount(1234, { decimals: NaN })).toBe('1K');
  });

  it('[S1.8] negative amounts keep their minus, unless they round to zero', () => {
    expect(shortenAmount(-1500)).toBe('-1.5K');
    expect(shortenAmount(-2e6)).toBe('-2M');
    expect(shortenAmount(-0.01)).toBe('0');
  });

  it('[S1.8] huge and non-finite amounts', () => {
    expect(shortenAmount(1e21)).toBe('1000000000000000M');
    expect(shortenAmount(NaN)).toBe('');
    expect(shortenAmount(Infinity)).toBe('');
    expect(shortenAmount(-Infinity)).toBe('');
  });

  it('[S1.8] property: the unit follows the rounded size and the text reads back within half a step', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (amount) => {
        const text = shortenAmount(amount);
        const match = /^(-?)(\d+(?:\.\d)?)([KM]?)$/.exec(text);
        expect(match).not.toBeNull();
        const [, , number = '', unit = ''] = match ?? [];
        const scale = unit === 'M' ? 1e6 : unit === 'K' ? 1e3 : 1;
        if (unit === 'K') expect(Number(number)).toBeLessThan(1000);
        if (unit === '') expect(Number(number)).toBeLessThan(1000);
        expect(Math.abs(Math.abs(amount) - Number(number) * scale)).toBeLessThanOrEqual(0.05 * scale * (1 + 1e-9));
      }),
      { numRuns: 3000 },
    );
  });
});
