import { describe, expect, it } from 'vitest';
import { arr, describeValue, isRec, textsOver } from './index';

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

  it('describeValue names a wrong value by its type, and its text cut at 40 characters', () => {
    expect([null, undefined, [1, 2], { a: 1 }].map(describeValue)).toEqual(['null', 'undefined', 'an array', 'an object']);
    const fn = () => 'a function is named by the start of its code';
    expect(describeValue(fn)).toBe(`function ${String(fn).slice(0, 40)}`);
    expect([5, true, 'yes', 'say "hi"\n', 10n].map(describeValue)).toEqual(['number 5', 'boolean true', 'string "yes"', 'string "say \\"hi\\"\\n"', 'bigint 10']);
    const long = 'x'.repeat(39) + 'yz' + 'w'.repeat(100);
    expect(describeValue(long)).toBe(`string "${'x'.repeat(39)}y"`);
    expect(describeValue(Symbol('s'.repeat(60)))).toBe(`symbol Symbol(${'s'.repeat(33)}`);
  });

  it('textsOver takes the given strings under the defaults\' names only, and leaves the defaults as they were', () => {
    const defaults = Object.freeze({ viewAll: 'View all', close: 'Close', open: 'Open' });
    const out = textsOver(defaults, { viewAll: 'Tout voir', close: 3, other: 'x', open: null });
    expect(out).toEqual({ viewAll: 'Tout voir', close: 'Close', open: 'Open' });
    expect(defaults.viewAll).toBe('View all');
    expect(textsOver(defaults, {})).not.toBe(defaults);
  });

  it('textsOver reads a pair once: the same defaults and given texts give the same frozen object', () => {
    const ui = Object.freeze({ close: 'Close' });
    const listing = Object.freeze({ loadMore: 'Load more' });
    const labels = Object.freeze({ close: 'Fermer', loadMore: 'Plus' });
    const first = textsOver(ui, labels);
    // Two readers over the same labels, alternately (as one render of a page calls them).
    expect(textsOver(listing, labels)).toEqual({ loadMore: 'Plus' });
    expect(textsOver(ui, labels)).toBe(first);
    expect(textsOver(listing, labels)).toBe(textsOver(listing, labels));
    expect(Object.isFrozen(first)).toBe(true);
    // A new labels object is read anew.
    const next = textsOver(ui, { ...labels, close: 'Quitter' });
    expect(next).not.toBe(first);
    expect(next).toEqual({ close: 'Quitter' });
    // Nothing to key by (untyped callers): read each time, never a throw.
    expect(textsOver(ui, null as unknown as object)).toEqual({ close: 'Close' });
  });
});
