// Text helpers shared by the index and the query parser: normalising, tokenising and a bounded
// edit distance. Pure functions.

const DIACRITICS = /[\u0300-\u036f]/g;
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/** Lower case, diacritics removed (é -> e), so that "Café" and "cafe" meet. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

/**
 * Splits text into search words: letters and digits (any script). With `keepPlus`, a `+` stays
 * inside a word ("c++", "a+"), otherwise it separates words like a space.
 */
export function tokenize(text: string, keepPlus = false): string[] {
  if (!keepPlus && ASCII.test(text)) {
    // Fast path for plain ASCII: nothing to fold but case.
    return text.toLowerCase().match(ASCII_WORD) ?? [];
  }
  const folded = foldText(text);
  const re = keepPlus ? /[\p{L}\p{N}]+\+*|\+/gu : /[\p{L}\p{N}]+/gu;
  const out: string[] = [];
  for (const m of folded.matchAll(re)) {
    const w = m[0];
    if (w !== '+') out.push(w);
  }
  return out;
}

/**
 * Edit distance (optimal string alignment: insert, delete, substitute, or swap two adjacent
 * letters, each one edit) between a and b if it is at most `max`, otherwise `max + 1`. Stops as
 * soon as a whole row exceeds `max`, so a long dictionary scan stays cheap.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (a === b) return 0;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[lb] as number;
  return d > max ? max + 1 : d;
}

/** The edit distance a word of this length may be off by: 0 below 4, 1 for 4-7, 2 for 8 and up. */
export function typoBudget(word: string): number {
  const n = [...word].length;
  if (n >= 8) return 2;
  if (n >= 4) return 1;
  return 0;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML text and attribute positions. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Removes tags, decodes the few common entities and drops the others; for excerpts and descriptions. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A handle-style slug: "Hoodies & Sweatshirts" -> "hoodies-sweatshirts". */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Natural key comparison (F3.7 default): "Size 2" < "Size 10", case-insensitive, then exact. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
