// Calls to the shop's own theme views (S7.3-S7.5) with their fallbacks and warnings (S8.6, S8.9,
// S8.11), and product item rendering from theme templates (S4.17, S8.7, S8.8).
import { buildCollectionDescriptionRequest, buildMostPopularRequest, buildProductHtmlRequests } from './build-request';
import { normalizeCollectionDescription, normalizeProduct, readProductHtml, type Product } from './normalize-product';
import type { PageContext } from './page-context';
import { arr, isRec } from './read';
import type { Settings } from './settings';
import { renderTemplate } from './template';
import { TransportError, type Transport } from './transport';
import { warn } from './warn';

export type CollectionDescription = NonNullable<ReturnType<typeof normalizeCollectionDescription>>;

/** Collection description (S7.3); on error falls back to the all-collection data (S8.11), else null. */
export async function loadCollectionDescription(transport: Transport, settings: Settings, ctx: PageContext, handle: string): Promise<CollectionDescription | null> {
  for (const h of handle && handle !== 'all' ? [handle, 'all'] : ['all']) {
    try {
      const d = normalizeCollectionDescription(await transport(buildCollectionDescriptionRequest(ctx, h)), settings);
      if (d) return d;
    } catch {
      // fall through to the all-collection data
    }
  }
  return null;
}

/** Most-popular products (S7.5); failures warn and give [] (S8.9). Theme JSON is in cents. */
export async function loadMostPopular(transport: Transport, ctx: PageContext, handle?: string): Promise<Product[]> {
  try {
    const raw = await transport(buildMostPopularRequest(ctx, handle));
    return arr(isRec(raw) ? raw.products : undefined).map((p) => normalizeProduct(p, { unit: 'minor' }));
  } catch (e) {
    if (e instanceof TransportError && e.kind === 'parse') warn('Could not parse the most-popular template JSON.');
    else warn(`Error getting most popular: ${e instanceof TransportError ? `${e.status ?? 0} ${e.statusText || e.kind}` : String(e)}`);
    return [];
  }
}

/**
 * Theme product HTML (S7.4) by product id, fetched in batches of 20 from the theme's `view`
 * (default `boost-pfs-product-item`); bad JSON warns and is skipped (S8.6).
 */
export async function loadProductHtml(transport: Transport, ctx: PageContext, handles: readonly string[], view?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const answers = await Promise.all(buildProductHtmlRequests(ctx, handles, view).map((r) => transport(r).catch(() => null)));
  for (const a of answers) for (const [k, v] of readProductHtml(a)) out.set(k, v);
  return out;
}

export type ItemTemplates = Partial<Record<'grid' | 'list' | 'collage', string>>;

/** S8.8: the warning when the theme's product item builder is missing (the default items are shown instead). */
export const MISSING_ITEM_BUILDER = 'Missing buildProductGridItem function in theme lib.';

/**
 * Builds product items from theme templates for the display (S4.17): escaped placeholders.
 * Missing templates warn (S8.7, S8.8) and give no items.
 */
export function renderProductItems(products: readonly Product[], templates: ItemTemplates | undefined, display: string, formatPrice?: (n: number) => string): string[] {
  if (!templates) {
    warn(MISSING_ITEM_BUILDER);
    return [];
  }
  const t = templates[display as keyof ItemTemplates];
  if (typeof t !== 'string') {
    warn(`Missing theme item template for display '${display}'.`);
    return [];
  }
  return products.map((p) => renderTemplate(t, p, formatPrice));
}
