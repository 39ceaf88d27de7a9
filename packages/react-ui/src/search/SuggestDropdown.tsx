import type { CSSProperties, ReactNode } from 'react';
import { moneyOptionsFor, type Settings } from '@pkg/core-filter';
import { safeUrl } from '@pkg/core-filter/view';
import type { SuggestItem, SuggestItemKind } from '@pkg/suggest';
import { BannerCard } from '../BannerCard';
import { cx } from '../class-names';
import { Price } from '../Price';
import { uiLabels } from '../ui-labels';
import { Highlight } from './Highlight';
import type { SuggestDisplay, SuggestLayout, SuggestStyle } from './suggest-layout';
import { TermLabel } from './TermLabel';
import type { UseSuggestResult } from './use-suggest';

export interface SuggestDropdownTranslations {
  listbox: string;
  didYouMean: string;
  suggestions: string;
  collections: string;
  pages: string;
  products: string;
  recent: string;
  popular: string;
  trending: string;
  loading: string;
  sku: string;
  banners: string;
  /** Read after a suggested product's name when it opens in a new tab (`productsInNewTab`). */
  newTab: string;
}

export const defaultSuggestDropdownTranslations: SuggestDropdownTranslations = {
  listbox: 'Search suggestions',
  didYouMean: 'Did you mean',
  suggestions: 'Suggestions',
  collections: 'Collections',
  pages: 'Pages',
  products: 'Products',
  recent: 'Recent searches',
  popular: 'Popular searches',
  trending: 'Trending products',
  loading: 'Loading…',
  sku: 'SKU',
  banners: 'From the shop',
  newTab: '(opens in a new tab)',
};

/** Which parts a suggested product shows (the owner's `showSuggestionProduct*` settings); each on by default. */
export interface SuggestProductParts {
  image?: boolean;
  sku?: boolean;
  vendor?: boolean;
  price?: boolean;
  /** A product on sale shows its compare-at price struck through beside the current one; false shows the current price alone (the owner's `showSuggestionProductSalePrice`). */
  salePrice?: boolean;
  /** The price's digits after the decimal mark; false cuts them ($12.99 shows as $12; the owner's `search.removePriceDecimal`). */
  priceDecimals?: boolean;
}

/**
 * The block titles' look (the owner's suggestion header settings): a text colour, a background colour and a
 * font size as CSS values, drawn by the stylesheet through custom properties (`--pkg-suggest-title-*`); check
 * values that come from outside first (the loader accepts only colours and lengths).
 */
export interface SuggestHeaderLook {
  color?: string;
  background?: string;
  fontSize?: string;
}

export interface SuggestDropdownProps {
  suggest: UseSuggestResult;
  settings: Settings;
  productParts?: SuggestProductParts;
  /** The matched part of suggested terms and product titles is marked (S5.8); false shows them plain (the owner's `highlightSuggestionResult`). Default true. */
  highlight?: boolean | undefined;
  /** Suggested products open in a new tab (`target="_blank"`, `rel="noopener noreferrer"`, said to screen readers; the owner's `openProductNewTab`). Default false. */
  productsInNewTab?: boolean | undefined;
  style?: SuggestStyle;
  display?: SuggestDisplay;
  /** The products column left or right of the other blocks when there are two columns (default right). */
  productPosition?: 'left' | 'right' | undefined;
  /** The loading block while an answer is on its way (default true; the owner's `showSuggestionLoading`). */
  showLoading?: boolean | undefined;
  header?: SuggestHeaderLook | undefined;
  /** From `suggestLayout`; null renders with the stylesheet's defaults (e.g. before measuring). */
  layout?: SuggestLayout | null;
  translations?: Partial<SuggestDropdownTranslations>;
  className?: string;
}

type BlockKey = Exclude<SuggestItemKind, 'viewAll' | 'product'> | 'products';
const TERM_BLOCKS: readonly BlockKey[] = ['didYouMean', 'recent', 'popular', 'suggestion', 'collection', 'page'];
const TITLES: Record<BlockKey, keyof SuggestDropdownTranslations> = {
  didYouMean: 'didYouMean', recent: 'recent', popular: 'popular', suggestion: 'suggestions', collection: 'collections', page: 'pages', trending: 'trending', products: 'products',
};

const px = (n: number | null): string | undefined => (n === null ? undefined : `${n}px`);

/** The layout as inline style: position, offsets, sizes and the products-per-row variable. */
export function layoutStyle(layout: SuggestLayout): CSSProperties {
  return {
    position: layout.position,
    top: layout.position === 'static' ? undefined : px(layout.top),
    // Right-aligned: 'auto' overrides the stylesheet's start offset, which would stretch the box.
    left: layout.left === null && layout.right !== null ? 'auto' : px(layout.left),
    right: px(layout.right),
    width: layout.width === null ? undefined : px(layout.width),
    maxWidth: px(layout.maxWidth),
    maxHeight: px(layout.maxHeight),
    ['--pkg-suggest-per-row' as string]: String(layout.productsPerRow),
  };
}

/**
 * The dropdown: did-you-mean line, no-result messages (S8.1, S8.2, F8.4, F8.6), the listbox with
 * its blocks (suggestions, collections, pages in one column, products in the other, S4.10) and a
 * loading block. Product rows show image, highlighted title, SKU, vendor and price (S4.11). The
 * owner's banners for the term come first, outside the listbox: a banner's link is an ordinary
 * link (Tab reaches it from the box; the dropdown stays open while focus is inside), never an
 * option, so the listbox holds only what arrows select.
 */
