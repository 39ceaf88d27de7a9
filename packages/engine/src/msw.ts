// @pkg/engine/msw: msw request handlers that answer from the engine (Storybook, tests).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Engine } from './engine-types';

export interface EngineHandlersOptions {
  /**
   * Origin the routes live on, e.g. `https://shop.example`. Default: any origin (the handlers
   * match the engine's paths on every host, like relative URLs in the page).
   */
  baseUrl?: string;
}

/** Handlers for every engine route: the API under `engine.apiBase` and the shop-style routes. */
export function createEngineHandlers(engine: Engine, options: EngineHandlersOptions = {}): HttpHandler[] {
  const origin = (options.baseUrl ?? '*').replace(/\/+$/, '');
  const answer = async ({ request }: { request: Request }) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const res = await engine.handleAsync({ method: request.method, url: request.url, body, headers });
    return new HttpResponse(res.status === 204 ? null : res.body, { status: res.status, headers: res.headers });
  };
  const api = `${origin}${engine.apiBase}`;
  return [
    http.all(`${api}/*`, answer),
    // The original service's paths, as real pages' settings name them (aliases of the engine's own).
    http.all(`${origin}/bc-sf-filter/*`, answer),
    http.all(`${origin}/collections/*`, answer),
    http.all(`${origin}/:locale/collections/*`, answer),
    http.all(`${origin}/cart.js`, answer),
    http.all(`${origin}/cart/*`, answer),
    http.all(`${origin}/:locale/cart.js`, answer),
    http.all(`${origin}/:locale/cart/*`, answer),
  ];
}
