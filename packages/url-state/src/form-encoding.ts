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
  // Each run of escapes (only `%XX`, nothing else) is decoded by URLSearchParams as the value of
  // a pair with an empty name. Only the runs: Node's URLSearchParams loses raw non-ASCII
  // characters next to a bad escape (`é%C3` reads as two U+FFFD).
  return text.replace(/\+/g, ' ').replace(/(%[\da-f]{2})+/gi, (run) => new URLSearchParams(`=${run}`).get('')!);
}
