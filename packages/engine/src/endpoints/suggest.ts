// /suggest (S7.1, S3.4): the instant-search dropdown's blocks (suggestions, collections, pages,
// products), each with its own limit, did-you-mean, redirects and the default result.
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
import { didYouMean, matchText, textOptions } from '../text-search';
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
