import { createSettings } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { UI_LABELS, uiLabels } from './ui-labels';

describe('uiLabels', () => {
  it('[S8.1, F8.4, F8.6, F8.7, F8.8] has the dropdown\'s translation keys and the catalogue\'s texts of the dropdown and the back-in-stock form', () => {
    const l = uiLabels(createSettings().labels);
    for (const k of ['noSuggestionResult', 'noSuggestionProducts', 'resultEmptyWithSuggestion', 'didYouMean', 'suggestQuery', 'searchBoxPlaceholder'] as const) expect(l[k]).toBe(UI_LABELS[k]);
    expect([l.noSuggestionResult, l.searchNoResult, l.resultEmptyWithSuggestion]).toEqual(['Sorry, nothing found for "{{ terms }}".', 'Sorry, nothing found for "{{ terms }}".', 'Sorry, nothing found for "{{ terms }}". Check out these items instead?']);
    expect([l.invalidEmail, l.notifySuccess]).toEqual(['Please provide a valid email address.', 'Thanks! We will notify you when this product becomes available!']);
  });

  it('reads the shop\'s texts and its locale\'s over the English ones, strings only', () => {
    const settings = createSettings({ general: { current_locale: 'fr' }, labels: { searchBoxPlaceholder: 'x', scrollToTop: 'Haut' }, labelTranslations: { fr: { searchBoxPlaceholder: 'Rechercher' } } });
    const l = uiLabels(settings.labels);
    expect([l.searchBoxPlaceholder, l.scrollToTop, l.mostPopular]).toEqual(['Rechercher', 'Haut', 'Most popular']);
    expect(uiLabels({ scrollToTop: 1 }).scrollToTop).toBe('Back to top');
  });
});
