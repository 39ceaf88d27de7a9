// Shared by the cart stories: products come from the engine's products call through msw.
import { useEffect, useState, type ReactNode } from 'react';
import { normalizeProduct, type Product } from '@pkg/core-filter';

export function WithProduct({ id, children }: { id: string; children(product: Product): ReactNode }) {
  const [product, setProduct] = useState<Product | null>(null);
  useEffect(() => {
    void fetch(`/api/products?ids=${encodeURIComponent(id)}`)
      .then((r) => r.json())
      .then((list: unknown[]) => setProduct(list[0] ? normalizeProduct(list[0]) : null));
  }, [id]);
  return product ? <>{children(product)}</> : <p>Loading…</p>;
}
