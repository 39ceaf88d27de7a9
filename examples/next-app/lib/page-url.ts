/** The path and query of a page from the App Router's `searchParams` (repeated keys kept in order). */
export function pageUrl(path: string, searchParams: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}
