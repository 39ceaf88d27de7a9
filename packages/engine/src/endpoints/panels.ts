// /search/collections and /search/pages: the search page's collection and page tabs, paged.
import type { WireCollection, WireCollectionsPanelResponse, WirePage, WirePagesPanelResponse } from '@pkg/core-filter';
import type { CatalogCollection } from '../catalog';
import type { EngineContext } from '../engine-context';
import { LIMITS } from '../limits';
import type { RequestParams } from '../request-params';
import { matchCollections, matchPages } from '../suggest';
import { wireId } from '../to-wire-product';

function toWireCollection(c: CatalogCollection): WireCollection {
  return { id: wireId(c.id), title: c.title, handle: c.handle, image: c.image ? { src: c.image } : null, body_html: c.description };
}

function panel<T>(items: readonly T[], params: RequestParams): T[] {
  const page = params.int('page', 1, 1, LIMITS.page);
  const limit = params.int('limit', 25, 1, LIMITS.limit);
  return items.slice((page - 1) * limit, page * limit);
}

export function collectionsPanel(ctx: EngineContext, params: RequestParams): WireCollectionsPanelResponse {
  const q = params.string('q').replace(/\s+/g, ' ').trim();
  const found = q ? matchCollections(ctx.collections, q, params.fuzzy('fuzzy', true)) : [...ctx.collections];
  return { total_collection: found.length, collections: panel(found, params).map(toWireCollection) };
}

export function pagesPanel(ctx: EngineContext, params: RequestParams): WirePagesPanelResponse {
  const q = params.string('q').replace(/\s+/g, ' ').trim();
  const found = q ? matchPages(ctx.pages, q, params.fuzzy('fuzzy', true)) : [...ctx.pages];
  return {
    total_page: found.length,
    pages: panel(found, params).map((p): WirePage => ({ id: wireId(p.id), title: p.title, url: p.url, image: null, body_html: p.bodyHtml })),
  };
}
