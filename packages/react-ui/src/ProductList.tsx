import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { FilterSnapshot, PageContext, Product, Transport } from '@pkg/core-filter';
import { imageSize as sizeImage, safeUrl, cardView, placeBanners, productLink, vendorUrl, withSelectedVariantImage } from '@pkg/core-filter/view';
import type { FormatMoneyOptions } from '@pkg/money';
import { BannerCard } from './BannerCard';
import { cx } from './class-names';
import { useFilter, useFilterController } from './filter-context';
import { Price } from './Price';
import { SafeHtml } from './SafeHtml';
import { shallowEqual } from './use-store';
import { useThemeProductHtml } from './use-theme-product-html';

export interface ProductItemContext {
  product: Product;
  url: string;
  position: number;
  display: string;
  moneyFormat: string;
  /** The shown currency and its rounding rule (core-filter's `moneyOptionsFor`). */
  moneyOptions?: FormatMoneyOptions;
  /** The sold-out text (`labels.outOfStock`), shown on items whose product is not available. */
  soldOutLabel?: string;
  /** Where the vendor's name links: its vendor page, /collections/vendors?q={vendor} (S2.11; `productVendorUrl`). */
  vendorUrl?: string | undefined;
}

/** The vendor page of a product's vendor (S2.11), or undefined when it has none. */
export function productVendorUrl(page: PageContext, product: Pick<Product, 'vendor'>): string | undefined {
  return product.vendor ? safeUrl(vendorUrl(page, product.vendor)) : undefined;
}

export interface ProductListProps {
  /** Replaces the default item (a theme's grid, list or collage template, S4.17). */
  renderItem?(context: ProductItemContext): ReactNode;
  /** Image size suffix inserted before the extension (S9.15), e.g. `360x` on a platform CDN. */
  imageSize?: string;
  /** Heading level of product titles (default 2: product titles under the page's h1). */
  titleLevel?: 2 | 3 | 4 | 5 | 6;
  /** Columns of the skeleton and grid. */
  productsPerRow?: number;
  /** Scroll back to the product clicked last when the shopper returns to this address (S4.15). */
  restoreScroll?: boolean;
  /** The window to scroll and read the address from; the browser window by default. */
  window?: Pick<Window, 'scrollTo' | 'scrollY'> & { location: Pick<Location, 'pathname' | 'search'> };
  /**
   * Sends the theme product HTML calls when `filter.themeProductView` is set (S7.4); a fetch
   * transport to the shop by default.
   */
  themeTransport?: Transport;
  className?: string;
}

const slice = (s: FilterSnapshot) => ({
  products: s.products,
  banners: s.banners,
  productOffset: s.productOffset,
  totalProduct: s.totalProduct,
  settings: s.settings,
  page: s.page,
  display: s.state.display,
  filters: s.state.filters,
  message: s.message,
  skeleton: s.loading.skeleton,
  loading: s.loading.products,
  showLoading: s.settings.filter.showLoading,
});

/**
 * The default product item: image (an empty frame when the product has none), title link, vendor
 * (a link to its vendor page when `vendorUrl` is given, S2.11),
 * price with compare-at, and a sold-out text when no variant is available (the dimmed photo
 * alone says nothing to a screen reader). When the answer names the variant that matched the
 * selected options, its image and price (core-filter's `cardView`).
 */
export function ProductCard({
  product,
  url,
  display,
  moneyFormat,
  moneyOptions,
  imageSize,
  titleLevel = 2,
  soldOutLabel = 'Out of stock',
  vendorUrl: vendorHref,
}: ProductItemContext & { imageSize?: string | undefined; titleLevel?: 2 | 3 | 4 | 5 | 6 }) {
  const view = cardView(product);
  const img = safeUrl(imageSize ? sizeImage(view.image, imageSize) : view.image);
  const Title = `h${titleLevel}` as const;
  return (
    <article className={cx('pkg-product', `pkg-product--${display}`, !product.available && 'pkg-product--sold-out')}>
      <a className="pkg-product__link" href={url}>
        {/* The link is named by the title; the photo is decorative here (no repeated alt text). */}
        {img !== '#' ? <img className="pkg-product__image" src={img} alt="" loading="lazy" decoding="async" /> : <span className="pkg-product__image pkg-product__image--none" aria-hidden="true" />}
        <Title className="pkg-product__title">{product.title}</Title>
      </a>
      {product.vendor && (
        <p className="pkg-product__vendor">
          {vendorHref ? (
            <a className="pkg-product__vendor-link" href={vendorHref}>
              {product.vendor}
            </a>
          ) : (
            product.vendor
          )}
        </p>
      )}
      {!product.available && <p className="pkg-product__sold-out">{soldOutLabel}</p>}
      {view.price !== null && <Price amount={view.price} maxAmount={view.priceMax} compareAtAmount={view.compareAtPrice} moneyFormat={moneyFormat} {...(moneyOptions ? { moneyOptions } : {})} />}
      {display === 'list' && product.description && <SafeHtml className="pkg-product__description" html={product.description} />}
    </article>
  );
}

