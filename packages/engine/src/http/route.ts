// Routing: the API routes under apiBase (/filter, /search, /search/collections, /search/pages,
// /suggest, /products, /analytics, /back-in-stock) and the shop-style routes (cart, collection
// views, product HTML), with an optional locale prefix, to their endpoints.
import type { WireAnalyticsRecord } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { badParam, EngineRequestError } from '../engine-request-error';
import type { BackInStockRequest, CartLineInput } from '../engine-types';
import { recordAnalytics, requestBackInStock } from '../endpoints/analytics';
import { cart, cartAdd, cartChange, hasCart, type CartChange } from '../endpoints/cart';
import { filterAnswer } from '../endpoints/filter';
import { mostPopular } from '../endpoints/most-popular';
import { collectionsPanel, pagesPanel } from '../endpoints/panels';
import { collectionDescription, productHtml, productsByIds } from '../endpoints/products';
import { suggest } from '../endpoints/suggest';
import { LIMITS } from '../limits';
import type { RequestParams } from '../request-params';
import { cookieValue, parseBody, parseJson, safeDecode } from './respond';

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

export function route(ctx: EngineContext, apiBase: string, req: RouteRequest): Answer {
  const { method, params, body, headers } = req;
  let path = req.path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const onlyGet = () => {
    if (method !== 'GET' && method !== 'HEAD') throw new EngineRequestError(405, 'method_not_allowed', `${path} answers GET only.`);
  };
  const onlyPost = () => {
    if (method !== 'POST') throw new EngineRequestError(405, 'method_not_allowed', `${path} answers POST only.`);
  };
  if (path.startsWith(`${apiBase}/`)) {
    const sub = path.slice(apiBase.length);
    switch (sub) {
      case '/filter': onlyGet(); return { body: filterAnswer(ctx, ctx.parse(params, false), false) };
      case '/search': onlyGet(); return { body: filterAnswer(ctx, ctx.parse(params, true), true) };
      case '/search/collections': onlyGet(); return { body: collectionsPanel(ctx, params) };
      case '/search/pages': onlyGet(); return { body: pagesPanel(ctx, params) };
      case '/suggest': onlyGet(); return { body: suggest(ctx, params) };
      case '/products': {
        onlyGet();
        const ids = params.all('ids').flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
        return { body: productsByIds(ctx, ids) };
      }
      case '/analytics': {
        onlyPost();
        const data = parseJson(body);
        const list = Array.isArray(data) ? data : [data];
        if (list.length > LIMITS.valuesPerParam) throw badParam('body', `At most ${LIMITS.valuesPerParam} records per request.`, 'too_many_values');
        return { body: { success: true, ...recordAnalytics(ctx, list as WireAnalyticsRecord[]) } };
      }
      case '/back-in-stock': {
        onlyPost();
        const data = parseBody(body, headers);
        return { body: requestBackInStock(ctx, data as unknown as BackInStockRequest) };
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
    return { body: cart(ctx, token ?? null) };
  }
  if (shopPath === '/cart/add.js' || shopPath === '/cart/add') {
    onlyPost();
    const data = parseBody(body, headers);
    const items = Array.isArray(data.items) ? (data.items as CartLineInput[]) : [{ id: data.id as string, quantity: data.quantity === undefined ? 1 : Number(data.quantity) }];
    if (items.some((i) => i === null || typeof i !== 'object' || i.id === undefined || i.id === null)) throw badParam('id', 'Each item needs the variant id.');
    const had = hasCart(ctx, token);
    const added = cartAdd(ctx, token ?? null, items);
    return { body: added, headers: had ? {} : { 'set-cookie': `cart=${added.token}; Path=/; SameSite=Lax` } };
  }
  if (shopPath === '/cart/change.js' || shopPath === '/cart/change') {
    onlyPost();
    const data = parseBody(body, headers);
    const change: CartChange = { quantity: data.quantity === undefined ? NaN : Number(data.quantity) };
    if (data.id !== undefined) change.id = data.id as string;
    if (data.line !== undefined) change.line = Number(data.line);
    return { body: cartChange(ctx, token ?? null, change) };
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
