// Text search over the term dictionary: exact words, prefix completion of the last word, typo
// tolerance (edit distance 1 for words of 4-7 characters, 2 from 8, none below), minimum-match
// rules and did-you-mean corrections.
import { setBit, wordsFor, type Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import { LIMITS } from './limits';
import { boundedEditDistance, tokenize, typoBudget } from './text';

export interface TextOptions {
  /** Typo tolerance on (default). */
  fuzzy: boolean;
  /** Every word must match (default); false: any word is enough. */
  fullMinMatch: boolean;
  /** When the strict match finds nothing, retry allowing this many words to miss. */
  reduceMinMatch: number;
  /** `+` is part of a word ("c++") instead of a separator. */
  plusCharacter: boolean;
  /** Complete the last word as a prefix (default true). */
  prefix: boolean;
}

export interface TextResult {
  bits: Bitset;
  /** Matched docs in increasing order, and their scores (parallel arrays). */
  docs: Uint32Array;
  scores: Float64Array;
  words: string[];
}

/** Score factors: an exact word beats a completion, which beats a typo. */
const EXACT = 1;
const PREFIX = 0.7;
const TYPO = [1, 0.5, 0.3] as const;
/** Most fuzzy candidates kept per word. */
const MAX_TYPO_TERMS = 16;

export function queryWords(q: string, plus: boolean): string[] {
  const words = tokenize(q, plus);
  return words.slice(0, LIMITS.queryWords);
}

interface Expansion {
  term: number;
  factor: number;
}

/** The dictionary terms one query word stands for. */
export function expandWord(index: CatalogIndex, word: string, last: boolean, opts: TextOptions): Expansion[] {
  const out: Expansion[] = [];
  const exact = index.text.termId(word);
  if (exact !== -1) out.push({ term: exact, factor: EXACT });
  if (last && opts.prefix) {
    for (const t of index.text.completions(word)) out.push({ term: t, factor: PREFIX });
  }
  if (opts.fuzzy && out.length === 0) {
    for (const [t, dist] of typoTerms(index, word)) out.push({ term: t, factor: TYPO[dist] ?? 0.3 });
  }
  return out;
}

/** Terms within the word's typo budget (never the word itself), nearest then most frequent first. */
export function typoTerms(index: CatalogIndex, word: string, budget = typoBudget(word)): Array<[number, number]> {
  if (budget === 0) return [];
  const found: Array<[number, number]> = [];
  for (let len = Math.max(1, word.length - budget); len <= word.length + budget; len++) {
    for (const t of index.text.termsByLength[len] ?? []) {
      const d = boundedEditDistance(word, index.text.terms[t] as string, budget);
      if (d > 0 && d <= budget) found.push([t, d]);
    }
  }
  found.sort((a, b) => a[1] - b[1] || index.text.df(b[0]) - index.text.df(a[0]) || a[0] - b[0]);
  return found.slice(0, MAX_TYPO_TERMS);
}

/** Runs a text query; `null` when the term has no searchable words (then it matches everything). */
export function searchText(index: CatalogIndex, q: string, opts: TextOptions): TextResult | null {
  const words = queryWords(q, opts.plusCharacter);
  if (words.length === 0) return null;
  const expansions = words.map((w, i) => expandWord(index, w, i === words.length - 1, opts));
  const need = opts.fullMinMatch ? words.length : 1;
  let result = combine(index, expansions, need);
  if (result.docs.length === 0 && opts.reduceMinMatch > 0 && need > 1) {
    result = combine(index, expansions, Math.max(1, words.length - opts.reduceMinMatch));
  }
  return { ...result, words };
}

/**
 * The set a text query matches, without scores: per word the union of its expansions (bitsets of
 * frequent terms OR-ed word by word, the rest set bit by bit), words intersected. Same matching
 * rules as searchText when every word must match; used where only counts are needed.
 */
export function matchText(index: CatalogIndex, q: string, opts: TextOptions): Bitset | null {
  const words = queryWords(q, opts.plusCharacter);
  if (words.length === 0) return null;
  if (!opts.fullMinMatch || opts.reduceMinMatch > 0) return searchText(index, q, opts)?.bits ?? null;
  let out: Bitset | null = null;
  words.forEach((w, i) => {
    const bits = new Uint32Array(index.words);
    for (const { term } of expandWord(index, w, i === words.length - 1, opts)) {
      const dense = index.text.textBits.get(term);
      if (dense) {
        for (let k = 0; k < bits.length; k++) bits[k] = (bits[k] as number) | (dense[k] as number);
      } else {
        const end = index.text.textOffsets[term + 1] as number;
        for (let k = index.text.textOffsets[term] as number; k < end; k++) setBit(bits, index.text.textDocs[k] as number);
      }
    }
    if (out === null) out = bits;
    else for (let k = 0; k < bits.length; k++) out[k] = (out[k] as number) & (bits[k] as number);
  });
  return out;
}

/** Scores docs word by word in scratch buffers (no per-query allocation of catalog size). */
function combine(index: CatalogIndex, expansions: Expansion[][], need: number): Omit<TextResult, 'words'> {
  const { wordScore, totalScore, hits } = index.text.scratch;
  const touchedAll: number[] = [];
  for (const exps of expansions) {
    const touched: number[] = [];
    for (const { term, factor } of exps) {
      const begin = index.text.textOffsets[term] as number;
      const end = index.text.textOffsets[term + 1] as number;
      const idf = Math.log(1 + index.size / Math.max(1, end - begin)) * factor;
      const docs = index.text.textDocs;
      const codes = index.text.textWeightCodes;
      const table = index.text.textWeightTable;
      const raw = index.text.textWeights as Float32Array;
      for (let k = begin; k < end; k++) {
        const d = docs[k] as number;
        const s = (codes ? (table[codes[k] as number] as number) : (raw[k] as number)) * idf;
        const prev = wordScore[d] as number;
        if (prev === 0) touched.push(d);
        if (s > prev) wordScore[d] = s;
      }
    }
    for (const d of touched) {
      if (hits[d] === 0) touchedAll.push(d);
      hits[d] = (hits[d] as number) + 1;
      totalScore[d] = (totalScore[d] as number) + (wordScore[d] as number);
      wordScore[d] = 0;
    }
  }
  // Mark the passing docs in a bitset, then read them back in increasing order.
  const bits = new Uint32Array(wordsFor(index.size));
  let count = 0;
  for (const d of touchedAll) {
    if ((hits[d] as number) >= need) {
      setBit(bits, d);
      count++;
    } else {
      hits[d] = 0;
      totalScore[d] = 0;
    }
  }
  const docs = new Uint32Array(count);
  const scores = new Float64Array(count);
  let i = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w] as number;
    while (x !== 0) {
      const t = x & -x;
      const d = (w << 5) + (31 - Math.clz32(t));
      docs[i] = d;
      scores[i] = totalScore[d] as number;
      i++;
      hits[d] = 0;
      totalScore[d] = 0;
      x ^= t;
    }
  }
  return { bits, docs, scores };
}

