// The English texts of this package's parts that a shop's label names: the search box, its
// suggestion dropdown, the back-to-top button, the most-popular slider and the back-in-stock form.
// Core-filter's `settings.labels` carries the shop's under these names; the filter's own texts are
// core-filter's `DEFAULT_LABELS`, the listing widgets' its `/view` entry's `LISTING_LABELS`, the
// dropdown's view-all row and the no-result tips @pkg/suggest's `SUGGEST_LABELS`.
import { textsOver } from '@pkg/kit';

export interface UiLabels {
  /** The search box's placeholder. */
  readonly searchBoxPlaceholder: string;
  /** The dropdown's line when nothing at all matches (F8.4). */
  readonly noSuggestionResult: string;
  /** The dropdown's line above the default results it shows when nothing matched (F8.6). */
  readonly resultEmptyWithSuggestion: string;
  /** The line above a did-you-mean follow-up's results. */
  readonly suggestQuery: string;
  /** A no-product text of the dropdown (S8.1 names the key): no view shows it yet; a shop's text of this name is kept. */
  readonly noSuggestionProducts: string;
  /** A did-you-mean text (S8.1 names the key): no view shows it yet (the dropdown shows `suggestQuery`); a shop's text of this name is kept. */
  readonly didYouMean: string;
  /** The search no-result text of F8.4: no view shows it yet; a shop's text of this name is kept. */
  readonly searchNoResult: string;
  /** The back-to-top button (`ScrollToTop`). */
  readonly scrollToTop: string;
  /** The most-popular slider's title (`MostPopular`, S7.5). */
  readonly mostPopular: string;
  /** The back-in-stock form's wrong-address message (`BackInStockForm`, F8.7). */
  readonly invalidEmail: string;
  /** The back-in-stock form's thanks (`BackInStockForm`, F8.8). */
  readonly notifySuccess: string;
}

export const UI_LABELS: UiLabels = Object.freeze({
  searchBoxPlaceholder: 'Search',
  noSuggestionResult: 'Sorry, nothing found for "{{ terms }}".',
  resultEmptyWithSuggestion: 'Sorry, nothing found for "{{ terms }}". Check out these items instead?',
  suggestQuery: 'Showing results for {{ terms }} ({{ count }})',
  noSuggestionProducts: 'Sorry, nothing found for "{{ terms }}".',
  didYouMean: 'Did you mean: {{ terms }}?',
  searchNoResult: 'Sorry, nothing found for "{{ terms }}".',
  scrollToTop: 'Back to top',
  mostPopular: 'Most popular',
  invalidEmail: 'Please provide a valid email address.',
  notifySuccess: 'Thanks! We will notify you when this product becomes available!',
});

/** These texts from `labels` (core-filter's `settings.labels`), the English ones where it has none. */
export const uiLabels = (labels: object): UiLabels => textsOver(UI_LABELS, labels);
