// What every endpoint reads: the index built once from the catalog, the filter tree, the
// suggestion phrases, redirects, the wire form of each product, the store and the options.
import type { WireProduct } from '@pkg/core-filter';
import { applyProductUpdates, type ProductUpdate, type ProductUpdateResult } from './catalog-updates';
import type { Catalog, CatalogCollection, CatalogPage, EngineFilterOption } from './catalog';
import { CatalogIndex, type TermField } from './catalog-index';
import { createMemoryStore, type EngineStore } from './engine-store';
import type { EngineOptions } from './engine-types';
import type { EngineRoute } from './http/route';
import { warmHistograms } from './facet-counts';
import { parseFilterQuery, resolveOption, SORT_KEYS, type FilterQuery } from './filter-query';
import { RequestParams, type ParamsInit } from './request-params';
import { PhraseIndex } from './suggest';
import { parseMerchandising, synonymMap, type MerchandisingConfig } from './merchandising';
import { foldText } from './text';
import { wireProducts } from './to-wire-product';

export interface EngineContext {
  /** The catalogue and everything built from it: replaced whole by a live update (replaceCatalog). */
  catalog: Catalog;
  index: CatalogIndex;
  /** The filter tree in display order, and by option id. */
  readonly tree: readonly EngineFilterOption[];
  phrases: PhraseIndex;
  collections: readonly CatalogCollection[];
  pages: readonly CatalogPage[];
  /** Search redirects by folded query. */
  redirects: ReadonlyMap<string, string>;
  readonly store: EngineStore;
  /** The owner's synonyms and rules in force (replaced whole by setMerchandising). */
  merchandising: MerchandisingConfig;
  /** The clock rules with dates are read against. */
  readonly now: () => number;
  readonly routes: readonly EngineRoute[];
  readonly options: Required<Pick<EngineOptions, 'defaultSort' | 'defaultLimit' | 'moneyFormat' | 'mostPopularLimit' | 'createToken' | 'cacheMaxAge'>> & { themeId: number | string | undefined };
  /** The wire product at a position (built once per catalogue, shared). */
  wire: (d: number) => WireProduct;
  /** Applies a batch of live updates: the next request sees the new catalogue (see catalog-updates.ts). */
  applyUpdates(updates: readonly ProductUpdate[]): ProductUpdateResult;
  parse(params: ParamsInit | RequestParams, search: boolean): FilterQuery;
}

function defaultToken(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export function createContext(catalog: Catalog, options: EngineOptions): EngineContext {
  const defaultSort = options.defaultSort ?? 'manual';
  if (!SORT_KEYS.includes(defaultSort)) throw new TypeError(`[@pkg/engine] defaultSort must be one of ${SORT_KEYS.join(', ')}.`);
  const defaultLimit = options.defaultLimit ?? 24;
  const cacheMaxAge = options.cacheMaxAge ?? 30;
  if (!Number.isInteger(cacheMaxAge) || cacheMaxAge < 0) throw new TypeError(`[@pkg/engine] cacheMaxAge must be a whole number of seconds (0 or more), got ${String(cacheMaxAge)}.`);
  const tree: EngineFilterOption[] = [...(catalog.filterTree ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const treeById = new Map(tree.map((o) => [o.filterOptionId, o]));
  const ctx: EngineContext = {
    ...catalogParts(catalog, tree, options),
    tree,
    store: options.store ?? createMemoryStore(),
    merchandising: { synonyms: [], rules: [] },
    now: options.now ?? Date.now,
    routes: options.routes ?? [],
    options: {
      defaultSort,
      defaultLimit,
      moneyFormat: options.moneyFormat ?? '${{amount}}',
      mostPopularLimit: options.mostPopularLimit ?? 10,
      createToken: options.createToken ?? defaultToken,
      cacheMaxAge,
      themeId: options.themeId,
    },
    applyUpdates: (updates) => {
      if (updates.length === 0) return { created: 0, updated: 0, deleted: 0, products: ctx.catalog.products.length };
      const { products, result } = applyProductUpdates(ctx.catalog.products, updates);
      // Built whole before anything changes: a build that throws leaves the catalogue in force.
      const parts = catalogParts({ ...ctx.catalog, products }, ctx.tree, options);
      parts.index.text.synonyms = ctx.index.text.synonyms;
      Object.assign(ctx, parts);
      return result;
    },
    parse: (params, search) =>
      parseFilterQuery(params instanceof RequestParams ? params : new RequestParams(params), { options: treeById, defaultSort, defaultLimit, search }),
  };
  if (options.merchandising !== undefined) setMerchandising(ctx, options.merchandising);
  return ctx;
}

/** The index and everything else built from a catalogue (what a live update replaces). */
function catalogParts(catalog: Catalog, tree: readonly EngineFilterOption[], options: EngineOptions): Pick<EngineContext, 'catalog' | 'index' | 'phrases' | 'collections' | 'pages' | 'redirects' | 'wire'> {
  const index = new CatalogIndex(catalog, {
    ...(options.analyzer ? { analyzer: options.analyzer } : {}),
    ...(options.relevance ? { relevance: options.relevance } : {}),
  });
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
  return {
    catalog,
    index,
    phrases: new PhraseIndex(index, catalog.popularQueries ?? []),
    collections: catalog.collections ?? [],
    pages: catalog.pages ?? [],
    redirects: new Map(Object.entries(catalog.redirects ?? {}).map(([k, v]) => [foldText(k).trim(), v])),
    wire: wireProducts(index.products, index.collectionsByHandle),
  };
}

/** Validates and puts a merchandising document in force at once (the old one stays on error). */
export function setMerchandising(ctx: EngineContext, input: unknown): MerchandisingConfig {
  const config = parseMerchandising(input);
  ctx.index.text.synonyms = synonymMap(config);
  ctx.merchandising = config;
  return config;
}

/** Params from a plain object or URLSearchParams, or the RequestParams already read. */
export const paramsOf = (init: ParamsInit | RequestParams): RequestParams => (init instanceof RequestParams ? init : new RequestParams(init));
