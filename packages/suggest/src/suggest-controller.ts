// Over 300 lines because debounce, cache, retries, selection and submit share one closure's state
// (the pending term and the latest answer); the pure parts live in their own files.
// The suggestion controller (S4.2, S4.4-S4.9, S5.1, S5.3, S7.1, S7.2, F8.10): a store with
// subscribe/getSnapshot over the search box, its requests, cache, selection and submit.
import { createStore, deepFreeze } from '@pkg/kit';
import { buildTrendingRequest, normalizeTerm, searchUrl } from '@pkg/core-filter/search';
import { createFetchTransport, createSettings, defaultTimers, formatLabel, getPageContext, isBadInput, isRefused, normalizeProduct, resolveTransport, stripHtml } from '@pkg/core-filter';
import { productUrl, imageSize } from '@pkg/core-filter/view';
import type { FetchLike, PageContext, Settings, SettingsInput, Timers, Transport } from '@pkg/core-filter';
import { buildSuggestRequest } from './build-suggest-request';
import { defaultNavigate, defaultPathname, type StorageLike } from './browser-defaults';
import { highlight } from './highlight';
import { isViewAllShown } from './is-view-all-shown';
import { moveSelection } from './move-selection';
import { normalizeSuggestResponse, SUGGEST_IMAGE_SIZE, type SuggestItem, type SuggestItemKind, type SuggestLinkContext, type SuggestResult } from './normalize-suggest-response';
import { createRecentSearches, type RecentSearches } from './recent-searches';
import { suggestLabels } from './suggest-labels';
import { createSuggestSettings, type SuggestSettings, type SuggestSettingsInput } from './suggest-settings';

export interface SuggestControllerOptions {
  /** The shop settings of @pkg/core-filter (endpoints, shop, locale, search flags). */
  settings: Settings | SettingsInput;
  /** Suggestion settings; defaults of S9.8 / S9.10. */
  suggest?: SuggestSettingsInput;
  /** Sends the suggestion call (and the trending call unless `productsTransport` is given). */
  transport?: Transport;
  /** Sends the trending products call (S7.2). */
  productsTransport?: Transport;
  /** A fetch-compatible function (e.g. the engine's `engine.fetch`): both calls go through it. */
  fetch?: FetchLike;
  timers?: Timers;
  now?: () => number;
  /** Session id, sent as `sid`. */
  sid?: string | (() => string);
  /** The current path, for locale-prefixed links; the browser location by default. */
  pathname?: string;
  /** Full-page navigation; location.assign by default. */
  navigate?: (url: string) => void;
  /** Submits the search form; navigates to the search page by default. */
  submitSearch?: (term: string) => void;
  /** The recent-searches store; one over localStorage (or `storage`) by default. */
  recentSearches?: RecentSearches;
  storage?: StorageLike | null;
  /**
   * What the box shows before the shopper types, e.g. the term of the search page the box sits
   * on. Nothing is requested for it until the box is focused; a bad term (S5.1) is not shown.
   */
  initialInput?: string;
}

export type SuggestStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SuggestSnapshot {
  /** Instant search on; false after 3 failed attempts (S4.9). */
  readonly enabled: boolean;
  readonly open: boolean;
  readonly status: SuggestStatus;
  /** What the shopper typed. */
  readonly typed: string;
  /** The typed text, whitespace-collapsed and trimmed (S5.3). */
  readonly term: string;
  /** What the input shows: the selected row's text, else the typed text (S4.6). */
  readonly input: string;
  /** The answer for `term` (never an older term's), or null. */
  readonly result: SuggestResult | null;
  /** True while the on-click suggestions of an empty term are shown (S4.2). */
  readonly onClick: boolean;
  /** The navigable rows in order; the view-all row, when shown (S5.5), is last. */
  readonly items: readonly SuggestItem[];
  /** Index into `items`, -1 for none. */
  readonly selected: number;
  /** A term was answered with nothing and no redirect: show the no-result message (S8.1). */
  readonly noResult: boolean;
  readonly pendingSubmit: boolean;
  readonly failures: number;
  readonly error: unknown;
}

