import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, type MoneyFormatName } from './format-money';
import { parseAmount } from './parse-amount';

const FORMATS: MoneyFormatName[] = [
  'amount',
  'amount_no_decimals',
  'amount_with_comma_separator',
  'amount_no_decimals_with_comma_separator',
  'amount_with_space_separator_no_comma',
  'amount_no_decimals_with_space_separator',
];
const HTML_FORMAT = '<span class=money>&#36;{{amount}} USD</span>';

describe('formatMoney: the six formats', () => {
  it.each([
    ['amount', '1,234,567.89', '0.50'],
    ['amount_no_decimals', '1,234,568', '1'],
    ['amount_with_comma_separator', '1.234.567,89', '0,50'],
    ['amount_no_decimals_with_comma_separator', '1.234.568', '1'],
    ['amount_with_space_separator_no_comma', '1 234 567.89', '0.50'],
    ['amount_no_decimals_with_space_separator', '1 234 568', '1'],
  ] as const)('[S1.6] {{%s}} groups and rounds as its name says', (name, big, half) => {
    expect(formatMoney(1234567.891, `{{${name}}}`)).toBe(big);
    expect(formatMoney(0.5, `{{${name}}}`)).toBe(half);
  });

  it('[S1.6] the examples of the wire format: 1234.56 in each format', () => {
    expect(FORMATS.map((name) => formatMoney(1234.56, `{{${name}}}`))).toEqual([
      '1,234.56',
      '1,235',
      '1.234,56',
      '1.235',
      '1 234.56',
      '1 235',
    ]);
  });

  it('[S1.6] amount_with_space_separator_no_comma groups with spaces and keeps a point (unlike the original, which renders it like amount)', () => {
    expect(formatMoney(1234.56, '{{amount_with_space_separator_no_comma}}')).toBe('1 234.56');
    expect(formatMoney(1234.56, '{{amount_with_space_separator_no_comma}}')).not.toBe(formatMoney(1234.56, '{{amount}}'));
    expect(formatMoney(999.5, '{{amount_with_space_separator_no_comma}}')).toBe('999.50');
  });

  it('[S1.6] small amounts get no separator and keep their zero', () => {
    expect(formatMoney(0, '{{amount}}')).toBe('0.00');
    expect(formatMoney(7, '{{amount_with_comma_separator}}')).toBe('7,00');
    expect(formatMoney(999, '{{amount_no_decimals_with_comma_separator}}')).toBe('999');
    expect(formatMoney(1000, '{{amount_no_decimals_with_comma_separator}}')).toBe('1.000');
  });

  it('[S1.6] placeholders may carry spaces inside the braces and may repeat', () => {
    expect(formatMoney(1234.5, '{{ amount_with_comma_separator }} €')).toBe('1.234,50 €');
    expect(formatMoney(1234.5, '{{amount}} ({{amount_no_decimals}})')).toBe('1,234.50 (1,235)');
  });

  it('[S1.6] an unknown placeholder falls back to amount', () => {
    expect(formatMoney(1234.5, '€{{price}}')).toBe('€1,234.50');
    expect(formatMoney(1234.5, '{{amount_no_decimals_with_space_separator_no_comma}}')).toBe('1,234.50');
    expect(formatMoney(1234.5, '{{Amount}}')).toBe('1,234.50');
  });
});

describe('formatMoney: shop formats with HTML', () => {
  it('[S1.6] removes tags and decodes entities: the result is plain text', () => {
    expect(formatMoney(1234.5, HTML_FORMAT)).toBe('$1,234.50 USD');
    expect(formatMoney(1234.5, '<span class="money" data-x="1">&#x24;{{amount}}</span>')).toBe('$1,234.50');
    expect(formatMoney(5, '&euro;{{amount_with_comma_separator}}&nbsp;EUR')).toBe('€5,00\u00a0EUR');
    expect(formatMoney(5, '&pound;{{amount}} &yen; &cent; &quot;&apos;&amp;')).toBe('£5.00 ¥ ¢ "\'&');
    expect(formatMoney(5, '<b>{{amount}}</b><br/><!-- note -->')).toBe('5.00');
  });

  it('[S1.6] decodes in one pass and keeps unknown or invalid references safe', () => {
    expect(formatMoney(5, '&amp;lt;b&amp;gt;{{amount}}')).toBe('&lt;b&gt;5.00');
    expect(formatMoney(5, '&bogus;{{amount}}')).toBe('&bogus;5.00');
    expect(formatMoney(5, '&#0;&#xD800;&#99999999999;{{amount}}')).toBe('\ufffd\ufffd\ufffd5.00');
    expect(formatMoney(5, '&#x1F4B6;{{amount}}')).toBe('💶5.00');
    expect(formatMoney(5, '&constructor;{{amount}}')).toBe('&constructor;5.00');
  });

  it('[S1.6] an unclosed tag is removed to the end; a lone < that starts no tag is text', () => {
    expect(formatMoney(5, '{{amount}}<span class="x"')).toBe('5.00');
    expect(formatMoney(5, '< {{amount}}')).toBe('< 5.00');
  });

  it('[S1.6] a placeholder that only sits inside a tag counts as missing', () => {
    expect(formatMoney(5, '<span data-v="{{amount}}">$</span>')).toBe('$5.00');
  });

  it('[S1.6] trims white space at both ends, keeps it inside', () => {
    expect(formatMoney(5, '\n  <span>$ {{amount}}</span>\n')).toBe('$ 5.00');
  });
});

