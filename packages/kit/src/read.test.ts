import { describe, expect, it } from 'vitest';
import { arr, isRec } from './index';

describe('tolerant readers', () => {
  it('isRec is true for plain objects only', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRec)).toEqual([true, true, true]);
    expect([null, undefined, [], [1], 'a', 1, true, () => {}].map(isRec)).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('arr gives the array itself, else an empty one', () => {
    const list = [1, 'a'];
    expect(arr(list)).toBe(list);
    expect([null, undefined, {}, 'ab', 3, { length: 2 }].map(arr)).toEqual([[], [], [], [], [], []]);
  });
});
