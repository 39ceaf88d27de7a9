import { describe, expect, it } from 'vitest';
import { isViewAllShown } from './is-view-all-shown';

describe('isViewAllShown', () => {
  it('[S5.5] shows the view-all row only when the total is above the product block number and non-zero', () => {
    expect(isViewAllShown(7, 6)).toBe(true);
    expect(isViewAllShown(6, 6)).toBe(false);
    expect(isViewAllShown(0, 0)).toBe(false);
    expect(isViewAllShown(1, 0)).toBe(true);
  });
});
