// @vitest-environment jsdom
import { describeValue } from '@pkg/kit';
import { describe, expect, it } from 'vitest';
import { readNoResultJson, readSearchOptions, SEARCH_DEFAULTS, splitSearchSection } from './search-settings';

describe('readSearchOptions', () => {
  it('gives the defaults without a search section', () => {
    expect(readSearchOptions(undefined)).toEqual({ options: SEARCH_DEFAULTS, problems: [] });
    expect(SEARCH_DEFAULTS.style).toBe('style2');
  });

  it('keeps valid values and names every invalid or unknown key', () => {
    const { options, problems } = readSearchOptions({ style: 'style3', display: 'table', width: -4, listPerRow: 1, suggest: { delay: 10 }, showMostPopular: false, colour: 'red' });
    expect(options).toMatchObject({ style: 'style3', display: 'grid', width: 'auto', listPerRow: 1, suggest: { delay: 10 }, showMostPopular: false });
    expect(problems).toEqual([
      'settings.search.display must be "grid" or "list", got string "table".',
      'settings.search.width must be "auto" or a positive number of pixels, got number -4.',
      expect.stringMatching(/^settings\.search\.colour is not a known setting; check its spelling/),
    ]);
    expect(Object.isFrozen(options)).toBe(true);
  });

  it('rejects a search section that is not an object', () => {
    expect(readSearchOptions([1]).problems).toEqual(['settings.search must be an object, got an array.']);
    expect(readSearchOptions(null).problems).toEqual(['settings.search must be an object, got null.']);
  });

  it("names a wrong value with the kit's one wording: a long value cut at 40 characters, code too", () => {
    const long = `${'a'.repeat(39)}bc${'d'.repeat(200)}`;
    const fn = () => 'a function body that is printed only to its 40th character';
    expect(readSearchOptions({ display: long, width: fn }).problems).toEqual([
      `settings.search.display must be "grid" or "list", got string "${'a'.repeat(39)}b".`,
      `settings.search.width must be "auto" or a positive number of pixels, got function ${String(fn).slice(0, 40)}.`,
    ]);
    expect(String(fn).length).toBeGreaterThan(40);
    expect(readSearchOptions(long).problems).toEqual([`settings.search must be an object, got ${describeValue(long)}.`]);
  });
});

describe('readNoResultJson', () => {
  it('[S3.12] reads the embedded no-result JSON text, or undefined when the page has none', () => {
    document.body.innerHTML = '';
    expect(readNoResultJson(document)).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="pkg-no-result">{"search_terms":["tee"]}</script>`;
    expect(readNoResultJson(document)).toBe('{"search_terms":["tee"]}');
  });
});

describe('splitSearchSection', () => {
  it('takes the loader section off the settings core-filter validates', () => {
    expect(splitSearchSection({ shop: { domain: 'a' }, search: { style: 'style1' } })).toEqual({ search: { style: 'style1' }, core: { shop: { domain: 'a' } } });
  });
});
