// The filter controller: a store with subscribe/getSnapshot that ties the state, the option
// model, requests and answers together (F4.7-F4.24, S2.18, S4.13-S4.18). The address bar is a
// part (address-bar.ts; a page without it reads its address once, filter-navigation.ts), the
// snapshot's shape and derived parts are in filter-snapshot.ts, session records in
// session-records.ts, the failure fallback in error-fallback.ts, the listing messages in
// filter-snapshot.ts, the collection actions in filter-state.ts, the value texts in value-texts.ts,
// how a tree shows an option in option-view.ts and the transport default in resolve-transport.ts. It is longer than 300 lines because a third of it is the
// public option and controller interfaces with their docs, and the actions share one closure
// (the store, the request in flight and the loaded page range), which splitting would expose.
import { createStore, deepFreeze } from '@pkg/kit';
import type { RouterHistory, RouterWindow } from '@pkg/url-state';
import { buildFilterRequest, type RequestSpec } from './build-request';
import { createOptionsBuilderWith } from './build-option';
import { checkOptionTypes, type OptionChecks } from './option-checks';
import { defaultLocation, type StorageLike } from './browser-defaults';
import { createErrorFallback } from './error-fallback';
import { syncAddressBar } from './address-bar';
import { fixedAddress, type AddressPart } from './filter-navigation';
import { builtInKinds, type FilterOption, type FilterOptionCore } from './filter-option';
import { optionViews, type OptionViews } from './option-view';
import { initialSnapshot, lastPageFor, listingMessage, NOT_LOADING, paginationFor, type FilterEventType, type FilterSnapshot, type ListingMessages } from './filter-snapshot';
import { createKindRegistry, type KindRegistry, type OptionKind } from './option-kind';
import {
  clearFilters,
  collectionActions,
  createFilterState,
  isClearAllVisible,
  isInstantCommit,
  readRangeInputs,
  selectValue,
  setDisplay,
  setInCollectionSearch,
  setLimit,
  setPage,
  setRange,
  setSort,
  type ClearType,
  type CollectionActions,
  type FilterState,
} from './filter-state';
import { normalizeFilterAnswer, type Product } from './normalize-product';
import { readFilterAnswer, type AnswerReader } from './read-answer';
import { getPageContext } from './page-context';
import { createUrlConfigFor, fromUrlState } from './url-adapter';
import { parseQuery } from '@pkg/url-state';
import { fixedHistory } from '@pkg/url-state/router';
import { createPriceFormatter, moneyOptionsFor, type MoneyOptions } from './price-format';
import { resolveTransport, type TransportSeams } from './resolve-transport';
import { createSessionRecords, type ScrollRecord } from './session-records';
import { createSettings } from './create-settings';
import { mergeSettingsOver } from './merge-settings';
import type { ControllerSettings, Labels, Settings, SettingsInput } from './settings';
import { defaultTimers, isRefused, TransportError, type FetchLike, type JsonpDocument, type Timers, type Transport } from './transport';
import { PREFIX, warn } from './warn';
import { shareOptions, type ShareOptions } from './share-options';
import { valueTexts, type ValueTexts } from './value-texts';
import { isRec } from './read';

export type { FilterEventType, FilterSnapshot, ListingMessage, PaginationState, TreeUpdate } from './filter-snapshot';
export type { ScrollRecord } from './session-records';

