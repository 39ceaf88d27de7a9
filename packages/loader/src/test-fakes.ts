// Test fakes shared by the loader's tests (not part of the package entry).

/** A window whose width can be changed: `resize(w)` sets innerWidth and fires the resize listeners. */
export function fakeResizableWindow(width: number) {
  const listeners = new Set<() => void>();
  return {
    innerWidth: width,
    addEventListener: (_: 'resize', fn: () => void) => void listeners.add(fn),
    removeEventListener: (_: 'resize', fn: () => void) => void listeners.delete(fn),
    resize(w: number) {
      this.innerWidth = w;
      for (const fn of listeners) fn();
    },
    listeners,
  } as { innerWidth: number; resize(w: number): void; addEventListener(t: 'resize', f: () => void): void; removeEventListener(t: 'resize', f: () => void): void; listeners: Set<() => void> } & Record<string, unknown>;
}
