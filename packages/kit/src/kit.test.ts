import { describe, expect, it, vi } from 'vitest';
import { createStore, createWarn, deepFreeze, seededRandom } from './index';

describe('createStore', () => {
  it('hands out frozen snapshots, calls listeners after each change and not for the same object', () => {
    const store = createStore({ items: [{ id: 1 }], open: false }, { freeze: deepFreeze });
    const heard: boolean[] = [];
    const stop = store.subscribe(() => heard.push(store.getSnapshot().open));
    const first = store.getSnapshot();
    expect(Object.isFrozen(first.items[0])).toBe(true);
    store.update({ open: true });
    store.set(store.getSnapshot());
    expect(heard).toEqual([true]);
    expect(store.getSnapshot()).not.toBe(first);
    expect(first.open).toBe(false);
    stop();
    store.update({ open: false });
    expect(heard).toEqual([true]);
  });

  it('calls the listeners present when the change happened, even if one unsubscribes another', () => {
    const store = createStore(0);
    const calls: string[] = [];
    let stopB = (): void => {};
    store.subscribe(() => (calls.push('a'), stopB()));
    stopB = store.subscribe(() => calls.push('b'));
    store.set(1);
    store.set(2);
    expect(calls).toEqual(['a', 'b', 'a']);
    store.destroy();
    store.set(3);
    expect(calls).toHaveLength(3);
  });

  it('freezes shallowly by default', () => {
    const snapshot = createStore({ rows: [1, 2, 3] }).getSnapshot();
    expect([Object.isFrozen(snapshot), Object.isFrozen(snapshot.rows)]).toEqual([true, false]);
  });
});

describe('deepFreeze and createWarn', () => {
  it('freezes nested objects and arrays, handles cycles and primitives', () => {
    const a: { b: { c: number[] }; self?: unknown } = { b: { c: [1] } };
    a.self = a;
    expect(deepFreeze(a)).toBe(a);
    expect([Object.isFrozen(a.b), Object.isFrozen(a.b.c)]).toEqual([true, true]);
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
  });

  it('prefixes warnings and never throws without a console', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createWarn('[@pkg/x]')('Careful.', 42);
    expect(spy).toHaveBeenCalledWith('[@pkg/x] Careful.', 42);
    spy.mockRestore();
    const saved = globalThis.console;
    try {
      (globalThis as { console?: unknown }).console = undefined;
      expect(() => createWarn('[@pkg/x]')('No console.')).not.toThrow();
    } finally {
      globalThis.console = saved;
    }
  });
});

describe('seededRandom', () => {
  it('gives the same sequence for the same seed (mulberry32), in [0, 1), and another for another seed', () => {
    const a = seededRandom(1);
    expect([a(), a(), a()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    const b = seededRandom(1);
    const c = seededRandom(2);
    const fromB = Array.from({ length: 1000 }, b);
    expect(fromB.slice(0, 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect(fromB.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(fromB).size).toBe(1000);
    expect(Array.from({ length: 3 }, c)).not.toEqual(fromB.slice(0, 3));
  });
});
