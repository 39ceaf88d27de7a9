// /filter and /search: the products of a page, their total and the filter tree's counts; a search
// also counts matching collections and pages and offers did-you-mean when nothing matched.
import type { EngineContext } from '../engine-context';
import type { FilterQuery } from '../filter-query';
import type { EngineFilterResponse } from '../engine-types';
import { activeRules, wireBanners } from '../merchandising';
import { merchPlan } from '../merchandising-apply';
import { runFilter } from '../run-filter';
import { VariantMatcher, variantSelections } from '../variant-match';
import { matchCollections, matchPages } from '../suggest';
import { didYouMean, textOptions } from '../text-search';
import { withVariantId } from '../to-wire-product';

/** Answers kept for `check_cache` requests, per engine; the oldest goes first past the bound. */
const CACHE_SIZE = 64;
const caches = new WeakMap<EngineContext, { merchandising: unknown; index: unknown; version: number; answers: Map<string, EngineFilterResponse> }>();

/**
 * `check_cache=true` (wire-format.md: sent only for an unfiltered first page with default sort
 * and limit): the same request answered before comes from the cache, marked `from_cache: true`.
 * The key is the parsed query and the merchandising rules in force, so cache busters (`t`, `_`,
 * `callback`, `sid`) never split it and a rule that starts, ends or is reloaded is never missed;
 * a live catalogue update (a new index, or a new version of the index) empties it.
 */
export function filterAnswer(ctx: EngineContext, q: FilterQuery, search: boolean): EngineFilterResponse {
  const scope = q.collectionScope;
  const handle = scope === null ? null : ctx.index.collectionsByHandle.has(scope) ? scope : (ctx.index.collectionsById.get(scope)?.handle ?? scope);
  const rules = activeRules(ctx.merchandising, q.q, handle, ctx.now());
  if (!q.checkCache) return answer(ctx, q, search, rules);
  let cache = caches.get(ctx);
  if (!cache || cache.merchandising !== ctx.merchandising || cache.index !== ctx.index || cache.version !== ctx.index.version) {
    caches.set(ctx, (cache = { merchandising: ctx.merchandising, index: ctx.index, version: ctx.index.version, answers: new Map() }));
  }
  const key = JSON.stringify([search, { ...q, eventType: '', checkCache: true }, rules.map((r) => r.id)]);
  const hit = cache.answers.get(key);
  if (hit) return { ...hit, from_cache: true, event_type: q.eventType || 'init' };
  const out = answer(ctx, q, search, rules);
  if (cache.answers.size >= CACHE_SIZE) cache.answers.delete(cache.answers.keys().next().value as string);
  cache.answers.set(key, out);
  return out;
}

/**
 * `variants_as_products=true`: every variant of the ordered result that passes the selected
 * variant options (and is in stock with `variant_available`) is a product of its own, in the
 * products' order and then the variants' order: `split_product: true`, its `variant_id`, and the
 * variant's title after the product's. Totals and pages count these rows; facet counts stay
 * product counts. The whole result is ordered to page through the rows (an opt-in cost).
 */
function variantRows(ctx: EngineContext, q: FilterQuery, merch: ReturnType<typeof merchPlan> | null): { total: number; products: EngineFilterResponse['products'] } {
  const all = runFilter(ctx.index, { ...q, page: 1, limit: Math.max(1, ctx.index.size), buildFilterTree: false }, { tree: ctx.tree, merch });
  const m = new VariantMatcher(ctx.index, variantSelections(q.selections), q.variantAvailable);
  const rows: Array<[number, number]> = [];
  for (const d of all.docs) {
    const start = m.offsets[d] as number;
    const end = m.offsets[d + 1] as number;
    for (let g = start; g < end; g++) if (m.passes(g)) rows.push([d, g - start]);
  }
  const products = rows.slice((q.page - 1) * q.limit, q.page * q.limit).map(([d, k]) => {
    const p = ctx.wire(d);
    const v = p.variants?.[k];
    if (!v) return p;
    const named = v.title && v.title !== 'Default Title' ? `${p.title} - ${v.title}` : p.title;
    return { ...p, title: named, split_product: true, variant_id: v.id };
  });
  return { total: rows.length, products };
}

function answer(ctx: EngineContext, q: FilterQuery, search: boolean, rules: ReturnType<typeof activeRules>): EngineFilterResponse {
  const merch = rules.length > 0 ? merchPlan(ctx.index, rules) : null;
  const r = runFilter(ctx.index, q, { tree: ctx.tree, merch });
  const split = q.variantsAsProducts ? variantRows(ctx, q, merch) : null;
  const out: EngineFilterResponse = {
    total_product: split ? split.total : r.total,
    from_cache: false,
    event_type: q.eventType || 'init',
    // With variant options selected, each product names the variant that matched (`variant_id`),
    // whose image and price the product card shows.
    products: split ? split.products : r.docs.map((d, i) => {
      const p = ctx.wire(d);
      const k = r.variants[i] as number;
      const v = k >= 0 ? p.variants?.[k] : undefined;
      return v ? withVariantId(p, v.id) : p;
    }),
  };
  if (search) {
    out.total_collection = q.q ? matchCollections(ctx.collections, q.q, q.fuzzy).length : ctx.collections.length;
    out.total_page = q.q ? matchPages(ctx.pages, q.q, q.fuzzy).length : ctx.pages.length;
    if (r.total === 0 && q.q) {
      out.did_you_mean = didYouMean(ctx.index, q.q, textOptions(q), 2);
    }
  }
  if (r.options) out.filter = { options: r.options };
  const banners = wireBanners(rules);
  if (banners.length > 0) out.banners = banners;
  return out;
}
