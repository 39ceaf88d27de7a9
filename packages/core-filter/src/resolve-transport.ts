// The one place that decides the default transport (F7.1, F9.2): an injected transport wins, an
// injected fetch or `transport: 'fetch'` means fetch/JSON, otherwise JSONP through the page's
// document; without a document (Node, workers) fetch. Retries per settings wrap the result.
import { defaultDocument, defaultWindow } from './browser-defaults';
import type { Settings } from './settings';
import { createFetchTransport, createJsonpTransport, defaultTimers, withRetry, type FetchLike, type JsonpDocument, type Timers, type Transport } from './transport';

export interface TransportSeams {
  /** A ready transport; used as it is (no retry wrapper is added). */
  transport?: Transport | undefined;
  /** A fetch-compatible function, e.g. the engine's `engine.fetch`; selects the fetch transport. */
  fetch?: FetchLike | undefined;
  /** JSONP seams (browser document and window by default). */
  document?: JsonpDocument | undefined;
  jsonpGlobal?: Record<string, unknown> | undefined;
  timers?: Timers | undefined;
  /** JSONP callback name prefix (so two callers never share names). */
  callbackPrefix?: string | undefined;
  /** Retries per the settings (F9.2); `false` for callers that count failures themselves (suggest, S4.9). Default true. */
  retry?: boolean | undefined;
}

/** Which transport the settings and seams select: `'fetch'` or `'jsonp'` (F7.1). */
export function transportKind(settings: Settings, seams: Pick<TransportSeams, 'fetch' | 'document' | 'jsonpGlobal'> = {}): 'fetch' | 'jsonp' {
  if (seams.fetch || settings.filter.transport === 'fetch') return 'fetch';
  return (seams.document ?? defaultDocument()) && (seams.jsonpGlobal ?? defaultWindow()) ? 'jsonp' : 'fetch';
}

/** The transport for the settings and seams, with the settings' timeout and retries (F9.2). */
export function resolveTransport(settings: Settings, seams: TransportSeams = {}): Transport {
  if (seams.transport) return seams.transport;
  const f = settings.filter;
  const timers = seams.timers ?? defaultTimers;
  const doc = seams.document ?? defaultDocument();
  const g = seams.jsonpGlobal ?? (defaultWindow() as Record<string, unknown> | undefined);
  const base =
    transportKind(settings, seams) === 'jsonp' && doc && g
      ? createJsonpTransport({ document: doc, global: g, timeout: f.requestTimeout, timers, ...(seams.callbackPrefix ? { callbackPrefix: seams.callbackPrefix } : {}) })
      : createFetchTransport({ ...(seams.fetch ? { fetch: seams.fetch } : {}), timeout: f.requestTimeout, timers });
  return seams.retry === false ? base : withRetry(base, { retries: f.retries, delay: f.retryDelay, timers });
}
