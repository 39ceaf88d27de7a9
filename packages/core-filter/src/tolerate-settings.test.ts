import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSettings } from './create-settings';
import { tolerateSettings } from './tolerate-settings';
import { validateSettings } from './validate-settings';

describe('tolerateSettings', () => {
  it('reads template-written values: blanks absent, boolean and numeric strings taken', () => {
    const { input, setAside } = tolerateSettings({
      general: { collection_tags: null, current_tags: '', collection_count: '24', collection_id: '417', search_term: null, isInitFilter: 'true' },
      filter: { showSingleOption: 'false', keepTabOpenState: 'TRUE', limit: '24', urlScheme: '2', paginationType: 'load_more', productAvailable: 1, fuzzy: '' },
      labels: { clearAll: 'Tout effacer', refineBy: null, count: 3 },
    });
    expect(input).toEqual({
      general: { collection_count: '24', collection_id: '417' },
      filter: { showSingleOption: false, keepTabOpenState: true, limit: '24', urlScheme: 2, paginationType: 'load_more', productAvailable: true },
      labels: { clearAll: 'Tout effacer' },
    });
    expect(setAside).toEqual(['settings.general.isInitFilter', 'settings.labels.count']);
    const s = createSettings(input);
    expect(s.general.current_tags).toEqual([]);
    expect(s.filter.limit).toBe(24);
    expect(s.filter.showSingleOption).toBe(false);
  });

  it('sets aside unknown sections and values that cannot be read, never rejecting the rest', () => {
    const { input, setAside } = tolerateSettings({ shop: { domain: 'a.example', currency: ['x'] }, filter: { limit: 'many', paginationType: 'pages' }, template: 'collection', swatches: { 'pfs-swatch-red': { type: 'one_color', colorCodes: '#f00' }, 'pfs-swatch-x': 5 } });
    expect(input).toEqual({ shop: { domain: 'a.example' }, swatches: { 'pfs-swatch-red': { type: 'one_color', colorCodes: '#f00' } } });
    expect(setAside).toEqual(['settings.shop.currency', 'settings.filter.limit', 'settings.filter.paginationType', 'settings.template', 'settings.swatches.pfs-swatch-x']);
  });

  it('splits a comma-separated string where a list is expected', () => {
    expect(tolerateSettings({ general: { current_tags: 'red, blue,' } }).input).toEqual({ general: { current_tags: ['red', 'blue'] } });
    // A list of numbers too (the original's `showLimitList: "4,8,12,16"`); a part that is not a number sets the value aside.
    expect(createSettings(tolerateSettings({ filter: { limitChoices: '12, 24,48' } }).input).filter.limitChoices).toEqual([12, 24, 48]);
    // Numeric strings inside an object of numbers.
    expect(createSettings(tolerateSettings({ filter: { startViewMore: { list: '8', box: 4 } } }).input).filter.startViewMore).toEqual({ list: 8, box: 4, swatch: 10 });
    const odd = tolerateSettings({ filter: { limitChoices: '12,x' } });
    expect([odd.input, odd.setAside]).toEqual([{}, ['settings.filter.limitChoices']]);
  });

  // Whatever a template writes, the result is valid for createSettings and nothing throws.
  const scalar = fc.oneof(fc.constant(null), fc.constant(''), fc.constantFrom('true', 'false', '24', '0', 'load_more', 'x'), fc.string(), fc.integer(), fc.double(), fc.boolean());
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }));
  const keys = ['limit', 'paginationType', 'showSingleOption', 'urlScheme', 'limitChoices', 'current_tags', 'collection_id', 'currencyRoundingRules', 'panels', 'startViewMore', 'domain', 'filterUrl', 'unknownKey'];
  const section = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });
  const input = fc.oneof(
    fc.record({ api: section, shop: section, general: section, filter: section, labels: fc.dictionary(fc.string({ maxLength: 6 }), value), extra: value }, { requiredKeys: [] }),
    value,
  );

  it('always gives input that createSettings accepts, and names each key it sets aside once', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const { input: read, setAside } = tolerateSettings(raw);
        expect(validateSettings(read)).toEqual([]);
        expect(() => createSettings(read)).not.toThrow();
        expect(new Set(setAside).size).toBe(setAside.length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every value that was already valid, unchanged', () => {
    const valid = fc.record({ filter: fc.record({ limit: fc.integer({ min: 1, max: 70 }), showSingleOption: fc.boolean(), paginationType: fc.constantFrom('default', 'load_more', 'infinite') }), shop: fc.record({ domain: fc.string({ minLength: 1 }).filter((s) => s.trim() !== '') }) });
    fc.assert(
      fc.property(valid, (v) => {
        expect(tolerateSettings(v)).toEqual({ input: v, setAside: [] });
      }),
    );
  });
});
