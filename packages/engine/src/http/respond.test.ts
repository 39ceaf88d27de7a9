import { describe, expect, it } from 'vitest';
import { respond, respondInSlices, SERIALISE_SLICE } from './respond';

const page = (n: number) => ({
  total_product: n,
  skipped: undefined,
  products: Array.from({ length: n }, (_, i) => ({ id: i, title: `P "${i}" <b>`, gone: undefined, tags: ['a', 'b'] })),
  filter: { options: [{ label: 'products', values: [] }] },
});

describe('respondInSlices', () => {
  it('gives the same bytes as respond, JSON and JSONP', async () => {
    for (const n of [0, SERIALISE_SLICE, SERIALISE_SLICE + 1, 250]) {
      expect(await respondInSlices(200, page(n), null, { x: '1' })).toEqual(respond(200, page(n), null, { x: '1' }));
      expect(await respondInSlices(200, page(n), 'cb')).toEqual(respond(200, page(n), 'cb'));
    }
    expect(await respondInSlices(200, [1, 2], null)).toEqual(respond(200, [1, 2], null));
  });
  it('gives the event loop a turn between slices of a big page', async () => {
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (turns < 100) setImmediate(tick);
    };
    setImmediate(tick);
    const before = turns;
    await respondInSlices(200, page(250), null);
    // 250 products in slices of 50: four turns in between.
    expect(turns - before).toBeGreaterThanOrEqual(Math.ceil(250 / SERIALISE_SLICE) - 1);
  });
});
