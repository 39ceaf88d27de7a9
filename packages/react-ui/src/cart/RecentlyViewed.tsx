import { useEffect, useState, type ReactNode } from 'react';
import { normalizeProduct, type Product } from '@pkg/core-filter';
import { ProductSlider, type ProductSliderProps } from '../ProductSlider';
import type { CartFetch } from './cart-store';

export interface RecentlyViewedProps extends Pick<ProductSliderProps, 'visible' | 'mobile' | 'transitionMs' | 'className' | 'translations'> {
  /** Product ids, newest first (from `createRecentlyViewed().list()`). */
  ids: readonly string[];
  /** Left out of the slider, e.g. the product on this page. */
  exclude?: string | number;
  /** Products already at hand; when set nothing is fetched. */
  products?: readonly Product[];
  /** The products call, e.g. '/api/products': asked as `?ids=1&ids=2` (answer in major units). */
  productsUrl?: string;
  /** Defaults to the browser's fetch, resolved when first needed. */
  fetch?: CartFetch;
  title?: string;
  renderItem(product: Product, index: number): ReactNode;
}

/**
 * The recently-viewed slider (slider type S3.10): the viewed products, newest first, in a
 * `ProductSlider`, so it keeps the most-popular navigation rules (S4.22, S9.17, S5.10). It
 * renders nothing until there are products, and nothing when the products call fails.
 */
export function RecentlyViewed({ ids, exclude, products, productsUrl = '/api/products', fetch: doFetch, title = 'Recently viewed', renderItem, ...slider }: RecentlyViewedProps) {
  const wanted = ids.filter((id) => id !== String(exclude ?? ''));
  const key = wanted.join(',');
  const [loaded, setLoaded] = useState<readonly Product[]>([]);
  useEffect(() => {
    if (products || !key) return setLoaded([]);
    let live = true;
    const sep = productsUrl.includes('?') ? '&' : '?';
    const url = `${productsUrl}${sep}${key
      .split(',')
      .map((id) => `ids=${encodeURIComponent(id)}`)
      .join('&')}`;
    (doFetch ?? globalThis.fetch)(url, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : []))
      .then((json: unknown) => live && setLoaded(Array.isArray(json) ? json.map((p) => normalizeProduct(p)) : []))
      .catch(() => live && setLoaded([]));
    return () => {
      live = false;
    };
    // Refetch only when the ids change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, products, productsUrl]);
  const list = (products ?? loaded).filter((p) => String(p.id) !== String(exclude ?? ''));
  return <ProductSlider title={title} products={list} renderItem={renderItem} {...slider} />;
}
