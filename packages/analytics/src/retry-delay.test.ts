import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelay } from './retry-delay';

describe('retryDelay', () => {
  it('doubles from base, caps at max, and jitters within the upper half', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 100, 1000, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 100, 1000, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('stays within [d/2, d] for any failure count and random value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
        const d = retryDelay(n, 1000, 60_000, () => r);
        const cap = Math.min(60_000, 1000 * 2 ** Math.min(n - 1, 30));
        expect(d).toBeGreaterThanOrEqual(cap / 2);
        expect(d).toBeLessThanOrEqual(cap);
      }),
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });
  it('gives null for absent or unreadable values and never throws', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    fc.assert(fc.property(fc.string(), (s) => {
      const v = parseRetryAfter(s, now);
      expect(v === null || (Number.isFinite(v) && v >= 0)).toBe(true);
    }));
  });
});
