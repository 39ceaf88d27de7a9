import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, compareNatural, escapeHtml, slugify, tokenize, typoBudget } from './text';

/** Optimal string alignment distance, the plain dynamic programme. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('text helpers', () => {
  it('bounded edit distance equals the plain distance, capped at max + 1', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 }), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(boundedEditDistance(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
      }),
      { numRuns: 2000 },
    );
  });
  it('typo budget: none below 4 letters, 1 for 4-7, 2 from 8', () => {
    expect([3, 4, 7, 8, 12].map((n) => typoBudget('x'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
  });
  it('tokenizes folded words, keeping + only when asked', () => {
    expect(tokenize('Café CRÈME, 2-pack')).toEqual(['cafe', 'creme', '2', 'pack']);
    expect(tokenize('C++ guide', true)).toEqual(['c++', 'guide']);
    expect(tokenize('C++ guide')).toEqual(['c', 'guide']);
  });
  it('[F3.7] compares keys naturally', () => {
    expect(['Size 10', 'size 2', 'Size 1'].sort(compareNatural)).toEqual(['Size 1', 'size 2', 'Size 10']);
  });
  it('escapes and slugifies', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(slugify('Hoodies & Sweatshirts')).toBe('hoodies-sweatshirts');
  });
});
