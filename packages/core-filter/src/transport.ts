// Transports (F7.1, F9.2): JSONP through an injected document, fetch/JSON through an injected
// fetch and a retry wrapper. Failures reject with TransportError.
import { toUrl, type RequestSpec } from './build-request';
import { PREFIX } from './warn';

export type TransportErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted';

export class TransportError extends Error {
  // Declared, not class fields: the ES2020 build would define each through a helper first.
  declare readonly kind: TransportErrorKind;
  declare readonly status: number | undefined;
  declare readonly statusText: string;
  constructor(kind: TransportErrorKind, message: string, status?: number, statusText = '') {
    super(`${PREFIX} ${message}`);
    Object.assign(this, { kind, status, statusText, name: 'TransportError' });
  }
}

/**
 * The service answered and refused the request: HTTP 4xx other than 408 (timeout) and 429 (too
 * many requests), as the engine answers a term over its length limit or a malformed parameter.
 * Such a request is not retried, does not count as a failure of the service and does not fall
 * back to the theme's own view: asking again would get the same answer.
 */
export function isRefused(error: unknown): boolean {
  const { kind, status } = (error ?? {}) as { kind?: unknown; status?: unknown };
  return kind === 'http' && typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Sends a request and resolves with the parsed JSON answer. */
export type Transport = (request: RequestSpec, init?: { signal?: AbortSignal }) => Promise<unknown>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export type FetchLike = (input: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }) => Promise<{ ok: boolean; status: number; statusText?: string; text(): Promise<string> }>;

export interface FetchTransportOptions {
  /** A fetch-compatible function (the engine's `engine.fetch`, or the global fetch by default). */
  fetch?: FetchLike | undefined;
  timeout?: number;
  timers?: Timers | undefined;
}

/**
 * Removes the HTML comments that stand outside JSON strings (a theme view may wrap its JSON in
 * them, S7.4, S7.5). A string's own `<!--` or `-->` (a title, a description) is data and stays:
 * removing it could join two strings and break the answer or change its values. One pass matches
 * whole strings (kept) and comments (removed), so a comment is only ever found outside a string.
 */
const stripCommentsOutsideStrings = (text: string): string => text.replace(/"(?:[^"\\]|\\.)*"|<!--[\s\S]*?-->/g, (m) => (m[0] === '"' ? m : ''));

/** Parses a JSON answer, HTML comments around its values removed (S7.4, S7.5); throws TransportError. */
export function parseJsonAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(stripCommentsOutsideStrings(text));
    } catch {
      throw new TransportError('parse', 'The answer is not valid JSON.');
    }
  }
}

/**
 * One settlement per request for both transports: `finish` runs once, clearing the timer; the
 * timeout and an abort reject with their TransportError, and `end` hears whether the request
 * settled (false after a timeout or an abort, when an answer may still arrive).
 */
function settleOnce(timers: Timers, timeout: number, signal: AbortSignal | undefined, reject: (e: unknown) => void, end?: (settled: boolean) => void) {
  let done = false;
  const finish = (fn: () => void, settled = true): void => {
    if (done) return;
    done = true;
    timers.clearTimeout(timer);
    end?.(settled);
    fn();
  };
  const fail = (kind: TransportErrorKind, message: string, settled = true): void => finish(() => reject(new TransportError(kind, message)), settled);
  const timer = timers.setTimeout(() => fail('timeout', `Timed out after ${timeout} ms.`, false), timeout);
  signal?.addEventListener?.('abort', () => fail('aborted', 'Request aborted.', false));
  return { finish, fail, aborted: (): boolean => !!signal?.aborted && (fail('aborted', 'Request aborted.'), true) };
}

/** fetch/JSON transport. */
export function createFetchTransport(options: FetchTransportOptions = {}): Transport {
  const timers = options.timers ?? defaultTimers;
  const timeout = options.timeout ?? 10000;
  return (request, init = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const f = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
      if (!f) return reject(new TransportError('network', 'No fetch available; pass options.fetch.'));
      const { finish, aborted } = settleOnce(timers, timeout, init.signal, reject);
      if (aborted()) return;
      Promise.resolve()
        .then(() => f(toUrl(request), { ...(init.signal ? { signal: init.signal } : {}), headers: { accept: 'application/json' } }))
        .then(async (res) => {
          if (!res.ok) throw new TransportError('http', `HTTP ${res.status} ${res.statusText ?? ''}`.trim(), res.status, res.statusText ?? '');
          return parseJsonAnswer(await res.text());
        })
        .then(
          (data) => finish(() => resolve(data)),
          (e: unknown) => finish(() => reject(e instanceof TransportError ? e : new TransportError('network', `Network error: ${String((e as Error)?.message ?? e)}`))),
        );
    });
}

