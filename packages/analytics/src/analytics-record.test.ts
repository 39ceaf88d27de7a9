import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIONS, SOURCES, readRecord } from './analytics-record';

const good = { id: 'r1', tid: 'shop.test', pid: '1', t: '2026-01-01T00:00:00.000Z', u: 'quick_view', a: 'suggest', qs: '', r: '', sid: 's' };

describe('readRecord', () => {
  it('[F3.16, F7.2] keeps a well-formed record (only its fields) and the listed actions and sources', () => {
    expect(ACTIONS).toEqual(['view_product', 'quick_view', 'add_to_cart', 'buy_now']);
    expect(SOURCES).toEqual(['filter', 'search', 'suggest']);
    expect(readRecord({ ...good, ct: 'old', extra: 1 })).toEqual(good);
    const input = { ...good };
    expect(readRecord(input)).not.toBe(input);
  });
  it('rejects malformed entries', () => {
    expect(readRecord({ ...good, u: 'click' })).toBeNull();
    expect(readRecord({ ...good, a: 'home' })).toBeNull();
    expect(readRecord({ ...good, id: '' })).toBeNull();
    expect(readRecord({ ...good, pid: 1 })).toBeNull();
    const { sid: _sid, ...noSid } = good;
    expect(readRecord(noSid)).toBeNull();
    expect(readRecord('x')).toBeNull();
    expect(readRecord(null)).toBeNull();
  });
  it('never throws on any stored value', () => {
    fc.assert(fc.property(fc.anything(), (v) => {
      const r = readRecord(v);
      expect(r === null || typeof r.id === 'string').toBe(true);
    }));
  });
});
