import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveSelection } from './move-selection';

describe('moveSelection', () => {
  it('[S4.6] moves Down and Up through the rows, wrapping to none', () => {
    expect([moveSelection(-1, 3, 'down'), moveSelection(0, 3, 'down'), moveSelection(2, 3, 'down')]).toEqual([0, 1, -1]);
    expect([moveSelection(-1, 3, 'up'), moveSelection(2, 3, 'up'), moveSelection(0, 3, 'up')]).toEqual([2, 1, -1]);
    expect(moveSelection(-1, 0, 'down')).toBe(-1);
    expect(moveSelection(9, 3, 'down')).toBe(0);
  });

  it('[S4.6] returns to none after count + 1 presses in one direction (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.constantFrom('down' as const, 'up' as const), (count, dir) => {
        let i = -1;
        const seen: number[] = [];
        for (let k = 0; k < count; k++) seen.push((i = moveSelection(i, count, dir)));
        expect(new Set(seen).size).toBe(count);
        expect(moveSelection(i, count, dir)).toBe(-1);
      }),
    );
  });
});
