import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './parse-amount';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['1\u202f234.56', 1234.56],
    ['$ 1,234', 1234],
    ["1'234.50", 1234.5],
    ['1’234.50', 1234.5],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['1.234.567,89 €', 1234567.89],
    ['12,34,567.50', 1234567.5],
    ['€12', 12],
    ['12.5%', 12.5],
    ['USD 0.99', 0.99],
    ['42', 42],
  ])('[F5.5] removes or normalises thousand and decimal separators: %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('[F5.5] a single separator followed by exactly three digits after 1-3 digits is a thousands separator', () => {
    expect(parseAmount('1,234')).toBe(1234);
    expect(parseAmount('1.234')).toBe(1234);
    expect(parseAmount('999,000')).toBe(999000);
  });

  it('[F5.5] any other single separator is the decimal separator', () => {
    expect(parseAmount('1,23')).toBe(1.23);
    expect(parseAmount('1,5')).toBe(1.5);
    expect(parseAmount('1.5')).toBe(1.5);
    expect(parseAmount('0,125')).toBe(0.125);
    expect(parseAmount('1234,567')).toBe(1234.567);
    expect(parseAmount('1 234,567')).toBe(1234.567);
    expect(parseAmount('1,2345')).toBe(1.2345);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount(',5')).toBe(0.5);
  });

  it('[F5.5] an explicit decimal separator removes the guess', () => {
    expect(parseAmount('1,234', { decimal: ',' })).toBe(1.234);
    expect(parseAmount('1.234', { decimal: '.' })).toBe(1.234);
    expect(parseAmount('1.234', { decimal: ',' })).toBe(1234);
    expect(parseAmount('1,234.5', { decimal: '.' })).toBe(1234.5);
    expect(parseAmount('1.234,5', { decimal: ',' })).toBe(1234.5);
    expect(parseAmount('1,234.5', { decimal: ',' })).toBeNull();
  });

  it('[F5.5] reads a minus sign before the number', () => {
    expect(parseAmount('-12')).toBe(-12);
    expect(parseAmount('-$1,234.50 USD')).toBe(-1234.5);
    expect(parseAmount('$ -12')).toBe(-12);
    expect(parseAmount('\u221212')).toBe(-12);
    expect(parseAmount('-0')).toBe(0);
    expect(Object.is(parseAmount('-0'), -0)).toBe(false);
    expect(parseAmount('10 - 20')).toBe(10);
  });

  it('[F5.5] ignores trailing separators and text, reads only the first number', () => {
    expect(parseAmount('12.')).toBe(12);
    expect(parseAmount('1,234.')).toBe(1234);
    expect(parseAmount('12 USD 34')).toBe(12);
    expect(parseAmount('1e3')).toBe(1);
  });

  it('[F5.5] reads long hostile input in one pass', () => {
    expect(parseAmount(`1${' ,'.repeat(50_000)}x`)).toBe(1);
    expect(parseAmount(`${'-'.repeat(50_000)}5`)).toBe(-5);
    expect(parseAmount(`${'1 '.repeat(50_000)}`)).toBeNull();
  });

  it('[F5.5] gives null when there is no number to read (the input must be a non-empty number)', () => {
    for (const bad of ['', '   ', 'abc', '$', '.', ',', '-', '1,234.56.7', '1.2,3.4', '9'.repeat(400)]) {
      expect(parseAmount(bad)).toBeNull();
    }
    for (const bad of [null, undefined, {}, [], NaN, Infinity, -Infinity]) {
      expect(parseAmount(bad)).toBeNull();
    }
  });

  it('returns finite numbers as they are', () => {
    expect(parseAmount(12.5)).toBe(12.5);
    expect(parseAmount(-3)).toBe(-3);
  });

  it('[F5.5] property: never throws, returns null or a finite number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[-$€ ]{0,2}[\d.,' ]{0,14}[a-z ]{0,3}$/)), fc.constantFrom(undefined, '.' as const, ',' as const), (text, decimal) => {
        const value = parseAmount(text, decimal ? { decimal } : {});
        expect(value === null || Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('[F5.5] property: plain integers with grouping in either style read back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(',', '.', ' ', "'"), (n, sep) => {
        const grouped = String(n).replace(/\B(?=(\d{3})+$)/g, sep);
        expect(parseAmount(grouped)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});
