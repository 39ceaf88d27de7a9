/** A version 4 UUID (either case), as stored for the session id and used as a record id. */
export const UUID_V4 = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/i;

/**
 * Formats 16 random bytes as a version 4 UUID (RFC 9562): the version nibble is set to 4 and the
 * variant bits to 10. Bytes beyond the 16th are ignored; missing bytes count as 0.
 */
export function uuidV4(bytes: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < 16; i++) {
    let b = (bytes[i] ?? 0) & 255;
    if (i === 6) b = (b & 15) | 64;
    if (i === 8) b = (b & 63) | 128;
    s += (b + 256).toString(16).slice(1) + (i & 1 && i > 2 && i < 10 ? '-' : '');
  }
  return s;
}
