import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundCurrency } from './round-currency';

/** The options of rule S1.7. */
const RULES = [0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1, 25, 50, 75, 90, 95, 99, 100, 250, 500, 750, 900, 950, 999, 1000];
/** Our reading of each rule: the step between two allowed prices and the remainder they share. */
const MEANING: Record<number, [step: number, rest: number]> = {
  0.25: [1, 0.25], 0.5: [1, 0.5], 0.75: [1, 0.75], 0.9: [1, 0.9], 0.95: [1, 0.95], 0.99: [1, 0.99],
  1: [1, 0], 25: [25, 0], 50: [50, 0], 75: [100, 75], 90: [100, 90], 95: [100, 95], 99: [100, 99],
  100: [100, 0], 250: [250, 0], 500: [500, 0], 750: [1000, 750], 900: [1000, 900], 950: [1000, 950],
  999: [1000, 999], 1000: [1000, 0],
};
const cents = (n: number) => Math.round(n * 100);

describe('roundCurrency', () => {
  it('[S1.7] a rule below 1 keeps the whole part, moves up when the fraction is above it, sets the fraction', () => {
    expect(roundCurrency(12.3, 0.95)).toBe(12.95);
    expect(roundCurrency(12.97, 0.95)).toBe(13.95);
    expect(roundCurrency(12.95, 0.95)).toBe(12.95);
    expect(roundCurrency(13, 0.95)).toBe(13.95);
    expect(roundCurrency(0.01, 0.95)).toBe(0.95);
  });

  it.each([
    [0.25, 12.1, 12.25], [0.25, 12.3, 13.25],
    [0.5, 12.3, 12.5], [0.5, 12.51, 13.5],
    [0.75, 12.75, 12.75], [0.75, 12.76, 13.75],
    [0.9, 12.3, 12.9], [0.9, 12.91, 13.9],
    [0.95, 12.3, 12.95], [0.95, 12.97, 13.95],
    [0.99, 12.3, 12.99], [0.99, 12.995, 13.99],
    [1, 12.01, 13], [1, 12, 12],
    [25, 101, 125], [25, 125, 125], [25, 12.3, 25],
    [50, 101, 150], [50, 151, 200],
    [75, 101, 175], [75, 176, 275], [75, 75, 75],
    [90, 12.3, 90], [90, 190.01, 290],
    [95, 120, 195], [95, 195, 195],
    [99, 120, 199], [99, 199.5, 299],
    [100, 101, 200], [100, 12.3, 100], [100, 300, 300],
    [250, 1201, 1250], [250, 1251, 1500],
    [500, 1201, 1500], [500, 1501, 2000],
    [750, 1201, 1750], [750, 1751, 2750],
    [900, 1201, 1900], [900, 1900.5, 2900],
    [950, 1201, 1950], [950, 12, 950],
    [999, 1200, 1999], [999, 1999, 1999], [999, 2000, 2999],
    [1000, 1201, 2000], [1000, 1000, 1000],
  ])('[S1.7] rule %s: %s -> %s', (rule, amount, expected) => {
    expect(roundCurrency(amount, rule)).toBe(expected);
  });

  it('[S1.7] reads rules given as strings', () => {
    expect(roundCurrency(12.3, '.95')).toBe(12.95);
    expect(roundCurrency(120, '99')).toBe(199);
  });

  it('[S1.7] leaves zero, negative and non-finite amounts and invalid rules alone', () => {
    expect(roundCurrency(0, 0.95)).toBe(0);
    expect(roundCurrency(-5, 1)).toBe(-5);
    expect(roundCurrency(NaN, 1)).toBeNaN();
    expect(roundCurrency(Infinity, 1)).toBe(Infinity);
    for (const rule of [0, -1, NaN, Infinity, null, undefined, 'abc', '', 0.001]) {
      expect(roundCurrency(12.3, rule)).toBe(12.3);
    }
  });

  it('[S1.7] huge amounts stay as they are rather than going below', () => {
    expect(roundCurrency(1e300, 0.95)).toBe(1e300);
    expect(roundCurrency(1e21, 999)).toBeGreaterThanOrEqual(1e21);
  });

  it.each(RULES)('[S1.7] property: rule %s never goes below the input, is monotone, idempotent and lands on the rule', (rule) => {
    const [step, rest] = MEANING[rule] as [number, number];
    const amount = fc.double({ min: 0.01, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const r = roundCurrency(low, rule);
        expect(r).toBeGreaterThanOrEqual(low);
        expect(roundCurrency(high, rule)).toBeGreaterThanOrEqual(r);
        expect(roundCurrency(r, rule)).toBe(r);
        // On the rule's grid, in cents to avoid float noise: r = k * step + rest.
        expect((cents(r) - cents(rest)) % cents(step)).toBe(0);
        // And the smallest such price: one step lower is below the input.
        expect(r - step).toBeLessThan(low);
      }),
      { numRuns: 1000 },
    );
  });
});
