// Fakes shared by the tests of this package (never published: not reachable from index.ts).
import type { FetchLike, PageEventListener, RequestInitLike, ResponseLike } from './create-analytics';
import { seededRandom } from '@pkg/kit';
import type { StorageLike } from './safe-storage';
import { uuidV4 } from './uuid-v4';

/** Deterministic v4 UUIDs from a seeded PRNG. */
export function seededUuid(seed: number): () => string {
  const random = seededRandom(seed);
  return () => uuidV4(Array.from({ length: 16 }, () => Math.floor(random() * 256)));
}

export interface MemoryStorage extends StorageLike {
  readonly data: Map<string, string>;
  /** Make getItem / setItem / removeItem throw this error (or stop throwing with null). */
  failGet: Error | null;
  failSet: Error | null;
  /** Called after every successful write with the key (to emulate `storage` events). */
  onWrite: ((key: string) => void) | null;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  const s: MemoryStorage = {
    data,
    failGet: null,
    failSet: null,
    onWrite: null,
    getItem(key) {
      if (s.failGet) throw s.failGet;
      return data.get(key) ?? null;
    },
    setItem(key, value) {
      if (s.failSet) throw s.failSet;
      data.set(key, String(value));
      s.onWrite?.(key);
    },
    removeItem(key) {
      if (s.failSet) throw s.failSet;
      data.delete(key);
      s.onWrite?.(key);
    },
  };
  return s;
}

export function quotaError(): Error {
  const e = new Error('The quota has been exceeded.');
  e.name = 'QuotaExceededError';
  return e;
}

export function reply(status: number, body: unknown = '', headers: Record<string, string> = {}): ResponseLike {
  const h = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status,
    headers: { get: (name) => h.get(name.toLowerCase()) ?? null },
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  };
}

export interface FakeCall {
  url: string;
  init: RequestInitLike;
  body: Record<string, unknown> | null;
}

/** A fetch whose answers come from `handler` (changeable); every call is recorded. */
export function fakeFetch(handler: (call: FakeCall) => Promise<ResponseLike> | ResponseLike) {
  const calls: FakeCall[] = [];
  const f = {
    calls,
    handler,
    posts: () => calls.filter((c) => c.init.method === 'POST'),
    fetch: ((url, init) => {
      const call: FakeCall = { url, init, body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null };
      calls.push(call);
      return new Promise<ResponseLike>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        Promise.resolve()
          .then(() => f.handler(call))
          .then(resolve, reject);
      });
    }) as FetchLike,
  };
  return f;
}

/** Page events under test control; several queues may listen (tabs). */
export function fakePage() {
  const listeners = new Set<PageEventListener>();
  return {
    listen(listener: PageEventListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: 'hide' | 'show' | 'storage', key?: string | null) {
      [...listeners].forEach((l) => l(event, key));
    },
    get size() {
      return listeners.size;
    },
  };
}
