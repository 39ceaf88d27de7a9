import type { Store } from '@pkg/kit';
import { useRef, useSyncExternalStore } from 'react';

/** The contract every core service of the toolkit keeps: @pkg/kit's `Store`. */
export type ExternalStore<S> = Store<S>;

/**
 * Binds a core store to React with one `useSyncExternalStore` call. With a selector the
 * component re-renders only when its own slice changes (compared with `isEqual`, `Object.is`
 * by default), which is what keeps large filter trees fast.
 */
export function useStore<S>(store: ExternalStore<S>): S;
export function useStore<S, T>(store: ExternalStore<S>, selector: (snapshot: S) => T, isEqual?: (a: T, b: T) => boolean): T;
export function useStore<S, T>(store: ExternalStore<S>, selector?: (snapshot: S) => T, isEqual: (a: T, b: T) => boolean = Object.is): S | T {
  const last = useRef<{ snapshot: S; value: S | T } | null>(null);
  // The selector and comparator are read on every snapshot change; callers need not memoise.
  const select = (snapshot: S): S | T => {
    if (!selector) return snapshot;
    const prev = last.current;
    if (prev && prev.snapshot === snapshot) return prev.value;
    const next = selector(snapshot);
    const value = prev && isEqual(prev.value as T, next) ? prev.value : next;
    last.current = { snapshot, value };
    return value;
  };
  const getSnapshot = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** Shallow equality for selectors that return small objects or arrays. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