/** The slice of `document` the JSONP transport uses. */
export interface JsonpDocument {
  createElement(tag: 'script'): JsonpScript;
  readonly head?: { appendChild(node: unknown): unknown } | null;
  readonly body?: { appendChild(node: unknown): unknown } | null;
}

export interface JsonpScript {
  src: string;
  async: boolean;
  onerror: ((event: unknown) => void) | null;
  /** Fires after the script ran: a JSONP answer has called back by then (a browser's script element has it). */
  onload?: ((event: unknown) => void) | null;
  remove?: () => void;
  parentNode?: { removeChild(node: unknown): unknown } | null;
}

export interface JsonpTransportOptions {
  document?: JsonpDocument;
  /** Where callbacks are registered (the page's window by default). */
  global?: Record<string, unknown>;
  timeout?: number;
  timers?: Timers | undefined;
  callbackPrefix?: string | undefined;
}

let jsonpCounter = 0;

/**
 * JSONP transport: a script tag with a unique callback name. The script and the callback are
 * removed after the answer or a failure, and nothing is left on the global object:
 * - the script fails to load (HTTP error, network): it never runs, so the callback goes at once;
 * - the script ran without calling back (it threw, or is not the answer): rejected as soon as it
 *   has loaded, without waiting for the timeout;
 * - timeout or abort: the script may still arrive, so a no-op stands in for the callback (a late
 *   answer must not throw a ReferenceError in the page) until that script loads or fails.
 */
export function createJsonpTransport(options: JsonpTransportOptions & { document: JsonpDocument; global: Record<string, unknown> }): Transport {
  const timers = options.timers ?? defaultTimers;
  const timeout = options.timeout ?? 10000;
  const prefix = options.callbackPrefix ?? 'pkgCoreFilterCb';
  return (request, init = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const doc = options.document;
      const g = options.global;
      const name = `${prefix}${Date.now().toString(36)}_${++jsonpCounter}`;
      const script = doc.createElement('script');
      const { finish, fail, aborted } = settleOnce(timers, timeout, init.signal, reject, (settled) => {
        if (settled) delete g[name];
        else {
          // The script is still on its way: a late call lands on a no-op that removes itself, and
          // the no-op goes once the script has loaded (or failed) without calling it.
          const stub = (): void => {
            if (g[name] === stub) delete g[name];
          };
          g[name] = stub;
          script.onload = script.onerror = stub;
        }
        if (script.remove) script.remove();
        else script.parentNode?.removeChild(script);
      });
      g[name] = (data: unknown) => finish(() => resolve(data));
      script.onerror = () => fail('network', 'The JSONP script failed to load.');
      script.onload = () => fail('parse', 'The JSONP script did not call back.');
      script.async = true;
      script.src = toUrl({ ...request, params: [...request.params, ['callback', name]] });
      if (aborted()) return;
      const parent = doc.head ?? doc.body;
      if (!parent) return fail('network', 'No document head for the JSONP script.');
      parent.appendChild(script);
    });
}

export interface RetryOptions {
  /** Retries after the first attempt (F9.2: 2). */
  retries?: number;
  /** Delay between attempts in ms (F9.2: 2000). */
  delay?: number;
  timers?: Timers | undefined;
  /** Called before each retry with the attempt number (1-based) and the error. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/** Retries failed requests (F9.2): 2 retries, 2000 ms apart; aborts and refused requests ({@link isRefused}) are not retried. */
export function withRetry(transport: Transport, options: RetryOptions = {}): Transport {
  const retries = options.retries ?? 2;
  const delay = options.delay ?? 2000;
  const timers = options.timers ?? defaultTimers;
  return async (request, init) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await transport(request, init);
      } catch (e) {
        const final = e instanceof TransportError && (e.kind === 'aborted' || isRefused(e));
        if (final || attempt >= retries || init?.signal?.aborted) throw e;
        options.onRetry?.(attempt + 1, e);
        await new Promise<void>((r) => timers.setTimeout(r, delay));
      }
    }
  };
}
