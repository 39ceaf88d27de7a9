import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

describe('highlight', () => {
  it('[S5.8] marks every case-insensitive occurrence of the term words as text parts', () => {
    expect(highlight('Red Shoe and red hat', 'red  shoe')).toEqual([
      { text: 'Red', highlight: true },
      { text: ' ', highlight: false },
      { text: 'Shoe', highlight: true },
      { text: ' and ', highlight: false },
      { text: 'red', highlight: true },
      { text: ' hat', highlight: false },
    ]);
  });

  it('[S5.8] applies only when the setting is on and the term is longer than 1 character', () => {
    expect(highlight('Red shoe', 'red', false)).toEqual([{ text: 'Red shoe', highlight: false }]);
    expect(highlight('Red shoe', 'r')).toEqual([{ text: 'Red shoe', highlight: false }]);
    expect(highlight('Red shoe', 're')[0]).toEqual({ text: 'Re', highlight: true });
  });

  it('[S5.8] never produces HTML: markup in text or term stays inert text', () => {
    const parts = highlight('<b>x</b> a.b (c)', '<b> a.b');
    expect(parts.filter((p) => p.highlight).map((p) => p.text)).toEqual(['<b>', 'a.b']);
    expect(parts.map((p) => p.text).join('')).toBe('<b>x</b> a.b (c)');
  });

  it('keeps the text intact for any text and term (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (text, term, on) => {
        const parts = highlight(text, term, on);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        expect(parts.every((p) => p.text.length > 0)).toBe(true);
      }),
    );
  });
});
