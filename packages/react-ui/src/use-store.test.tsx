import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shallowEqual, useStore, type ExternalStore } from './use-store';

function createCounterStore() {
  let state = { a: 0, b: 0 };
  const listeners = new Set<() => void>();
  const store: ExternalStore<typeof state> & { set(next: Partial<typeof state>): void } = {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => state,
    set(next) {
      state = { ...state, ...next };
      listeners.forEach((l) => l());
    },
  };
  return store;
}

describe('useStore', () => {
  it('re-renders a component only when its selected slice changes', () => {
    const store = createCounterStore();
    const renders = { a: 0, b: 0 };
    function A() {
      renders.a++;
      return <span data-testid="a">{useStore(store, (s) => s.a)}</span>;
    }
    function B() {
      renders.b++;
      return <span data-testid="b">{useStore(store, (s) => s.b)}</span>;
    }
    const { getByTestId } = render(
      <>
        <A />
        <B />
      </>,
    );
    expect(renders).toEqual({ a: 1, b: 1 });
    act(() => store.set({ a: 1 }));
    expect(getByTestId('a').textContent).toBe('1');
    expect(renders).toEqual({ a: 2, b: 1 });
    act(() => store.set({ b: 5 }));
    expect(renders).toEqual({ a: 2, b: 2 });
    expect(getByTestId('b').textContent).toBe('5');
  });

  it('keeps the previous value when a custom comparator says the slice is equal', () => {
    const store = createCounterStore();
    let renders = 0;
    function Pair() {
      renders++;
      const v = useStore(store, (s) => ({ a: s.a }), shallowEqual);
      return <span>{v.a}</span>;
    }
    render(<Pair />);
    act(() => store.set({ b: 1 }));
    act(() => store.set({ b: 2 }));
    expect(renders).toBe(1);
  });
});
