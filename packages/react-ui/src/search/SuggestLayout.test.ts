import { describe, expect, it } from 'vitest';
import { layoutStyle } from './SuggestDropdown';

describe('layoutStyle', () => {
  it('[S4.10] a right-aligned dropdown sets left to auto so the stylesheet offset cannot stretch it', () => {
    const style = layoutStyle({ position: 'absolute', top: 52, left: null, right: 0, width: 600, maxWidth: 850, maxHeight: 640, productsPerRow: 3 } as Parameters<typeof layoutStyle>[0]);
    expect(style.left).toBe('auto');
    expect(style.right).toBe('0px');
    const left = layoutStyle({ position: 'absolute', top: 52, left: 10, right: null, width: 600, maxWidth: 850, maxHeight: 640, productsPerRow: 3 } as Parameters<typeof layoutStyle>[0]);
    expect(left.left).toBe('10px');
    expect(left.right).toBeUndefined();
  });
});
