import { describe, expect, it } from 'vitest';
import { createSuggestSettings, SUGGEST_DEFAULTS } from './suggest-settings';

describe('createSuggestSettings', () => {
  it('[S9.8, S9.10] has the suggestion constants as defaults', () => {
    const s = createSuggestSettings();
    expect([s.suggestionLimit, s.collectionLimit, s.pageLimit, s.productLimit, s.maxItems, s.dymLimit, s.delay, s.minLength]).toEqual([3, 2, 2, 6, 10, 2, 50, 1]);
    expect([s.recentShow, s.recentStore, s.cacheSize, s.maxFailures]).toEqual([3, 10, 25, 3]);
    expect(Object.isFrozen(s) && Object.isFrozen(SUGGEST_DEFAULTS)).toBe(true);
  });

  it('clamps block limits to maxItems and a minimum length below 1 to 1', () => {
    const s = createSuggestSettings({ productLimit: 40, suggestionLimit: 12, maxItems: 10, minLength: 0 });
    expect([s.productLimit, s.suggestionLimit, s.minLength]).toEqual([10, 10, 1]);
  });

  it('fails fast naming every wrong field, with the package prefix', () => {
    expect(() => createSuggestSettings({ delay: -1, highlight: 'yes' as unknown as boolean, popularTerms: 'a' as unknown as string[] })).toThrow(
      /^\[@pkg\/suggest\] Invalid suggestion settings: delay must be a whole number >= 0, got number -1; highlight must be a boolean, got string "yes"; popularTerms must be an array, got string "a"\.$/,
    );
    expect(() => createSuggestSettings({ dealy: 10 } as never)).toThrow('dealy is not a suggestion setting');
    // The kit's one wording: a long value cut at 40 characters (a whole list was printed before).
    expect(() => createSuggestSettings({ highlight: 'y'.repeat(500) as unknown as boolean })).toThrow(`highlight must be a boolean, got string "${'y'.repeat(40)}".`);
  });
});
