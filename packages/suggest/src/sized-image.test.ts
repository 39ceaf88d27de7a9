import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizedImage } from './sized-image';

describe('sizedImage', () => {
  it('[S9.15] inserts the size before the extension, keeping the query', () => {
    expect(sizedImage('https://cdn.test/files/red.shoe.jpg?v=12')).toBe('https://cdn.test/files/red.shoe_200x.jpg?v=12');
    expect(sizedImage('//cdn.test/a/b.PNG#x', '400x')).toBe('//cdn.test/a/b_400x.PNG#x');
    expect(sizedImage('/a/b_100x100.webp')).toBe('/a/b_200x.webp');
  });

  it('leaves URLs without an extension unchanged', () => {
    expect(sizedImage('')).toBe('');
    expect(sizedImage('https://cdn.test/image?id=4')).toBe('https://cdn.test/image?id=4');
  });

  it('only ever adds the suffix (property)', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const out = sizedImage(url);
        expect(out === url || out.includes('_200x')).toBe(true);
        expect(out.replace('_200x', '').length).toBeLessThanOrEqual(url.length);
      }),
    );
  });
});
