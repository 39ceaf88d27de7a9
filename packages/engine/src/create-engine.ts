// createEngine: builds the index once and answers every call of the client in the wire format,
// through typed methods, through `handle()` (method + URL + body -> status, headers, body) and
// through a fetch-compatible `engine.fetch`.
import type {
  SortKey,
  WireAnalyticsRecord,
  WireCart,
  WireCollection,
  WireCollectionDescription,
  WireCollectionsPanelResponse,
  WireFilterResponse,
  WireMostPopularResponse,
  WirePage,
  WirePagesPanelResponse,
  WireProduct,
  WireProductHtmlResponse,
  WireSuggestResponse,
} from '@pkg/core-filter';
import type { Catalog, CatalogCollection, CatalogProduct, EngineFilterOption } from './catalog';
import { CatalogIndex, type TermField } from './catalog-index';
import { badParam, EngineRequestError } from './engine-request-error';
import { parseFilterQuery, resolveOption, SORT_KEYS, type FilterQuery } from './filter-query';
import { LIMITS } from './limits';
import { renderProductHtml } from './product-html';
import { RequestParams, type ParamsInit } from './request-params';
import { runFilter, warmHistograms } from './run-filter';
import { matchCollections, matchPages, PhraseIndex } from './suggest';
import { foldText } from './text';
import { didYouMean, matchText } from './text-search';
import { andInPlace, countBits } from './bitset';
import { wireId, wireProducts } from './to-wire-product';

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
  readonly catalog: Catalog;
  readonly apiBase: string;
  handle(request: EngineRequest): EngineResponse;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  filter(params?: ParamsInit): WireFilterResponse;
  search(params?: ParamsInit): WireFilterResponse;
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
  analyticsRecords(): readonly WireAnalyticsRecord[];
  requestBackInStock(request: BackInStockRequest): { success: true; message: string };
  backInStockRequests(): readonly BackInStockRequest[];
}

