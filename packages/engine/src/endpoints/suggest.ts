// /suggest (S7.1, S3.4): the instant-search dropdown's blocks (suggestions, collections, pages,
// products), each with its own limit, did-you-mean, redirects and the default result. Over 300
// lines because the short prefixes' precomputed answers (built, kept exact across live updates,
// read) serve exactly the request shape this endpoint answers, and stay beside it.
import type { WireSuggestResponse } from '@pkg/core-filter';
import { andInPlace, countBits } from '../bitset';
import type { CatalogIndex } from '../catalog-index';
import type { FilterQuery } from '../filter-query';
import type { TextIndex } from '../text-index';
import { paramsOf, type EngineContext } from '../engine-context';
import { badParam } from '../engine-request-error';
import { LIMITS } from '../limits';
import { activeRules, wireBanners } from '../merchandising';
import type { ParamsInit, RequestParams } from '../request-params';
import { runFilter } from '../run-filter';
import { matchCollections, matchPages } from '../suggest';
import { foldText } from '../text';
import { didYouMean, matchText, queryTerms, textOptions } from '../text-search';
import { wireId } from '../to-wire-product';

interface Counted {
  readonly total: number;
  readonly docs: readonly number[];
}

/** Typed terms whose matches (total and first products) are kept per index, least recently used first out. */
const COUNTS_KEPT = 4096;

/**
 * What a typed term matched, per request shape (term, limit, availability, scope), kept while the
 * catalogue, its text index and the owner's synonyms stay as they are: the dropdown asks for the
 * same short prefixes all day, and a prefix of one or two letters matches much of the catalogue
 * (its ranking reads every match). A live update clears the index's memos (live-index.ts), and a
 * new version, text index or synonym list starts a new memo.
 */
function countsOf(index: CatalogIndex): Map<string, Counted> {
  let m = index.memo.get('suggest-counts') as { version: number; text: TextIndex; synonyms: unknown; counts: Map<string, Counted> } | undefined;
  const text = index.text;
  if (!m || m.version !== index.version || m.text !== text || m.synonyms !== text.synonyms) {
    index.memo.set('suggest-counts', (m = { version: index.version, text, synonyms: text.synonyms, counts: new Map() }));
  }
  return m.counts;
}

/**
 * Which prefixes get a precomputed answer: up to `maxLetters` letters, whose words' posting lists
 * hold at least `minPostings` entries together. Internal: tests precompute every prefix, or none.
 */
export const suggestTops = { minPostings: 2000, maxLetters: 6 };

interface Top {
  /** The index version the answer was computed at (a live update makes it stale: computed again on use). */
  version: number;
  total: number;
  /** The first LIMITS.blockLimit products in rank order (any product limit reads a prefix of them). */
  docs: Uint32Array;
  /** The terms the prefix reads (text-search.ts queryTerms): a product holding none cannot change the answer. */
  terms: Uint32Array;
}

/** Precomputed answers of the prefixes whose matches are many, for the default request shape. */
interface Tops {
  text: TextIndex;
  synonyms: unknown;
  /** The request shape (everything but the term and the product limit) the answers are for. */
  shape: string;
  tops: Map<string, Top>;
  /** Milliseconds the build took. */
  buildMs: number;
  /** The index version the entries were last checked at, and what the catalogue was then. */
  synced: number;
  changes: number;
  live: number;
  liveBits: Uint32Array;
  available: Uint32Array;
  boost: Float32Array;
}

const topsByIndex = new WeakMap<CatalogIndex, Tops>();

/** The request shape a suggest query has apart from its term and product limit. */
const shapeOf = (query: FilterQuery): string => JSON.stringify({ ...query, q: '', limit: 0 });

/**
 * Every prefix (up to suggestTops.maxLetters letters) of the dictionary's words whose words hold at
 * least suggestTops.minPostings postings: ranking their matches is what costs a term's first time (a
 * one- or two-letter prefix matches up to half the catalogue). Each keeps its total and its first
 * LIMITS.blockLimit products in the exact order runFilter gives, for the default request shape;
 * built on the first suggest of a text index (as the suggestion phrases are), and an entry made
 * stale by a live update is computed again on its next use.
 */