describe('formatMoney: rounding, units and currencies', () => {
  it('[S1.6] rounds half up on the decimal value, not with toFixed', () => {
    expect((1.005).toFixed(2)).toBe('1.00'); // the artefact we avoid
    expect(formatMoney(1.005, '{{amount}}')).toBe('1.01');
    expect(formatMoney(0.125, '{{amount}}')).toBe('0.13');
    expect(formatMoney(1.255, '{{amount}}')).toBe('1.26');
    expect(formatMoney(0.1 + 0.2, '{{amount}}')).toBe('0.30');
    expect(formatMoney(2.5, '{{amount_no_decimals}}')).toBe('3');
    expect(formatMoney(1234.4999, '{{amount_no_decimals}}')).toBe('1,234');
  });

  it('[S1.6] reads minor units only when told to', () => {
    expect(formatMoney(1999, '{{amount}}', { unit: 'minor' })).toBe('19.99');
    expect(formatMoney(1999, '{{amount}}')).toBe('1,999.00');
    expect(formatMoney(1999, '{{amount}}', { unit: 'major' })).toBe('1,999.00');
    expect(formatMoney(5, '{{amount}}', { unit: 'minor' })).toBe('0.05');
  });

  it('[S1.6] zero-decimal currencies show no decimals and are not divided as minor units', () => {
    expect(formatMoney(1234.5, '¥{{amount}}', { currency: 'JPY' })).toBe('¥1,235');
    expect(formatMoney(1999, '¥{{amount}}', { currency: 'jpy', unit: 'minor' })).toBe('¥1,999');
    expect(formatMoney(1234567, '₩{{amount_with_comma_separator}}', { currency: 'KRW' })).toBe('₩1.234.567');
    expect(formatMoney(1234.5, '{{amount}}', { currency: 'USD' })).toBe('1,234.50');
    expect(formatMoney(1234.5, '{{amount}}', { currency: 'XYZ' })).toBe('1,234.50');
  });

  it('[S1.6, S1.7] applies a currency rounding rule first when given', () => {
    expect(formatMoney(12.3, HTML_FORMAT, { rounding: 0.95 })).toBe('$12.95 USD');
    expect(formatMoney(1201, '{{amount_no_decimals}}', { rounding: 999 })).toBe('1,999');
    expect(formatMoney(12.3, HTML_FORMAT, { rounding: 'nonsense' })).toBe('$12.30 USD');
  });

  it('removeDecimals cuts the digits after the decimal delimiter of every format, after rounding (owner setting removePriceDecimal)', () => {
    expect(formatMoney(12.99, HTML_FORMAT, { removeDecimals: true })).toBe('$12 USD');
    expect(formatMoney(1234.56, '{{amount_with_comma_separator}} €', { removeDecimals: true })).toBe('1.234 €');
    expect(formatMoney(1234.56, '{{amount_with_space_separator_no_comma}}', { removeDecimals: true })).toBe('1 234');
    // Cut, not rounded: 12.99 is 12; the rule applies first (12.3 -> 12.95 -> 12).
    expect(formatMoney(12.3, '{{amount}}', { rounding: 0.95, removeDecimals: true })).toBe('12');
    expect(formatMoney(-7.5, '{{amount}}', { removeDecimals: true })).toBe('-7');
    expect(formatMoney(12.99, '{{amount}}', { removeDecimals: false })).toBe('12.99');
  });

  it('[S1.6, S1.8] shortens with K and M when asked, in the format\'s decimal separator', () => {
    expect(formatMoney(1500, HTML_FORMAT, { short: true })).toBe('$1.5K USD');
    expect(formatMoney(2_500_000, '{{amount_with_comma_separator}} €', { short: true })).toBe('2,5M €');
    expect(formatMoney(999.5, '{{amount}}', { short: true })).toBe('999.50');
    expect(formatMoney(999.996, '{{amount}}', { short: true })).toBe('1K');
    expect(formatMoney(-1500, '{{amount}}', { short: true })).toBe('-1.5K');
  });
});

