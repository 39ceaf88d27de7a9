// The automatic buckets of the price, weight and percent-sale options (autoBuckets), on any range a
// catalogue can bring, hostile prices included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoBuckets } from './facet-values';

/** Checks the buckets of [min, max]: at most seven, ascending round bounds, every value in one, the last open. */
function checkBuckets(min: number, max: number, unit: number): void {
  const b = autoBuckets(min, max, unit);
  expect(b.length).toBeGreaterThanOrEqual(1);
  expect(b.length).toBeLessThanOrEqual(7);
  const last = b[b.length - 1] as [number | null, number | null];
  expect(last[1]).toBeNull();
  if (!(max > min) || !Number.isFinite(max - min) || b[0]?.[0] === null) {
    // No width, or a range at the ends of the doubles: one open bucket.
    expect(b).toEqual([[null, null]]);
    if (max > min && Number.isFinite(max - min)) expect(Math.max(-min, max)).toBeGreaterThan(1e307);
    return;
  }
  b.forEach(([from, to], i) => {
    expect(Number.isFinite(from)).toBe(true);
    if (i < b.length - 1) {
      expect(Number.isFinite(to)).toBe(true);
      expect(from as number).toBeLessThan((b[i + 1] as [number, number])[0]);
    }
  });
  // The first starts at or below the cheapest value, the last at or below the dearest.
  expect(b[0]?.[0] as number).toBeLessThanOrEqual(min);
  expect(last[0] as number).toBeLessThanOrEqual(max);
}

describe('automatic buckets (autoBuckets)', () => {
  it('gives round steps over an everyday price range, each ending a unit below the next', () => {
    // (To the cent: the bounds are sums and products of doubles, 99.99000000000001 for 99.99.)
    const cents = (min: number, max: number, unit: number) => autoBuckets(min, max, unit).map((b) => b.map((x) => (x === null ? null : Math.round(x * 100) / 100)));
    expect(cents(0, 1, 0.01)).toEqual([[0, 0.19], [0.2, 0.39], [0.4, 0.59], [0.6, 0.79], [0.8, 0.99], [1, null]]);
    expect(cents(12, 480, 0.01)).toEqual([[0, 99.99], [100, 199.99], [200, 299.99], [300, 399.99], [400, null]]);
    expect(cents(0, 100, 1)).toEqual([[0, 19], [20, 39], [40, 59], [60, 79], [80, 99], [100, null]]);
    // A range narrower than five units: steps of one unit.
    expect(cents(10, 10.02, 0.01)).toEqual([[10, 10], [10.01, 10.01], [10.02, null]]);
  });

  it('ends, with at most seven buckets, on hostile ranges: a few doubles apart, near the largest double, wider than it, or with no width', () => {
    // Before: prices 3 and 3.0000000000000004 looped until the heap ran out.
    checkBuckets(3, 3.0000000000000004, 0.01);
    checkBuckets(1e300, 1.0000000000000002e300, 0.01);
    checkBuckets(-5, 1e308, 0.01);
    checkBuckets(-1.7e308, 1.7e308, 0.01);
    checkBuckets(0, 5e-324, 1);
    checkBuckets(7, 7, 0.01);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0.01, 1), (a, b, unit) => {
        checkBuckets(Math.min(a, b), Math.max(a, b), unit);
      }),
      { numRuns: 2000 },
    );
  });
});
