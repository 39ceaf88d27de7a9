// The filter controller: a store with subscribe/getSnapshot over the state, the option model,
// requests, transport, history and pagination (F4.7-F4.23, S2.16, S2.18, S4.13-S4.18, S8.3, S8.4).
import { createRouter, parseQuery, type Router, type RouterWindow } from '@pkg/url-state';
import { buildFilterRequest, type RequestSpec } from './build-request';
import { createOptionsBuilder, type FilterOption } from './filter-option';
import {
  clearFilters,
  createFilterState,
  isClearAllVisible,
  isInstantCommit,
  readRangeInputs,
  selectCollection,
  selectCollectionTag,
  selectValue,
  setDisplay,
  setInCollectionSearch,
  setLimit,
  setPage,
  setRange,
  setSort,
  type ClearType,
  type FilterState,
} from './filter-state';
import { defaultDocument, defaultLocation, defaultSessionStorage, defaultUserAgent, defaultWindow, type StorageLike } from './browser-defaults';
import { collectionUrl, documentTitle } from './links';
import { normalizeFilterResponse, type Product } from './normalize-product';
import { getPageContext, type PageContext } from './page-context';
import { createPriceFormatter } from './price-format';
import { createSettings } from './create-settings';
import { formatLabel } from './format-label';
import type { Settings, SettingsInput } from './settings';
import { createFetchTransport, createJsonpTransport, createLatestGuard, defaultTimers, withRetry, type FetchLike, type Timers, type Transport, TransportError } from './transport';
import { createUrlConfigFor, fromUrlState, toUrlState } from './url-adapter';
import { deepFreeze } from './read';
import { warn } from './warn';
import type { EventType } from './wire';

/** The event types of filter requests (S2.18, F9.9): the wire's, less the suggestion ones. */
export type FilterEventType = Exclude<EventType, 'suggest' | 'suggest_dym'>;

export interface PaginationState {
  readonly type: Settings['filter']['paginationType'];
  /** The last page loaded (the page shown for default pagination). */
  readonly currentPage: number;
  /** Next page for load-more/infinite; null when everything is shown (S4.13). */
  readonly nextPage: number | null;
  /** Previous page for load-previous; null below page 2 (S4.14). */
  readonly previousPage: number | null;
  readonly lastPage: number;
  readonly hasMore: boolean;
  readonly canLoadPrevious: boolean;
}

export interface TreeUpdate {
  /** Whether the filter tree data was rebuilt by the last answer (F4.22). */
  readonly rebuilt: boolean;
  /** Partial re-render (F4.23): only these options need rendering; empty when `partial` is false. */
  readonly partial: boolean;
  readonly optionIds: readonly string[];
}

export interface ListingMessage {
  readonly key: 'noFilterResult' | 'noProducts' | 'searchEmptyResult';
  readonly text: string;
  /** Search: the term the UI shows in bold and the all-products link (S8.5). */
  readonly terms?: string;
  readonly allProductsUrl?: string;
}

export interface FilterSnapshot {
  readonly settings: Settings;
  readonly page: PageContext;
  /** Not fetched, then fetched after the first answer (F4.22). */
  readonly fetched: boolean;
  readonly status: 'idle' | 'loading' | 'success' | 'error';
  readonly eventType: FilterEventType | null;
  /** The committed state (what the address bar and the last request say). */
  readonly state: FilterState;
  /** Uncommitted changes waiting for Apply (F4.7); null when nothing is pending. */
  readonly pending: FilterState | null;
  readonly options: readonly FilterOption[];
  readonly products: readonly Product[];
  readonly totalProduct: number;
  readonly pagination: PaginationState;
  readonly tree: TreeUpdate;
  /** Loading flags the skeleton and spinners need (S4.18). */
  readonly loading: { readonly products: boolean; readonly more: boolean; readonly previous: boolean; readonly skeleton: boolean };
  readonly message: ListingMessage | null;
  /** Search with zero products on first load (S2.23). */
  readonly noResult: boolean;
  readonly clearAllVisible: boolean;
  readonly error: TransportError | null;
  readonly didYouMean: readonly string[];
}

