// createEngine: builds the index once and answers every call of the client in the wire format,
// through typed methods, through `handle()` (method + URL + body -> status, headers, body) and
// through a fetch-compatible `engine.fetch`. Each endpoint lives in endpoints/, request handling
// and routing in http/.
import type { Catalog } from './catalog';
import { createContext, paramsOf, setMerchandising } from './engine-context';
import { carriesIndex } from './index-snapshot';
import { sequenceOf } from './product-sequence';
import { carriesProducts } from './staged-products';
import type { Engine, EngineOptions } from './engine-types';
import { recordAnalytics, requestBackInStock } from './endpoints/analytics';
import { cart, cartAdd, cartChange } from './endpoints/cart';
import { filterAnswer } from './endpoints/filter';
import { mostPopular } from './endpoints/most-popular';
import { collectionsPanel, pagesPanel } from './endpoints/panels';
import { collectionDescription, productHtml, productsByIds } from './endpoints/products';
import { suggest } from './endpoints/suggest';
import type { MaybePromise } from './engine-store';
import { fetchOver, handleRequest } from './http/handle-request';
import { respondInSlices } from './http/respond';

export type { BackInStockRequest, CartLineInput, Engine, EngineOptions, EngineRequest, EngineResponse } from './engine-types';

export function createEngine(catalog: Catalog, options: EngineOptions = {}): Engine {
  // (A snapshot's catalogue carries its index and products, a streaming import's its products in a
  // store, catalogFromProductsJson's its products to import: their product lists are not read.)
  if (!catalog || !(carriesIndex(catalog) || carriesProducts(catalog) || sequenceOf(catalog) || Array.isArray(catalog.products))) {
    throw new TypeError('[@pkg/engine] createEngine(catalog) needs a catalog with a products array; import one with importProductsJson or importProductCsv from @pkg/engine/import.');
  }
  const apiBase = (options.apiBase ?? '/api').replace(/\/+$/, '');
  if (apiBase !== '' && !apiBase.startsWith('/')) {
    throw new TypeError(`[@pkg/engine] apiBase must be a path starting with "/", got "${apiBase}".`);
  }
  const ctx = createContext(catalog, options);
  // Big pages are serialised in slices, giving the event loop turns in between (Node server, msw).
  const handleAsync: Engine['handleAsync'] = async (req) => handleRequest(ctx, apiBase, req, respondInSlices);
  return {
    get catalog() {
      return ctx.catalog;
    },
    apiBase,
    store: ctx.store,
    handle: (req) => now(handleRequest(ctx, apiBase, req)),
    handleAsync,
    fetch: fetchOver(handleAsync),
    filter: (p = {}) => filterAnswer(ctx, ctx.parse(p, false), false),
    search: (p = {}) => filterAnswer(ctx, ctx.parse(p, true), true),
    suggest: (p = {}) => suggest(ctx, p),
    collectionsPanel: (p = {}) => collectionsPanel(ctx, paramsOf(p)),
    pagesPanel: (p = {}) => pagesPanel(ctx, paramsOf(p)),
    products: (ids) => productsByIds(ctx, ids),
    collectionDescription: (handle) => collectionDescription(ctx, handle),
    productHtml: (handles) => productHtml(ctx, handles),
    mostPopular: (handle, p) => mostPopular(ctx, handle, p),
    cart: (token) => now(cart(ctx, token)),
    cartAdd: (token, items) => now(cartAdd(ctx, token, items)),
    cartChange: (token, change) => now(cartChange(ctx, token, change)),
    recordAnalytics: (records) => now(recordAnalytics(ctx, records)),
    analyticsRecords: () => now(ctx.store.analytics.list()),
    requestBackInStock: (req) => now(requestBackInStock(ctx, req)),
    backInStockRequests: () => now(ctx.store.backInStock.list()),
    setMerchandising: (config) => setMerchandising(ctx, config),
    merchandising: () => ctx.merchandising,
    applyProductUpdates: (updates) => ctx.applyUpdates(updates),
  };
}

/** The value of a synchronous answer; one that waits (PostgreSQL, a catalogue update) needs `handleAsync`. */
function now<T>(value: MaybePromise<T>): T {
  if (value instanceof Promise) {
    value.catch(() => {});
    throw new TypeError('[@pkg/engine] This answer waits for the store or for a catalogue update: use engine.handleAsync().');
  }
  return value;
}