/**
 * Did-you-mean: each word that matches nothing replaced by its nearest frequent dictionary term
 * (distance up to 2 from 4 letters, 1 below), keeping corrections that find products.
 */
export function didYouMean(index: CatalogIndex, q: string, opts: TextOptions, limit: number): string[] {
  const words = queryWords(q, opts.plusCharacter);
  if (words.length === 0 || limit <= 0) return [];
  const choices: string[][] = words.map((w) => {
    if (index.text.termId(w) !== -1) return [w];
    const near = typoTerms(index, w, w.length >= 4 ? 2 : 1).map(([t]) => index.text.terms[t] as string);
    return near.length > 0 ? near.slice(0, 3) : [w];
  });
  const out: string[] = [];
  const tried = new Set<string>();
  // The first choice of every word, then one word at a time moved to its next choice.
  const candidates: string[][] = [choices.map((c) => c[0] as string)];
  choices.forEach((c, i) => c.slice(1).forEach((alt) => candidates.push(choices.map((cc, j) => (j === i ? alt : (cc[0] as string))))));
  for (const cand of candidates) {
    const text = cand.join(' ');
    if (tried.has(text) || text === words.join(' ')) continue;
    tried.add(text);
    const r = searchText(index, text, { ...opts, fuzzy: false, prefix: false });
    if (r && r.docs.length > 0) out.push(text);
    if (out.length >= limit) break;
  }
  return out;
}
