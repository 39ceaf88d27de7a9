const NAMED = new Map(
  Object.entries({
    amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', euro: '€', pound: '£', yen: '¥', cent: '¢',
    reg: '®', trade: '™', copy: '©', hellip: '…', ndash: '–', mdash: '—', bull: '•', deg: '°', times: '×',
  }),
);

/**
 * Decodes the HTML character references found in shop text (money formats, labels, titles):
 * decimal (`&#36;`), hex (`&#x24;`) and the named ones above. A code point that is zero, a
 * surrogate or above U+10FFFF becomes U+FFFD (as browsers do); an unknown name is left as
 * written. One pass, so `&amp;lt;` gives the text `&lt;`. The one decoder of every package:
 * `@pkg/core-filter`'s `stripHtml` uses it too.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED.get(ref) ?? whole;
    const code = /x/i.test(ref) ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd);
  });
}
