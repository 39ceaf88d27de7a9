import { deepFreeze } from './deep-freeze';

/**
 * The one store contract of every @pkg service (filter, suggest, cart, recently viewed,
 * settings, analytics status): React binds it with `useSyncExternalStore(store.subscribe,
 * store.getSnapshot)`, anything else calls the two methods directly.
 */
export interface Store<S> {
  /** Calls `listener` (with no arguments) after each change; returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: immutable, and the same object until the next change. */
  getSnapshot(): S;
}

/** A store its owner writes. Hand out only the {@link Store} part. */
export interface WritableStore<S> extends Store<S> {
  /** Replaces the snapshot (frozen deeply) and tells every listener; the same object changes nothing. */
  set(next: S): void;
  /** Shallow-merges `patch` into an object snapshot, then as `set`. */
  update(patch: Partial<S>): void;
  /** Forgets every listener (the owner is done). */
  destroy(): void;
}

/**
 * Creates a store holding `initial`. Snapshots are frozen deeply (pass `freeze: false` for data
 * frozen already or too large to walk); listeners added or removed while others run are
 * handled as of the change (each change calls the listeners present when it happened).
 */
export function createStore<S>(initial: S, options: { freeze?: boolean } = {}): WritableStore<S> {
  const freeze = options.freeze === false ? (s: S) => s : deepFreeze;
  const listeners = new Set<() => void>();
  let snapshot = freeze(initial);
  const set = (next: S): void => {
    if (Object.is(next, snapshot)) return;
    snapshot = freeze(next);
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    set,
    update: (patch) => set({ ...snapshot, ...patch }),
    destroy: () => listeners.clear(),
  };
}