/** The product listing with empty messages (S8.3, S8.4) and the loading skeleton (S4.18). */
export function ProductList({ renderItem, imageSize, titleLevel, productsPerRow = 4, restoreScroll = true, window: win, themeTransport, className }: ProductListProps) {
  const controller = useFilterController();
  const { products, banners, productOffset, totalProduct, settings, page, display, filters, message, skeleton, loading, showLoading } = useFilter(slice, shallowEqual);
  // Banners among the products at their position in the whole list (not counted as products).
  // The owner's `showVariantImageBasedOnSelectedFilter`: the selected value's variant image, once per answer.
  const shown = useMemo(() => products.map((p) => withSelectedVariantImage(p, settings, filters)), [products, settings, filters]);
  const items = useMemo(() => placeBanners(shown, banners, productOffset, totalProduct), [shown, banners, productOffset, totalProduct]);
  // The currency the controller's products are in, with its rule (its `moneyOptions`).
  const { moneyOptions } = controller;
  // S7.4: with a theme product view, items are the theme's own HTML, fetched for the shown products.
  const theme = useThemeProductHtml(products, page, settings.filter.themeProductView, themeTransport);
  const listRef = useRef<HTMLUListElement>(null);
  const restored = useRef(false);
  // S4.15: once the first products are on screen, scroll the product clicked last back to where
  // it was, if the record was stored for this address; the record is cleared when read.
  useEffect(() => {
    if (!restoreScroll || restored.current || products.length === 0) return;
    restored.current = true;
    const w = win ?? (typeof window === 'undefined' ? undefined : window);
    if (!w) return;
    const record = controller.takeScrollRecord(w.location.pathname + w.location.search);
    const el = record ? [...(listRef.current?.children ?? [])].find((li): li is HTMLElement => (li as HTMLElement).dataset.productId === record.productId) : undefined;
    if (record && el) w.scrollTo(0, el.getBoundingClientRect().top + w.scrollY - record.offset);
  }, [products, restoreScroll, controller, win]);
  if (skeleton && products.length === 0) {
    return (
      <ul className={cx('pkg-product-list', 'pkg-product-list--skeleton', className)} aria-hidden="true">
        {Array.from({ length: productsPerRow }, (_, i) => (
          <li key={i} className="pkg-product-skeleton" style={{ aspectRatio: `1 / ${settings.filter.placeholderRatio}` }} />
        ))}
      </ul>
    );
  }
  if (products.length === 0 && message) {
    return <p className={cx('pkg-product-list__empty', className)}>{message.text}</p>;
  }
  return (
    <ul ref={listRef} className={cx('pkg-product-list', `pkg-product-list--${display}`, (loading || theme.loading) && showLoading && 'pkg-product-list--loading', className)} aria-busy={loading || theme.loading}>
      {items.map((item) => {
        if (item.kind === 'banner') {
          return (
            <li key={`banner:${item.banner.id}`} className="pkg-product-list__banner" data-banner-id={item.banner.id}>
              <BannerCard banner={item.banner} />
            </li>
          );
        }
        const { product, index: i } = item;
        const ctx: ProductItemContext = { product, url: safeUrl(productLink(settings, page, product)), position: i, display, moneyFormat: settings.shop.money_format, moneyOptions, soldOutLabel: settings.labels.outOfStock, vendorUrl: productVendorUrl(page, product) };
        return (
          <li
            key={product.id}
            data-product-id={String(product.id)}
            className="pkg-product-list__item"
            onClickCapture={(e) => {
              if ((e.target as Element).closest?.('a')) controller.recordProductClick(product.id, i, e.currentTarget.getBoundingClientRect().top);
            }}
          >
            {product.html || theme.html.has(String(product.id)) ? (
              <SafeHtml html={product.html || (theme.html.get(String(product.id)) ?? '')} />
            ) : theme.loading ? (
              <div className="pkg-product-skeleton" aria-hidden="true" style={{ aspectRatio: `1 / ${settings.filter.placeholderRatio}` }} />
            ) : renderItem ? (
              renderItem(ctx)
            ) : (
              <ProductCard {...ctx} imageSize={imageSize} {...(titleLevel ? { titleLevel } : {})} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
