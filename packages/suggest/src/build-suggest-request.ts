// The suggestion call (S7.1, wire-format.md "Suggestion request and response"): pure.
import type { RequestSpec, Settings } from '@pkg/core-filter';
import type { SuggestSettings } from './suggest-settings';

export interface SuggestRequestInput {
  readonly settings: Settings;
  readonly suggest: SuggestSettings;
  /** The normalised term. */
  readonly term: string;
  /** Timestamp sent as `t`; pass the injected clock's now. */
  readonly now: number;
  readonly sid?: string;
  /** For the did-you-mean follow-up (S4.4): the term the shopper typed. */
  readonly prevQuery?: string;
}

const bool = (b: boolean): string => String(b);

/**
 * Builds the suggestion request: `q`, `shop`, `t`, `enable_default_result` (only when false),
 * `fuzzy`, `full_min_match`, `reduce_min_match` (when set), `variants_as_products`,
 * `enable_plus_character_search`, `product_available`, the per-block limits, `dym_limit`,
 * `event_type`, `suggest_types`, `sid`, `locale` (several published locales), `currency`
 * (multi-currency converted by the service) and `prev_query` (follow-up only). The JSONP
 * transport appends `callback`.
 */
export function buildSuggestRequest(input: SuggestRequestInput): RequestSpec {
  const { settings, suggest: s, prevQuery } = input;
  const f = settings.filter;
  const g = settings.general;
  const dym = prevQuery !== undefined;
  const p: Array<[string, string]> = [
    ['q', input.term],
    ['shop', settings.shop.domain],
    ['t', String(input.now)],
  ];
  if (!s.enableDefaultResult) p.push(['enable_default_result', 'false']);
  p.push(['fuzzy', bool(f.fuzzy)], ['full_min_match', bool(f.fullMinMatch)]);
  if (f.reduceMinMatch !== null) p.push(['reduce_min_match', String(f.reduceMinMatch)]);
  p.push(
    ['variants_as_products', bool(f.variantsAsProducts)],
    ['enable_plus_character_search', bool(f.enablePlusCharacterSearch)],
    ['product_available', bool(f.productAvailable)],
    ['suggestion_limit', String(s.suggestionLimit)],
    ['collection_limit', String(s.collectionLimit)],
    ['page_limit', String(s.pageLimit)],
    ['product_limit', String(s.productLimit)],
    ['dym_limit', String(s.dymLimit)],
    ['event_type', dym ? 'suggest_dym' : 'suggest'],
    ['suggest_types', dym ? 'products,suggestions' : s.suggestTypes.join(',')],
  );
  if (input.sid) p.push(['sid', input.sid]);
  if (Object.keys(g.published_locales).length > 1 && g.current_locale) p.push(['locale', g.current_locale]);
  if (f.multiCurrency && !f.convertPriceInBrowser && g.current_currency) p.push(['currency', g.current_currency.toLowerCase()]);
  if (dym) p.push(['prev_query', prevQuery]);
  return { url: settings.api.suggestionUrl, params: p };
}
