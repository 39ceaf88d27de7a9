import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCartToken } from './read-cart-token';

describe('readCartToken', () => {
  it('[F3.17, F7.3] reads token and item_count; an empty cart gives an empty token', () => {
    expect(readCartToken({ token: 'c1', item_count: 2, items: [] })).toBe('c1');
    expect(readCartToken({ token: '', item_count: 0 })).toBe('');
    expect(readCartToken({ token: null, item_count: 0 })).toBe('');
    expect(readCartToken({ item_count: 0 })).toBe('');
  });
  it('rejects what is not a cart answer, never throwing', () => {
    expect(readCartToken(null)).toBeNull();
    expect(readCartToken('c1')).toBeNull();
    expect(readCartToken({})).toBeNull();
    expect(readCartToken({ token: 5, item_count: 1 })).toBeNull();
    fc.assert(fc.property(fc.anything(), (v) => {
      const t = readCartToken(v);
      expect(t === null || typeof t === 'string').toBe(true);
    }));
  });
});
