import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFormComponent, encodeFormComponent } from './form-encoding';

describe('encodeFormComponent / decodeFormComponent', () => {
  it('form-encodes: space as +, colon readable, comma, plus, & and = escaped', () => {
    expect(encodeFormComponent('Red, Blue & Green')).toBe('Red%2C+Blue+%26+Green');
    expect(encodeFormComponent('10:100')).toBe('10:100');
    expect(encodeFormComponent('C++ a=b')).toBe('C%2B%2B+a%3Db');
    expect(encodeFormComponent('Crème')).toBe('Cr%C3%A8me');
  });

  it('decodes once: + is a space, %XX runs are UTF-8, a double-encoded value stays encoded once', () => {
    expect(decodeFormComponent('Red%2C+Blue')).toBe('Red, Blue');
    expect(decodeFormComponent('Cr%C3%A8me+br%C3%BBl%C3%A9e')).toBe('Crème brûlée');
    expect(decodeFormComponent('%253Cb%253E')).toBe('%3Cb%3E');
    expect(decodeFormComponent('%F0%9F%94%A5')).toBe('🔥');
  });

  it('keeps a stray % as text and turns bytes that are not UTF-8 into U+FFFD, never throwing', () => {
    expect(decodeFormComponent('100%')).toBe('100%');
    expect(decodeFormComponent('100%25 wool')).toBe('100% wool');
    expect(decodeFormComponent('%G1%')).toBe('%G1%');
    expect(decodeFormComponent('a%E2%82b')).toBe('a\ufffdb');
    expect(decodeFormComponent('%FF%41')).toBe('\ufffdA');
  });

  it('turns a lone surrogate into U+FFFD instead of throwing', () => {
    expect(decodeFormComponent(encodeFormComponent('a\ud800b'))).toBe('a\ufffdb');
  });

  it('round-trips every well-formed string (fast-check)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => decodeFormComponent(encodeFormComponent(text)) === text), { numRuns: 3000 });
  });

  it('never throws on arbitrary input (fast-check)', () => {
    const escapes = fc.array(fc.constantFrom('%', '%2', '%E2', '%82', '%AC', '%FF', '%41', '+', 'a', '%C3', '%A9', '%ED%A0%80', '%F4%90'), { maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), escapes.map((parts) => parts.join(''))), (text) => {
        expect(typeof decodeFormComponent(text)).toBe('string');
        expect(typeof encodeFormComponent(text)).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes as a per-run TextDecoder reading of the %XX escapes would (fast-check)', () => {
    // The reference: `+` is a space, and each run of %XX escapes is read as UTF-8 bytes.
    const reference = (text: string): string =>
      text
        .replace(/\+/g, ' ')
        .replace(/(%[\da-f]{2})+/gi, (run) => new TextDecoder().decode(new Uint8Array(run.slice(1).split('%').map((hex) => parseInt(hex, 16)))));
    const escapes = fc.array(fc.constantFrom('%', '%2', '%26', '&', '=', '%E2', '%82', '%AC', '%FF', '%41', '+', 'a', 'é', '%C3', '%A9', '%ED%A0%80', '%F4%90', '🔥'), { maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), escapes.map((parts) => parts.join(''))), (text) => {
        expect(decodeFormComponent(text)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});
