import { describe, expect, it, vi } from 'vitest';
import { buildNoResultView } from './no-result-view';
import { testSettings } from './test-fakes';

const settings = testSettings();

describe('buildNoResultView', () => {
  it('[S4.21, S3.12, F3.20] gives the message, tips split on the line break, suggested terms and products', () => {
    const json = JSON.stringify({ search_terms: ['boots', '<i>hats</i>', 'alert(1)'], products: [{ id: 1, title: 'Tee', handle: 'tee', price_min: 1999 }] });
    const v = buildNoResultView({ settings, term: 'zzz', json, tips: 'Check the spelling<br/>Use fewer words<br>\nTry a synonym', showMostPopular: true });
    expect(v.message).toBe('We are sorry! We couldn\'t find results for "zzz".');
    expect(v.tips).toEqual(['Check the spelling', 'Use fewer words', 'Try a synonym']);
    expect(v.terms).toEqual([
      { text: 'boots', url: '/search?q=boots' },
      { text: 'hats', url: '/search?q=hats' },
    ]);
    expect(v.products[0]?.priceMin).toBe(19.99);
    expect(v.showMostPopular).toBe(true);
  });

  it('[S4.21] shows the term as the shopper typed it, angle brackets and ampersands included', () => {
    for (const term of ['size <10', 'shoes > boots', 'AT&T  case', 'a<bag']) {
      const v = buildNoResultView({ settings, term });
      expect(v.term).toBe(term.replace(/\s+/g, ' '));
      expect(v.message).toBe(`We are sorry! We couldn't find results for "${v.term}".`);
    }
  });

  it('[S4.21] leaves out what is not enabled', () => {
    const v = buildNoResultView({ settings, term: 'x', json: { search_terms: ['a'] }, tips: '', showSuggestedTerms: false });
    expect([v.tips, v.terms, v.products, v.showMostPopular]).toEqual([[], [], [], false]);
  });

  it('[S8.10, F8.12] invalid embedded JSON logs and shows nothing from it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const v = buildNoResultView({ settings, term: 'x', json: '{not json' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Failed to parse notFoundJson.'));
    expect([v.terms, v.products]).toEqual([[], []]);
    warn.mockRestore();
  });
});
