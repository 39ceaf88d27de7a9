import { createSettings, formatLabel } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { buildNoResultView } from './no-result-view';
import { SUGGEST_LABELS, suggestLabels } from './suggest-labels';

describe('suggestLabels', () => {
  it('[F8.5] has the search page\'s no-result texts: the tips here, the message core-filter\'s', () => {
    const view = buildNoResultView({ settings: createSettings(), term: 'zzz' });
    expect([view.message, view.tips]).toEqual(['We are sorry! We couldn\'t find results for "zzz".', ["But don't give up – check the spelling or try less specific search terms."]]);
    expect(formatLabel(SUGGEST_LABELS.viewAll, { count: 8 })).toBe('View all 8 products');
  });

  it('reads the shop\'s texts and its locale\'s over the English ones, strings only', () => {
    const settings = createSettings({ general: { current_locale: 'fr' }, labels: { viewAll: 'x' }, labelTranslations: { fr: { viewAll: 'Voir les {{ count }} produits' } } });
    expect(suggestLabels(settings.labels)).toEqual({ viewAll: 'Voir les {{ count }} produits', searchEmptyTips: SUGGEST_LABELS.searchEmptyTips });
    expect(suggestLabels({ viewAll: 3 }).viewAll).toBe('View all {{ count }} products');
    expect(buildNoResultView({ settings: createSettings({ labels: { searchEmptyTips: 'Try again' } }), term: 'zzz' }).tips).toEqual(['Try again']);
  });
});
