// `@pkg/url-state/memory`: a history kept in memory, for tests and server rendering. A separate
// entry, so browser bundles of `@pkg/url-state` do not carry it.
import type { RouterHistory } from './router';

export interface MemoryHistory extends RouterHistory {
  /** Moves through the entries as the browser's back (-1) and forward (+1) do, then tells listeners. */
  go(delta: number): void;
  /** The entries' addresses, oldest first, and the index of the current one. */
  entries(): { readonly urls: readonly string[]; readonly index: number };
  title(next?: string): string;
  scroll(next?: number): number;
}

type Entry = { url: URL; data: unknown; title: string; scroll: number };

/**
 * A {@link RouterHistory} in memory starting at `url` (path, query and hash). Pushing drops the
 * entries after the current one, as browsers do; `go` moves and fires the listeners (popstate).
 * Title and scroll position are kept per entry, so a test can see what a move restores.
 */
export function createMemoryHistory(url = '/'): MemoryHistory {
  const base = 'https://memory.invalid';
  const list: Entry[] = [{ url: new URL(url, base), data: null, title: '', scroll: 0 }];
  let index = 0;
  let title = '';
  let scroll = 0;
  const listeners = new Set<() => void>();
  const at = (): Entry => list[index]!;
  const entry = (to: string, data: unknown): Entry => ({ url: new URL(to, at().url), data, title, scroll: 0 });
  return {
    location: () => at().url,
    data: () => at().data,
    push(to, data) {
      list.splice(index + 1, list.length, entry(to, data));
      index++;
      scroll = 0;
    },
    replace(to, data) {
      list[index] = entry(to, data);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    go(delta) {
      const next = Math.max(0, Math.min(list.length - 1, index + delta));
      if (next === index) return;
      index = next;
      for (const listener of [...listeners]) listener();
    },
    entries: () => ({ urls: list.map((e) => e.url.pathname + e.url.search + e.url.hash), index }),
    title(next) {
      if (next !== undefined) title = next;
      return title;
    },
    scroll(next) {
      if (next !== undefined) scroll = next;
      return scroll;
    },
  };
}
