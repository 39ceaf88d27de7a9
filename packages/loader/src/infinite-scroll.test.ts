import { describe, expect, it } from 'vitest';
import { INFINITE_BOTTOM_THRESHOLD_PX, sentinelReached } from './infinite-scroll';

describe('sentinelReached', () => {
  it('[S9.16] loads the next page once the end of the list is within 100 px of the viewport bottom, or past it', () => {
    expect(INFINITE_BOTTOM_THRESHOLD_PX).toBe(100);
    expect(sentinelReached(1001, 900)).toBe(false);
    expect(sentinelReached(1000, 900)).toBe(true);
    expect(sentinelReached(400, 900)).toBe(true);
    expect(sentinelReached(-600, 900)).toBe(true); // jumped past it (a sidebar taller than the list)
  });
});
