/**
 * Form-encodes one key or value for a query string: `encodeURIComponent`, then a space as `+`
 * and `:` left readable (`pf_p_price=10:100`). Commas stay escaped, so a value's own comma
 * (`%2C`) never reads as scheme 2's separator. Lone UTF-16 surrogates, which
 * `encodeURIComponent` throws on, become U+FFFD: this function never throws.
 */
export function encodeFormComponent(text: string): string {
  // toWellFormed (ES2024, in every current browser and Node 20) is not in our ES2022 lib types.
  return encodeURIComponent((text as unknown as { toWellFormed(): string }).toWellFormed())
    .replace(/%20/g, '+')
    .replace(/%3A/g, ':');
}

/**
 * Decodes one form-encoded key or value exactly once, as `URLSearchParams` does: `+` is a space,
 * each run of `%XX` escapes is read as UTF-8 bytes, and bytes that are not valid UTF-8 become
 * U+FFFD. A `%` without two hex digits after it stays as it is. Never throws, unlike
 * `decodeURIComponent`.
 */
export function decodeFormComponent(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/(%[\da-f]{2})+/gi, (run) => new TextDecoder().decode(new Uint8Array(run.slice(1).split('%').map((hex) => parseInt(hex, 16)))));
}
