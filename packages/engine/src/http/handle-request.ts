// Request handling: method + URL + body -> status, headers, body (bounds on the URL and body,
// JSONP callbacks, CORS preflight, errors as 4xx/5xx JSON), and the fetch-compatible adapter
// with its own cookie jar for the cart.
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import type { MaybePromise } from '../engine-store';
import type { EngineRequest, EngineResponse } from '../engine-types';
import { LIMITS } from '../limits';
import { RequestParams } from '../request-params';
import { route } from './route';
import { baseHeaders, JSONP_CALLBACK, lowerKeys, respond } from './respond';

type Serialise = (status: number, body: unknown, callback: string | null, headers?: Record<string, string>) => MaybePromise<EngineResponse>;

/**
 * The answer to a request: at once when the store answers at once (memory, SQLite), else a
 * promise that resolves once the store has committed (PostgreSQL). `serialise` turns a successful
 * answer into bytes (`respondInSlices` for handleAsync, so big pages yield the event loop).
 */
export function handleRequest(ctx: EngineContext, apiBase: string, req: EngineRequest, serialise: Serialise = respond): MaybePromise<EngineResponse> {
  let callback: string | null = null;
  const failed = (err: unknown): EngineResponse => {
    if (err instanceof EngineRequestError) return respond(err.status, err.toWire(), callback);
    return respond(500, { error: 'internal_error', message: '[@pkg/engine] The engine failed to answer this request.' }, callback);
  };
  try {
    let url: URL;
    try {
      url = new URL(String(req.url ?? ''), 'http://engine.local');
    } catch {
      throw new EngineRequestError(400, 'invalid_url', 'The request URL cannot be parsed.');
    }
    if (url.search.length > LIMITS.queryLength) {
      throw new EngineRequestError(400, 'query_too_long', `The query string is longer than ${LIMITS.queryLength} characters.`);
    }
    const params = new RequestParams(url.searchParams);
    const cb = params.get('callback');
    if (cb !== undefined) {
      if (!JSONP_CALLBACK.test(cb)) throw badParam('callback', 'A JSONP callback name may hold only letters, digits, "_", "$" and "." (at most 128).', 'invalid_callback');
      callback = cb;
    }
    const method = String(req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') return { status: 204, headers: baseHeaders('text/plain'), body: '' };
    const body = String(req.body ?? '');
    if (body.length > LIMITS.bodyBytes) throw new EngineRequestError(413, 'body_too_large', `A request body may hold at most ${LIMITS.bodyBytes} bytes.`);
    const headers = lowerKeys(req.headers ?? {});
    const answer = route(ctx, apiBase, { method, path: url.pathname, params, body, headers });
    if (answer instanceof Promise) return answer.then((a) => serialise(a.status ?? 200, a.body, callback, a.headers), failed);
    return serialise(answer.status ?? 200, answer.body, callback, answer.headers);
  } catch (err) {
    return failed(err);
  }
}

/** A fetch over `handle`, keeping the cart cookie it is given between calls. */
export function fetchOver(handle: (req: EngineRequest) => MaybePromise<EngineResponse>): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  let jarCookie: string | null = null;
  return async (input, init) => {
    const isRequest = typeof Request !== 'undefined' && input instanceof Request;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
    const method = init?.method ?? (isRequest ? (input as Request).method : 'GET');
    const headers: Record<string, string> = {};
    new Headers(isRequest ? (input as Request).headers : undefined).forEach((v, k) => (headers[k] = v));
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    if (!headers.cookie && jarCookie) headers.cookie = jarCookie;
    let body: string | null = null;
    if (init?.body !== undefined && init.body !== null) body = typeof init.body === 'string' ? init.body : await new Response(init.body).text();
    else if (isRequest && method !== 'GET' && method !== 'HEAD') body = await (input as Request).clone().text();
    const res = await handle({ method, url, body, headers });
    const cookie = res.headers['set-cookie'];
    if (cookie) jarCookie = cookie.split(';')[0] ?? null;
    return new Response(res.status === 204 ? null : res.body, { status: res.status, headers: res.headers });
  };
}
