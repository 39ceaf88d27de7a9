import { useEffect, useState } from 'react';
import { createFetchTransport, type PageContext, type Product, type Transport } from '@pkg/core-filter';
import { loadProductHtml } from '@pkg/core-filter/view';

/** The theme's product HTML for the products shown. */
export interface ThemeProductHtml {
  /** Product id to the theme's item HTML (shop HTML: render it through `SafeHtml`). */
  readonly html: ReadonlyMap<string, string>;
  /** True while the HTML of a shown product is being fetched. */
  readonly loading: boolean;
}

interface Fetched {
  readonly html: ReadonlyMap<string, string>;
  /** Handles asked for already, answered or not: never asked twice. */
  readonly asked: ReadonlySet<string>;
}

const EMPTY: Fetched = { html: new Map(), asked: new Set() };
let sharedTransport: Transport | undefined;

/**
 * The theme's own product item HTML (S7.4) for `products`: fetched from
 * `/collections/all/{handle+handle}?view=<view>` 20 handles a call, HTML comments removed, kept
 * per product id. No view: nothing is fetched. A failed or unreadable call leaves its products
 * without HTML (the caller shows its own card), with a console warning for bad JSON (S8.6).
 */
export function useThemeProductHtml(products: readonly Product[], page: PageContext, view: string, transport?: Transport): ThemeProductHtml {
  const [fetched, setFetched] = useState<Fetched>(EMPTY);
  const wanted = view ? products.filter((p) => !p.html && !fetched.asked.has(p.handle)).map((p) => p.handle) : [];
  const key = wanted.join('\n');
  useEffect(() => {
    if (!key) return;
    let live = true;
    const handles = key.split('\n');
    void loadProductHtml(transport ?? (sharedTransport ??= createFetchTransport()), page, handles, view).then((found) => {
      if (!live) return;
      setFetched((f) => ({ html: new Map([...f.html, ...found]), asked: new Set([...f.asked, ...handles]) }));
    });
    return () => {
      live = false;
    };
    // The page matters only for its locale prefix; the key names the handles asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, view, transport]);
  return { html: fetched.html, loading: key !== '' };
}