export interface ScrollRecord {
  readonly productId: string;
  readonly page: number;
  readonly position: number;
  readonly offset: number;
  readonly url: string;
}

export interface FilterControllerOptions {
  settings: Settings | SettingsInput;
  /** Sends requests; defaults to fetch (with `fetch`) or JSONP per settings.filter.transport. */
  transport?: Transport;
  /** A fetch-compatible function, e.g. the engine's `engine.fetch`; selects the fetch transport. */
  fetch?: FetchLike;
  /** The page address; the browser location by default. */
  location?: { pathname: string; search?: string };
  /** The window for history sync; `null` turns history sync off. Browser window by default. */
  window?: RouterWindow | null;
  /** JSONP seams (browser document and window by default). */
  document?: Parameters<typeof createJsonpTransport>[0]['document'];
  jsonpGlobal?: Record<string, unknown>;
  sessionStorage?: StorageLike | null;
  timers?: Timers;
  now?: () => number;
  sid?: string;
  userAgent?: string;
  /** Full-page navigation for the failure fallback (F8.9); location.assign by default. */
  navigate?: (url: string) => void;
  /** Sets the document title (S2.19); document.title by default. */
  setTitle?: (title: string) => void;
}

export interface FilterController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FilterSnapshot;
  /** First load (F4.24); reads the address and fetches with event 'init'. */
  init(): Promise<void>;
  /** Chooses or toggles a value (F4.8); instant or pending per F4.9. */
  select(optionId: string, value: string): Promise<void>;
  setRange(optionId: string, min: number, max: number): Promise<void>;
  /** Typed range inputs (F5.5); returns the values to show (reverted ones on bad input). */
  setRangeFromInputs(optionId: string, minText: string, maxText: string): Promise<{ ok: boolean; min: number; max: number }>;
  selectCollection(optionId: string, key: string): Promise<void>;
  selectCollectionTag(optionId: string, tag: string, collectionKey?: string): Promise<void>;
  /** Commits pending changes (the Apply button). */
  apply(): Promise<void>;
  /** Drops pending changes. */
  discard(): void;
  clear(type: ClearType | string, optionId?: string, value?: string): Promise<void>;
  setSort(sort: string): Promise<void>;
  setLimit(limit: number | string): Promise<void>;
  setDisplay(display: string): Promise<void>;
  setPage(page: number | string): Promise<void>;
  setTab(tab: string): void;
  loadMore(): Promise<void>;
  loadPrevious(): Promise<void>;
  /** In-collection search, debounced 300 ms (S4.16). */
  search(text: string): void;
  /** Resends the current state (event 'resend'). */
  refresh(): Promise<void>;
  /** Records a product click for scroll restore (S4.15). */
  recordProductClick(productId: string | number, position: number, offset: number): void;
  /** Reads and clears the scroll record if it was stored for `url` (S4.15). */
  takeScrollRecord(url: string): ScrollRecord | null;
  destroy(): void;
}

const KEY = 'pkg-core-filter:';
const EMPTY: readonly never[] = Object.freeze([]);
const NOT_LOADING: FilterSnapshot['loading'] = Object.freeze({ products: false, more: false, previous: false, skeleton: false });


