// The English texts this package's own code writes: the dropdown's view-all row
// (`createSuggestController`) and the search page's no-result tips (`buildNoResultView`), read
// from core-filter's `settings.labels` (the shop's texts, for its locale) over these defaults. The
// search box's and the dropdown's other texts are @pkg/react-ui's (`UI_LABELS`).
import { textsOver } from '@pkg/kit';

export interface SuggestLabels {
  /** The dropdown's view-all row (`{{ count }}` is the number of products). */
  readonly viewAll: string;
  /** The search page's no-result tips (F8.5's second sentence). */
  readonly searchEmptyTips: string;
}

export const SUGGEST_LABELS: SuggestLabels = Object.freeze({
  viewAll: 'View all {{ count }} products',
  searchEmptyTips: "But don't give up – check the spelling or try less specific search terms.",
});

/** These texts from `labels` (core-filter's `settings.labels`), the English ones where it has none. */
export const suggestLabels = (labels: object): SuggestLabels => textsOver(SUGGEST_LABELS, labels);