export interface SuggestController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SuggestSnapshot;
  /** The shopper typed: screen, normalise, debounce, then cache or request. */
  setInput(value: string): void;
  /** Focus or click on the box: shows the current answer or the on-click suggestions. */
  open(): void;
  /** Escape or a click outside. */
  close(): void;
  /** ArrowDown, ArrowUp, Enter, Escape; returns true when the key was handled. */
  keyDown(key: string): boolean;
  /** Follows a row (click or Enter on a selection). */
  choose(index: number): void;
  /** Submits the box (S4.7). */
  submit(): void;
  /** Resolves when no debounce, request or submit is outstanding. */
  idle(): Promise<void>;
  readonly recentSearches: RecentSearches;
  destroy(): void;
}

const EMPTY: readonly never[] = Object.freeze([]);
const TERM_KINDS: readonly SuggestItemKind[] = ['didYouMean', 'suggestion', 'recent', 'popular'];

/** The rows for an answer: did-you-mean, suggestions, collections, pages, products, view-all. */
function rowsFor(r: SuggestResult, s: SuggestSettings, settings: Settings, page: PageContext, viewAll: string): SuggestItem[] {
  const shown = r.dym ?? r;
  const rows = [...r.didYouMean, ...shown.suggestions, ...r.collections, ...r.pages, ...shown.products];
  if (isViewAllShown(shown.totalProduct, s.productLimit)) {
    const text = formatLabel(viewAll, { count: shown.totalProduct });
    rows.push({ kind: 'viewAll', text, parts: [{ text, highlight: false }], url: searchUrl(settings, page, shown.query) });
  }
  return rows;
}