export interface FilterControllerOptions {
  /**
   * Settings input (merged over the defaults), or settings made by `createSettings` or
   * `mergeSettings` (used as they are). `createFilterControllerWith` without the `view` part also
   * takes the `ControllerSettings` a lean controller holds.
   */
  settings: Settings | SettingsInput;
  /**
   * Sends requests. By default `createFilterController` uses fetch (with `fetch`) or JSONP per
   * settings.filter.transport; `createFilterControllerWith` needs this or a `resolveTransport` part.
   */
  transport?: Transport;
  /** A fetch-compatible function, e.g. the engine's `engine.fetch`; selects the fetch transport. */
  fetch?: FetchLike;
  /** The page address; the browser location by default, or without a browser the address of `initialData`. */
  location?: { pathname: string; search?: string };
  /** The window the `address` part syncs the history of; `null` turns history sync off. Browser window by default. */
  window?: RouterWindow | null;
  /**
   * The address-bar seam of the `address` part (url-state's `RouterHistory`): a memory history for
   * tests and server rendering, or a framework's. The browser history of `window` by default; `null` turns history sync off.
   */
  history?: RouterHistory | null;
  /** JSONP seams (browser document and window by default). */
  document?: JsonpDocument;
  jsonpGlobal?: Record<string, unknown>;
  /** Where the `records` part keeps its session records (the browser's sessionStorage by default; `null` for none). */
  sessionStorage?: StorageLike | null;
  timers?: Timers;
  now?: () => number;
  sid?: string;
  userAgent?: string;
  /** Full-page navigation for the failure fallback (F8.9); location.assign by default. */
  navigate?: (url: string) => void;
  /** Sets the document title on a multi-level collection move (S2.19, with the `address` part); document.title by default. */
  setTitle?: (title: string) => void;
  /**
   * The option kinds to read the filter tree with (every built-in kind by default). Pass a list
   * to `createFilterControllerWith` instead to keep the other kinds out of the bundle.
   */
  kinds?: readonly OptionKind[];
  /**
   * Search page panels (S2.20-S2.22): `'fetch'` (default) sends the filter request of the `tab`
   * panel; `'address'` keeps `tab` in the address and the snapshot only, for a page whose
   * collections and pages panels fetch for themselves (the loader's search page), so filter
   * requests always ask for products.
   */
  panelTabs?: 'fetch' | 'address';
  /**
   * The first answer, computed on the server by `loadFilterData` for the same address: the
   * controller starts with it already applied (so a hydrating render matches the server's HTML)
   * and `init()` sends no request. Ignored, with a request at `init()`, when the address differs.
   */
  initialData?: FilterInitialData;
}

/** The first answer for an address, as `loadFilterData` returns it: plain JSON, to embed in the page. */
export interface FilterInitialData {
  /** The path and query the answer is for. */
  readonly url: string;
  /** When it was answered (ms since the epoch): "new" badges and dates are read at this time on both sides. */
  readonly at: number;
  /** The service's (or the engine's) answer, as sent. */
  readonly answer: unknown;
}

/**
 * The parts `createFilterControllerWith` leaves out unless given, so a page pays only for what it
 * uses; `createFilterController` passes every one.
 */
export interface FilterControllerParts<P> {
  /**
   * Reads the service's answer. `normalizeFilterAnswer` gives `Product`s, banners, did-you-mean
   * and the in-browser currency conversion (S1.5); by default `readFilterAnswer` keeps the
   * products as the service sent them (`unknown`).
   */
  readAnswer?: AnswerReader<P>;
  /**
   * Picks the transport when no `transport` is passed: `resolveTransport` (script tags or fetch per
   * `filter.transport`, F7.1) or `resolveFetchTransport` (fetch, with the settings' timeout and
   * retries), given the `fetch`, `document` and `timers` seams. `createFilterControllerWith` has no
   * default: give this or a `transport` (e.g. `createFetchTransport({ fetch })`).
   */
  resolveTransport?: (settings: ControllerSettings, seams: TransportSeams) => Transport;
  /** F8.9: `createErrorFallback` sends the shopper to the theme's own view when loading fails; none by default. */
  errorFallback?: typeof createErrorFallback;
  /**
   * The texts settings input is merged over: `DEFAULT_LABELS` for the English ones. Without them
   * the settings hold only the texts the input gives (a listing message's text is then '' unless
   * given), and a kind that writes a text missing from them (`OptionKind.texts`: rating, stock,
   * price and sale buckets) is refused with an error when the controller is made. Settings made
   * by `createSettings` or `mergeSettings` already hold the English texts.
   */
  labels?: Partial<Labels>;
  /**
   * F8.11: `checkOptionTypes` warns in the console about a filter type or display type the
   * service should not send; without it such options are read as lists (or ranges) silently.
   */
  checks?: OptionChecks;
  /**
   * S8.3-S8.5: `listingMessage` writes the snapshot's `message` in place of an empty listing (no
   * filter result, an empty search, no products) and of a request the service refused; without it
   * `message` stays null and the page reads `totalProduct`, `state` and `error` itself.
   */
  messages?: ListingMessages;
  /**
   * `valueTexts` writes each value's label as the option's settings (its prefix taken off, its
   * removed and replaced texts, its all-capitals form) and the owner's value capitals say; without
   * it each value shows its text as the service sent it, markup stripped.
   */
  texts?: ValueTexts;
  /**
   * F4.22, F4.23: `shareOptions` keeps the objects of unchanged options (and the options array
   * when none changed), so selector-bound views skip re-rendering; without it each answer and
   * each pending change builds every option anew (same content, new objects).
   */
  share?: ShareOptions;
  /**
   * S4.14, S4.15: `createSessionRecords` keeps the loaded page range (with `loadPreviousPage`) and
   * the last product click in session storage (`options.sessionStorage`, the browser's by default),
   * so `takeScrollRecord` can restore the scroll position; without it nothing is kept and
   * `takeScrollRecord` answers null.
   */
  records?: typeof createSessionRecords;
  /**
   * S2.14-S2.16, S2.19: `syncAddressBar` writes each committed state to the address bar (through
   * `options.history`, the browser's by default), restores the state and scroll position of an
   * entry on back and forward, and moves the path and title for a multi-level collection. Without
   * it the first load still reads the page's address, but states stay in the controller's memory
   * (no history write, no back/forward move, no title) and `href` builds links at that address;
   * development builds throw a TypeError when `history`, `window` or `setTitle` is given without it.
   */
  address?: AddressPart;
  /**
   * F4.10, F4.15, F4.16: `collectionActions` gives `selectCollection` and `selectCollectionTag` (and
   * so `select` on a collection off collection pages) their state changes, which the collection,
   * sub-category and multi-level kinds need. Without it those actions do nothing; development
   * builds refuse those kinds without it (a TypeError saying what to pass).
   */
  collections?: CollectionActions;
  /**
   * `optionViews` gives each option how a tree shows it (`FilterOption`'s more button, search box,
   * collapse, tooltip, columns, view-more count, star colour, counts, open levels) and merges the
   * settings only views read over their defaults (`VIEW_SETTING_DEFAULTS`): what react-ui's
   * filter tree and listing read. Without it the snapshot holds `FilterOptionCore`s and
   * `ControllerSettings` (the view settings only where the input gave them).
   */
  view?: OptionViews;
}

