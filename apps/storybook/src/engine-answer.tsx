// Reads what the demo engine answered (through a StoryShop's controller) so a component story can
// render one component with real data: an option of the filter tree, or the listed products.
import { useEffect, useState, type ReactNode } from 'react';
import { normalizeProduct, type FilterSnapshot, type Product } from '@pkg/core-filter';
import { productUrl } from '@pkg/core-filter/view';
import { shallowEqual, useFilter } from '@pkg/react-ui';

const optionSlice = (id: string) => (s: FilterSnapshot) => ({
  option: s.options.find((o) => o.id === id),
  labels: s.settings.labels,
  moneyFormat: s.settings.shop.money_format,
  pending: s.pending,
});

/** One option of the engine's answer (undefined until the first answer), with the shop's labels. */
export function useEngineOption(optionId: string) {
  return useFilter(optionSlice(optionId), shallowEqual);
}

const listingSlice = (s: FilterSnapshot) => ({ products: s.products, settings: s.settings, page: s.page, fetched: s.fetched });

/** The listed products of the engine's answer with their product URLs. */
export function useEngineProducts() {
  const { products, settings, page, fetched } = useFilter(listingSlice, shallowEqual);
  return { products, fetched, moneyFormat: settings.shop.money_format, urlOf: (p: Product) => productUrl(settings, page, p.handle) };
}

/** Renders `children` with the products of the engine's products call (`/api/products?ids=`). */
export function WithProducts({ ids, children }: { ids: readonly string[]; children(products: readonly Product[]): ReactNode }) {
  const [products, setProducts] = useState<readonly Product[] | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    void fetch(`/api/products?ids=${encodeURIComponent(key)}`)
      .then((r) => r.json())
      .then((list: unknown[]) => live && setProducts(list.map((p) => normalizeProduct(p))));
    return () => {
      live = false;
    };
  }, [key]);
  return products ? <>{children(products)}</> : <p>Loading…</p>;
}