/** Creates the controller; nothing is requested until the shopper types or opens the box. */
export function createSuggestController(options: SuggestControllerOptions): SuggestController {
  const settings: Settings = Object.isFrozen(options.settings) && 'labels' in options.settings ? (options.settings as Settings) : createSettings(options.settings as SettingsInput);
  const s = createSuggestSettings(options.suggest);
  const { viewAll } = suggestLabels(settings.labels);
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? Date.now;
  const page = getPageContext(settings, options.pathname ?? defaultPathname());
  const link: SuggestLinkContext = { settings, page, highlight: s.highlight };
  const navigate = (url: string): void => (options.navigate ?? defaultNavigate)(url);
  const submitSearch = (term: string): void => (options.submitSearch ? options.submitSearch(term) : navigate(searchUrl(settings, page, term)));
  const recent = options.recentSearches ?? createRecentSearches({ ...(options.storage !== undefined ? { storage: options.storage } : {}), show: s.recentShow, store: s.recentStore });
  const fetchTransport = (): Transport => createFetchTransport({ ...(options.fetch ? { fetch: options.fetch } : {}), timeout: settings.filter.requestTimeout, timers });
  let suggestT = options.transport;
  let productsT = options.productsTransport ?? options.transport;
  const send = (spec: ReturnType<typeof buildSuggestRequest>): Promise<unknown> =>
    // S7.1: script tags or fetch per the one transport rule; S4.9 counts failures, so no retries.
    (suggestT ??= resolveTransport(settings, { fetch: options.fetch, timers, callbackPrefix: 'pkgSuggestCb', retry: false }))(spec);
  const sid = (): string | undefined => (typeof options.sid === 'function' ? options.sid() : options.sid);
  const onClickEnabled = s.recentSearches || s.popularTerms.length > 0 || s.trendingProductIds.length > 0;

  const cache = new Map<string, SuggestResult>();
  const inflight = new Set<string>();
  const waiters: Array<() => void> = [];
  let timer: unknown;
  let wanted = '';
  let pending: string | null = null;
  let dismissed = false;
  let trending: SuggestItem[] | null = null;
  let trendingBusy = false;
  const initial = typeof options.initialInput === 'string' && !isBadInput(options.initialInput) ? options.initialInput : '';
  const initialTerm = normalizeTerm(initial);
  const store = createStore(
    {
      enabled: true, open: false, status: 'idle', typed: initial, term: initialTerm.length >= s.minLength ? initialTerm : '', input: initial, result: null, onClick: false,
      items: EMPTY, selected: -1, noResult: false, pendingSubmit: false, failures: 0, error: null,
    } as SuggestSnapshot,
    { freeze: deepFreeze },
  );
  const snap = store.getSnapshot;

  const publish = (patch: Partial<SuggestSnapshot>): void => store.update({ ...patch, pendingSubmit: pending !== null });
  const settle = (): void => {
    if (timer === undefined && inflight.size === 0 && !trendingBusy && pending === null) for (const w of waiters.splice(0)) w();
  };
  const stopTimer = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const closed = (typed: string): Partial<SuggestSnapshot> => ({
    open: false, typed, term: '', input: typed, result: null, onClick: false, items: EMPTY, selected: -1, noResult: false, status: 'idle',
  });

  const onClickRows = (): SuggestItem[] => {
    const term = (kind: SuggestItemKind, t: string): SuggestItem => ({ kind, text: t, parts: [{ text: t, highlight: false }], url: searchUrl(settings, page, t) });
    return [
      ...(s.recentSearches ? recent.shown().map((t) => term('recent', t)) : []),
      ...s.popularTerms.map(stripHtml).filter((t) => t && !isBadInput(t)).map((t) => term('popular', t)),
      ...(trending ?? []),
    ];
  };
  const showOnClick = (typed: string): void => {
    const items = onClickRows();
    publish({ ...closed(typed), onClick: true, items, open: !dismissed && items.length > 0 });
    if (trending || trendingBusy || s.trendingProductIds.length === 0) return;
    trendingBusy = true;
    (productsT ??= fetchTransport())(buildTrendingRequest(settings, s.trendingProductIds))
      .then(
        (raw: unknown) => {
          const list: unknown[] = Array.isArray(raw) ? raw : Array.isArray((raw as { products?: unknown })?.products) ? (raw as { products: unknown[] }).products : [];
          trending = list.map((p) => {
            const product = normalizeProduct(p, { currency: settings.general.current_currency, noImageUrl: settings.general.no_image_url });
            const text = stripHtml(product.title);
            return { kind: 'trending', text, parts: highlight(text, ''), url: productUrl(settings, page, product.handle), product, image: imageSize(product.featuredImage, SUGGEST_IMAGE_SIZE) } as SuggestItem;
          });
        },
        () => void (trending = []),
      )
      .finally(() => {
        trendingBusy = false;
        if (snap().onClick) showOnClick(snap().typed);
        settle();
      });
  };

  const finishSubmit = (term: string, r: SuggestResult | undefined): void => {
    pending = null;
    const url = r ? (r.redirect ?? r.suggestionsRedirect[term.toLowerCase()]) : undefined;
    if (url) navigate(url);
    else submitSearch(term);
    publish({});
  };

  const show = (r: SuggestResult): void => {
    if (pending === r.query) finishSubmit(r.query, r);
    if (r.query !== wanted) return; // an older term's answer: dropped (S4.4)
    const items = rowsFor(r, s, settings, page, viewAll);
    const noResult = items.length === 0 && !r.redirect;
    publish({ status: 'success', result: r, items, selected: -1, input: snap().typed, onClick: false, noResult, open: !dismissed && (items.length > 0 || noResult), error: null });
  };

  const remember = (term: string, r: SuggestResult): void => {
    if (cache.size >= s.cacheSize) cache.clear(); // S4.5
    cache.set(term, r);
  };

  const request = async (term: string): Promise<void> => {
    inflight.add(term);
    try {
      let r = normalizeSuggestResponse(await send(buildSuggestRequest({ settings, suggest: s, term, now: now(), ...opt(sid()) })), term, link);
      const dym = r.suggestQuery;
      if (dym && dym !== term && !isBadInput(dym)) {
        try {
          const raw = await send(buildSuggestRequest({ settings, suggest: s, term: dym, now: now(), prevQuery: term, ...opt(sid()) }));
          r = { ...r, dym: normalizeSuggestResponse(raw, dym, link) };
        } catch {
          // The follow-up is a refinement: without it the first answer is shown.
        }
      }
      deepFreeze(r);
      inflight.delete(term);
      if (snap().failures) publish({ failures: 0 });
      remember(term, r);
      show(r);
    } catch (error) {
      inflight.delete(term);
      if (isRefused(error)) {
        // The service is up and refused this term (too long, malformed): it gets the empty
        // answer, cached like any other, and is neither retried nor counted towards S4.9.
        const r = deepFreeze(normalizeSuggestResponse({}, term, link));
        remember(term, r);
        return show(r);
      }
      const failures = snap().failures + 1;
      if (failures >= s.maxFailures) {
        // S4.9, F8.10: instant search is turned off; a waiting submit still goes through.
        stopTimer();
        wanted = '';
        publish({ ...closed(snap().typed), enabled: false, status: 'error', failures, error });
        if (pending !== null) finishSubmit(pending, undefined);
      } else {
        const retry = term === wanted || term === pending;
        // A stale term's failure counts, but leaves the shown answer and its status alone.
        publish({ failures, error, ...(retry ? { status: 'loading' as const } : {}) });
        if (retry) return request(term);
      }
    } finally {
      settle();
    }
  };

  const run = (term: string): void => {
    wanted = term;
    const hit = cache.get(term);
    if (hit) return show(hit);
    publish({ status: 'loading' });
    if (!inflight.has(term)) void request(term);
  };

  const setInput = (value: string): void => {
    const typed = typeof value === 'string' ? value : '';
    stopTimer();
    dismissed = false;
    const term = normalizeTerm(typed);
    if (isBadInput(typed) || term.length < s.minLength) {
      // S5.1: a bad term closes and clears the dropdown; an emptied box shows on-click rows (S4.2).
      wanted = '';
      pending = null;
      if (onClickEnabled && !term && !isBadInput(typed)) showOnClick(typed);
      else publish(closed(typed));
    } else {
      if (pending !== null && term !== pending) pending = null;
      const keep = !snap().onClick && (snap().items.length > 0 || snap().noResult);
      publish({ ...(keep ? { open: true } : closed(typed)), typed, term, input: typed, selected: -1 });
      // S4.4: requests fire after the delay from the last key press, only when the term changed.
      if (snap().enabled && term !== wanted) timer = timers.setTimeout(() => ((timer = undefined), run(term), settle()), s.delay);
    }
    settle();
  };

  const choose = (index: number): void => {
    const item = snap().items[index];
    if (!item) return;
    if (TERM_KINDS.includes(item.kind)) recent.add(item.text);
    else if (item.kind === 'viewAll') recent.add(snap().term);
    dismissed = true;
    publish({ open: false, selected: -1 });
    if (item.url !== '#') navigate(item.url);
  };

  const close = (): void => {
    dismissed = true;
    publish({ open: false, selected: -1, input: snap().typed });
  };

  const submit = (): void => {
    const typed = snap().typed;
    if (isBadInput(typed)) return publish(closed(typed)); // S5.1: neither searched nor saved
    const term = normalizeTerm(typed);
    stopTimer();
    recent.add(term);
    const hit = cache.get(term);
    if (hit || !term || !snap().enabled) return finishSubmit(term, hit);
    // S4.7: wait for the term's answer, then redirect if it has one, else submit.
    pending = term;
    run(term);
    if (pending !== null) publish({});
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    setInput,
    open() {
      dismissed = false;
      if (!snap().term) return onClickEnabled ? showOnClick(snap().typed) : undefined;
      if (snap().result) publish({ open: snap().items.length > 0 || snap().noResult });
      // A box that starts with a term (`initialInput`) asks for its suggestions on first focus.
      else if (snap().enabled && snap().term !== wanted) {
        run(snap().term);
        settle();
      }
    },
    close,
    keyDown(key) {
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        if (!snap().open || snap().items.length === 0) return false;
        const selected = moveSelection(snap().selected, snap().items.length, key === 'ArrowDown' ? 'down' : 'up');
        const item = snap().items[selected];
        publish({ selected, input: item && item.kind !== 'viewAll' ? item.text : snap().typed });
        return true;
      }
      if (key === 'Enter') {
        if (snap().open && snap().selected >= 0) choose(snap().selected);
        else submit();
        return true;
      }
      if (key === 'Escape' && snap().open) {
        close();
        return true;
      }
      return false;
    },
    choose,
    submit,
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    recentSearches: recent,
    destroy() {
      stopTimer();
      store.destroy();
      wanted = '';
      pending = null;
    },
  };
}

const opt = (sid: string | undefined): { sid?: string } => (sid ? { sid } : {});