/**
 * The filter controller. `O` and `S` are the snapshot's option and settings types: `FilterOption`
 * and `Settings`, or `FilterOptionCore` and `ControllerSettings` for a controller without the
 * `view` part (`LeanFilterController`).
 */
export interface FilterController<P = Product, O extends FilterOptionCore = FilterOption, S extends ControllerSettings = Settings> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FilterSnapshot<P, O, S>;
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
  /**
   * Clears one value, an option or all (F4.19) with event 'clear' or 'clearAll': at once where a
   * choice would apply at once, otherwise pending until Apply (F4.21, `filter.requestInstantly`).
   */
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
  /**
   * The link of the current state with `change` applied (e.g. `{ page: 2 }`), keeping foreign
   * parameters: built from state, so server and browser render the same links.
   */
  href(change: Partial<FilterState>): string;
  /**
   * An amount in the shop's money format, in the currency its reader shows (the shopper's when it
   * converts, else the shop's; `moneyOptionsFor`) with that currency's rounding rule: the one
   * formatter of the page's range bounds and chips. `short` shortens it with K and M (an option's `shortenPipsRange`, S1.8);
   * `scale` rounds it for a slider's scale (the owner's `decimalPriceRange`).
   */
  formatPrice(amount: number, short?: boolean, scale?: boolean): string;
  /**
   * The currency the page's amounts are in, with its rounding rule (`moneyOptionsFor`): the
   * shopper's when the answer reader converts, else the shop's. `formatPrice` uses it, and so does
   * react-ui's `Price` under the controller's `FilterProvider`.
   */
  readonly moneyOptions: MoneyOptions;
  /** Records a product click for scroll restore (S4.15). */
  recordProductClick(productId: string | number, position: number, offset: number): void;
  /** Reads and clears the scroll record if it was stored for `url` (S4.15). */
  takeScrollRecord(url: string): ScrollRecord | null;
  destroy(): void;
}

/** A controller without the `view` part: its options are `FilterOptionCore`s, its settings `ControllerSettings`. */
export type LeanFilterController<P = Product> = FilterController<P, FilterOptionCore, ControllerSettings>;

/** The options of `createFilterControllerWith` without the `view` part: settings may be a lean controller's own. */
export type LeanControllerOptions = Omit<FilterControllerOptions, 'settings'> & { settings: ControllerSettings | SettingsInput };

