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
  // For values in whole units: the first starts at or below the cheapest, the last at or below the
  // dearest. (A value between two units, such as 0.595, is in no bucket, as "ends one unit below the
  // next" says; and the bounds are rounded to units.)
  const whole = (x: number) => Math.abs(x / unit - Math.round(x / unit)) < 1e-6;
  if (whole(min) && whole(max)) {
    expect(b[0]?.[0] as number).toBeLessThanOrEqual(min);
    expect(last[0] as number).toBeLessThanOrEqual(max);
  }
}

/** The bucket a value is in (from <= v <= to, the last open), or -1. */
const bucketOf = (b: Array<[number | null, number | null]>, v: number) => b.findIndex(([from, to]) => (from === null || v >= from) && (to === null || v <= to));

describe('automatic buckets (autoBuckets)', () => {
  it('gives round steps over an everyday price range, in whole units, each ending a unit below the next', () => {
    // (Whole cents: 0.2 + 0.2 + 0.2 made a bucket start at 0.6000000000000001, and 9999 x 0.01 end at 99.99000000000001.)
    expect(autoBuckets(0, 1, 0.01)).toEqual([[0, 0.19], [0.2, 0.39], [0.4, 0.59], [0.6, 0.79], [0.8, 0.99], [1, null]]);
    expect(autoBuckets(12, 480, 0.01)).toEqual([[0, 99.99], [100, 199.99], [200, 299.99], [300, 399.99], [400, null]]);
    expect(autoBuckets(0, 100, 1)).toEqual([[0, 19], [20, 39], [40, 59], [60, 79], [80, 99], [100, null]]);
    expect(autoBuckets(0.1, 0.7, 0.01)).toEqual([[0, 0.19], [0.2, 0.39], [0.4, 0.59], [0.6, null]]);
    // Steps of whole units only: 2.5 cents or 2.5 percent would start buckets between two units.
    expect(autoBuckets(-0.18, -0.06, 0.01)).toEqual([[-0.2, -0.16], [-0.15, -0.11], [-0.1, null]]);
    expect(autoBuckets(0, 12, 1)).toEqual([[0, 4], [5, 9], [10, null]]);
    expect(autoBuckets(3, 15, 0.01)).toEqual([[2.5, 4.99], [5, 7.49], [7.5, 9.99], [10, 12.49], [12.5, 14.99], [15, null]]);
    // A range narrower than five units: steps of one unit.
    expect(autoBuckets(10, 10.02, 0.01)).toEqual([[10, 10], [10.01, 10.01], [10.02, null]]);
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

  it('puts every price in whole cents (and every whole percent) in exactly one bucket', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e12 }), fc.integer({ min: -1e9, max: 1e12 }), fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0.01, 1), (a, b, at, unit) => {
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        const value = (k: number) => (unit === 1 ? k : k / 100);
        const buckets = autoBuckets(value(lo), value(hi), unit);
        for (const k of [lo, hi, lo + Math.floor(((hi - lo) * at) / 1000)]) {
          expect(bucketOf(buckets, value(k))).toBeGreaterThanOrEqual(0);
          expect(buckets.filter((_, i) => bucketOf([buckets[i] as [number | null, number | null]], value(k)) === 0).length).toBe(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
