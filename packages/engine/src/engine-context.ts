// What every endpoint reads: the index built once from the catalog, the filter tree, the
// suggestion phrases, redirects, the wire form of each product, the store and the options.
import { applyProductUpdates, type ProductUpdate, type ProductUpdateResult } from './catalog-updates';
import { applyInPlace, checkText } from './live-index';
import type { Catalog, CatalogCollection, CatalogPage, CatalogProduct, EngineFilterOption } from './catalog';
import { englishAnalyzer } from './analyzer';
import { CatalogIndex, DEFAULT_RELEVANCE, type TermField } from './catalog-index';
import { catalogRest, takeIndex } from './index-snapshot';
import { createMemoryStore, type EngineStore } from './engine-store';
import type { EngineOptions } from './engine-types';
import type { EngineRoute } from './http/route';
import { warmHistograms } from './facet-counts';
import { parseFilterQuery, resolveOption, SORT_KEYS, type FilterQuery } from './filter-query';
import { RequestParams, type ParamsInit } from './request-params';
import { PhraseIndex } from './suggest';
import { parseMerchandising, synonymMap, type MerchandisingConfig } from './merchandising';
import { foldText } from './text';
import { toWireProduct, wireProducts, type WireProducts } from './to-wire-product';

export interface EngineContext {
  /** The catalogue in force (its products: the live ones, in order). */
  readonly catalog: Catalog;
  /** The index: changed in place by a live update, or replaced whole (see applyUpdates). */
  index: CatalogIndex;
  /** The filter tree in display order, and by option id. */
  readonly tree: readonly EngineFilterOption[];
  readonly phrases: PhraseIndex;
  readonly collections: readonly CatalogCollection[];
  readonly pages: readonly CatalogPage[];
  /** Search redirects by folded query. */
  readonly redirects: ReadonlyMap<string, string>;
  readonly store: EngineStore;
  /** The owner's synonyms and rules in force (replaced whole by setMerchandising). */
  merchandising: MerchandisingConfig;
  /** The clock rules with dates are read against. */
  readonly now: () => number;
  readonly routes: readonly EngineRoute[];
  readonly options: Required<Pick<EngineOptions, 'defaultSort' | 'defaultLimit' | 'moneyFormat' | 'mostPopularLimit' | 'createToken' | 'cacheMaxAge'>> & { themeId: number | string | undefined };
  /** The wire product at a position (built once per catalogue, shared; a live update forgets its slots). */
  wire: WireProducts;
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
  let parts = catalogParts(catalog, tree, options);
  // The live product list, computed when asked for after an update.
  let listed: { version: number; index: CatalogIndex; catalog: Catalog } | null = null;
  // Suggestion phrases: built from the text index on first use, and again after it is rebuilt.
  let phrases: { text: unknown; changes: number; phrases: PhraseIndex | null } = { text: null, changes: 0, phrases: null };
  const ctx: EngineContext = {
    get catalog() {
      const { index } = parts;
      if (listed?.index !== index || listed.version !== index.version) listed = { version: index.version, index, catalog: catalogOf(parts.catalog, index) };
      return listed.catalog;
    },
    get index() {
      return parts.index;
    },
    get phrases() {
      // Built from the text index: again after a live update changed it or it was rebuilt.
      const text = parts.index.text;
      let built = phrases.phrases;
      if (phrases.text !== text || phrases.changes !== text.changes || !built) {
        phrases = { text, changes: text.changes, phrases: (built = new PhraseIndex(parts.index, parts.catalog.popularQueries ?? [])) };
      }
      return built;
    },
    get collections() {
      return parts.collections;
    },
    get pages() {
      return parts.pages;
    },
    get redirects() {
      return parts.redirects;
    },
    get wire() {
      return parts.wire;
    },
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
      const index = parts.index;
      if (updates.length === 0) return { created: 0, updated: 0, deleted: 0, products: index.live };
      // In place when the batch fits (live-index.ts); each product is checked first, so a batch
      // that throws leaves the catalogue in force.
      const check = (p: Parameters<typeof checkText>[0]) => {
        checkText(p);
        toWireProduct(p, index.collectionsByHandle);
      };
      const inPlace = applyInPlace(index, updates, check, parts.wire.forget);
      if (inPlace) return inPlace;
      const { products, result } = applyProductUpdates(ctx.catalog.products, updates);
      // Built whole before anything changes: a build that throws leaves the catalogue in force.
      const next = catalogParts({ ...parts.catalog, products }, ctx.tree, options);
      next.index.synonyms = index.synonyms;
      parts = next;
      return result;
    },
    parse: (params, search) =>
      parseFilterQuery(params instanceof RequestParams ? params : new RequestParams(params), { options: treeById, defaultSort, defaultLimit, search }),
  };
  if (options.merchandising !== undefined) setMerchandising(ctx, options.merchandising);
  return ctx;
}