/** The built-in kinds whose values `collectionActions` acts on. */
const COLLECTION_KINDS = ['collection', 'sub_category', 'multi_level_collections', 'multi_level_tag'];

const addressOf = (url: string): { pathname: string; search: string } => new URL(url, 'https://initial.invalid');

/** Settings already made by `createSettings` or `mergeSettingsOver` (frozen, with their texts): used as they are. */
export const isSettings = (s: ControllerSettings | SettingsInput): s is ControllerSettings => Object.isFrozen(s) && 'labels' in s;

/**
 * Creates the filter controller with every built-in option kind (or `options.kinds`), settings
 * checked by `createSettings`, products read by `normalizeFilterAnswer`, the transport chosen by
 * `resolveTransport`, the fallback of `createErrorFallback`, the collection actions, the listing messages, the option type warnings, the value texts, structural sharing, the session
 * records and the address bar kept in sync by `syncAddressBar`; nothing is fetched until `init()`.
 */
export function createFilterController(options: FilterControllerOptions): FilterController {
  return createFilterControllerWith(options.kinds ?? builtInKinds(), {
    ...options,
    settings: isSettings(options.settings) ? options.settings : createSettings(options.settings),
    readAnswer: normalizeFilterAnswer,
    resolveTransport,
    errorFallback: createErrorFallback,
    checks: checkOptionTypes,
    texts: valueTexts,
    messages: listingMessage,
    share: shareOptions,
    records: createSessionRecords,
    address: syncAddressBar,
    collections: collectionActions,
    view: optionViews,
  });
}

/**
 * Creates the filter controller with only the given option kinds (a list or a registry), e.g.
 * `createFilterControllerWith([listKind, rangeKind], options)`: kinds not passed are left out of
 * the bundle, and options of those kinds are skipped with a development warning. So are the parts
 * not passed (`FilterControllerParts`): settings input is merged over the defaults unchecked
 * (pass `createSettings(input)` to check it), with no texts but the given ones unless `labels:
 * DEFAULT_LABELS` is passed, requests go through the `transport` given (or the one its
 * `resolveTransport` picks), and products stay as the service sent them unless `readAnswer:
 * normalizeFilterAnswer` is given, values show their texts as sent unless `texts: valueTexts` is
 * given, `message` stays null unless `messages: listingMessage` is given, collection clicks change
 * nothing unless `collections: collectionActions` is given, and states stay in memory (the address
 * read once, no history write) unless `address: syncAddressBar` is given. Throws a TypeError naming
 * the texts when a kind writes a text the settings do not hold, and one when neither a transport
 * nor a resolver is given (development builds also when `history`, `window` or `setTitle` is given
 * without `address`, and when a collection kind is given without `collections`).
 */
