/**
 * Inserts an image size suffix before the extension (S9.15): `a/shoe.jpg?v=1` with `200x`
 * becomes `a/shoe_200x.jpg?v=1`; an existing size suffix is replaced. URLs without a file
 * extension, and '', are returned unchanged.
 */
export function sizedImage(url: string, size = '200x'): string {
  return url.replace(/(?:_\d*x\d*)?(\.[a-z0-9]+)(?=[?#]|$)/i, `_${size}$1`);
}
