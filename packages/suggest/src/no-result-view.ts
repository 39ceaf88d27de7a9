// The no-result view of the search page (S2.23, S3.12, S4.21): message, tips, suggested terms
// and most-popular products, as plain data.
import { formatLabel, getPageContext, isBadInput, stripHtml } from '@pkg/core-filter';
import { searchUrl, normalizeTerm, parseNoResultData } from '@pkg/core-filter/search';
import type { PageContext, Product, Settings } from '@pkg/core-filter';
import { suggestLabels } from './suggest-labels';

export interface NoResultViewInput {
  readonly settings: Settings;
  /** The search term (shown in bold by the view, as text exactly as typed). */
  readonly term: string;
  /** The no-result JSON the theme embeds in the page: its text, or the parsed object. */
  readonly json?: unknown;
  /** The search-tips text; the `searchEmptyTips` text of `settings.labels` (`SUGGEST_LABELS`) by default; '' for none. */
  readonly tips?: string;
  /** The line-break token the tips are split on; `<br>`, `<br/>` or a newline by default. */
  readonly lineBreak?: string | RegExp;
  readonly showSuggestedTerms?: boolean;
  readonly showMostPopular?: boolean;
  /** For locale-prefixed search links; the root by default. */
  readonly page?: PageContext;
}

export interface NoResultView {
  /** The empty-result message with the term filled in (plain text). */
  readonly message: string;
  readonly term: string;
  readonly tips: readonly string[];
  /** Suggested search terms, each linking to the search page. */
  readonly terms: ReadonlyArray<{ readonly text: string; readonly url: string }>;
  /** Products of the embedded data, prices divided by 100 (F3.20). */
  readonly products: readonly Product[];
  readonly showMostPopular: boolean;
}

/**
 * Builds the no-result view data. Invalid embedded JSON logs 'Failed to parse notFoundJson.'
 * (through @pkg/core-filter) and gives no terms and no products; nothing is shown to the shopper.
 */
export function buildNoResultView(input: NoResultViewInput): NoResultView {
  const { settings } = input;
  const page = input.page ?? getPageContext(settings, '/');
  // The shopper's own words, shown as text exactly (whitespace collapsed): the view renders them
  // as text, so an angle bracket or an ampersand in a term is shown, never stripped or run.
  const term = normalizeTerm(input.term);
  const data = input.json === undefined || input.json === null || input.json === '' ? null : parseNoResultData(input.json, { currency: settings.general.current_currency, noImageUrl: settings.general.no_image_url });
  const tips = (input.tips ?? suggestLabels(settings.labels).searchEmptyTips).split(input.lineBreak ?? /<br\s*\/?>|\r?\n/i).map(stripHtml).filter(Boolean);
  return Object.freeze({
    message: formatLabel(settings.labels.searchEmptyResult, { terms: term }),
    term,
    tips: Object.freeze(tips),
    terms: Object.freeze(
      input.showSuggestedTerms === false || !data ? [] : data.searchTerms.filter((t) => !isBadInput(t)).map((text) => Object.freeze({ text, url: searchUrl(settings, page, text) })),
    ),
    products: Object.freeze(data ? [...data.products] : []),
    showMostPopular: input.showMostPopular === true,
  });
}