/** Creates the filter controller; nothing is fetched until `init()`. */
export function createFilterController(options: FilterControllerOptions): FilterController {
  const settings: Settings = Object.isFrozen(options.settings) && 'labels' in options.settings ? (options.settings as Settings) : createSettings(options.settings as SettingsInput);
  const f = settings.filter;
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  const loc = options.location ?? defaultLocation() ?? { pathname: '/', search: '' };
  const ctx = getPageContext(settings, loc.pathname, loc.search ?? '');
  const urlConfig = createUrlConfigFor(settings, ctx);
  const win = options.window === null ? undefined : (options.window ?? defaultWindow());
  // S2.15: scheme 0 (on this page kind) never touches the address bar.
  const onCollection = ctx.isCollectionPage || ctx.isSearchPage;
  const scheme = onCollection ? f.urlScheme : (f.urlSchemeNonCollection ?? f.urlScheme);
  const router: Router | undefined = win && scheme !== 0 ? createRouter({ config: urlConfig, window: win }) : undefined;
  const storage = options.sessionStorage === null ? undefined : (options.sessionStorage ?? defaultSessionStorage());
  const formatPrice = createPriceFormatter(settings);
  const guard = createLatestGuard();

  let transport: Transport | undefined = options.transport;
  const getTransport = (): Transport => {
    if (!transport) {
      const doc = options.document ?? defaultDocument();
      const g = options.jsonpGlobal ?? (defaultWindow() as Record<string, unknown> | undefined);
      const base =
        options.fetch || f.transport === 'fetch' || !doc || !g
          ? createFetchTransport({ ...(options.fetch ? { fetch: options.fetch } : {}), timeout: f.requestTimeout, timers })
          : createJsonpTransport({ document: doc, global: g, timeout: f.requestTimeout, timers });
      transport = withRetry(base, { retries: f.retries, delay: f.retryDelay, timers });
    }
    return transport;
  };

  const initial = createFilterState(settings, ctx, {});
  let rawOptions: readonly unknown[] = [];
  let snapshot: FilterSnapshot = deepFreeze({
    settings,
    page: ctx,
    fetched: false,
    status: 'idle',
    eventType: null,
    state: initial,
    pending: null,
    options: EMPTY,
    products: EMPTY,
    totalProduct: 0,
    pagination: { type: f.paginationType, currentPage: initial.page, nextPage: null, previousPage: null, lastPage: 1, hasMore: false, canLoadPrevious: false },
    tree: { rebuilt: false, partial: false, optionIds: EMPTY },
    loading: NOT_LOADING,
    message: null,
    noResult: false,
    clearAllVisible: false,
    error: null,
    didYouMean: EMPTY,
  } as FilterSnapshot);
  const listeners = new Set<() => void>();
  let firstPage = initial.page;
  let lastPage = initial.page;
  let searchTimer: unknown;
  let unsubscribeRouter: (() => void) | undefined;
  let destroyed = false;

  const set = (patch: Partial<FilterSnapshot>): void => {
    snapshot = deepFreeze({ ...snapshot, ...patch });
    for (const l of [...listeners]) l();
  };

  // Structural sharing (F4.22, F4.23): unchanged options keep their objects, an unchanged tree
  // keeps its array, so selector-bound views skip re-rendering.
  const buildOptions = createOptionsBuilder();
  const optionsFor = (state: FilterState): readonly FilterOption[] =>
    buildOptions(rawOptions, { settings, ctx, selected: state.filters, collectionScope: state.collectionScope, formatPrice }, snapshot.options);

  const store = (key: string, value: unknown): void => {
    try {
      storage?.setItem(KEY + key, JSON.stringify(value));
    } catch {
      // Storage failures are ignored.
    }
  };

  const pagination = (total: number, limit: number): PaginationState => {
    const last = Math.max(1, Math.ceil(total / Math.max(1, limit)));
    const shown = (lastPage - firstPage + 1) * limit;
    const hasMore = lastPage < last && shown < total;
    return {
      type: f.paginationType,
      currentPage: lastPage,
      nextPage: hasMore ? lastPage + 1 : null,
      previousPage: firstPage >= 2 ? firstPage - 1 : null,
      lastPage: last,
      hasMore,
      canLoadPrevious: f.loadPreviousPage && firstPage >= 2,
    };
  };

  const message = (state: FilterState, total: number): ListingMessage | null => {
    if (total > 0) return null;
    const l = settings.labels;
    if (Object.keys(state.filters).length || state.collectionScope) return { key: 'noFilterResult', text: l.noFilterResult };
    if (ctx.isSearchPage) return { key: 'searchEmptyResult', text: formatLabel(l.searchEmptyResult, { terms: state.q }), terms: state.q, allProductsUrl: collectionUrl(ctx, 'all') };
    return { key: 'noProducts', text: l.noProducts };
  };

  /** F8.9: redirect to the same page with the original-view parameter, with exceptions. */
  const fallback = (eventType: string): boolean => {
    if (!f.fallbackOnError) return false;
    const ua = options.userAgent ?? defaultUserAgent();
    const ios = /iP(hone|ad|od)/.test(ua);
    const safari = /Safari/.test(ua) && !/Chrome|Chromium|CriOS|Android/.test(ua);
    const params = new URLSearchParams(loc.search ?? '');
    if (ios || safari || eventType === 'history' || params.get('view') === f.fallbackView) return false;
    const keep = new URLSearchParams();
    const term = params.get(f.searchTermKey);
    if (term) keep.set(f.searchTermKey, term);
    keep.set('view', f.fallbackView);
    const url = `${loc.pathname}?${keep.toString()}`;
    const nav = options.navigate ?? ((u: string) => defaultLocation()?.assign?.(u));
    nav(url);
    return true;
  };

  type Mode = 'replace' | 'append' | 'prepend';

  const run = async (eventType: FilterEventType, state: FilterState, mode: Mode = 'replace', clicked?: string): Promise<void> => {
    if (destroyed) return;
    const token = guard.begin();
    const pageOnly = mode !== 'replace' || (f.loadPreviousPage && f.paginationType !== 'default' && eventType === 'init' && state.page > 1);
    const request: RequestSpec = buildFilterRequest({
      settings,
      ctx,
      state,
      eventType,
      options: snapshot.options,
      now: now(),
      urlConfig,
      ...(options.sid ? { sid: options.sid } : {}),
      pageOnly,
    });
    set({
      status: 'loading',
      eventType,
      state,
      pending: null,
      options: rawOptions.length ? optionsFor(state) : snapshot.options,
      clearAllVisible: isClearAllVisible(settings, ctx, state),
      loading: {
        products: mode === 'replace',
        more: mode === 'append',
        previous: mode === 'prepend',
        skeleton: mode === 'replace' && f.showPlaceholder && state.tab === 'products',
      },
    });
    let raw: unknown;
    try {
      raw = await getTransport()(request);
    } catch (e) {
      if (!guard.isLatest(token) || destroyed) return;
      // A failed load-more or load-previous leaves the loaded pages as they were.
      if (mode === 'append') lastPage--;
      if (mode === 'prepend') firstPage++;
      const error = e instanceof TransportError ? e : new TransportError('network', String(e));
      if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') warn('The filter request failed after retries.', error.message);
      set({ status: 'error', error, loading: NOT_LOADING });
      fallback(eventType);
      return;
    }
    if (!guard.isLatest(token) || destroyed) return;
    const result = normalizeFilterResponse(raw, settings, { now: new Date(now()).toISOString() });
    const plainLimit = state.limit;
    const rebuild = !f.eventsKeepingTree.includes(eventType) && result.filterOptions !== null;
    const previousOptions = snapshot.options;
    if (rebuild) rawOptions = result.filterOptions ?? [];
    const opts = optionsFor(state);
    let partial = false;
    let optionIds: string[] = [];
    if (rebuild && f.partialRender && clicked && eventType !== 'collection' && previousOptions.length) {
      // F4.23: same collection, so only the options other than the clicked one re-render.
      partial = true;
      optionIds = opts.filter((o) => o.id !== clicked).map((o) => o.id);
    }
    let products: readonly Product[] = result.products;
    if (mode === 'append') products = [...snapshot.products, ...result.products];
    else if (mode === 'prepend') products = [...result.products, ...snapshot.products];
    else if (!pageOnly) {
      // Default pagination shows one page; load-more/infinite asked limit x page from page 1.
      firstPage = f.paginationType === 'default' ? state.page : 1;
    } else firstPage = state.page;
    if (mode === 'replace') lastPage = state.page;
    if (f.loadPreviousPage) {
      store('currentPage', lastPage);
      store('nextPage', lastPage + 1);
      store('previousPage', firstPage - 1);
      store('previousEvent', mode === 'prepend');
    }
    const emptyInitial = eventType === 'init' && result.totalProduct === 0;
    set({
      fetched: true,
      status: 'success',
      error: null,
      options: opts,
      products,
      totalProduct: result.totalProduct,
      pagination: pagination(result.totalProduct, plainLimit),
      tree: { rebuilt: rebuild, partial, optionIds },
      loading: NOT_LOADING,
      message: message(state, result.totalProduct),
      noResult: emptyInitial && ctx.isSearchPage,
      didYouMean: result.didYouMean,
    });
    // F8.9: empty first load of a non-empty collection falls back to the original view.
    if (emptyInitial && !ctx.isSearchPage && ctx.isCollectionPage && settings.general.collection_count > 0 && !Object.keys(state.filters).length && !state.q) fallback(eventType);
  };

  const commit = async (eventType: FilterEventType, state: FilterState, clicked?: string): Promise<void> => {
    if (eventType !== 'history') router?.push(toUrlState(state, urlConfig));
    await run(eventType, state, 'replace', clicked);
  };

  const working = (): FilterState => snapshot.pending ?? snapshot.state;
  const findOption = (id: string): FilterOption | undefined => snapshot.options.find((o) => o.id === id);

  /** Applies now (F4.9 instant) or keeps the change pending for Apply (F4.7). */
  const change = async (option: FilterOption | undefined, next: FilterState, eventType: FilterEventType, clicked?: string): Promise<void> => {
    if (next === working()) return;
    if (!option || isInstantCommit(settings, option)) return commit(eventType, next, clicked);
    set({ pending: next, options: optionsFor(next), clearAllVisible: isClearAllVisible(settings, ctx, next) });
  };

  const controller: FilterController = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    async init() {
      let state = initial;
      if (router) {
        const read = router.read();
        state = fromUrlState(settings, ctx, read.state, urlConfig);
        unsubscribeRouter ??= router.subscribe((routeChange) => {
          void run('history', fromUrlState(settings, ctx, routeChange.state, urlConfig));
        });
      } else if (loc.search) {
        state = fromUrlState(settings, ctx, parseQuery(loc.search, urlConfig), urlConfig);
      }
      lastPage = state.page;
      firstPage = state.page;
      await run('init', state);
    },
    async select(optionId, value) {
      const option = findOption(optionId);
      if (!option) return void (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' && warn(`Unknown filter option '${optionId}'.`));
      if (option.filterType === 'collection' && option.displayType !== 'multi_level_collections' && !ctx.isCollectionPage) return controller.selectCollection(optionId, value);
      await change(option, selectValue(working(), option, value), 'filter', optionId);
    },
    async setRange(optionId, min, max) {
      const option = findOption(optionId);
      if (!option?.range || !Number.isFinite(min) || !Number.isFinite(max)) return;
      const lo = Math.max(option.range.min, Math.min(min, max));
      const hi = Math.min(option.range.max, Math.max(min, max));
      await change(option, setRange(working(), option, lo, hi), 'filter', optionId);
    },
    async setRangeFromInputs(optionId, minText, maxText) {
      const option = findOption(optionId);
      const r = readRangeInputs(option ?? {}, minText, maxText);
      if (r.ok && option) await change(option, setRange(working(), option, r.min, r.max), 'filter', optionId);
      return r;
    },
    async selectCollection(optionId, key) {
      const option = findOption(optionId);
      if (!option) return void (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' && warn(`Unknown filter option '${optionId}'.`));
      const next = selectCollection(settings, ctx, working(), option, { key });
      const item = option.items.find((i) => i.key === key);
      // Multi-level collections on a collection page change the path and the title (F2, S2.19).
      if (option.displayType === 'multi_level_collections' && ctx.isCollectionPage && item?.handle && win) {
        win.history.pushState(null, '', collectionUrl(ctx, item.handle));
        (options.setTitle ?? ((t: string) => {
          const d = defaultDocument();
          if (d) d.title = t;
        }))(documentTitle(item.label, settings.shop.name));
      }
      await commit('collection', next, optionId);
    },
    async selectCollectionTag(optionId, tag, collectionKey) {
      const option = findOption(optionId);
      if (!option) return void (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' && warn(`Unknown filter option '${optionId}'.`));
      await change(option, selectCollectionTag(settings, working(), option, tag, collectionKey), 'collection', optionId);
    },
    async apply() {
      const p = snapshot.pending;
      if (p) await commit('filter', p);
    },
    discard() {
      if (snapshot.pending) set({ pending: null, options: optionsFor(snapshot.state), clearAllVisible: isClearAllVisible(settings, ctx, snapshot.state) });
    },
    async clear(type, optionId, value) {
      const next = clearFilters(settings, working(), type, optionId, value);
      if (next === working()) return;
      await commit(type === 'all' ? 'clearAll' : 'clear', next, optionId);
    },
    setSort: (sort) => commit('sort', setSort(snapshot.state, sort)),
    setLimit: (limit) => commit('limit', setLimit(snapshot.state, limit)),
    async setDisplay(display) {
      const next = setDisplay(snapshot.state, display);
      if (next !== snapshot.state) await commit('display', next);
    },
    async setPage(page) {
      await commit('page', setPage(snapshot.state, page));
    },
    setTab(tab) {
      if (!['products', 'collections', 'pages'].includes(tab)) return;
      const state = { ...snapshot.state, tab };
      router?.push(toUrlState(state, urlConfig));
      set({ state });
    },
    async loadMore() {
      const p = snapshot.pagination;
      if (f.paginationType === 'default' || !p.hasMore || p.nextPage === null || snapshot.status === 'loading') return;
      lastPage = p.nextPage;
      const state = { ...snapshot.state, page: p.nextPage };
      router?.replace(toUrlState(state, urlConfig));
      await run('page', state, 'append');
    },
    async loadPrevious() {
      const p = snapshot.pagination;
      if (p.previousPage === null || snapshot.status === 'loading') return;
      firstPage = p.previousPage;
      await run('previous', { ...snapshot.state, page: p.previousPage }, 'prepend');
    },
    search(text) {
      timers.clearTimeout(searchTimer);
      searchTimer = timers.setTimeout(() => void commit('incollection_search', setInCollectionSearch(snapshot.state, text)), 300);
    },
    refresh: () => run('resend', snapshot.state),
    recordProductClick(productId, position, offset) {
      const record: ScrollRecord = { productId: String(productId), page: snapshot.pagination.currentPage, position, offset, url: loc.pathname + (loc.search ?? '') };
      store('scroll', record);
    },
    takeScrollRecord(url) {
      let record: ScrollRecord | null = null;
      try {
        const raw = storage?.getItem(`${KEY}scroll`);
        storage?.removeItem(`${KEY}scroll`);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        const r = parsed as Partial<ScrollRecord> | null;
        if (r && typeof r === 'object' && r.url === url && typeof r.position === 'number') record = r as ScrollRecord;
      } catch {
        record = null;
      }
      return record;
    },
    destroy() {
      destroyed = true;
      timers.clearTimeout(searchTimer);
      unsubscribeRouter?.();
      listeners.clear();
    },
  };
  return controller;
}
