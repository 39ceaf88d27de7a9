import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UUID_V4, uuidV4 } from './uuid-v4';

describe('uuidV4', () => {
  it('[F3.18] formats any 16 bytes as a version 4, variant 10 UUID', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const id = uuidV4(bytes);
        expect(id).toMatch(UUID_V4);
        // every bit not reserved for version and variant comes from the input
        const hex = id.replace(/-/g, '');
        const back = Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
        expect(back.map((b, i) => (i === 6 ? b & 15 : i === 8 ? b & 63 : b))).toEqual(
          Array.from(bytes, (b, i) => (i === 6 ? b & 15 : i === 8 ? b & 63 : b)),
        );
      }),
    );
  });

  it('formats known bytes exactly', () => {
    expect(uuidV4(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(uuidV4(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidV4([])).toBe('00000000-0000-4000-8000-000000000000');
  });
});
