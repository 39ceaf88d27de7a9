// /products?ids=, a collection's description (view=desc) and product HTML for theme cards
// (/collections/all/<handle>+<handle>?view=boost-pfs-...).
import type { WireCollectionDescription, WireProduct, WireProductHtmlResponse } from '@pkg/core-filter';
import type { EngineContext } from '../engine-context';
import { badParam } from '../engine-request-error';
import { LIMITS } from '../limits';
import { renderProductHtml } from '../product-html';
import { wireId } from '../to-wire-product';

export function productsByIds(ctx: EngineContext, ids: ReadonlyArray<string | number>): WireProduct[] {
  if (ids.length > LIMITS.ids) throw badParam('ids', `At most ${LIMITS.ids} ids per request.`, 'too_many_values');
  const out: WireProduct[] = [];
  for (const id of ids) {
    const d = ctx.index.productById.get(String(id));
    if (d !== undefined) out.push(ctx.wire(d));
  }
  return out;
}

export function collectionDescription(ctx: EngineContext, handle: string): WireCollectionDescription | null {
  const c = ctx.index.collectionsByHandle.get(handle);
  if (!c) {
    if (handle !== 'all') return null;
    return { collection: { title: 'All products', description: '', handle: 'all', image: null } };
  }
  return { collection: { id: wireId(c.id), title: c.title, description: c.description, handle: c.handle, image: c.image ? { src: c.image } : null } };
}

export function productHtml(ctx: EngineContext, handles: readonly string[]): WireProductHtmlResponse {
  if (handles.length > LIMITS.htmlHandles) {
    throw badParam('handles', `At most ${LIMITS.htmlHandles} product handles per request (S7.4); fetch in batches of 20.`, 'too_many_values');
  }
  const products: WireProductHtmlResponse['products'] = [];
  for (const h of handles) {
    const d = ctx.index.productByHandle.get(h);
    if (d === undefined) continue;
    const p = ctx.index.products.get(d);
    const html: { value: string; theme_id?: number | string } = { value: renderProductHtml(p, ctx.options.moneyFormat) };
    if (ctx.options.themeId !== undefined) html.theme_id = ctx.options.themeId;
    products.push({ id: wireId(p.id), html });
  }
  return { products };
}
