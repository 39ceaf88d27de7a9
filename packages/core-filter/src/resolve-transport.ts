// The one place that decides the default transport (F7.1, F9.2): an injected transport wins, an
// injected fetch or `transport: 'fetch'` means fetch/JSON, otherwise JSONP through the page's
// document; without a document (Node, workers) fetch. Retries per settings wrap the result.
import { defaultDocument, defaultWindow } from './browser-defaults';
import type { ControllerSettings } from './settings';
import { createFetchTransport, createJsonpTransport, withRetry, type FetchLike, type JsonpDocument, type Timers, type Transport } from './transport';

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
export function transportKind(settings: ControllerSettings, seams: Pick<TransportSeams, 'fetch' | 'document' | 'jsonpGlobal'> = {}): 'fetch' | 'jsonp' {
  if (seams.fetch || settings.filter.transport === 'fetch') return 'fetch';
  return (seams.document ?? defaultDocument()) && (seams.jsonpGlobal ?? defaultWindow()) ? 'jsonp' : 'fetch';
}

const withSettingsRetry = (settings: ControllerSettings, seams: TransportSeams, base: Transport): Transport =>
  seams.retry === false ? base : withRetry(base, { retries: settings.filter.retries, delay: settings.filter.retryDelay, timers: seams.timers });

/**
 * The fetch transport with the settings' timeout and retries (F9.2), or the given transport as it
 * is: what `createFilterControllerWith` uses unless it is given `resolveTransport`.
 */
export function resolveFetchTransport(settings: ControllerSettings, seams: TransportSeams = {}): Transport {
  return seams.transport ?? withSettingsRetry(settings, seams, createFetchTransport({ ...seams, timeout: settings.filter.requestTimeout }));
}

/**
 * The transport for the settings and seams, with the settings' timeout and retries (F9.2): a
 * given transport as it is, script tags (JSONP) where `transportKind` says so, otherwise fetch.
 */
export function resolveTransport(settings: ControllerSettings, seams: TransportSeams = {}): Transport {
  const doc = seams.document ?? defaultDocument();
  const g = seams.jsonpGlobal ?? (defaultWindow() as Record<string, unknown> | undefined);
  if (seams.transport || !doc || !g || transportKind(settings, seams) !== 'jsonp') return resolveFetchTransport(settings, seams);
  return withSettingsRetry(settings, seams, createJsonpTransport({ ...seams, document: doc, global: g, timeout: settings.filter.requestTimeout }));
}
