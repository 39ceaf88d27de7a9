import { describe, expect, it } from 'vitest';
import { buildSuggestRequest } from './build-suggest-request';
import { createSuggestSettings } from './suggest-settings';
import { testSettings } from './test-fakes';

describe('buildSuggestRequest', () => {
  it('[S7.1] sends every parameter of the suggestion call', () => {
    const settings = testSettings({
      general: { published_locales: { en: true, fr: false }, current_locale: 'fr', current_currency: 'EUR' },
      filter: { multiCurrency: true, reduceMinMatch: 2, fuzzy: false, fullMinMatch: true, variantsAsProducts: true, enablePlusCharacterSearch: true, productAvailable: true },
    });
    const spec = buildSuggestRequest({ settings, suggest: createSuggestSettings({ enableDefaultResult: false }), term: 'red shoe', now: 1234, sid: 'abc' });
    expect(spec.url).toBe('https://api.test/suggest');
    expect(spec.params).toEqual([
      ['q', 'red shoe'],
      ['shop', 'demo.myshopify.com'],
      ['t', '1234'],
      ['enable_default_result', 'false'],
      ['fuzzy', 'false'],
      ['full_min_match', 'true'],
      ['reduce_min_match', '2'],
      ['variants_as_products', 'true'],
      ['enable_plus_character_search', 'true'],
      ['product_available', 'true'],
      ['suggestion_limit', '3'],
      ['collection_limit', '2'],
      ['page_limit', '2'],
      ['product_limit', '6'],
      ['dym_limit', '2'],
      ['event_type', 'suggest'],
      ['suggest_types', 'suggestions,collections,pages,products'],
      ['sid', 'abc'],
      ['locale', 'fr'],
      ['currency', 'eur'],
    ]);
  });

  it('[S7.1] leaves out enable_default_result when true, locale with one locale, currency without multi-currency', () => {
    const spec = buildSuggestRequest({ settings: testSettings({ general: { published_locales: { en: true } } }), suggest: createSuggestSettings(), term: 'a', now: 1 });
    const keys = spec.params.map(([k]) => k);
    for (const k of ['enable_default_result', 'locale', 'currency', 'reduce_min_match', 'sid', 'prev_query']) expect(keys).not.toContain(k);
  });

  it('[S4.4, S7.1] makes the did-you-mean follow-up with suggest_dym, prev_query and products and suggestions', () => {
    const spec = buildSuggestRequest({ settings: testSettings(), suggest: createSuggestSettings(), term: 'shoe', now: 1, prevQuery: 'shoo' });
    const p = new Map(spec.params);
    expect([p.get('q'), p.get('event_type'), p.get('prev_query'), p.get('suggest_types')]).toEqual(['shoe', 'suggest_dym', 'shoo', 'products,suggestions']);
  });
});
