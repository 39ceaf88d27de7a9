/**
 * The one store contract of every `@pkg` service (filter, suggest, cart, recently viewed,
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
  /** Replaces the snapshot (frozen) and tells every listener; the same object changes nothing. */
  set(next: S): void;
  /** Shallow-merges `patch` into an object snapshot, then as `set`. */
  update(patch: Partial<S>): void;
  /** Forgets every listener (the owner is done). */
  destroy(): void;
}

export interface StoreOptions<S> {
  /**
   * How each snapshot is made immutable: `Object.freeze` by default (enough for flat
   * snapshots); `deepFreeze` for nested ones.
   */
  readonly freeze?: (snapshot: S) => S;
}

/**
 * Creates a store holding `initial`. Each snapshot is frozen (`options.freeze`); listeners
 * added or removed while others run are handled as of the change (each change calls the
 * listeners present when it happened).
 */
export function createStore<S>(initial: S, options: StoreOptions<S> = {}): WritableStore<S> {
  const freeze: (snapshot: S) => S = options.freeze ?? ((snapshot) => Object.freeze(snapshot) as S);
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
    update: (patch) => set({ ...snapshot, ...patch } as S),
    destroy: () => listeners.clear(),
  };
}
