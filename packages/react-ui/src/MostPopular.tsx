import { useEffect, useState } from 'react';
import type { FilterSnapshot, Product, Transport } from '@pkg/core-filter';
import { loadMostPopular, productLink } from '@pkg/core-filter/view';
import { useFilter } from './filter-context';
import { ProductCard, productVendorUrl } from './ProductList';
import { ProductSlider } from './ProductSlider';
import { uiLabels } from './ui-labels';
import { shallowEqual } from './use-store';

export interface MostPopularProps {
  /** Sends the most-popular call (the loader passes the shop's transport). */
  transport: Transport;
  /** The slider's title; the shop's `mostPopular` label by default, else `UI_LABELS.mostPopular` (English). */
  title?: string;
  visible?: number;
  mobile?: boolean;
}

const slice = (s: FilterSnapshot) => ({ page: s.page, settings: s.settings });

/**
 * The most-popular slider (S4.22, S7.5): fetched once per collection, refetched when the page
 * moves to another collection, rendered only when there are products.
 */
export function MostPopular({ transport, title: given, visible, mobile }: MostPopularProps) {
  const { page, settings } = useFilter(slice, shallowEqual);
  const title = given ?? uiLabels(settings.labels).mostPopular;
  const [products, setProducts] = useState<readonly Product[]>([]);
  const handle = page.collectionHandle || 'all';
  useEffect(() => {
    let live = true;
    void loadMostPopular(transport, page, handle).then((p) => live && setProducts(p));
    return () => {
      live = false;
    };
    // Refetch only when the collection changes (S4.22), not on every snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transport, handle]);
  return (
    <ProductSlider
      title={title}
      products={products}
      {...(visible !== undefined ? { visible } : {})}
      {...(mobile !== undefined ? { mobile } : {})}
      renderItem={(p, i) => <ProductCard product={p} url={productLink(settings, page, p)} position={i} display="grid" moneyFormat={settings.shop.money_format} soldOutLabel={settings.labels.outOfStock} vendorUrl={productVendorUrl(page, p)} titleLevel={3} />}
    />
  );
}
