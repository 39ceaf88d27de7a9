/**
 * Inserts a size suffix before the file extension of an image URL (S9.15):
 * `/a/b.jpg?v=1` with `200x` becomes `/a/b_200x.jpg?v=1`. URLs without an extension, data
 * URLs and URLs that already carry a size suffix are returned unchanged.
 */
export function imageUrlWithSize(url: string, size: string): string {
  if (!url || !size || url.startsWith('data:')) return url;
  const q = url.search(/[?#]/);
  const path = q === -1 ? url : url.slice(0, q);
  const rest = q === -1 ? '' : url.slice(q);
  const m = /^(.*\/[^/]*?)(_(?:\d+x\d*|x\d+|pico|icon|thumb|small|compact|medium|large|grande|original|master))?(\.[a-z0-9]{2,5})$/i.exec(path);
  if (!m || m[2]) return url;
  return `${m[1]}_${size}${m[3]}${rest}`;
}
