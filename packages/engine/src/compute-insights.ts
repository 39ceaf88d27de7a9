// Search insights from what the store holds: the analytics events the client sent and the
// filter / search / suggest requests the engine answered (logged by the engine itself, because the
// client's analytics records carry no result counts, positions or filter values). Pure.
import type { AnalyticsEvent, SearchLogEntry } from './engine-store';
import { foldText } from './text';

export interface QueryRow {
  query: string;
  /** Searches run for it (search requests with the term on page 1 that a shopper started: `init`, `history`, `incollection_search` or no event type). */
  searches: number;
  /** Mean products matched per search. */
  avgResults: number;
  /** Product views and quick views attributed to the query. */
  clicks: number;
  addToCarts: number;
  /** clicks / searches. */
  clickThrough: number;
}

export interface PositionRow {
  /** 1-based position in the answer (page offset included). */
  position: number;
  /** Search answers that showed a product at this position. */
  impressions: number;
  clicks: number;
  clickThrough: number;
}

export interface FilterRow {
  option: string;
  value: string;
  /**
   * Times a shopper turned this value on: a request with it selected whose previous listing
   * request in the same session (`sid`) did not have it. Paging, sorting or adding a second value
   * does not count it again; taking it off and on again does.
   */
  selections: number;
  /** Listings answered with this value selected (every filter, search or back-button request with it on). */
  listings: number;
}

export interface CartRow {
  query: string;
  addToCarts: number;
  buyNows: number;
}

export interface SuggestTermRow {
  term: string;
  requests: number;
  /** Answers with no product, suggestion, collection or page. */
  empty: number;
}

export interface Insights {
  range: { from: string | null; to: string | null };
  totals: {
    /** Analytics events stored in the range. */
    events: number;
    searches: number;
    /** Searches whose first page matched nothing. */
    noResultSearches: number;
    clicks: number;
    addToCarts: number;
    suggestRequests: number;
    filterRequests: number;
  };
  topQueries: QueryRow[];
  noResultQueries: Array<{ query: string; searches: number; lastAt: string }>;
  /** Queries that found products but led to no click. */
  noClickQueries: Array<{ query: string; searches: number; avgResults: number }>;
  clickThroughByPosition: PositionRow[];
  /** Clicks whose position could not be found in a logged answer (different product order, or answered before the range). */
  clicksWithoutPosition: number;
  filterUse: FilterRow[];
  addToCartByQuery: CartRow[];
  suggestionUse: {
    requests: number;
    /** Analytics events whose source is the suggestion dropdown, by action. */
    events: { view_product: number; quick_view: number; add_to_cart: number; buy_now: number };
    topTerms: SuggestTermRow[];
  };
}

export interface InsightsInput {
  events: readonly AnalyticsEvent[];
  searches: readonly SearchLogEntry[];
  /** All analytics events stored in the range (the events list may be the same count). */
  eventCount: number;
  range: { from?: number; to?: number };
  /** Rows per table (default 50). */
  limit?: number;
}

const STARTED = new Set(['init', 'history', 'incollection_search', '']);
const CLICKS = new Set<AnalyticsEvent['u']>(['view_product', 'quick_view']);
const CARTS = new Set<AnalyticsEvent['u']>(['add_to_cart', 'buy_now']);
/** Positions shown in the click-through table. */
const MAX_POSITION = 48;

/** The folded, space-collapsed form queries are grouped by. */
export const queryKey = (q: string): string => foldText(q).replace(/\s+/g, ' ').trim();

/** The query an event is attributed to: `q` in its page's query string, else in its referrer's. */
export function eventQuery(e: Pick<AnalyticsEvent, 'qs' | 'r'>): string {
  const fromQs = new URLSearchParams(e.qs.replace(/^\?/, '')).get('q');
  if (fromQs) return queryKey(fromQs);
  try {
    const ref = new URL(e.r);
    return queryKey(ref.searchParams.get('q') ?? '');
  } catch {
    return '';
  }
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());