describe('formatMoney: bad input', () => {
  it('[S1.6] string amounts are read as numbers, never stripped of their first dot', () => {
    expect(formatMoney('19.99', '{{amount}}')).toBe('19.99');
    expect(formatMoney(' 1234.5 ', '{{amount}}')).toBe('1,234.50');
    expect(formatMoney('1,234.56', '{{amount}}')).toBe('1,234.56');
    expect(formatMoney('1.234,56', '{{amount}}')).toBe('1,234.56');
    expect(formatMoney('$ 12', '{{amount}}')).toBe('12.00');
    expect(formatMoney('1999', '{{amount}}', { unit: 'minor' })).toBe('19.99');
  });

  it('[S1.6] NaN, Infinity, null, undefined and unreadable values give an empty string', () => {
    for (const bad of [NaN, Infinity, -Infinity, null, undefined, '', '  ', 'abc', 'Infinity', '1e400', {} as unknown as number]) {
      expect(formatMoney(bad, HTML_FORMAT)).toBe('');
    }
  });

  it('[S1.6] negative amounts get a minus in front of the text, unless they round to zero', () => {
    expect(formatMoney(-1234.5, HTML_FORMAT)).toBe('-$1,234.50 USD');
    expect(formatMoney(-0.001, '{{amount}}')).toBe('0.00');
    expect(formatMoney(-0.4, '{{amount_no_decimals}}')).toBe('0');
    expect(formatMoney(-0.4, '{{amount}}')).toBe('-0.40');
    expect(formatMoney(-0, '{{amount}}')).toBe('0.00');
  });

  it('[S1.6] huge amounts print every digit, no exponent', () => {
    expect(formatMoney(1e21, '{{amount}}')).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatMoney(2 ** 53 + 2, '{{amount_no_decimals}}')).toBe('9,007,199,254,740,994');
    const max = formatMoney(Number.MAX_VALUE, '{{amount}}');
    expect(max).toMatch(/^179,769,313,486,231,570(,\d{3})+\.00$/);
    expect(max.replace(/,/g, '')).toBe(`${BigInt(Number.MAX_VALUE)}.00`);
    expect(formatMoney(1e-7, '{{amount}}')).toBe('0.00');
  });

  it('[S1.6] an empty, missing or non-string format gives the amount alone; text without placeholder gets it appended', () => {
    expect(formatMoney(1234.5, '')).toBe('1,234.50');
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(1234.5, null)).toBe('1,234.50');
    expect(formatMoney(1234.5, 42 as unknown as string)).toBe('1,234.50');
    expect(formatMoney(1234.5, '€')).toBe('€1,234.50');
    expect(formatMoney(1234.5, '<span class=money>&#36;</span>')).toBe('$1,234.50');
    expect(formatMoney(1234.5, '{{}}')).toBe('{{}}1,234.50');
  });

  it('[S1.6] property: never throws, always returns a string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.constantFrom(null, undefined)),
        fc.oneof(fc.string(), fc.constantFrom(null, undefined)),
        fc.record(
          {
            unit: fc.constantFrom('major' as const, 'minor' as const),
            currency: fc.constantFrom('USD', 'JPY', 'krw', '', 'nonsense'),
            rounding: fc.oneof(fc.double(), fc.constantFrom(0.95, 99, '.5', 'x')),
            short: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        (amount, format, options) => {
          expect(typeof formatMoney(amount, format, options)).toBe('string');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('[S1.6] property: a format made of tags, text, entities and placeholders never yields a "<" or ">"', () => {
    const piece = fc.oneof(
      fc.constantFrom('<span class=money>', '</span>', '<b>', '<br/>', '<!-- c -->', '<span class="a b" data-x=\'1\'>', '<i', '</'),
      fc.constantFrom('&#36;', '&#x24;', '&euro;', '&nbsp;', '&amp;', '&quot;', 'USD', ' ', '€'),
      fc.constantFrom(...FORMATS.map((name) => `{{${name}}}`), '{{ amount }}', '{{nope}}'),
      fc.string().map((s) => s.replace(/[<>&]/g, '')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.double({ noNaN: true }), (pieces, amount) => {
        const text = formatMoney(amount, pieces.join(''));
        expect(text).not.toMatch(/[<>]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatMoney then parseAmount', () => {
  const cents = fc.integer({ min: -1e14, max: 1e14 });
  const halfUp = (c: number) => Math.sign(c) * Math.floor((Math.abs(c) + 50) / 100);

  it.each(FORMATS)('[S1.6, F5.5] property: {{%s}} round-trips through parseAmount', (name) => {
    const decimal = /comma_sep/.test(name) ? ',' : '.';
    fc.assert(
      fc.property(cents, (c) => {
        const expected = /no_decimals/.test(name) ? halfUp(c) : c / 100;
        for (const format of [`{{${name}}}`, `<span class=money>&#36;{{${name}}} USD</span>`]) {
          const text = formatMoney(c / 100, format);
          expect(parseAmount(text)).toBe(expected || 0);
          expect(parseAmount(text, { decimal })).toBe(expected || 0);
          expect(formatMoney(c, format, { unit: 'minor' })).toBe(text);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('[S1.6, F5.5] property: any finite double round-trips to its value rounded to cents', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (x) => {
        const parsed = parseAmount(formatMoney(x, '{{amount}}'));
        expect(parsed).not.toBeNull();
        expect(Math.abs((parsed as number) - x)).toBeLessThanOrEqual(0.005 + Math.abs(x) * 1e-15);
      }),
      { numRuns: 2000 },
    );
  });
});