export function SuggestDropdown({ suggest, settings, productParts: parts, highlight = true, productsInNewTab = false, style = 'style2', display = 'grid', productPosition, showLoading = true, header, layout, translations, className }: SuggestDropdownProps) {
  const t = { ...defaultSuggestDropdownTranslations, ...translations };
  const { state, isOpen, expanded, loading, getMenuProps, getItemProps, ids } = suggest;
  // Without the loading block, nothing shows until the first answer.
  if (!isOpen || !(state.open || showLoading)) return null;
  const labels = uiLabels(settings.labels);
  const shown = state.result ? (state.result.dym ?? state.result) : null;
  const indexed = state.items.map((item, index) => ({ item, index }));
  const block = (key: BlockKey, rows: Array<{ item: SuggestItem; index: number }>): ReactNode => {
    if (rows.length === 0) return null;
    const titleId = `${ids.listbox}-${key}`;
    return (
      <div key={key} role="group" aria-labelledby={titleId} className={cx('pkg-suggest__block', `pkg-suggest__block--${key}`)}>
        <div id={titleId} className="pkg-suggest__title">
          {t[TITLES[key]]}
        </div>
        {rows.map(({ item, index }) => (key === 'products' || key === 'trending' ? productRow(item, index) : termRow(item, index)))}
      </div>
    );
  };
  const termRow = (item: SuggestItem, index: number) => (
    <a key={index} {...getItemProps({ index, className: cx('pkg-suggest__option', `pkg-suggest__option--${item.kind}`) })}>
      <Highlight parts={item.parts} enabled={highlight} />
    </a>
  );
  const productRow = (item: SuggestItem, index: number) => {
    const p = item.product;
    const img = safeUrl(item.image);
    const sku = p?.skus[0];
    return (
      <a key={index} {...getItemProps({ index, className: 'pkg-suggest__option pkg-suggest__product', ...(productsInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}) })}>
        {parts?.image !== false && img !== '#' && <img className="pkg-suggest__image" src={img} alt="" loading="lazy" decoding="async" />}
        <span className="pkg-suggest__product-info">
          <Highlight className="pkg-suggest__product-title" parts={item.parts} enabled={highlight} />
          {productsInNewTab && <span className="pkg-visually-hidden"> {t.newTab}</span>}
          {parts?.sku !== false && sku && (
            <span className="pkg-suggest__sku">
              {t.sku}: {sku}
            </span>
          )}
          {parts?.vendor !== false && p?.vendor && <span className="pkg-suggest__vendor">{p.vendor}</span>}
          {parts?.price !== false && p && p.priceMin !== null && <Price amount={p.priceMin} maxAmount={p.priceMax} compareAtAmount={parts?.salePrice === false ? null : p.compareAtPriceMin} moneyFormat={settings.shop.money_format} moneyOptions={{ ...moneyOptionsFor(settings), removeDecimals: parts?.priceDecimals === false }} />}
        </span>
      </a>
    );
  };
  const of = (...kinds: SuggestItemKind[]) => indexed.filter((r) => kinds.includes(r.item.kind));
  const viewAll = of('viewAll');
  const products = of('product', 'trending');
  // F8.6: nothing matched the term, yet there is something to show (suggestions or default products).
  const emptyWithSuggestion = state.open && !state.onClick && !state.noResult && shown !== null && shown.totalProduct === 0 && state.items.length > 0;
  return (
    <div
      className={cx('pkg-suggest__dropdown', `pkg-suggest__dropdown--${style}`, `pkg-suggest__dropdown--${display}`, layout?.columns === 2 && 'pkg-suggest__dropdown--columns', productPosition === 'left' && 'pkg-suggest__dropdown--products-left', className)}
      style={{ ...(layout && layoutStyle(layout)), ['--pkg-suggest-title-color' as string]: header?.color, ['--pkg-suggest-title-bg' as string]: header?.background, ['--pkg-suggest-title-size' as string]: header?.fontSize }}
    >
      {state.open && state.result?.dym && (
        <p className="pkg-suggest__message pkg-suggest__message--dym">
          <TermLabel template={labels.suggestQuery} term={state.result.dym.query} count={state.result.dym.totalProduct} />
        </p>
      )}
      {state.open && state.noResult && (
        <p className="pkg-suggest__message pkg-suggest__message--empty">
          <TermLabel template={labels.noSuggestionResult} term={state.term} />
        </p>
      )}
      {emptyWithSuggestion && (
        <p className="pkg-suggest__message pkg-suggest__message--empty">
          <TermLabel template={labels.resultEmptyWithSuggestion} term={state.term} />
        </p>
      )}
      {state.open && !state.onClick && shown && shown.banners.length > 0 && (
        <div role="group" aria-label={t.banners} className="pkg-suggest__banners">
          {shown.banners.map((b) => (
            <div key={b.id} className="pkg-suggest__banner" data-banner-id={b.id}>
              <BannerCard banner={b} />
            </div>
          ))}
        </div>
      )}
      {expanded && (
        <div {...getMenuProps({ className: 'pkg-suggest__list', 'aria-label': t.listbox })}>
          <div className="pkg-suggest__column pkg-suggest__column--terms">{TERM_BLOCKS.map((k) => block(k, of(k as SuggestItemKind)))}</div>
          {(products.length > 0 || viewAll.length > 0) && (
            <div className="pkg-suggest__column pkg-suggest__column--products">
              {block(state.onClick ? 'trending' : 'products', products)}
              {viewAll.map(({ item, index }) => (
                <a key={index} {...getItemProps({ index, className: 'pkg-suggest__option pkg-suggest__view-all' })}>
                  {item.text}
                </a>
              ))}
            </div>
          )}
        </div>
      )}
      {loading && showLoading && <div className="pkg-suggest__loading">{t.loading}</div>}
    </div>
  );
}
