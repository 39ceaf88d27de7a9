// Routing: the API routes under apiBase (/filter, /search, /search/collections, /search/pages,
// /suggest, /products, /analytics, /back-in-stock) and the shop-style routes (cart, collection
// views, product HTML), with an optional locale prefix, to their endpoints.
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import type { BackInStockRequest, CartLineInput } from '../engine-types';
import { readAnalyticsBody, recordAnalytics, requestBackInStock } from '../endpoints/analytics';
import { logged } from '../endpoints/search-log';
import { andThen, type MaybePromise } from '../engine-store';
import { cart, cartAdd, cartChange, hasCart, type CartChange } from '../endpoints/cart';
import { filterAnswer } from '../endpoints/filter';
import { mostPopular } from '../endpoints/most-popular';
import { collectionsPanel, pagesPanel } from '../endpoints/panels';
import { collectionDescription, productHtml, productsByIds } from '../endpoints/products';
import { suggest } from '../endpoints/suggest';
import { LIMITS } from '../limits';
import type { RequestParams } from '../request-params';
import { catalogCache, cookieValue, parseBody, safeDecode } from './respond';

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteRequest {
  method: string;
  path: string;
  params: RequestParams;
  body: string;
  /** Lower-case names. */
  headers: Record<string, string>;
}

/**
 * The hosted service's own paths, answered as aliases of ours (at the root and under apiBase), so
 * a theme's unchanged `api.filterUrl` etc. can point at the engine.
 */
export const SERVICE_PATHS: Readonly<Record<string, string>> = {
  '/bc-sf-filter/filter': '/filter',
  '/bc-sf-filter/search': '/search',
  '/bc-sf-filter/search/suggest': '/suggest',
  '/bc-sf-filter/search/collections': '/search/collections',
  '/bc-sf-filter/search/pages': '/search/pages',
};

/**
 * An extra route given in `EngineOptions.routes` (e.g. insights): an answer (or its promise) for
 * the requests it owns, `undefined` for the others. `path` is normalised (no double or trailing
 * slash). `applyUpdates` puts live catalogue updates in force (createProductUpdatesRoute).
 */
export type EngineRoute = (req: RouteRequest, ctx: Pick<EngineContext, 'store' | 'applyUpdates'>) => MaybePromise<Answer> | undefined;

const answerOf = <T>(value: MaybePromise<T>, headers?: Record<string, string>): MaybePromise<Answer> => andThen(value, (b) => (headers ? { body: b, headers } : { body: b }));