const JSONP_CALLBACK = /^[A-Za-z0-9_$.]{1,128}$/;
const ANALYTICS_ACTIONS = ['view_product', 'quick_view', 'add_to_cart', 'buy_now'];
const ANALYTICS_SOURCES = ['filter', 'search', 'suggest'];
const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,185}\.[^\s@<>"']{2,63}$/;

function defaultToken(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export function createEngine(catalog: Catalog, options: EngineOptions = {}): Engine {
  if (!catalog || !Array.isArray(catalog.products)) {
    throw new TypeError('[@pkg/engine] createEngine(catalog) needs a catalog with a products array; import one with importProductsJson or importProductCsv from @pkg/engine/import.');
  }
  const apiBase = (options.apiBase ?? '/api').replace(/\/+$/, '');
  if (apiBase !== '' && !apiBase.startsWith('/')) {
    throw new TypeError(`[@pkg/engine] apiBase must be a path starting with "/", got "${apiBase}".`);
  }
  const defaultSort = options.defaultSort ?? 'manual';
  if (!SORT_KEYS.includes(defaultSort)) throw new TypeError(`[@pkg/engine] defaultSort must be one of ${SORT_KEYS.join(', ')}.`);
  const defaultLimit = options.defaultLimit ?? 24;
  const moneyFormat = options.moneyFormat ?? '${{amount}}';
  const createToken = options.createToken ?? defaultToken;

  const index = new CatalogIndex(catalog);
  const tree: EngineFilterOption[] = [...(catalog.filterTree ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const treeById = new Map(tree.map((o) => [o.filterOptionId, o]));
  // Build the facet fields the tree needs now rather than on the first request.
  const counted = new Set<TermField>();
  for (const o of tree) {
    const r = resolveOption(o.filterOptionId, o);
    if (!r) {
      throw new TypeError(`[@pkg/engine] Filter-tree option "${o.filterOptionId}" has no known filterType or id family; see "Filter option ids" in wire-format.md.`);
    }
    if (r.kind === 'terms' || r.kind === 'collection') counted.add(index.field(r.kind === 'terms' ? r.source : 'collection'));
  }
  for (const f of ['vendor', 'type', 'tag', 'collection']) index.field(f);
  // Counts of the tree's facets over each popular value and collection, kept from the start.
  warmHistograms(index, [...new Set([...counted, index.field('collection')])], [...counted], index.histograms.maxBytes / 2);
  const phrases = new PhraseIndex(index, catalog.popularQueries ?? []);
  const collections = catalog.collections ?? [];
  const pages = catalog.pages ?? [];
  const redirects = new Map(Object.entries(catalog.redirects ?? {}).map(([k, v]) => [foldText(k).trim(), v]));
  const wire = wireProducts(index.products, index.collectionsByHandle);

  const analytics: WireAnalyticsRecord[] = [];
  const analyticsIds = new Set<string>();
  const backInStock: BackInStockRequest[] = [];
  const carts = new Map<string, Map<string, number>>();

  const parse = (params: ParamsInit | RequestParams, search: boolean): FilterQuery =>
    parseFilterQuery(params instanceof RequestParams ? params : new RequestParams(params), { options: treeById, defaultSort, defaultLimit, search });

  function filterAnswer(q: FilterQuery, search: boolean): WireFilterResponse {
    const r = runFilter(index, q, { tree });
    const out: WireFilterResponse = {
      total_product: r.total,
      from_cache: false,
      event_type: q.eventType || 'init',
      products: r.docs.map(wire),
    };
    if (search) {
      out.total_collection = q.q ? matchCollections(collections, q.q, q.fuzzy).length : collections.length;
      out.total_page = q.q ? matchPages(pages, q.q, q.fuzzy).length : pages.length;
      if (r.total === 0 && q.q) {
        out.did_you_mean = didYouMean(index, q.q, textOpts(q), 2);
      }
    }
    if (r.options) out.filter = { options: r.options };
    return out;
  }

  const textOpts = (q: Pick<FilterQuery, 'fuzzy' | 'fullMinMatch' | 'reduceMinMatch' | 'plusCharacter'>) => ({
    fuzzy: q.fuzzy,
    fullMinMatch: q.fullMinMatch,
    reduceMinMatch: q.reduceMinMatch,
    plusCharacter: q.plusCharacter,
    prefix: true,
  });

  function toWireCollection(c: CatalogCollection): WireCollection {
    return { id: wireId(c.id), title: c.title, handle: c.handle, image: c.image ? { src: c.image } : null, body_html: c.description };
  }

  function panel<T>(items: readonly T[], params: RequestParams): T[] {
    const page = params.int('page', 1, 1, LIMITS.page);
    const limit = params.int('limit', 25, 1, LIMITS.limit);
    return items.slice((page - 1) * limit, page * limit);
  }

  function suggest(init: ParamsInit | RequestParams): WireSuggestResponse {
    const params = init instanceof RequestParams ? init : new RequestParams(init);
    const q = parse(params, true);
    const limit = (k: string, d: number) => params.int(k, d, 0, LIMITS.blockLimit);
    const suggestionLimit = limit('suggestion_limit', 3);
    const collectionLimit = limit('collection_limit', 2);
    const pageLimit = limit('page_limit', 2);
    const productLimit = limit('product_limit', 6);
    const dymLimit = limit('dym_limit', 2);
    const typesRaw = params.all('suggest_types').flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean);
    for (const t of typesRaw) {
      if (!['suggestions', 'collections', 'pages', 'products'].includes(t)) {
        throw badParam('suggest_types', `Unknown suggest type "${t.slice(0, 40)}"; use suggestions, collections, pages or products.`);
      }
    }
    const types = new Set(typesRaw.length > 0 ? typesRaw : ['suggestions', 'collections', 'pages', 'products']);
    const eventType = q.eventType === 'suggest_dym' ? 'suggest_dym' : 'suggest';
    const defaultResult = params.bool('enable_default_result', true);
    const term = q.q;
    const folded = foldText(term);
    const out: WireSuggestResponse = {
      query: term,
      event_type: eventType,
      total_product: 0,
      suggestions: [],
      collections: [],
      pages: [],
      products: [],
      did_you_mean: [],
      redirect: redirects.get(folded) ?? null,
      suggestions_redirect: {},
    };
    if (term === '') {
      out.all_empty = true;
      return out;
    }
    const count = (text: string): { total: number; docs: number[] } => {
      const r = runFilter(index, { ...q, q: text, selections: [], buildFilterTree: false, page: 1, limit: Math.max(1, productLimit), sort: 'relevance' }, { tree });
      return { total: r.total, docs: r.docs };
    };
    // Without the products block only the count is needed: match the set without scoring it.
    let main: { total: number; docs: number[] };
    if (types.has('products')) main = count(term);
    else {
      const bits = matchText(index, term, textOpts(q));
      if (bits && q.productAvailable) andInPlace(bits, index.available);
      main = { total: bits ? countBits(bits) : index.size, docs: [] };
    }
    out.total_product = main.total;
    if (types.has('products')) out.products = main.docs.slice(0, productLimit).map(wire);
    if (types.has('suggestions') && suggestionLimit > 0) {
      const seen = new Set<string>();
      const words = term.split(' ');
      const head = words.slice(0, -1).join(' ');
      const lastWord = foldText(words[words.length - 1] ?? '');
      const cands = [
        ...phrases.complete(folded, suggestionLimit + 1).map((p) => p.text),
        ...(head ? phrases.complete(lastWord, suggestionLimit + 1).map((p) => `${head} ${p.text}`) : []),
      ];
      for (const c of cands) {
        const f = foldText(c);
        if (seen.has(f) || f === folded) continue;
        seen.add(f);
        out.suggestions.push(c);
        if (out.suggestions.length >= suggestionLimit) break;
      }
      for (const s of out.suggestions) {
        const url = redirects.get(foldText(s));
        if (url && out.suggestions_redirect) out.suggestions_redirect[s] = url;
      }
    }
    if (types.has('collections')) out.collections = matchCollections(collections, term, q.fuzzy).slice(0, collectionLimit).map((c) => ({ title: c.title, handle: c.handle, id: wireId(c.id) }));
    if (types.has('pages')) out.pages = matchPages(pages, term, q.fuzzy).slice(0, pageLimit).map((p) => ({ title: p.title, url: p.url, id: wireId(p.id) }));
    if (main.total === 0 && dymLimit > 0) {
      out.did_you_mean = didYouMean(index, term, textOpts(q), dymLimit);
      const first = out.did_you_mean[0];
      if (eventType === 'suggest' && first !== undefined) {
        out.suggest_query = first;
        out.suggest_total_product = count(first).total;
      }
    }
    if (eventType === 'suggest_dym') {
      const prev = params.string('prev_query').replace(/\s+/g, ' ').trim();
      out.prev_query = prev;
      out.prev_total_product = prev ? count(prev).total : 0;
    }
    if (main.total === 0 && out.suggest_query === undefined && defaultResult && types.has('products') && productLimit > 0) {
      // enable_default_result: something to look at when nothing matched (best sellers).
      out.products = [...index.order('best-selling').subarray(0, productLimit)].map(wire);
    }
    out.all_empty = out.suggestions.length === 0 && out.collections.length === 0 && out.pages.length === 0 && main.total === 0;
    return out;
  }

  function productsByIds(ids: ReadonlyArray<string | number>): WireProduct[] {
    if (ids.length > LIMITS.ids) throw badParam('ids', `At most ${LIMITS.ids} ids per request.`, 'too_many_values');
    const out: WireProduct[] = [];
    for (const id of ids) {
      const d = index.productById.get(String(id));
      if (d !== undefined) out.push(wire(d));
    }
    return out;
  }

  function collectionDescription(handle: string): WireCollectionDescription | null {
    const c = index.collectionsByHandle.get(handle);
    if (!c) {
      if (handle !== 'all') return null;
      return { collection: { title: 'All products', description: '', handle: 'all', image: null } };
    }
    return { collection: { id: wireId(c.id), title: c.title, description: c.description, handle: c.handle, image: c.image ? { src: c.image } : null } };
  }

  function productHtml(handles: readonly string[]): WireProductHtmlResponse {
    if (handles.length > LIMITS.htmlHandles) {
      throw badParam('handles', `At most ${LIMITS.htmlHandles} product handles per request (S7.4); fetch in batches of 20.`, 'too_many_values');
    }
    const products: WireProductHtmlResponse['products'] = [];
    for (const h of handles) {
      const d = index.productByHandle.get(h);
      if (d === undefined) continue;
      const p = index.products[d] as CatalogProduct;
      const html: { value: string; theme_id?: number | string } = { value: renderProductHtml(p, moneyFormat) };
      if (options.themeId !== undefined) html.theme_id = options.themeId;
      products.push({ id: wireId(p.id), html });
    }
    return { products };
  }

  function mostPopular(handle: string, init: ParamsInit | RequestParams = {}): WireMostPopularResponse | null {
    const params = init instanceof RequestParams ? init : new RequestParams(init);
    if (handle !== 'all' && !index.collectionsByHandle.has(handle)) return null;
    const sort = params.string('sort_by', 'best-selling');
    const limit = params.int('limit', options.mostPopularLimit ?? 10, 1, LIMITS.blockLimit);
    const q = parse({ sort, limit, ...(handle === 'all' ? {} : { collection_scope: handle }) }, false);
    return { products: runFilter(index, q, { tree }).docs.map(wire) };
  }

  // ------------------------------------------------------------ cart

  function cartJson(token: string): WireCart {
    const lines = carts.get(token);
    const items: NonNullable<WireCart['items']> = [];
    let count = 0;
    let total = 0;
    for (const [variantId, quantity] of lines ?? []) {
      const found = findVariant(variantId);
      if (!found) continue;
      const { p, v } = found;
      const price = Math.round(v.price * 100);
      items.push({ id: wireId(v.id), product_id: wireId(p.id), variant_id: wireId(v.id), quantity, title: v.title && v.title !== 'Default Title' ? `${p.title} - ${v.title}` : p.title, price, handle: p.handle, image: v.image ?? p.images[0]?.src ?? null });
      count += quantity;
      total += price * quantity;
    }
    return { token: lines ? token : '', item_count: count, items, total_price: total, currency: 'USD' };
  }

  let variantIndex: Map<string, [number, number]> | null = null;
  function findVariant(id: string) {
    if (!variantIndex) {
      const map = new Map<string, [number, number]>();
      index.products.forEach((p, d) => p.variants.forEach((v, i) => map.has(v.id) || map.set(v.id, [d, i])));
      variantIndex = map;
    }
    const at = variantIndex.get(id);
    if (!at) return undefined;
    const p = index.products[at[0]] as CatalogProduct;
    return { p, v: p.variants[at[1]] as CatalogProduct['variants'][number] };
  }

  function cartFor(token: string | null): [string, Map<string, number>] {
    const given = token && /^[A-Za-z0-9_-]{1,64}$/.test(token) ? token : null;
    const t: string = given ?? createToken();
    let lines = carts.get(t);
    if (!lines) {
      lines = new Map<string, number>();
      carts.set(t, lines);
      if (carts.size > LIMITS.carts) carts.delete(carts.keys().next().value as string);
    }
    return [t, lines];
  }

  const quantityOf = (raw: unknown, param: string, min: number): number => {
    const n = raw === undefined ? 1 : Number(raw);
    if (!Number.isInteger(n) || n < min || n > LIMITS.quantity) throw badParam(param, `quantity must be a whole number from ${min} to ${LIMITS.quantity}.`);
    return n;
  };

  function cartAdd(token: string | null, items: readonly CartLineInput[]): WireCart {
    if (items.length === 0) throw badParam('items', 'Nothing to add: send { id, quantity } or { items: [...] }.');
    for (const it of items) {
      if (!findVariant(String(it.id))) throw new EngineRequestError(404, 'not_found', `No variant with id "${String(it.id).slice(0, 40)}".`, 'id');
      quantityOf(it.quantity, 'quantity', 1);
    }
    const [t, lines] = cartFor(token);
    for (const it of items) {
      const id = String(it.id);
      if (!lines.has(id) && lines.size >= LIMITS.cartLines) throw badParam('items', `A cart holds at most ${LIMITS.cartLines} lines.`, 'too_many_values');
      lines.set(id, Math.min(LIMITS.quantity, (lines.get(id) ?? 0) + quantityOf(it.quantity, 'quantity', 1)));
    }
    return cartJson(t);
  }

  function cartChange(token: string | null, change: { id?: string | number; line?: number; quantity: number }): WireCart {
    const qty = quantityOf(change.quantity, 'quantity', 0);
    const [t, lines] = cartFor(token);
    let id = change.id !== undefined ? String(change.id) : undefined;
    if (id === undefined && change.line !== undefined) id = [...lines.keys()][change.line - 1];
    if (id === undefined || !lines.has(id)) throw new EngineRequestError(404, 'not_found', 'That line is not in the cart.', change.id !== undefined ? 'id' : 'line');
    if (qty === 0) lines.delete(id);
    else lines.set(id, qty);
    return cartJson(t);
  }

  // ------------------------------------------------------------ analytics, back in stock

  function recordAnalytics(records: readonly WireAnalyticsRecord[]): { accepted: number; duplicates: number } {
    let accepted = 0;
    let duplicates = 0;
    records.forEach((r, i) => validateRecord(r, i));
    for (const r of records) {
      if (r.id !== undefined) {
        if (analyticsIds.has(r.id)) {
          duplicates++;
          continue;
        }
        analyticsIds.add(r.id);
      }
      analytics.push({ ...r });
      accepted++;
      if (analytics.length > LIMITS.records) {
        const old = analytics.shift();
        if (old?.id !== undefined) analyticsIds.delete(old.id);
      }
    }
    return { accepted, duplicates };
  }

  function requestBackInStock(req: BackInStockRequest): { success: true; message: string } {
    if (typeof req.email !== 'string' || !EMAIL.test(req.email.trim())) {
      throw badParam('email', 'Please provide a valid email address.', 'invalid_email');
    }
    const known = (req.variant_id !== undefined && findVariant(String(req.variant_id))) || (req.product_id !== undefined && index.productById.has(String(req.product_id)));
    if (!known) throw new EngineRequestError(404, 'not_found', 'No such product or variant.', req.variant_id !== undefined ? 'variant_id' : 'product_id');
    const entry: BackInStockRequest = { email: req.email.trim() };
    if (req.product_id !== undefined) entry.product_id = req.product_id;
    if (req.variant_id !== undefined) entry.variant_id = req.variant_id;
    backInStock.push(entry);
    if (backInStock.length > LIMITS.records) backInStock.shift();
    return { success: true, message: 'Thanks! We will notify you when this product becomes available!' };
  }

  // ------------------------------------------------------------ HTTP

  const engine: Engine = {
    catalog,
    apiBase,
    handle: (req) => handleRequest(req),
    fetch: (input, init) => fetchVia(input, init),
    filter: (p = {}) => filterAnswer(parse(p, false), false),
    search: (p = {}) => filterAnswer(parse(p, true), true),
    suggest: (p = {}) => suggest(p),
    collectionsPanel: (p = {}) => collectionsPanel(p instanceof RequestParams ? p : new RequestParams(p)),
    pagesPanel: (p = {}) => pagesPanel(p instanceof RequestParams ? p : new RequestParams(p)),
    products: productsByIds,
    collectionDescription,
    productHtml,
    mostPopular,
    cart: (token) => (token && carts.has(token) ? cartJson(token) : { token: '', item_count: 0, items: [], total_price: 0, currency: 'USD' }),
    cartAdd,
    cartChange,
    recordAnalytics,
    analyticsRecords: () => analytics.slice(),
    requestBackInStock,
    backInStockRequests: () => backInStock.slice(),
  };

  function collectionsPanel(params: RequestParams): WireCollectionsPanelResponse {
    const q = params.string('q').replace(/\s+/g, ' ').trim();
    const found = q ? matchCollections(collections, q, params.bool('fuzzy', true)) : [...collections];
    return { total_collection: found.length, collections: panel(found, params).map(toWireCollection) };
  }

  function pagesPanel(params: RequestParams): WirePagesPanelResponse {
    const q = params.string('q').replace(/\s+/g, ' ').trim();
    const found = q ? matchPages(pages, q, params.bool('fuzzy', true)) : [...pages];
    return {
      total_page: found.length,
      pages: panel(found, params).map((p): WirePage => ({ id: wireId(p.id), title: p.title, url: p.url, image: null, body_html: p.bodyHtml })),
    };
  }

  let jarCookie: string | null = null;
  async function fetchVia(input: string | URL | Request, init?: RequestInit): Promise<Response> {
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
    const res = handleRequest({ method, url, body, headers });
    const cookie = res.headers['set-cookie'];
    if (cookie) jarCookie = cookie.split(';')[0] ?? null;
    return new Response(res.status === 204 ? null : res.body, { status: res.status, headers: res.headers });
  }

  function handleRequest(req: EngineRequest): EngineResponse {
    let callback: string | null = null;
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
      const answer = route(method, url.pathname, params, body, headers);
      return respond(answer.status ?? 200, answer.body, callback, answer.headers);
    } catch (err) {
      if (err instanceof EngineRequestError) return respond(err.status, err.toWire(), callback);
      return respond(500, { error: 'internal_error', message: '[@pkg/engine] The engine failed to answer this request.' }, callback);
    }
  }

  interface Answer {
    status?: number;
    body: unknown;
    headers?: Record<string, string>;
  }

  function route(method: string, rawPath: string, params: RequestParams, body: string, headers: Record<string, string>): Answer {
    let path = rawPath.replace(/\/{2,}/g, '/');
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
        case '/filter': onlyGet(); return { body: filterAnswer(parse(params, false), false) };
        case '/search': onlyGet(); return { body: filterAnswer(parse(params, true), true) };
        case '/search/collections': onlyGet(); return { body: collectionsPanel(params) };
        case '/search/pages': onlyGet(); return { body: pagesPanel(params) };
        case '/suggest': onlyGet(); return { body: suggest(params) };
        case '/products': {
          onlyGet();
          const ids = params.all('ids').flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
          return { body: productsByIds(ids) };
        }
        case '/analytics': {
          onlyPost();
          const data = parseJson(body);
          const list = Array.isArray(data) ? data : [data];
          if (list.length > LIMITS.valuesPerParam) throw badParam('body', `At most ${LIMITS.valuesPerParam} records per request.`, 'too_many_values');
          return { body: { success: true, ...recordAnalytics(list as WireAnalyticsRecord[]) } };
        }
        case '/back-in-stock': {
          onlyPost();
          const data = parseBody(body, headers);
          return { body: requestBackInStock(data as unknown as BackInStockRequest) };
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
      return { body: engine.cart(token ?? null) };
    }
    if (shopPath === '/cart/add.js' || shopPath === '/cart/add') {
      onlyPost();
      const data = parseBody(body, headers);
      const items = Array.isArray(data.items) ? (data.items as CartLineInput[]) : [{ id: data.id as string, quantity: data.quantity === undefined ? 1 : Number(data.quantity) }];
      if (items.some((i) => i === null || typeof i !== 'object' || i.id === undefined || i.id === null)) throw badParam('id', 'Each item needs the variant id.');
      const had = token !== undefined && carts.has(token);
      const cart = cartAdd(token ?? null, items);
      return { body: cart, headers: had ? {} : { 'set-cookie': `cart=${cart.token}; Path=/; SameSite=Lax` } };
    }
    if (shopPath === '/cart/change.js' || shopPath === '/cart/change') {
      onlyPost();
      const data = parseBody(body, headers);
      const change: { id?: string | number; line?: number; quantity: number } = { quantity: data.quantity === undefined ? NaN : Number(data.quantity) };
      if (data.id !== undefined) change.id = data.id as string;
      if (data.line !== undefined) change.line = Number(data.line);
      return { body: cartChange(token ?? null, change) };
    }
    const coll = /^\/collections\/([^/]+)(?:\/([^/]+))?$/.exec(shopPath);
    if (coll) {
      onlyGet();
      const handle = safeDecode(coll[1] ?? '');
      const view = params.string('view');
      if (coll[2] !== undefined && handle === 'all' && view.startsWith('boost-pfs-') && view !== 'boost-pfs-most-popular') {
        const handles = (coll[2] ?? '').split('+').map(safeDecode).filter(Boolean);
        return { body: productHtml(handles) };
      }
      if (coll[2] === undefined && view === 'desc') {
        const d = collectionDescription(handle);
        if (!d) throw new EngineRequestError(404, 'not_found', `No collection "${handle.slice(0, 60)}".`);
        return { body: d };
      }
      if (coll[2] === undefined && view === 'boost-pfs-most-popular') {
        const m = mostPopular(handle, params);
        if (!m) throw new EngineRequestError(404, 'not_found', `No collection "${handle.slice(0, 60)}".`);
        return { body: m };
      }
      throw new EngineRequestError(404, 'not_found', `No view "${view.slice(0, 60)}" for ${shopPath.slice(0, 80)}.`, 'view');
    }
    throw new EngineRequestError(404, 'not_found', `No route for ${method} ${path.slice(0, 120)}; the API lives under ${apiBase || '/'}.`);
  }

  return engine;
}

function baseHeaders(type: string): Record<string, string> {
  return {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'x-content-type-options': 'nosniff',
  };
}

function respond(status: number, body: unknown, callback: string | null, extra: Record<string, string> = {}): EngineResponse {
  const json = JSON.stringify(body);
  if (callback) {
    // `/**/` keeps the first bytes from ever being attacker-chosen (Rosetta Flash style attacks).
    return { status, headers: { ...baseHeaders('application/javascript'), ...extra }, body: `/**/${callback}(${json});` };
  }
  return { status, headers: { ...baseHeaders('application/json'), ...extra }, body: json };
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = String(v);
  return out;
}

function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return safeDecode(v.join('='));
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw badParam('body', 'The request body must be JSON.', 'invalid_json');
  }
}