/** The index of a catalogue (read from a snapshot when it carries one) with the facet fields the tree needs built. */
export function indexCatalog(catalog: Catalog, tree: readonly EngineFilterOption[], options: Pick<EngineOptions, 'analyzer' | 'relevance' | 'buildThread'>): { index: CatalogIndex; counted: Set<TermField>; restored: boolean } {
  const opts = { ...(options.analyzer ? { analyzer: options.analyzer } : {}), ...(options.relevance ? { relevance: options.relevance } : {}), thread: options.buildThread };
  // The facet fields the tree needs are built with the index (in one pass over the products)
  // rather than on the first request.
  const sources: string[] = [];
  for (const o of tree) {
    const r = resolveOption(o.filterOptionId, o);
    if (!r) {
      throw new TypeError(`[@pkg/engine] Filter-tree option "${o.filterOptionId}" has no known filterType or id family; see "Filter option ids" in wire-format.md.`);
    }
    if (r.kind === 'terms' || r.kind === 'collection') sources.push(r.kind === 'terms' ? r.source : 'collection');
  }
  const restored = takeIndex(catalog, (options.analyzer ?? englishAnalyzer).locale, { ...DEFAULT_RELEVANCE, ...options.relevance });
  const index = new CatalogIndex(catalog, { ...opts, fields: [...sources, 'collection'] }, restored ?? undefined);
  const counted = new Set<TermField>();
  for (const source of sources) counted.add(index.field(source));
  for (const f of ['vendor', 'type', 'tag', 'collection']) index.field(f);
  // Counts of the tree's facets over each popular value and collection, kept from the start (a
  // snapshot's index has them already).
  if (!restored) warmHistograms(index, [...new Set([...counted, index.field('collection')])], [...counted], index.histograms.maxBytes / 2);
  return { index, counted, restored: restored !== null };
}

/**
 * The catalogue in force as a Catalog: its products (the live ones, in slot order) are decoded
 * from the index's store when first read, and kept only while the caller holds them (a weak
 * reference: the engine keeps no second copy of the products).
 */
function catalogOf(rest: Omit<Catalog, 'products'>, index: CatalogIndex): Catalog {
  let kept: WeakRef<CatalogProduct[]> | null = null;
  return Object.defineProperty({ ...rest }, 'products', {
    enumerable: true,
    get(): CatalogProduct[] {
      let list = kept?.deref();
      if (!list) {
        list = [];
        for (let d = 0; d < index.next; d++) if (index.isLive(d)) list.push(index.products.get(d));
        kept = new WeakRef(list);
      }
      return list;
    },
  }) as Catalog;
}

/** The index and everything else built from a catalogue (what a rebuild replaces). */
function catalogParts(catalog: Catalog, tree: readonly EngineFilterOption[], options: EngineOptions): Pick<EngineContext, 'index' | 'collections' | 'pages' | 'redirects' | 'wire'> & { catalog: Omit<Catalog, 'products'> } {
  const { index } = indexCatalog(catalog, tree, options);
  // From here on the index's product store is the engine's one copy of the products.
  index.products.cool();
  return {
    catalog: catalogRest(catalog),
    index,
    collections: catalog.collections ?? [],
    pages: catalog.pages ?? [],
    redirects: new Map(Object.entries(catalog.redirects ?? {}).map(([k, v]) => [foldText(k).trim(), v])),
    wire: wireProducts(index.products, index.collectionsByHandle),
  };
}

/** Validates and puts a merchandising document in force at once (the old one stays on error). */
export function setMerchandising(ctx: EngineContext, input: unknown): MerchandisingConfig {
  const config = parseMerchandising(input);
  ctx.index.synonyms = synonymMap(config);
  ctx.merchandising = config;
  return config;
}

/** Params from a plain object or URLSearchParams, or the RequestParams already read. */
export const paramsOf = (init: ParamsInit | RequestParams): RequestParams => (init instanceof RequestParams ? init : new RequestParams(init));