function topsOf(ctx: EngineContext, index: CatalogIndex): Tops {
  const text = index.text;
  let t = topsByIndex.get(index);
  if (t && t.text === text && t.synonyms === text.synonyms) {
    if (t.synced !== index.version) sync(t, index);
    return t;
  }
  const started = performance.now();
  const base = { ...ctx.parse(paramsOf({ q: 'x' }), true), selections: [], buildFilterTree: false, page: 1, limit: LIMITS.blockLimit, sort: 'relevance', eventType: '', checkCache: false } as FilterQuery;
  const work = new Map<string, number>();
  text.terms.forEach((w, term) => {
    const df = text.df(term);
    if (df === 0) return;
    for (let l = 1; l <= suggestTops.maxLetters && l <= w.length; l++) {
      const pre = w.slice(0, l);
      work.set(pre, (work.get(pre) ?? 0) + df);
    }
  });
  const tops = new Map<string, Top>();
  t = { text, synonyms: text.synonyms, shape: shapeOf(base), tops, buildMs: 0, synced: index.version, changes: text.changes, live: index.live, liveBits: index.all.slice(), available: index.available.slice(), boost: index.popularity.slice() };
  for (const [pre, n] of work) {
    if (n < suggestTops.minPostings) continue;
    tops.set(pre, topOf(ctx, index, { ...base, q: pre }));
  }
  t.buildMs = performance.now() - started;
  topsByIndex.set(index, t);
  return t;
}

function topOf(ctx: EngineContext, index: CatalogIndex, query: FilterQuery): Top {
  const r = runFilter(index, query, { tree: ctx.tree });
  return { version: index.version, total: r.total, docs: Uint32Array.from(r.docs), terms: Uint32Array.from(queryTerms(index, query.q, textOptions(query))) };
}

/** Past this many changed products, a batch makes every entry stale instead of checking each. */
const CHECKED_CHANGES = 256;

/**
 * After live updates: when no product's words changed and no product came or went (prices, stock,
 * sales, ratings), only products whose popularity boost or availability moved can change an
 * answer, and only the answers of prefixes whose terms they hold: every other entry is still
 * exact and is kept. Otherwise every entry is left stale (computed again on its next use).
 */
function sync(t: Tops, index: CatalogIndex): void {
  const text = index.text;
  const boost = index.popularity;
  let changed: number[] | null = [];
  const same = t.changes === text.changes && t.live === index.live && t.boost.length === boost.length && t.liveBits.length === index.all.length;
  if (!same) changed = null;
  for (let k = 0; changed && k < t.liveBits.length; k++) {
    if (t.liveBits[k] !== index.all[k]) changed = null;
    else {
      for (let x = ((t.available[k] as number) ^ (index.available[k] as number)) >>> 0; x !== 0 && changed; x &= x - 1) {
        changed.push((k << 5) + 31 - Math.clz32(x & -x));
        if (changed.length > CHECKED_CHANGES) changed = null;
      }
    }
  }
  for (let d = 0; changed && d < boost.length; d++) {
    if (boost[d] !== t.boost[d]) {
      changed.push(d);
      if (changed.length > CHECKED_CHANGES) changed = null;
    }
  }
  if (changed) {
    const holds = (term: number, d: number) => {
      let lo = text.textStart[term] as number;
      let hi = text.textEnd[term] as number;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const m = text.textDocs[mid] as number;
        if (m === d) return true;
        if (m < d) lo = mid + 1;
        else hi = mid;
      }
      return false;
    };
    const moved = changed;
    for (const top of t.tops.values()) {
      if (top.version !== t.synced) continue;
      if (!moved.some((d) => top.terms.some((term) => holds(term, d)))) top.version = index.version;
    }
  }
  Object.assign(t, { synced: index.version, changes: text.changes, live: index.live });
  if (same) {
    t.liveBits.set(index.all);
    t.available.set(index.available);
    t.boost.set(boost);
  } else Object.assign(t, { liveBits: index.all.slice(), available: index.available.slice(), boost: boost.slice() });
}