export function route(ctx: EngineContext, apiBase: string, req: RouteRequest): MaybePromise<Answer> {
  const { method, params, headers } = req;
  let path = req.path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const alias = SERVICE_PATHS[path.startsWith(`${apiBase}/`) ? path.slice(apiBase.length) : path];
  if (alias) path = `${apiBase}${alias}`;
  for (const extra of ctx.routes) {
    const answer = extra({ ...req, path }, ctx);
    if (answer !== undefined) return answer;
  }
  const onlyGet = () => {
    if (method !== 'GET' && method !== 'HEAD') throw new EngineRequestError(405, 'method_not_allowed', `${path} answers GET only.`);
  };
  const onlyPost = () => {
    if (method !== 'POST') throw new EngineRequestError(405, 'method_not_allowed', `${path} answers POST only.`);
  };
  if (path.startsWith(`${apiBase}/`)) {
    // Catalogue reads may be kept by browsers and CDNs for a short while; nothing else is.
    const cache = catalogCache(ctx.options.cacheMaxAge);
    const sub = path.slice(apiBase.length);
    switch (sub) {
      case '/filter': {
        onlyGet();
        const q = ctx.parse(params, false);
        return answerOf(logged(ctx, 'filter', q, params, filterAnswer(ctx, q, false)), cache);
      }
      case '/search': {
        onlyGet();
        const q = ctx.parse(params, true);
        return answerOf(logged(ctx, 'search', q, params, filterAnswer(ctx, q, true)), cache);
      }
      case '/search/collections': onlyGet(); return { body: collectionsPanel(ctx, params), headers: cache };
      case '/search/pages': onlyGet(); return { body: pagesPanel(ctx, params), headers: cache };
      case '/suggest': onlyGet(); return answerOf(logged(ctx, 'suggest', ctx.parse(params, true), params, suggest(ctx, params)), cache);
      case '/products': {
        onlyGet();
        const ids = params.all('ids').flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
        return { body: productsByIds(ctx, ids), headers: cache };
      }
      case '/analytics': {
        onlyPost();
        const list = readAnalyticsBody(req.body, LIMITS.valuesPerParam);
        return andThen(recordAnalytics(ctx, list), (counts) => ({ body: { success: true, ...counts } }));
      }
      case '/back-in-stock': {
        onlyPost();
        const data = parseBody(req.body, headers);
        return answerOf(requestBackInStock(ctx, data as unknown as BackInStockRequest));
      }
      default:
        break;
    }
  }
  // Shop-style routes, with an optional locale prefix (/fr/collections/..., /en-ca/cart.js).
  const shopPath = path.replace(/^\/[a-z]{2}(?:-[a-z]{2,4})?(?=\/(?:collections|cart))/i, '');
  const token = params.get('token') ?? cookieValue(headers.cookie ?? '', 'cart');
  if (shopPath === '/cart.js' || shopPath === '/cart') {
    onlyGet();
    return answerOf(cart(ctx, token ?? null));
  }
  if (shopPath === '/cart/add.js' || shopPath === '/cart/add') {
    onlyPost();
    const data = parseBody(req.body, headers);
    const items = Array.isArray(data.items) ? (data.items as CartLineInput[]) : [{ id: data.id as string, quantity: data.quantity === undefined ? 1 : Number(data.quantity) }];
    if (items.some((i) => i === null || typeof i !== 'object' || i.id === undefined || i.id === null)) throw badParam('id', 'Each item needs the variant id.');
    return andThen(hasCart(ctx, token), (had) =>
      andThen(cartAdd(ctx, token ?? null, items), (added): Answer => ({ body: added, headers: had ? {} : { 'set-cookie': `cart=${added.token}; Path=/; SameSite=Lax` } })),
    );
  }
  if (shopPath === '/cart/change.js' || shopPath === '/cart/change') {
    onlyPost();
    const data = parseBody(req.body, headers);
    const change: CartChange = { quantity: data.quantity === undefined ? NaN : Number(data.quantity) };
    if (data.id !== undefined) change.id = data.id as string;
    if (data.line !== undefined) change.line = Number(data.line);
    return answerOf(cartChange(ctx, token ?? null, change));
  }
  const coll = /^\/collections\/([^/]+)(?:\/([^/]+))?$/.exec(shopPath);
  if (coll) {
    onlyGet();
    const handle = safeDecode(coll[1] ?? '');
    const view = params.string('view');
    if (coll[2] !== undefined && handle === 'all' && view.startsWith('boost-pfs-') && view !== 'boost-pfs-most-popular') {
      const handles = (coll[2] ?? '').split('+').map(safeDecode).filter(Boolean);
      return { body: productHtml(ctx, handles) };
    }
    if (coll[2] === undefined && view === 'desc') {
      const d = collectionDescription(ctx, handle);
      if (!d) throw new EngineRequestError(404, 'not_found', `No collection "${handle.slice(0, 60)}".`);
      return { body: d };
    }
    if (coll[2] === undefined && view === 'boost-pfs-most-popular') {
      const m = mostPopular(ctx, handle, params);
      if (!m) throw new EngineRequestError(404, 'not_found', `No collection "${handle.slice(0, 60)}".`);
      return { body: m };
    }
    throw new EngineRequestError(404, 'not_found', `No view "${view.slice(0, 60)}" for ${shopPath.slice(0, 80)}.`, 'view');
  }
  throw new EngineRequestError(404, 'not_found', `No route for ${method} ${path.slice(0, 120)}; the API lives under ${apiBase || '/'}.`);
}
