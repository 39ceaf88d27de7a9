import { describeValue } from '@pkg/kit';
import { describe, expect, it, vi } from 'vitest';
import { createSettings } from './create-settings';
import { formatLabel } from './format-label';
import { listingLabels } from './listing-labels';
import { validateSettings } from './validate-settings';

describe('createSettings', () => {
  it('[S1.3] takes endpoints, shop data, general data, labels and layout options in one typed object', () => {
    const s = createSettings({
      api: { filterUrl: 'https://f.example/filter', searchUrl: 'https://f.example/search', suggestionUrl: '/s', analyticsUrl: '/a', productsUrl: '/p' },
      shop: { name: 'Shop', domain: 'shop.myshopify.com', currency: 'EUR', money_format: '€{{amount_with_comma_separator}}' },
      general: { file_url: '//cdn.example/files/?v=1', collection_id: 42, default_sort_by: 'manual', current_tags: ['red'], swatch_extension: 'jpg', current_locale: 'fr', published_locales: { en: true, fr: false }, currencies: ['EUR'], current_currency: 'EUR', no_image_url: '/none.png' },
      filter: { filterLayout: 'horizontal' },
    });
    expect(s.api.filterUrl).toBe('https://f.example/filter');
    expect(s.shop.domain).toBe('shop.myshopify.com');
    expect(s.general.collection_id).toBe(42);
    expect(s.general.current_tags).toEqual(['red']);
    expect(s.filter.filterLayout).toBe('horizontal');
  });

  it('[S9.1, S9.2, S9.3, S9.4, S9.11, S9.13, S9.14] carries the constants as defaults', () => {
    const s = createSettings();
    expect(s.filter.limit).toBe(16);
    expect(s.filter.loadMoreLimit).toBe(20);
    expect(s.filter.panels.products.pageSize).toBe(25);
    expect(s.filter.limitChoices).toEqual([4, 8, 12, 16]);
    expect(s.filter.sortingList).toEqual(['relevance', 'best-selling', 'manual', 'price-ascending', 'price-descending', 'title-ascending', 'title-descending', 'created-descending', 'created-ascending']);
    expect(s.filter.defaultDisplay).toBe('grid');
    expect(s.filter.searchExcerptLimit).toBe(264);
    expect(s.filter.filterPrefix).toBe('pf_');
    expect(s.filter.vendorParam).toBe('pf_v_vendor');
    expect(s.filter.typeParam).toBe('pf_pt_product_type');
    expect(s.filter.urlScheme).toBe(1);
    expect(s.filter.defaultTab).toBe('products');
  });

  it('[F2.9] the mobile style is one of the six styles, default by default; anything else is an actionable error', () => {
    expect(createSettings().filter.mobileStyle).toBe('default');
    for (const style of ['default', 'style2', 'style2-fullwidth', 'style3', 'style3-fullwidth', 'style4'] as const) expect(createSettings({ filter: { mobileStyle: style } }).filter.mobileStyle).toBe(style);
    const problems = validateSettings({ filter: { mobileStyle: 'style5' as never } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('filter.mobileStyle');
    expect(problems[0]).toContain('style2-fullwidth');
  });

  it('[F8.11] a wrong filter layout is a warning only: the vertical default is used', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(validateSettings({ filter: { filterLayout: 'sideways' as never } })).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
    expect(createSettings({ filter: { filterLayout: 'sideways' as never } }).filter.filterLayout).toBe('vertical');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0]?.[0])).toMatch(/settings\.filter\.filterLayout must be one of 'vertical', 'horizontal', got string "sideways"; using "vertical"/);
    spy.mockRestore();
  });

  it('[S9.7] view-more starts: list 5, box 3, swatch 10; horizontal 10, 20, 10', () => {
    const s = createSettings();
    expect(s.filter.startViewMore).toEqual({ list: 5, box: 3, swatch: 10 });
    expect(s.filter.startViewMoreHorizontal).toEqual({ list: 10, box: 20, swatch: 10 });
  });

  it('[F9.1, F5.1, S5.6] a configured limit of 0 or less, or above 70, becomes 24; 70 is allowed', () => {
    expect(createSettings({ filter: { limit: 0 } }).filter.limit).toBe(24);
    expect(createSettings({ filter: { limit: -3 } }).filter.limit).toBe(24);
    expect(createSettings({ filter: { limit: 71 } }).filter.limit).toBe(24);
    expect(createSettings({ filter: { limit: 70 } }).filter.limit).toBe(70);
  });

  it('[S5.6] reads the panel page size as an integer, default 25', () => {
    const s = createSettings({ filter: { panels: { collections: { pageSize: '10' as unknown as number }, pages: { pageSize: 0 } } } });
    expect(s.filter.panels.collections.pageSize).toBe(10);
    expect(s.filter.panels.pages.pageSize).toBe(25);
  });

  it('[S5.10, S9.19] placeholder ratio is used if positive, else 1.4', () => {
    expect(createSettings({ filter: { placeholderRatio: 0.75 } }).filter.placeholderRatio).toBe(0.75);
    expect(createSettings({ filter: { placeholderRatio: -1 } }).filter.placeholderRatio).toBe(1.4);
  });

  it('is deep-frozen', () => {
    const s = createSettings();
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.filter.panels.products)).toBe(true);
    expect(Object.isFrozen(s.labels.sorting)).toBe(true);
  });

  it('does not share or mutate the input', () => {
    const input = { general: { current_tags: ['a'] } };
    const s = createSettings(input);
    expect(Object.isFrozen(input.general.current_tags)).toBe(false);
    expect(s.general.current_tags).not.toBe(input.general.current_tags);
  });

  it('throws one actionable error naming each path and the expected type', () => {
    expect(() => createSettings({ filter: { limit: 'many' as unknown as number, requestInstantly: 'yes' as unknown as boolean } })).toThrowError(
      /\[@pkg\/core-filter\] Invalid settings:\n- settings\.filter\.limit must be a finite number \(or numeric string\), got string "many"\.\n- settings\.filter\.requestInstantly must be a boolean, got string "yes"\./,
    );
    expect(validateSettings({ filter: { paginationType: 'pages' } })).toEqual([
      "settings.filter.paginationType must be one of 'default', 'load_more', 'infinite', got string \"pages\".",
    ]);
    expect(validateSettings({ filtr: {} })[0]).toMatch(/settings\.filtr is not a known section/);
    expect(validateSettings({ general: { colection_id: 1 } })[0]).toMatch(/settings\.general\.colection_id is not a known setting/);
    expect(validateSettings(5)[0]).toBe('settings must be an object, got number 5.');
  });

  it("names a wrong value with the kit's one wording: a long value cut at 40 characters", () => {
    const long = `${'a'.repeat(39)}bc${'d'.repeat(200)}`;
    expect(validateSettings({ filter: { paginationType: long, limit: { n: 1 } } })).toEqual([
      `settings.filter.paginationType must be one of 'default', 'load_more', 'infinite', got string "${'a'.repeat(39)}b".`,
      'settings.filter.limit must be a finite number (or numeric string), got an object.',
    ]);
    expect(validateSettings({ filter: { limit: long } })).toEqual([`settings.filter.limit must be a finite number (or numeric string), got ${describeValue(long)}.`]);
  });

  it('production builds keep short problem texts that still name the path', () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(validateSettings({ filter: { limit: 'many' as unknown as number }, filtr: {} })).toEqual(['settings.filter.limit: wrong type', 'settings.filtr is not a known section']);
      expect(validateSettings(5)).toEqual(['settings: not an object']);
      expect(validateSettings({ general: { colection_id: 1 }, labels: { sorting: 'az' } })).toEqual(['settings.general.colection_id: not a known setting', 'settings.labels.sorting: not strings']);
      expect(() => createSettings({ labels: { apply: 3 as unknown as string } })).toThrowError('[@pkg/core-filter] Invalid settings:\n- settings.labels.apply: not a string');
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('accepts numeric strings where numbers belong, as page globals often carry them', () => {
    expect(createSettings({ general: { collection_count: '12', currency_rate: '1.5' } }).general.collection_count).toBe(12);
  });

  it('[F9.11] has the label defaults (the listing widgets\' through listingLabels)', () => {
    const l = createSettings().labels;
    expect(listingLabels(l).loadMore).toBe('Load more {{ amountProduct }} Products');
    expect(l.showResults).toBe('Show Results');
    expect(listingLabels(l).sortBy).toBe('Sort By');
    expect(l.refineBy).toBe('Refine By');
    expect(l.clearAll).toBe('Clear All');
    expect(l.apply).toBe('Apply');
  });

  it('[F8.1, F8.2, F8.3, F8.5] has the message texts of the error catalogue the filter shows', () => {
    const l = createSettings().labels;
    expect(l.noFilterResult).toBe('Sorry, no products matched your selection');
    expect(l.noSearchResult).toBe('Sorry, no products matched the keyword');
    expect(l.noProducts).toBe('No products found in this collection');
    expect(l.searchEmptyResult).toBe("We are sorry! We couldn't find results for \"{{ terms }}\".");
  });

  it('keeps the texts other parts own as given, for their owner to read (@pkg/suggest, @pkg/react-ui)', () => {
    const l: Readonly<Record<string, unknown>> = { ...createSettings({ general: { current_locale: 'fr' }, labels: { viewAll: 'View all {{ count }}' }, labelTranslations: { fr: { searchBoxPlaceholder: 'Rechercher' } } }).labels };
    expect([l.viewAll, l.searchBoxPlaceholder, l.invalidEmail]).toEqual(['View all {{ count }}', 'Rechercher', undefined]);
  });

  it('resolves label translations for the current locale over the labels', () => {
    const s = createSettings({ general: { current_locale: 'fr' }, labels: { apply: 'Apply now' }, labelTranslations: { fr: { clearAll: 'Tout effacer' }, de: { clearAll: 'Alle löschen' } } });
    expect(s.labels.clearAll).toBe('Tout effacer');
    expect(s.labels.apply).toBe('Apply now');
    expect(listingLabels(createSettings({ general: { current_locale: 'fr' }, labelTranslations: { fr: { sortBy: 'Trier par' } } }).labels).sortBy).toBe('Trier par');
    expect(validateSettings({ labelTranslations: { en: { apply: 3 } } })).toEqual(['settings.labelTranslations.en.apply must be a string, got number 3.']);
  });

  it('[F3.11, S3.11] reads swatch settings keyed pfs-swatch-<value>', () => {
    const s = createSettings({ swatches: { 'pfs-swatch-red': { type: 'one_color', colorCodes: ['#f00'] } } });
    expect(s.swatches.red).toEqual({ type: 'one_color', colorCodes: ['#f00'] });
    expect(validateSettings({ swatches: { x: { type: 'pattern' } } })[0]).toMatch(/settings\.swatches\.x must be/);
  });

  it('formatLabel leaves unknown placeholders', () => {
    expect(formatLabel('Load more {{ amountProduct }} {{ x }}', { amountProduct: 16 })).toBe('Load more 16 {{ x }}');
  });
});
