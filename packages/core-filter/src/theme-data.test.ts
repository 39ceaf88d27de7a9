import { afterEach, describe, expect, it, vi } from 'vitest';
import { toUrl, type RequestSpec } from './build-request';
import { normalizeProduct } from './normalize-product';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';
import { loadCollectionDescription, loadMostPopular, loadProductHtml, renderProductItems } from './theme-data';
import { TransportError, type Transport } from './transport';

const settings = createSettings();
const ctx = getPageContext(settings, '/collections/hats');
afterEach(() => vi.restoreAllMocks());

const routes = (map: Record<string, unknown>): Transport & { urls: string[] } => {
  const urls: string[] = [];
  const t = (async (r: RequestSpec) => {
    const u = toUrl(r);
    urls.push(u);
    const v = map[u];
    if (v instanceof Error) throw v;
    if (v === undefined) throw new TransportError('http', 'HTTP 404 Not Found', 404, 'Not Found');
    return v;
  }) as Transport & { urls: string[] };
  t.urls = urls;
  return t;
};

describe('theme data', () => {
  it('[S7.3, S8.11] collection description; a failed call falls back to the all-collection data', async () => {
    const all = { collection: { title: 'All', description: 'Everything', handle: 'all' } };
    const t = routes({ '/collections/all?view=desc': all });
    await expect(loadCollectionDescription(t, settings, ctx, 'hats')).resolves.toEqual({ title: 'All', description: 'Everything', handle: 'all', image: '' });
    expect(t.urls).toEqual(['/collections/hats?view=desc', '/collections/all?view=desc']);
    await expect(loadCollectionDescription(routes({}), settings, ctx, 'hats')).resolves.toBeNull();
  });

  it('[S7.5, S8.9] most popular: products in cents; a failed fetch warns "Error getting most popular: {status} {statusText}"', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ok = routes({ '/collections/hats?view=boost-pfs-most-popular&sort_by=best-selling': { products: [{ id: 1, price_min: 1250 }] } });
    expect((await loadMostPopular(ok, ctx, 'hats')).map((p) => p.priceMin)).toEqual([12.5]);
    expect(await loadMostPopular(routes({}), ctx)).toEqual([]);
    expect(spy).toHaveBeenLastCalledWith('[@pkg/core-filter] Error getting most popular: 404 Not Found');
    await loadMostPopular(routes({ '/collections/all?view=boost-pfs-most-popular&sort_by=best-selling': new TransportError('parse', 'bad') }), ctx);
    expect(spy).toHaveBeenLastCalledWith('[@pkg/core-filter] Could not parse the most-popular template JSON.');
  });

  it('[S7.4, S8.6] product HTML in batches of 20; a bad batch warns and is skipped', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handles = Array.from({ length: 21 }, (_, i) => `h${i}`);
    const first = `/collections/all/${handles.slice(0, 20).join('+')}?view=boost-pfs-product-item`;
    const t = routes({ [first]: { products: [{ id: 1, html: { value: '<li>1</li>' } }] }, '/collections/all/h20?view=boost-pfs-product-item': 'garbage' });
    const html = await loadProductHtml(t, ctx, handles);
    expect([...html]).toEqual([['1', '<li>1</li>']]);
    expect(t.urls).toHaveLength(2);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('[S4.17, S3.3] product items are built from the theme template of the display, escaped', () => {
    const products = [normalizeProduct({ id: 1, title: 'A & B', price_min: 5 })];
    expect(renderProductItems(products, { grid: '<li>{{product.title}} {{product.price}}</li>', list: '<tr>{{product.title}}</tr>' }, 'grid', (n) => `$${n}`)).toEqual(['<li>A &#38; B $5</li>']);
    expect(renderProductItems(products, { grid: 'x', list: '<tr>{{product.title}}</tr>' }, 'list')).toEqual(['<tr>A &#38; B</tr>']);
  });

  it('[S8.7, S8.8] missing templates warn and give no items', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(renderProductItems([], { grid: 'x' }, 'collage')).toEqual([]);
    expect(spy).toHaveBeenLastCalledWith("[@pkg/core-filter] Missing theme item template for display 'collage'.");
    expect(renderProductItems([], undefined, 'grid')).toEqual([]);
    expect(spy).toHaveBeenLastCalledWith('[@pkg/core-filter] Missing buildProductGridItem function in theme lib.');
  });
});
