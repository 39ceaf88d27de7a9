import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { andInto, countBits, fromPostings } from './bitset';

describe('andInto', () => {
  it('writes the AND of two or more bitsets, its size, and its members while they are few enough', () => {
    const size = 100;
    const members = fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: size });
    fc.assert(
      fc.property(fc.array(members, { minLength: 2, maxLength: 5 }), fc.integer({ min: 0, max: 120 }), (lists, max) => {
        const out = new Uint32Array(4).fill(0xdeadbeef);
        const listed = new Uint32Array(size);
        const [n, complete] = andInto(lists.map((l) => fromPostings(size, l)), out, listed, max);
        const want = lists.reduce((acc, l) => acc.filter((d) => l.includes(d))).sort((a, b) => a - b);
        expect(n).toBe(want.length);
        expect(out).toEqual(fromPostings(size, want));
        expect(countBits(out)).toBe(n);
        expect(complete).toBe(n <= max);
        if (complete) expect([...listed.subarray(0, n)]).toEqual(want);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