/** A JSON object body, or a form-encoded one (`id=1&quantity=2`). */
function parseBody(body: string, headers: Record<string, string>): Record<string, unknown> {
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

function validateRecord(r: unknown, i: number): asserts r is WireAnalyticsRecord {
  if (r === null || typeof r !== 'object' || Array.isArray(r)) throw badParam(`records[${i}]`, 'An analytics record must be a JSON object.');
  const rec = r as Record<string, unknown>;
  for (const f of ['tid', 'ct', 'pid', 't', 'u', 'a', 'qs', 'r', 'sid']) {
    const v = rec[f];
    if (typeof v !== 'string' || v.length > 2048) throw badParam(f, `Analytics field "${f}" must be a string of at most 2048 characters.`);
  }
  if (!ANALYTICS_ACTIONS.includes(rec.u as string)) throw badParam('u', `Analytics action must be one of ${ANALYTICS_ACTIONS.join(', ')}.`);
  if (!ANALYTICS_SOURCES.includes(rec.a as string)) throw badParam('a', `Analytics source must be one of ${ANALYTICS_SOURCES.join(', ')}.`);
  if (rec.id !== undefined && (typeof rec.id !== 'string' || rec.id.length > 128)) throw badParam('id', 'Analytics record id must be a string of at most 128 characters.');
}

