import { useMemo } from 'react';
import { getPageContext, moneyOptionsFor, type Settings, type SettingsInput } from '@pkg/core-filter';
import { safeUrl, productLink } from '@pkg/core-filter/view';
import { buildNoResultView, type NoResultView } from '@pkg/suggest';
import { cx } from '../class-names';
import { useBodyClass } from '../use-body-class';
import { ProductCard, productVendorUrl } from '../ProductList';
import { TermLabel } from './TermLabel';
import { useSettings } from './use-settings';

export interface SearchNoResultTranslations {
  allProducts: string;
  tips: string;
  terms: string;
  popular: string;
}

export const defaultSearchNoResultTranslations: SearchNoResultTranslations = {
  allProducts: 'Browse all products',
  tips: 'Search tips',
  terms: 'Try searching for',
  popular: 'Most popular products',
};

export interface SearchNoResultProps {
  /** From @pkg/suggest's `buildNoResultView`; or give `term` (and `json`, ...) to build it here. */
  view?: NoResultView;
  term?: string;
  /** The no-result JSON the theme embeds in the page (S3.12). */
  json?: unknown;
  tips?: string;
  showSuggestedTerms?: boolean;
  showMostPopular?: boolean;
  settings: Settings | SettingsInput;
  /** The all-products link (S8.5). */
  allProductsUrl?: string;
  /** The class the body gets while the view shows (S4.21); '' for none. */
  bodyClass?: string;
  /** The current path, for locale-prefixed product links. */
  pathname?: string;
  /** Heading level of the block titles (products use the next level). */
  titleLevel?: 2 | 3 | 4;
  translations?: Partial<SearchNoResultTranslations>;
  className?: string;
}

/**
 * The search page's no-result view (S2.23, S4.21, S8.5, F8.5): the empty-result message with the
 * term in bold and a link to all products, the search tips, suggested terms linking to the search
 * page and the most-popular products. The body gets `bodyClass` while it shows.
 */
export function SearchNoResult({ view: given, allProductsUrl = '/collections/all', bodyClass = 'pkg-no-result', pathname = '/', titleLevel = 2, translations, className, ...rest }: SearchNoResultProps) {
  const settings = useSettings(rest.settings);
  const t = { ...defaultSearchNoResultTranslations, ...translations };
  const { term = '', json, tips, showSuggestedTerms, showMostPopular } = rest;
  const view = useMemo(
    () => given ?? buildNoResultView({ settings, term, json, ...(tips !== undefined ? { tips } : {}), ...(showSuggestedTerms !== undefined ? { showSuggestedTerms } : {}), ...(showMostPopular !== undefined ? { showMostPopular } : {}) }),
    [given, settings, term, json, tips, showSuggestedTerms, showMostPopular],
  );
  const page = useMemo(() => getPageContext(settings, pathname), [settings, pathname]);
  const moneyOptions = useMemo(() => moneyOptionsFor(settings), [settings]);
  useBodyClass(bodyClass, true);
  const H = `h${titleLevel}` as const;
  const products = view.showMostPopular ? view.products : [];
  return (
    <section className={cx('pkg-search-no-result', className)} aria-labelledby="pkg-search-no-result-message">
      <p id="pkg-search-no-result-message" className="pkg-search-no-result__message">
        <TermLabel template={settings.labels.searchEmptyResult} term={view.term} />{' '}
        <a className="pkg-search-no-result__all" href={safeUrl(allProductsUrl)}>
          {t.allProducts}
        </a>
      </p>
      {view.tips.length > 0 && (
        <div className="pkg-search-no-result__tips">
          <H className="pkg-visually-hidden">{t.tips}</H>
          <ul>
            {view.tips.map((tip, i) => (
              <li key={i}>{tip}</li>
            ))}
          </ul>
        </div>
      )}
      {view.terms.length > 0 && (
        <nav className="pkg-search-no-result__terms" aria-label={t.terms}>
          <H>{t.terms}</H>
          <ul>
            {view.terms.map((term) => (
              <li key={term.text}>
                <a href={safeUrl(term.url)}>{term.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {products.length > 0 && (
        <div className="pkg-search-no-result__popular">
          <H>{t.popular}</H>
          <ul className="pkg-product-list pkg-product-list--grid">
            {products.map((product, position) => (
              <li key={product.id} className="pkg-product-list__item">
                <ProductCard product={product} url={safeUrl(productLink(settings, page, product))} position={position} display="grid" moneyFormat={settings.shop.money_format} moneyOptions={moneyOptions} soldOutLabel={settings.labels.outOfStock} vendorUrl={productVendorUrl(page, product)} titleLevel={(titleLevel + 1) as 3 | 4 | 5} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
