/** The named references decoded, by their code points (`&euro;` is U+20AC). */
const NAMED = new Map(
  Object.entries({
    amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, nbsp: 0xa0, euro: 0x20ac, pound: 0xa3, yen: 0xa5, cent: 0xa2,
    reg: 0xae, trade: 0x2122, copy: 0xa9, hellip: 0x2026, ndash: 0x2013, mdash: 0x2014, bull: 0x2022, deg: 0xb0, times: 0xd7,
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
    const code = ref[0] !== '#' ? NAMED.get(ref) : /x/i.test(ref) ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    if (code === undefined) return whole;
    return String.fromCodePoint(code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd);
  });
}
