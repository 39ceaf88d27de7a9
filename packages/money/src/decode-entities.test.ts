import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities';

describe('decodeEntities', () => {
  it('decodes decimal, hex and the common named references', () => {
    expect(decodeEntities('&#36;&#x24;&#X24;&#8364;&#x20AC;')).toBe('$$$€€');
    expect(decodeEntities('&amp;&lt;&gt;&quot;&apos;&nbsp;&euro;&pound;&yen;&cent;')).toBe('&<>"\'\u00a0€£¥¢');
    expect(decodeEntities('&reg;&trade;&copy;&hellip;&ndash;&mdash;&bull;&deg;&times;')).toBe('®™©…–—•°×');
  });

  it('decodes once, so an escaped reference stays a reference', () => {
    expect(decodeEntities('&amp;amp; &amp;#36;')).toBe('&amp; &#36;');
  });

  it('leaves unknown names, inherited object keys and references without ";" as written', () => {
    expect(decodeEntities('&bogus; &constructor; &toString; &#36 &amp &#x;')).toBe('&bogus; &constructor; &toString; &#36 &amp &#x;');
  });

  it('turns code point 0, surrogates and values beyond U+10FFFF into U+FFFD instead of throwing', () => {
    expect(decodeEntities('&#0;&#xD800;&#57343;&#x110000;&#99999999999999999999;')).toBe('\ufffd'.repeat(5));
    expect(decodeEntities('&#x1F4B6;&#x10FFFF;')).toBe('💶\u{10FFFF}');
  });
});
