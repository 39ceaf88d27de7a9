import { createElement as h, Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPriceFormatter } from '@pkg/core-filter';
import { renderProductItems, type ItemTemplates } from '@pkg/core-filter/view';
import { LoadPrevious, ProductCard, ProductList, ResultsAnnouncer, SafeHtml, loadSanitizer, useFilter, useFilterController, type ProductItemContext } from '@pkg/react-ui';
import type { MappedHooks } from './legacy-hooks';
import type { CartInstance } from './mount-cart';

/**
 * The products container's content: the results announcer, load previous and the product list,
 * whose items are the theme's (its `buildProductItem` hook, else its item templates) or the
 * default cards, with the cart's item buttons.
 */
export function ProductsContainer({ hooks, templates, container, cart }: { hooks: MappedHooks; templates: ItemTemplates | undefined; container: Element; cart: CartInstance | null }) {
  const controller = useFilterController();
  const products = useFilter((s) => s.products);
  const display = useFilter((s) => s.state.display);
  const first = useRef(true);
  const build = hooks.productItemHtml;
  // The theme's item templates (S4.17), filled in once per list: a display without a template
  // warns (S8.7) and its products show the default cards.
  const fromTemplates = useMemo(() => {
    if (!templates) return null;
    const html = renderProductItems(products, templates, display, createPriceFormatter(controller.getSnapshot().settings));
    return new Map(html.map((item, i) => [products[i]?.id ?? '', item]));
  }, [templates, products, display, controller]);
  const themed = build !== null || templates !== undefined;
  // The theme's item HTML renders through SafeHtml: its sanitiser (a separate file) has been
  // loading since mountFilter, while the first answer is on its way. The list waits for it, so the
  // theme's items are in the page in the same commit as the list, and afterRender (a theme's hook
  // reads the items it built) never sees an empty list.
  const [sanitizerReady, setSanitizerReady] = useState(!themed);
  useEffect(() => {
    let live = true;
    if (themed) void loadSanitizer().then(() => live && setSanitizerReady(true));
    return () => void (live = false);
  }, [themed]);
  useLayoutEffect(() => {
    if (!sanitizerReady) return;
    if (first.current && products.length === 0) return;
    first.current = false;
    hooks.afterRender(controller.getSnapshot(), container);
  }, [products, sanitizerReady, controller, hooks, container]);
  const renderItem =
    themed || cart
      ? (ctx: ProductItemContext) => {
          const html = build?.(ctx.product, ctx.position, { url: ctx.url, display: ctx.display, moneyFormat: ctx.moneyFormat }) ?? fromTemplates?.get(ctx.product.id) ?? null;
          return h(Fragment, null, html === null ? h(ProductCard, ctx) : h(SafeHtml, { html }), cart?.itemActions(ctx.product));
        }
      : null;
  return h('div', null, h(ResultsAnnouncer, {}), h(LoadPrevious, {}), sanitizerReady ? h(ProductList, renderItem ? { renderItem } : {}) : null);
}
