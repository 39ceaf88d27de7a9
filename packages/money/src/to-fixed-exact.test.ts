import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFixedExact } from './to-fixed-exact';

describe('toFixedExact', () => {
  it('rounds half up where toFixed shows binary artefacts', () => {
    expect(toFixedExact(1.005, 2)).toBe('1.01');
    expect(toFixedExact(0.125, 2)).toBe('0.13');
    expect(toFixedExact(8.345, 2)).toBe('8.35');
    expect(toFixedExact(1.45, 1)).toBe('1.5');
    expect(toFixedExact(0.5, 0)).toBe('1');
    expect(toFixedExact(0.49, 0)).toBe('0');
    expect(toFixedExact(9.995, 2)).toBe('10.00');
    expect(toFixedExact(0, 2)).toBe('0.00');
    expect(toFixedExact(5, 0)).toBe('5');
  });

  it('prints tiny values as zero and huge ones in full', () => {
    expect(toFixedExact(1e-7, 2)).toBe('0.00');
    expect(toFixedExact(1e21, 1)).toBe('1000000000000000000000.0');
    expect(toFixedExact(123456789012345.67, 2)).toBe('123456789012345.67');
  });

  it('property: equals half-up rounding of the decimal k / 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (k) => {
        const q = String(Math.floor((k + 5) / 10)).padStart(3, '0');
        expect(toFixedExact(k / 1000, 2)).toBe(`${q.slice(0, -2)}.${q.slice(-2)}`);
      }),
      { numRuns: 3000 },
    );
  });
});