export function createFilterControllerWith<P>(kindList: readonly OptionKind[] | KindRegistry, options: FilterControllerOptions & FilterControllerParts<P> & { readAnswer: AnswerReader<P>; view: OptionViews }): FilterController<P>;
export function createFilterControllerWith(kindList: readonly OptionKind[] | KindRegistry, options: FilterControllerOptions & FilterControllerParts<unknown> & { view: OptionViews }): FilterController<unknown>;
export function createFilterControllerWith<P>(kindList: readonly OptionKind[] | KindRegistry, options: LeanControllerOptions & FilterControllerParts<P> & { readAnswer: AnswerReader<P> }): LeanFilterController<P>;
export function createFilterControllerWith(kindList: readonly OptionKind[] | KindRegistry, options: LeanControllerOptions & FilterControllerParts<unknown>): LeanFilterController<unknown>;
export function createFilterControllerWith<P>(kindList: readonly OptionKind[] | KindRegistry, options: LeanControllerOptions & FilterControllerParts<P>): LeanFilterController<P> {
  const kinds: KindRegistry = Array.isArray(kindList) ? createKindRegistry(kindList as readonly OptionKind[]) : (kindList as KindRegistry);
  const settings: ControllerSettings = isSettings(options.settings) ? options.settings : mergeSettingsOver(options.settings, options.labels, options.view?.defaults);
  // A kind that writes a text the settings lack is refused (a short text in production builds).
  for (const k of kinds.kinds) {
    const missing = k.texts?.filter((t) => typeof settings.labels[t] !== 'string').join(', ');
    if (missing)
      throw new TypeError(
        `${PREFIX} ${typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `The '${k.name}' option kind writes the texts ${missing}: give them in settings.labels, or pass labels: DEFAULT_LABELS for the English ones.` : `labels missing: ${missing}`}`,
      );
  }
  const readAnswer = (options.readAnswer ?? readFilterAnswer) as AnswerReader<P>;
  const f = settings.filter;
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  // Without a browser (a server render), the address of the initial data is the page's.
  const loc = options.location ?? defaultLocation() ?? (options.initialData ? addressOf(options.initialData.url) : { pathname: '/', search: '' });
  const ctx = getPageContext(settings, loc.pathname, loc.search ?? '');
  const urlConfig = createUrlConfigFor(settings, ctx);
  // The address bar is a part; without it, a page given its seams would lose their sync silently.
  if (typeof process === 'object' && process.env.NODE_ENV !== 'production' && !options.address && (options.history || options.window || options.setTitle))
    throw new TypeError(
      `${PREFIX} createFilterControllerWith writes the address bar only with its address part: pass address: syncAddressBar with history, window or setTitle, or leave them out to keep the states in memory.`,
    );
  // The collection actions are a part; without it the kinds whose values are collections or their tags would not answer a click.
  if (typeof process === 'object' && process.env.NODE_ENV !== 'production' && !options.collections) {
    const needing = kinds.kinds.filter((k) => COLLECTION_KINDS.includes(k.name)).map((k) => k.name);
    if (needing.length) throw new TypeError(`${PREFIX} The option kinds ${needing.join(', ')} need the collection actions: pass collections: collectionActions to createFilterControllerWith.`);
  }
  const nav = (options.address ?? fixedAddress)(settings, ctx, urlConfig, { ...options, location: loc });
  const records = options.records?.(options.sessionStorage);
  const fallback = options.errorFallback?.(settings, loc, options) ?? ((): boolean => false);
  // Amounts in the currency the reader shows them in: the shopper's when it converts (its request
  // side, `requestFilters`, converts back), else the service's (the shop's, S1.5).
  const money = moneyOptionsFor(settings, !!readAnswer.requestFilters);
  const formatter = (short?: boolean, scale?: boolean) => createPriceFormatter(settings, short, scale, money);
  const formatPrice = formatter();
  // The newest request: a newer one (a click, a Back or Forward move) aborts it, so its answer
  // never arrives; an answer a transport delivers despite the abort is dropped, its request no
  // longer being the one in flight (the newer request always wins).
  let inFlight: AbortController | undefined;

  // The transport is a part: a page passes one, or a resolver that picks one for the settings.
  // Without either, development builds refuse the controller; a production build's first request
  // ends in the error state (`status: 'error'`) instead, the check being development-only code.
  const pick = options.resolveTransport;
  if (typeof process === 'object' && process.env.NODE_ENV !== 'production' && !pick && !options.transport)
    throw new TypeError(
      `${PREFIX} createFilterControllerWith needs a transport: pass transport (e.g. createFetchTransport({ fetch })) or resolveTransport (resolveFetchTransport for fetch with retries, resolveTransport for script tags per filter.transport).`,
    );
  let transport: Transport | undefined;
  const getTransport = (): Transport =>
    (transport ??= pick ? pick(settings, { ...options, timers }) : (options.transport as Transport));

  const initial = createFilterState(settings, ctx, {});
  let rawOptions: readonly unknown[] = [];
  const store = createStore<FilterSnapshot<P, FilterOptionCore, ControllerSettings>>(initialSnapshot<P>(settings, ctx, initial), { freeze: deepFreeze });
  let firstPage = initial.page;
  let lastPage = initial.page;
  let searchTimer: unknown;
  let stopListening: (() => void) | undefined;
  let destroyed = false;

  const set = store.update;
  const snap = store.getSnapshot;

  // Structural sharing (F4.22, F4.23) is the `share` part: unchanged options keep their objects.
  const buildOptions = createOptionsBuilderWith(kinds, options);
  const optionsFor = (state: FilterState): readonly FilterOptionCore[] =>
    buildOptions(rawOptions, { settings, ctx, selected: state.filters, collectionScope: state.collectionScope, formatPrice }, snap().options as readonly FilterOption[]);

  type Mode = 'replace' | 'append' | 'prepend';
  const run = async (eventType: FilterEventType, state: FilterState, mode: Mode = 'replace', clicked?: string): Promise<void> => {
    if (destroyed) return;
    inFlight?.abort();
    const abort = (inFlight = new AbortController());
    const pageOnly = mode !== 'replace' || (f.loadPreviousPage && f.paginationType !== 'default' && eventType === 'init' && state.page > 1);
    const request: RequestSpec = buildFilterRequest({
      settings,
      ctx,
      state: options.panelTabs === 'address' ? { ...state, tab: 'products' } : state,
      eventType,
      options: snap().options,
      now: now(),
      urlConfig,
      sid: options.sid,
      pageOnly,
      // The reader's request side travels with it (S1.5): what it converts for the shopper is sent converted back.
      readAnswer,
    });
    set({
      status: 'loading',
      eventType,
      state,
      pending: null,
      options: rawOptions.length ? optionsFor(state) : snap().options,
      clearAllVisible: isClearAllVisible(settings, ctx, state),
      loading: {
        products: mode === 'replace',
        more: mode === 'append',
        previous: mode === 'prepend',
        skeleton: mode === 'replace' && f.showPlaceholder && (state.tab === 'products' || options.panelTabs === 'address'),
      },
    });
    let raw: unknown;
    try {
      raw = await getTransport()(request, { signal: abort.signal });
    } catch (e) {
      if (abort !== inFlight || destroyed) return;
      // A failed load-more or load-previous leaves the loaded pages as they were.
      if (mode === 'append') lastPage--;
      if (mode === 'prepend') firstPage++;
      const error = e instanceof TransportError ? e : new TransportError('network', String(e));
      if (isRefused(error) && mode === 'replace') {
        // The service refused this request (a term over its length limit, a malformed value):
        // asking again or falling back to the theme's view would not help. The shopper stays on
        // the page, with a message in place of the listing and the search box as it was.
        set({ status: 'error', error, loading: NOT_LOADING, products: [], banners: [], totalProduct: 0, noResult: false, message: options.messages?.(settings, ctx, state, 0, true) ?? null });
        return;
      }
      if (typeof process === 'object' && process.env.NODE_ENV !== 'production') warn('The filter request failed after retries.', error.message);
      set({ status: 'error', error, loading: NOT_LOADING });
      fallback(eventType);
      return;
    }
    if (abort !== inFlight || destroyed) return;
    receive(raw, now(), eventType, state, mode, pageOnly, clicked);
  };

  /** Applies an answer: the options, products and pagination of `state`. */
  const receive = (raw: unknown, at: number, eventType: FilterEventType, state: FilterState, mode: Mode, pageOnly: boolean, clicked?: string): void => {
    const result = readAnswer(raw, settings, { now: new Date(at).toISOString() });
    const plainLimit = state.limit;
    // An address past the last page (an old link, a hand-edited `page`): the answer has the total
    // but no product, so ask for the last page instead, in place of this history entry.
    const pages = lastPageFor(result.totalProduct, plainLimit);
    if (mode === 'replace' && !pageOnly && f.paginationType === 'default' && result.totalProduct > 0 && !result.products.length && state.page > pages) {
      const last = { ...state, page: pages };
      nav.replace?.(last);
      void run(eventType, last, 'replace', clicked);
      return;
    }
    const rebuild = !f.eventsKeepingTree.includes(eventType) && result.filterOptions !== null;
    const previousOptions = snap().options;
    const partial = rebuild && f.partialRender && !!clicked && eventType !== 'collection' && previousOptions.length > 0;
    if (rebuild) {
      const next = result.filterOptions ?? [];
      // F4.23: same collection, so only the options other than the clicked one re-render: the
      // clicked option keeps the values it was clicked in (its new selection shown), so the list
      // under the shopper's pointer does not move.
      const mine = (o: unknown) => partial && isRec(o) && o.filterOptionId === clicked;
      const kept = rawOptions.find(mine);
      rawOptions = next.map((o) => (kept && mine(o) ? kept : o));
    }
    const opts = optionsFor(state);
    const optionIds: string[] = partial ? opts.filter((o) => o.id !== clicked).map((o) => o.id) : [];
    let products: readonly P[] = result.products;
    if (mode === 'append') products = [...snap().products, ...result.products];
    else if (mode === 'prepend') products = [...result.products, ...snap().products];
    else if (!pageOnly) {
      // Default pagination shows one page; load-more/infinite asked limit x page from page 1.
      firstPage = f.paginationType === 'default' ? state.page : 1;
    } else firstPage = state.page;
    if (mode === 'replace') lastPage = state.page;
    if (f.loadPreviousPage) records?.storePages(firstPage, lastPage, mode === 'prepend');
    const emptyInitial = eventType === 'init' && result.totalProduct === 0;
    set({
      fetched: true,
      status: 'success',
      error: null,
      options: opts,
      products,
      productOffset: (firstPage - 1) * plainLimit,
      banners: result.banners,
      totalProduct: result.totalProduct,
      pagination: paginationFor(settings, result.totalProduct, plainLimit, firstPage, lastPage),
      tree: { rebuilt: rebuild, partial, optionIds },
      loading: NOT_LOADING,
      message: options.messages?.(settings, ctx, state, result.totalProduct) ?? null,
      noResult: emptyInitial && ctx.isSearchPage,
      didYouMean: result.didYouMean,
    });
    // F8.9: empty first load of a non-empty collection falls back to the original view.
    if (emptyInitial && !ctx.isSearchPage && ctx.isCollectionPage && settings.general.collection_count > 0 && !Object.keys(state.filters).length && !state.q) fallback(eventType);
  };

  // A server's answer for this very address starts the store in its answered state (hydration).
  let hydrated = false;
  if (options.initialData) {
    const data = options.initialData;
    // The answer's address read as the page's is: a bad one (F5.8) at its clean path.
    const dataUrl = fixedHistory(addressOf(data.url)).location();
    const state = nav.read(initial);
    const dataState = fromUrlState(settings, getPageContext(settings, dataUrl.pathname, dataUrl.search), parseQuery(dataUrl.search, urlConfig), urlConfig);
    if (dataUrl.pathname === fixedHistory(loc).location().pathname && JSON.stringify(dataState) === JSON.stringify(state)) {
      set({ eventType: 'init', state, clearAllVisible: isClearAllVisible(settings, ctx, state) });
      receive(data.answer, data.at, 'init', state, 'replace', false);
      hydrated = true;
    } else if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
      warn(`The initial data is for '${data.url}', not this address: init() fetches instead.`);
    }
  }

  const commit = async (eventType: FilterEventType, state: FilterState, clicked?: string): Promise<void> => {
    if (eventType !== 'history') nav.push?.(state);
    await run(eventType, state, 'replace', clicked);
  };

  const working = (): FilterState => snap().pending ?? snap().state;
  /** The option of an id; a development warning for an id the tree does not have. */
  const findOption = (id: string): FilterOptionCore | undefined => {
    const option = snap().options.find((o) => o.id === id);
    if (!option && typeof process === 'object' && process.env.NODE_ENV !== 'production') warn(`Unknown filter option '${id}'.`);
    return option;
  };

  // The event Apply sends: 'clear' or 'clearAll' while only clears wait (F4.19, F4.21), else 'filter'.
  let pendingEvent: FilterEventType = 'filter';
  /** Keeps `next` for Apply (F4.7): the options show it, the address and the listing wait. */
  const hold = (next: FilterState, eventType: FilterEventType): void => {
    pendingEvent = eventType === 'filter' || (snap().pending && pendingEvent === 'filter') ? 'filter' : eventType;
    set({ pending: next, options: optionsFor(next), clearAllVisible: isClearAllVisible(settings, ctx, next) });
  };

  /** Applies now (F4.9 instant) or keeps the change pending for Apply (F4.7). */
  const change = async (option: FilterOptionCore | undefined, next: FilterState, eventType: FilterEventType, clicked?: string): Promise<void> => {
    if (next === working()) return;
    if (!option || isInstantCommit(settings, option)) return commit(eventType, next, clicked);
    hold(next, 'filter');
  };

  const controller: LeanFilterController<P> = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    async init() {
      const state = nav.read(initial);
      // S2.16: a move shows the entry's state, then its scroll position once rendered.
      stopListening ??= nav.listen?.(({ state: moved, scroll }) => {
        // The entry left behind must not write over the one moved to: its waiting in-collection
        // search (S4.16) would push a new entry after the move and drop the entries ahead.
        timers.clearTimeout(searchTimer);
        void run('history', moved).then(() => {
          if (scroll !== undefined && snap().state === moved) timers.setTimeout(() => nav.scrollTo?.(scroll), 0);
        });
      });
      if (hydrated) {
        hydrated = false;
        return;
      }
      lastPage = state.page;
      firstPage = state.page;
      await run('init', state);
    },
    async select(optionId, value) {
      const option = findOption(optionId);
      if (!option) return;
      // The option's kind says what a click does (F4.10: a collection item off collection pages sets the scope).
      if (kinds.get(option.kind)?.choose?.(option, ctx) === 'collection') return controller.selectCollection(optionId, value);
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
      const to = options.collections;
      if (!option || !to) return;
      const next = to.collection(settings, ctx, working(), option, { key });
      const item = option.items.find((i) => i.key === key);
      // Multi-level collections on a collection page change the path and the title (F2, S2.19).
      if (kinds.get(option.kind)?.movesPage && ctx.isCollectionPage && item?.handle) nav.moveToCollection?.(next, item.handle, item.label);
      await commit('collection', next, optionId);
    },
    async selectCollectionTag(optionId, tag, collectionKey) {
      const option = findOption(optionId);
      const to = options.collections;
      if (option && to) await change(option, to.tag(settings, working(), option, tag, collectionKey), 'collection', optionId);
    },
    async apply() {
      const p = snap().pending;
      if (p) await commit(pendingEvent, p);
    },
    discard() {
      if (snap().pending) set({ pending: null, options: optionsFor(snap().state), clearAllVisible: isClearAllVisible(settings, ctx, snap().state) });
    },
    async clear(type, optionId, value) {
      const next = clearFilters(settings, working(), type, optionId, value);
      if (next === working()) return;
      const eventType = type === 'all' ? 'clearAll' : 'clear';
      // F4.21: a clear applies at once where a choice would (F4.9: vertical layouts, single
      // select, or requestInstantly); in a horizontal layout without requestInstantly it waits for
      // Apply like the choices around it. Clear all follows the layout.
      const option = type === 'all' || !optionId ? undefined : findOption(optionId);
      if (isInstantCommit(settings, option ?? { selectType: 'multiple' })) return commit(eventType, next, optionId);
      hold(next, eventType);
    },
    setSort: (sort) => commit('sort', setSort(snap().state, sort)),
    setLimit: (limit) => commit('limit', setLimit(snap().state, limit)),
    async setDisplay(display) {
      const next = setDisplay(snap().state, display);
      if (next !== snap().state) await commit('display', next);
    },
    async setPage(page) {
      // Once the total is known, a page past the last one asks for the last (never an empty page).
      const next = setPage(snap().state, page);
      const last = snap().fetched ? snap().pagination.lastPage : Infinity;
      await commit('page', next.page > last ? { ...next, page: last } : next);
    },
    setTab(tab) {
      if (!['products', 'collections', 'pages'].includes(tab)) return;
      const state = { ...snap().state, tab };
      nav.push?.(state);
      set({ state });
    },
    async loadMore() {
      const p = snap().pagination;
      if (f.paginationType === 'default' || !p.hasMore || p.nextPage === null || snap().status === 'loading') return;
      lastPage = p.nextPage;
      const state = { ...snap().state, page: p.nextPage };
      nav.replace?.(state);
      await run('page', state, 'append');
    },
    async loadPrevious() {
      const p = snap().pagination;
      if (p.previousPage === null || snap().status === 'loading') return;
      firstPage = p.previousPage;
      await run('previous', { ...snap().state, page: p.previousPage }, 'prepend');
    },
    search(text) {
      timers.clearTimeout(searchTimer);
      searchTimer = timers.setTimeout(() => void commit('incollection_search', setInCollectionSearch(snap().state, text)), 300);
    },
    refresh: () => run('resend', snap().state),
    recordProductClick(productId, position, offset) {
      records?.storeScroll({ productId: String(productId), page: snap().pagination.currentPage, position, offset, url: loc.pathname + (loc.search ?? '') });
    },
    takeScrollRecord: (url) => records?.takeScroll(url) ?? null,
    href: (change) => nav.href({ ...snap().state, ...change }),
    formatPrice: (amount, short, scale) => (short || scale ? formatter(short, scale) : formatPrice)(amount),
    moneyOptions: money,
    destroy() {
      destroyed = true;
      timers.clearTimeout(searchTimer);
      inFlight?.abort();
      stopListening?.();
      store.destroy();
    },
  };
  return controller;
}
