// Suggest (S7.1, S3.4): query completions from the catalog vocabulary and past queries,
// collections, pages, products, did-you-mean and redirects, each block with its own limit.
import type { CatalogIndex } from './catalog-index';
import type { CatalogCollection, CatalogPage } from './catalog';
import { boundedEditDistance, foldText, stripHtml, tokenize, typoBudget } from './text';
import { queryWords } from './text-search';

/** A phrase the suggestion block can offer, with its weight (how many products, or query count). */
export interface Phrase {
  text: string;
  folded: string;
  weight: number;
}

/**
 * The completion vocabulary: vendors, product types, tags, option values and title words of the
 * catalog (weighted by how many products carry them), plus past queries (weighted by count x 2).
 * Sorted by folded text for prefix ranges; short prefixes keep a precomputed top list.
 */
export class PhraseIndex {
  readonly phrases: Phrase[];
  private readonly top = new Map<string, Phrase[]>();

  constructor(index: CatalogIndex, popular: ReadonlyArray<{ query: string; count: number }>) {
    const weights = new Map<string, { text: string; weight: number }>();
    const add = (text: string, w: number) => {
      const t = text.replace(/\s+/g, ' ').trim();
      if (t.length < 2 || t.length > 60) return;
      const f = foldText(t);
      const prev = weights.get(f);
      if (prev) prev.weight += w;
      else weights.set(f, { text: t, weight: w });
    };
    // Facet values weigh the number of products carrying them; dictionary words half their frequency.
    for (const source of ['vendor', 'type', 'tag']) {
      const f = index.field(source);
      // Keys by first product (a fresh build's key order; live updates append keys), none left empty.
      const first = (i: number) => (f.postings[i] as Uint32Array)[0] as number;
      const ids = f.keys.map((_, i) => i).filter((i) => (f.postings[i] as Uint32Array).length > 0);
      for (const i of ids.sort((a, b) => first(a) - first(b) || a - b)) {
        const k = f.keys[i] as string;
        if (!k.includes(':') && !k.includes('>')) add(k, (f.postings[i] as Uint32Array).length);
      }
    }
    index.text.terms.forEach((w, t) => {
      // (Live updates leave terms no live product has: df 0, as if absent.)
      if (w.length > 2 && index.text.skuOnly[t] === 0 && index.text.df(t) > 0 && !/\d/.test(w)) add(w, index.text.df(t) / 2);
    });
    for (const { query, count } of popular) add(query, Math.max(1, count) * 2);
    this.phrases = [...weights.entries()]
      .map(([folded, v]) => ({ text: v.text, folded, weight: v.weight }))
      .sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
    const groups = new Map<string, Phrase[]>();
    for (const ph of this.phrases) {
      for (let l = 1; l <= 3 && l <= ph.folded.length; l++) {
        const pre = ph.folded.slice(0, l);
        let g = groups.get(pre);
        if (!g) groups.set(pre, (g = []));
        g.push(ph);
      }
    }
    for (const [pre, g] of groups) this.top.set(pre, g.sort(byWeight).slice(0, 20));
  }

  /** Phrases starting with `prefix` (folded), heaviest first. */
  complete(prefix: string, limit: number): Phrase[] {
    if (limit <= 0 || prefix === '') return [];
    if (prefix.length <= 3) return (this.top.get(prefix) ?? []).slice(0, limit);
    let lo = 0;
    let hi = this.phrases.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.phrases[mid] as Phrase).folded < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: Phrase[] = [];
    for (let i = lo; i < this.phrases.length && found.length < 200; i++) {
      const ph = this.phrases[i] as Phrase;
      if (!ph.folded.startsWith(prefix)) break;
      found.push(ph);
    }
    return found.sort(byWeight).slice(0, limit);
  }
}

const byWeight = (a: Phrase, b: Phrase) => b.weight - a.weight || (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0);

/**
 * Words-match of a small list (collections, pages): every query word, the last one as a prefix or
 * within the typo budget. The query's words are read once, for the words of every text.
 */
function textMatcher(q: string, fuzzy: boolean): (have: readonly string[]) => boolean {
  const words = queryWords(q, false);
  return (have) =>
    words.length > 0 &&
    words.every((w, i) => {
      const last = i === words.length - 1;
      return have.some((h) => h === w || (last && h.startsWith(w)) || (fuzzy && boundedEditDistance(w, h, typoBudget(w)) <= typoBudget(w) && typoBudget(w) > 0));
    });
}

/** The words of a collection's title and handle, read once per title and handle (every search counts the matching collections). */
const collectionWords = new WeakMap<CatalogCollection, { title: string; handle: string; words: string[] }>();
function wordsOfCollection(c: CatalogCollection): string[] {
  let w = collectionWords.get(c);
  if (w?.title !== c.title || w.handle !== c.handle) collectionWords.set(c, (w = { title: c.title, handle: c.handle, words: tokenize(`${c.title} ${c.handle}`) }));
  return w.words;
}

export function matchCollections(collections: readonly CatalogCollection[], q: string, fuzzy: boolean): CatalogCollection[] {
  const matches = textMatcher(q, fuzzy);
  return collections.filter((c) => matches(wordsOfCollection(c)));
}

export function matchPages(pages: readonly CatalogPage[], q: string, fuzzy: boolean): CatalogPage[] {
  const matches = textMatcher(q, fuzzy);
  const strong = pages.filter((p) => matches(tokenize(p.title)));
  const weak = pages.filter((p) => !strong.includes(p) && matches(tokenize(stripHtml(p.bodyHtml).slice(0, 2000))));
  return [...strong, ...weak];
}
