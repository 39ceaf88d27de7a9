// The HTTP edges of every answer: headers (CORS, no-store, nosniff), JSON or JSONP bodies, and
// reading request bodies, cookies and path segments safely.
import { isRec } from '@pkg/kit';
import { badParam } from '../engine-request-error';
import type { EngineResponse } from '../engine-types';

export const JSONP_CALLBACK = /^[A-Za-z0-9_$.]{1,128}$/;

export function baseHeaders(type: string): Record<string, string> {
  return {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'x-content-type-options': 'nosniff',
  };
}

/** Cache-Control of a catalogue answer a browser or CDN may reuse for `maxAge` seconds (0: revalidate each time). */
export function catalogCache(maxAge: number): Record<string, string> {
  return { 'cache-control': maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache' };
}

export function respond(status: number, body: unknown, callback: string | null, extra: Record<string, string> = {}): EngineResponse {
  return wrap(status, JSON.stringify(body), callback, extra);
}

function wrap(status: number, json: string, callback: string | null, extra: Record<string, string>): EngineResponse {
  if (callback) {
    // `/**/` keeps the first bytes from ever being attacker-chosen (Rosetta Flash style attacks).
    return { status, headers: { ...baseHeaders('application/javascript'), ...extra }, body: `/**/${callback}(${json});` };
  }
  return { status, headers: { ...baseHeaders('application/json'), ...extra }, body: json };
}

/** Products serialised in one turn of the event loop before the next request gets a turn. */
export const SERIALISE_SLICE = 50;

/**
 * `respond`, but an answer's `products` list is serialised SERIALISE_SLICE at a time with a turn
 * of the event loop in between (where setImmediate exists: Node), so a 250-product page never
 * holds other requests up for the whole of its serialisation. The same bytes as `respond`.
 */
export async function respondInSlices(status: number, body: unknown, callback: string | null, extra: Record<string, string> = {}): Promise<EngineResponse> {
  const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
  const products = isRec(body) ? body.products : undefined;
  if (immediate === undefined || !Array.isArray(products) || products.length <= SERIALISE_SLICE) return respond(status, body, callback, extra);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key !== 'products') {
      const json = JSON.stringify(value);
      if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`);
      continue;
    }
    const items: string[] = [];
    for (let i = 0; i < products.length; i += SERIALISE_SLICE) {
      if (i > 0) await new Promise<void>((resolveTurn) => immediate(resolveTurn));
      for (const p of products.slice(i, i + SERIALISE_SLICE)) items.push(JSON.stringify(p) ?? 'null');
    }
    parts.push(`"products":[${items.join(',')}]`);
  }
  return wrap(status, `{${parts.join(',')}}`, callback, extra);
}

export function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = String(v);
  return out;
}

export function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return safeDecode(v.join('='));
  }
  return undefined;
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw badParam('body', 'The request body must be JSON.', 'invalid_json');
  }
}

/** A JSON object body, or a form-encoded one (`id=1&quantity=2`). */
export function parseBody(body: string, headers: Record<string, string>): Record<string, unknown> {
  const type = headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded') || (!type.includes('json') && !body.trim().startsWith('{'))) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(body)) out[k] = v;
    return out;
  }
  const data = parseJson(body);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw badParam('body', 'The request body must be a JSON object.', 'invalid_json');
  return data as Record<string, unknown>;
}
