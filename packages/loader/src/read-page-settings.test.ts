import { describe, expect, it } from 'vitest';
import { validateSettings } from '@pkg/core-filter';
import { overlaySettings, readPageSettings } from './read-page-settings';

const docWith = (text: string | null) => ({ getElementById: (id: string) => (id === 'pkg-settings' && text !== null ? ({ textContent: text } as HTMLElement) : null) });

describe('readPageSettings', () => {
  it('reads the JSON block', () => {
    const page = readPageSettings(docWith('{"shop":{"domain":"a.example"},"filter":{"limit":12}}'));
    expect(page.input).toEqual({ shop: { domain: 'a.example' }, filter: { limit: 12 } });
    expect(page.sources).toEqual(['#pkg-settings']);
    expect(page.problems).toEqual([]);
  });

  it('maps the legacy globals in load order, and the JSON block wins', () => {
    const globals = {
      boostPFSAppConfig: {
        api: { filterUrl: 'https://api.example/filter' },
        shop: { domain: 'legacy.example', money_format: '${{amount}}' },
        general: { collection_id: 5 },
        settings: { limit: 16, paginationType: 'load_more', label: { sortBy: 'Trier', nope: 1 }, 'pfs-swatch-red': { type: 'one_color', colorCodes: '#f00' }, someOldFlag: true },
      },
      boostPFSThemeConfig: { custom: { limit: 20, unknownThing: 1 }, label: { clearAll: 'Tout effacer' }, extra: {} },
    };
    const page = readPageSettings(docWith('{"filter":{"limit":24}}'), globals);
    expect(page.sources).toEqual(['window.boostPFSAppConfig', 'window.boostPFSThemeConfig', '#pkg-settings']);
    expect(page.input).toEqual({
      api: { filterUrl: 'https://api.example/filter' },
      shop: { domain: 'legacy.example', money_format: '${{amount}}' },
      general: { collection_id: 5 },
      // removePriceDecimal and the multi-level defaults: the v1 library's, under what the page writes.
      filter: { removePriceDecimal: true, multiLevelToggle: true, multiLevelOpen: [], multiLevelCollectionSelect: 'single', limit: 24, paginationType: 'load_more' },
      labels: { sortBy: 'Trier', clearAll: 'Tout effacer' },
      swatches: { 'pfs-swatch-red': { type: 'one_color', colorCodes: '#f00' } },
    });
    expect(page.ignored).toEqual([
      'window.boostPFSAppConfig.settings.label.nope',
      'window.boostPFSAppConfig.settings.someOldFlag',
      'window.boostPFSThemeConfig.custom.unknownThing',
      'window.boostPFSThemeConfig.extra',
    ]);
    // What was kept is valid for core-filter.
    expect(validateSettings(page.input)).toEqual([]);
  });

  it('reports unparsable JSON and non-object globals instead of throwing', () => {
    const page = readPageSettings(docWith('{"shop": '), { boostPFSAppConfig: 'x' });
    expect(page.problems).toHaveLength(2);
    expect(page.problems[0]).toBe('window.boostPFSAppConfig must be an object, got string "x".');
    expect(page.problems[1]).toMatch(/^#pkg-settings is not valid JSON \(/);
    expect(readPageSettings(docWith('[1]')).problems).toEqual(['#pkg-settings must hold a JSON object, got an array.']);
    expect(readPageSettings(docWith(JSON.stringify('x'.repeat(41) + 'y'.repeat(100)))).problems).toEqual([`#pkg-settings must hold a JSON object, got string "${'x'.repeat(40)}".`]);
    expect(readPageSettings(docWith(null)).sources).toEqual([]);
  });

  it('merges deeply without mutating, arrays replaced', () => {
    const a = { filter: { limitChoices: [1, 2], limit: 1 } };
    const b = { filter: { limitChoices: [3] } };
    expect(overlaySettings(a, b)).toEqual({ filter: { limitChoices: [3], limit: 1 } });
    expect(a).toEqual({ filter: { limitChoices: [1, 2], limit: 1 } });
  });
});