/** What the precomputed suggest answers hold (for benchmarks and tests): prefixes, those still current, bytes, build time. */
export function suggestTopsStats(ctx: EngineContext): { prefixes: number; current: number; bytes: number; buildMs: number } {
  const t = topsOf(ctx, ctx.index);
  let bytes = 0;
  let current = 0;
  for (const top of t.tops.values()) if (top.version === ctx.index.version) current++;
  for (const [pre, top] of t.tops) bytes += top.docs.byteLength + top.terms.byteLength + 2 * pre.length + 16;
  bytes += t.liveBits.byteLength + t.available.byteLength + t.boost.byteLength;
  return { prefixes: t.tops.size, current, bytes, buildMs: t.buildMs };
}

export function suggest(ctx: EngineContext, init: ParamsInit | RequestParams): WireSuggestResponse {
  const { index, tree, phrases, redirects, wire } = ctx;
  const params = paramsOf(init);
  const q = ctx.parse(params, true);
  const limit = (k: string, d: number) => params.int(k, d, 0, LIMITS.blockLimit);
  // The service's defaults: three of each block unless the request says otherwise.
  const suggestionLimit = limit('suggestion_limit', 3);
  const collectionLimit = limit('collection_limit', 3);
  const pageLimit = limit('page_limit', 3);
  const productLimit = limit('product_limit', 3);
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
  const count = (text: string): Counted => {
    const query: FilterQuery = { ...q, q: text, selections: [], buildFilterTree: false, page: 1, limit: Math.max(1, productLimit), sort: 'relevance', eventType: '', checkCache: false };
    // A prefix with many matches, asked in the default shape: its precomputed answer.
    const tops = topsOf(ctx, index);
    let top = tops.tops.get(text);
    if (top && shapeOf(query) === tops.shape) {
      if (top.version !== index.version) tops.tops.set(text, (top = topOf(ctx, index, { ...query, limit: LIMITS.blockLimit })));
      return { total: top.total, docs: Array.from(top.docs.subarray(0, query.limit)) };
    }
    const memo = countsOf(index);
    const key = JSON.stringify(query);
    let found = memo.get(key);
    if (found) {
      // Most recently used last (the first is the next to go).
      memo.delete(key);
    } else {
      const r = runFilter(index, query, { tree });
      found = { total: r.total, docs: r.docs };
      if (memo.size >= COUNTS_KEPT) memo.delete(memo.keys().next().value as string);
    }
    memo.set(key, found);
    return found;
  };
  // Without the products block only the count is needed: match the set without scoring it.
  let main: Counted;
  if (types.has('products')) main = count(term);
  else {
    const bits = matchText(index, term, textOptions(q));
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
  if (types.has('collections')) out.collections = matchCollections(ctx.collections, term, q.fuzzy).slice(0, collectionLimit).map((c) => ({ title: c.title, handle: c.handle, id: wireId(c.id) }));
  if (types.has('pages')) out.pages = matchPages(ctx.pages, term, q.fuzzy).slice(0, pageLimit).map((p) => ({ title: p.title, url: p.url, id: wireId(p.id) }));
  if (main.total === 0 && dymLimit > 0) {
    out.did_you_mean = didYouMean(index, term, textOptions(q), dymLimit);
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
    // (Live products only: the order also holds the empty slots of live updates.)
    const best: number[] = [];
    for (const d of index.order('best-selling')) {
      if (best.length >= productLimit) break;
      if (index.isLive(d)) best.push(d);
    }
    out.products = best.map(wire);
  }
  // The owner's banners for the typed term: rules with a query in force now (collection rules
  // belong to listings, not to the dropdown).
  const banners = wireBanners(activeRules(ctx.merchandising, term, null, ctx.now()).filter((r) => r.query !== undefined));
  if (banners.length > 0) out.banners = banners;
  out.all_empty = out.suggestions.length === 0 && out.collections.length === 0 && out.pages.length === 0 && main.total === 0;
  return out;
}
