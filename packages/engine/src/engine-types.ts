// The engine's public types: options, the HTTP-shaped request and response, and the Engine.
import type {
  SortKey,
  WireAnalyticsRecord,
  WireCart,
  WireCollectionDescription,
  WireCollectionsPanelResponse,
  WireFilterResponse,
  WireMostPopularResponse,
  WirePagesPanelResponse,
  WireProduct,
  WireProductHtmlResponse,
  WireSuggestResponse,
} from '@pkg/core-filter';
import type { Analyzer } from './analyzer';
import type { BuildThread } from './build-thread';
import type { Catalog } from './catalog';
import type { ProductUpdate, ProductUpdateResult } from './catalog-updates';
import type { RelevanceOptions } from './catalog-index';
import type { AnalyticsEvent, BackInStockEntry, EngineStore } from './engine-store';
import type { EngineRoute } from './http/route';
import type { MerchandisingConfig } from './merchandising';
import type { ParamsInit } from './request-params';

/**
 * A filter or search answer: the wire response, with `banners` when merchandising rules with a
 * banner are in force for the request (each `{ id, position, text, image, link }`, position
 * 1-based in the result list).
 */
export type EngineFilterResponse = WireFilterResponse;

export interface EngineOptions {
  /** Base path of the API routes (default `/api`): `/api/filter`, `/api/search`, ... */
  apiBase?: string;
  /** Sort when a filter request names none (default `manual`, the catalog order). */
  defaultSort?: SortKey;
  /** Page size when a request names none (default 24, F9.1). */
  defaultLimit?: number;
  /** Money format for product HTML (default `${{amount}}`). */
  moneyFormat?: string;
  /** theme_id written into product HTML answers. */
  themeId?: number | string;
  /** Products in a most-popular answer when no `limit` is given (default 10). */
  mostPopularLimit?: number;
  /** New cart tokens (default: crypto.randomUUID). */
  createToken?: () => string;
  /**
   * Where carts, analytics events, the search log and back-in-stock requests are kept (default:
   * in memory, bounded; see engine-store.ts). `openStore()` from `@pkg/engine/store` gives the
   * SQLite or PostgreSQL store (Node).
   */
  store?: EngineStore;
  /** The catalog language's analyser: stemming and stop words (default `englishAnalyzer`). */
  analyzer?: Analyzer;
  /** How search ranking combines text relevance and popularity (README "Relevance"). */
  relevance?: RelevanceOptions;
  /** The owner's synonyms and merchandising rules (a parsed JSON document; README "Merchandising"). */
  merchandising?: unknown;
  /** The clock merchandising rules with start and end dates are read against (default Date.now). */
  now?: () => number;
  /**
   * Seconds a browser or CDN may reuse a catalogue answer (GET filter, search, suggest, the search
   * panels and products): `Cache-Control: public, max-age=N` (default 30). 0 sends `no-cache`:
   * kept, but checked again each time (the Node server's `ETag` then answers 304 when unchanged).
   * Other answers (cart, analytics, insights, errors) are always `no-store`.
   */
  cacheMaxAge?: number;
  /** Extra routes answered before the built-in ones, e.g. `createInsightsRoute()` from `@pkg/engine/insights`. */
  routes?: readonly EngineRoute[];
  /**
   * A second thread for the build (Node: `createBuildThread()` from `@pkg/engine/node`): the text
   * index's postings are inverted there while the build makes the facet fields' (README "Build
   * thread"). Without one, or for catalogues below its `minProducts`, the build uses one thread.
   */
  buildThread?: BuildThread;
}

export interface EngineRequest {
  method: string;
  /** Absolute, or a path with query string (`/api/filter?page=2`). */
  url: string;
  body?: string | null;
  /** Lower- or mixed-case names; `cookie` carries the cart token. */
  headers?: Record<string, string>;
}

export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface CartLineInput {
  id: string | number;
  quantity?: number;
}

export interface BackInStockRequest {
  email: string;
  product_id?: string | number;
  variant_id?: string | number;
}

export interface Engine {
  /** The catalogue in force (a new object after each live update). */
  readonly catalog: Catalog;
  readonly apiBase: string;
  /** Where carts, analytics events, the search log and back-in-stock requests are kept. */
  readonly store: EngineStore;
  /**
   * Answers a request at once. With an asynchronous store (PostgreSQL) it throws for routes that
   * read or write the store: use `handleAsync`.
   */
  handle(request: EngineRequest): EngineResponse;
  /** Answers a request once the store has committed what it wrote (every store). */
  handleAsync(request: EngineRequest): Promise<EngineResponse>;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  filter(params?: ParamsInit): EngineFilterResponse;
  search(params?: ParamsInit): EngineFilterResponse;
  suggest(params?: ParamsInit): WireSuggestResponse;
  collectionsPanel(params?: ParamsInit): WireCollectionsPanelResponse;
  pagesPanel(params?: ParamsInit): WirePagesPanelResponse;
  products(ids: ReadonlyArray<string | number>): WireProduct[];
  collectionDescription(handle: string): WireCollectionDescription | null;
  productHtml(handles: readonly string[]): WireProductHtmlResponse;
  mostPopular(handle: string, params?: ParamsInit): WireMostPopularResponse | null;
  cart(token: string | null): WireCart;
  cartAdd(token: string | null, items: readonly CartLineInput[]): WireCart;
  cartChange(token: string | null, change: { id?: string | number; line?: number; quantity: number }): WireCart;
  recordAnalytics(records: readonly WireAnalyticsRecord[]): { accepted: number; duplicates: number };
  analyticsRecords(): readonly AnalyticsEvent[];
  requestBackInStock(request: BackInStockRequest): { success: true; message: string };
  backInStockRequests(): readonly BackInStockEntry[];
  /**
   * Validates a merchandising document and puts it in force for the next request; throws a
   * MerchandisingError naming the rule and field (the document in force stays).
   */
  setMerchandising(config: unknown): MerchandisingConfig;
  merchandising(): MerchandisingConfig;
  /**
   * Live catalogue updates, applied in order as one batch: the next request sees them in every
   * count, text match, suggestion and answer (the index of the new catalogue is built, then put in
   * force at once; see "Live catalogue updates" in the README).
   */
  applyProductUpdates(updates: readonly ProductUpdate[]): ProductUpdateResult;
}