export function computeInsights(input: InsightsInput): Insights {
  const limit = input.limit ?? 50;
  const queries = new Map<string, { searches: number; results: number; noResult: number; lastNoResult: number; clicks: number; adds: number; buys: number }>();
  const q = (key: string) => {
    let row = queries.get(key);
    if (!row) queries.set(key, (row = { searches: 0, results: 0, noResult: 0, lastNoResult: 0, clicks: 0, adds: 0, buys: 0 }));
    return row;
  };
  const impressions: number[] = [];
  const positionClicks: number[] = [];
  const answersByQuery = new Map<string, SearchLogEntry[]>();
  const filters = new Map<string, FilterRow>();
  /** The values on in each session's latest listing request. */
  const onBySession = new Map<string, Set<string>>();
  const terms = new Map<string, SuggestTermRow>();
  let searches = 0;
  let noResultSearches = 0;
  let suggestRequests = 0;
  let filterRequests = 0;

  for (const s of input.searches) {
    if (s.kind === 'suggest') {
      suggestRequests++;
      const key = queryKey(s.q);
      if (!key) continue;
      const t = terms.get(key) ?? { term: key, requests: 0, empty: 0 };
      t.requests++;
      if (s.total === 0) t.empty++;
      terms.set(key, t);
      continue;
    }
    if (s.kind === 'filter') filterRequests++;
    const before = onBySession.get(s.sid);
    const on = new Set<string>();
    for (const f of s.filters) {
      const k = `${f.option}\u0000${f.value}`;
      on.add(k);
      const row = filters.get(k) ?? { option: f.option, value: f.value, selections: 0, listings: 0 };
      row.listings++;
      if (!before?.has(k)) row.selections++;
      filters.set(k, row);
    }
    onBySession.set(s.sid, on);
    const key = s.kind === 'search' ? queryKey(s.q) : '';
    if (!key) continue;
    const list = answersByQuery.get(key) ?? [];
    list.push(s);
    answersByQuery.set(key, list);
    const offset = (s.page - 1) * s.limit;
    for (let i = 0; i < s.productIds.length && offset + i < MAX_POSITION; i++) impressions[offset + i] = (impressions[offset + i] ?? 0) + 1;
    if (s.page === 1 && STARTED.has(s.eventType)) {
      searches++;
      const row = q(key);
      row.searches++;
      row.results += s.total;
      if (s.total === 0) {
        noResultSearches++;
        row.noResult++;
        row.lastNoResult = Math.max(row.lastNoResult, s.at);
      }
    }
  }

  let clicks = 0;
  let addToCarts = 0;
  let clicksWithoutPosition = 0;
  const suggestEvents: Insights['suggestionUse']['events'] = { view_product: 0, quick_view: 0, add_to_cart: 0, buy_now: 0 };
  for (const e of input.events) {
    if (e.a === 'suggest') suggestEvents[e.u]++;
    const key = eventQuery(e);
    if (CLICKS.has(e.u)) {
      clicks++;
      if (!key) continue;
      q(key).clicks++;
      const pos = positionOf(answersByQuery.get(key), e);
      if (pos === null) clicksWithoutPosition++;
      else if (pos <= MAX_POSITION) positionClicks[pos - 1] = (positionClicks[pos - 1] ?? 0) + 1;
    } else if (CARTS.has(e.u)) {
      addToCarts++;
      if (!key) continue;
      if (e.u === 'add_to_cart') q(key).adds++;
      else q(key).buys++;
    }
  }

  const rows = [...queries.entries()];
  const byDesc = <T>(f: (x: T) => number, g: (x: T) => string) => (a: T, b: T) => f(b) - f(a) || g(a).localeCompare(g(b));
  const queryRow = ([query, r]: (typeof rows)[number]): QueryRow => ({
    query,
    searches: r.searches,
    avgResults: ratio(r.results, r.searches),
    clicks: r.clicks,
    addToCarts: r.adds,
    clickThrough: ratio(r.clicks, r.searches),
  });
  const positions: PositionRow[] = [];
  for (let i = 0; i < Math.max(impressions.length, positionClicks.length); i++) {
    const shown = impressions[i] ?? 0;
    const clicked = positionClicks[i] ?? 0;
    if (shown || clicked) positions.push({ position: i + 1, impressions: shown, clicks: clicked, clickThrough: ratio(clicked, shown) });
  }

  return {
    range: { from: iso(input.range.from), to: iso(input.range.to) },
    totals: { events: input.eventCount, searches, noResultSearches, clicks, addToCarts, suggestRequests, filterRequests },
    topQueries: rows.filter(([, r]) => r.searches > 0).map(queryRow).sort(byDesc((r) => r.searches, (r) => r.query)).slice(0, limit),
    noResultQueries: rows
      .filter(([, r]) => r.noResult > 0)
      .map(([query, r]) => ({ query, searches: r.noResult, lastAt: new Date(r.lastNoResult).toISOString() }))
      .sort(byDesc((r) => r.searches, (r) => r.query))
      .slice(0, limit),
    noClickQueries: rows
      .filter(([, r]) => r.searches > r.noResult && r.clicks === 0)
      .map(([query, r]) => ({ query, searches: r.searches, avgResults: ratio(r.results, r.searches) }))
      .sort(byDesc((r) => r.searches, (r) => r.query))
      .slice(0, limit),
    clickThroughByPosition: positions,
    clicksWithoutPosition,
    filterUse: [...filters.values()].sort((a, b) => b.selections - a.selections || b.listings - a.listings || `${a.option} ${a.value}`.localeCompare(`${b.option} ${b.value}`)).slice(0, limit),
    addToCartByQuery: rows
      .filter(([, r]) => r.adds + r.buys > 0)
      .map(([query, r]) => ({ query, addToCarts: r.adds, buyNows: r.buys }))
      .sort(byDesc((r) => r.addToCarts + r.buyNows, (r) => r.query))
      .slice(0, limit),
    suggestionUse: {
      requests: suggestRequests,
      events: suggestEvents,
      topTerms: [...terms.values()].sort(byDesc((r) => r.requests, (r) => r.term)).slice(0, limit),
    },
  };
}

/**
 * Where the clicked product stood: in the latest answer to the same query received before the
 * click that listed it, preferring answers to the same session. Null when none listed it.
 */
function positionOf(answers: readonly SearchLogEntry[] | undefined, e: AnalyticsEvent): number | null {
  if (!answers) return null;
  let best: SearchLogEntry | null = null;
  let bestIndex = -1;
  for (let i = answers.length - 1; i >= 0; i--) {
    const s = answers[i] as SearchLogEntry;
    if (s.at > e.receivedAt) continue;
    const at = s.productIds.indexOf(e.pid);
    if (at < 0) continue;
    if (e.sid !== '' && s.sid === e.sid) return (s.page - 1) * s.limit + at + 1;
    if (!best) {
      best = s;
      bestIndex = at;
    }
  }
  return best ? (best.page - 1) * best.limit + bestIndex + 1 : null;
}
