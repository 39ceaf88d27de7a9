// Over 300 lines because the word expansions, the minimum-should-match rule and the scoring share one
// per-query plan; splitting them would pass that plan through every call.
// Text search over the term dictionary. Per query word, the terms it stands for: the word itself,
// its stem (plurals, inflections), its completions as a prefix while typing, the word joined with
// its neighbour ("water proof" -> waterproof) or split in two ("headphones" -> head phones), and
// only for a word the catalog does not know, its nearest frequent catalog words (typos). Then the
// minimum-should-match rule, BM25-style scores times popularity (CatalogIndex.relevance), and
// did-you-mean corrections.
import { setBit, type Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import { LIMITS } from './limits';
import { requestScratch } from './request-scratch';
import { JOINED, joinedForm, type TextIndex } from './text-index';
import { boundedEditDistance, tokenize, typoBudget } from './text';

export interface TextOptions {
  /** Typo tolerance on (default). */
  fuzzy: boolean;
  /**
   * true: every word must match; false: any one word is enough; null (not sent): the default,
   * minimumShouldMatch(), then the best partial matches when nothing reaches it.
   */
  fullMinMatch: boolean | null;
  /** When the match finds nothing, retry allowing this many words to miss. */
  reduceMinMatch: number;
  /** `+` is part of a word ("c++") instead of a separator. */
  plusCharacter: boolean;
  /** Words may match as prefixes of catalog words (default true). */
  prefix: boolean;
}

export interface TextResult {
  bits: Bitset;
  /** Matched docs in increasing order (read within the request: it may be a view of the index's postings). */
  docs: Uint32Array;
  /** The score of each match (of docs[i]), read on demand. */
  scores: MatchScores;
  words: string[];
}

/**
 * The scores of a text match, by match: `final` when given (combine's), else a one-word query's,
 * read per match when asked for, since a page in relevance order reads only the matches the
 * filters keep (a third of them beside one colour in the shop bench): PER_WORD, PER_EXACT when
 * matched as itself, and the text score (the posting's weight x idf, or the best of several
 * expansions' kept per match) times the product's popularity factor, as combine scores it.
 */
export class MatchScores {
  /** The catalogue's largest popularity factor, read on the first bound. */
  private largest: number | undefined;

  constructor(
    private readonly final: Float64Array | null,
    private readonly docs: Uint32Array,
    private readonly boost: Float32Array,
    /** Merged lists: the text score and whether matched as itself, per match. */
    private readonly best: Float64Array | null,
    private readonly asItself: Uint8Array | null,
    /** One posting list: its weights from `begin`, times idf; matched as itself or not. */
    private readonly postings: { codes: Uint8Array | null; table: Float32Array; raw: Float32Array; begin: number; idf: number; exact: number } | null,
  ) {}

  static of(final: Float64Array, docs: Uint32Array): MatchScores {
    return new MatchScores(final, docs, NO_BOOST, null, null, null);
  }

  /** The score of match i. */
  at(i: number): number {
    if (this.final) return this.final[i] as number;
    const boost = this.boost[this.docs[i] as number] as number;
    const p = this.postings;
    if (p) return PER_WORD + p.exact + this.weightTimesIdf(p, i) * boost;
    return PER_WORD + ((this.asItself as Uint8Array)[i] as number) * PER_EXACT + ((this.best as Float64Array)[i] as number) * boost;
  }

  /**
   * At least the score of match i, without reading its product's popularity factor (a read from
   * a catalogue-size array per match): its score with the catalogue's largest factor, the same
   * operations on a larger number (Infinity for a negative text score, which a larger factor lowers).
   */
  bound(i: number): number {
    if (this.final) return this.final[i] as number;
    const p = this.postings;
    const text = p ? this.weightTimesIdf(p, i) : ((this.best as Float64Array)[i] as number);
    if (!(text >= 0)) return Infinity;
    const boost = (this.largest ??= maxBoost(this.boost));
    if (p) return PER_WORD + p.exact + text * boost;
    return PER_WORD + ((this.asItself as Uint8Array)[i] as number) * PER_EXACT + text * boost;
  }

  private weightTimesIdf(p: NonNullable<MatchScores['postings']>, i: number): number {
    const k = p.begin + i;
    const w = p.codes ? (p.table[p.codes[k] as number] as number) : (p.raw[k] as number);
    return w * p.idf;
  }
}

const NO_BOOST = new Float32Array(0);

/** The largest popularity factor of an index (its array is replaced whole when it changes). */
const maxBoosts = new WeakMap<Float32Array, number>();
function maxBoost(boost: Float32Array): number {
  let m = maxBoosts.get(boost);
  if (m === undefined) {
    m = 0;
    for (let d = 0; d < boost.length; d++) m = Math.max(m, boost[d] as number);
    maxBoosts.set(boost, m);
  }
  return m;
}

/** Score factors by how a word matched: itself, its stem, as a prefix, joined or split, a typo. */
const EXACT = 1;
const STEM = 0.9;
const PREFIX = 0.7;
const JOIN = 0.9;
const SYNONYM = 0.9;
const TYPO = [1, 0.5, 0.3] as const;
/** Most typo candidates kept per word (all at the smallest distance found). */
const MAX_TYPO_TERMS = 8;
/**
 * A product's score counts its matched words first, then the words it matched as themselves
 * (not as a prefix or a typo), then its text score: each tier is worth more than the next can add.
 */
const PER_WORD = 1e7;
const PER_EXACT = 1e5;
/**
 * A word naming a product's type is counted a second time (in the high half of a hit count), and
 * lets that product through the minimum when fewer than TYPE_PAGE products reach it otherwise.
 */
const TYPE_HIT = 16;
const TYPE_PAGE = 10;

/** The text-matching options of a parsed query (every word may complete as a prefix). */
export const textOptions = (q: Omit<TextOptions, 'prefix'>): TextOptions => ({
  fuzzy: q.fuzzy,
  fullMinMatch: q.fullMinMatch,
  reduceMinMatch: q.reduceMinMatch,
  plusCharacter: q.plusCharacter,
  prefix: true,
});

export function queryWords(q: string, plus: boolean): string[] {
  const words = tokenize(q, plus);
  return words.slice(0, LIMITS.queryWords);
}

/**
 * The default minimum-should-match: every word of a query of one or two words, all but one of
 * three or more (stop words never count).
 */
export function minimumShouldMatch(words: number): number {
  return words <= 2 ? words : words - 1;
}

interface Expansion {
  term: number;
  factor: number;
}

interface QueryWord {
  word: string;
  stop: boolean;
  exps: Expansion[];
  /** Terms that together stand for the word (a split compound, a SKU's parts), each group ANDed. */
  pairs: number[][];
  /** The word or its stem is a catalog word. */
  known: boolean;
}

const isNumber = (w: string) => /^\d+$/.test(w);
const NO_GROUPS: ReadonlyMap<string, readonly string[]> = new Map();

/** The dictionary terms one query word stands for (see the file comment). */
export function expandWord(index: CatalogIndex, word: string, last: boolean, opts: TextOptions): Expansion[] {
  return expandQuery(index.text, [word], opts, last)[0]?.exps ?? [];
}

function expandQuery(text: TextIndex, words: readonly string[], opts: TextOptions, lastIsPrefix = true, groups: ReadonlyMap<string, readonly string[]> = NO_GROUPS): QueryWord[] {
  const analyzer = text.analyzer;
  const out: QueryWord[] = words.map((word, i) => {
    const exps: Expansion[] = [];
    const exact = text.termId(word);
    if (exact !== -1) exps.push({ term: exact, factor: EXACT });
    const s = analyzer.stem(word);
    const stemId = s !== word ? text.termId(s) : exact !== -1 ? (text.stemOf[exact] as number) : -1;
    if (stemId >= 0 && stemId !== exact) exps.push({ term: stemId, factor: STEM });
    // Owner synonyms: each word (or its stem) the catalog has, found as the word itself would be.
    for (const syn of text.synonyms.get(word) ?? []) {
      let t = text.termId(syn);
      if (t === -1) t = text.termId(analyzer.stem(syn));
      if (t !== -1 && !exps.some((x) => x.term === t)) exps.push({ term: t, factor: SYNONYM });
    }
    const known = exps.length > 0;
    // A symbol-joined chunk the catalog does not hold as one word ("MH01-XS-Black"): its parts, all.
    const parts = known ? undefined : groups.get(word);
    if (parts) {
      const ids = parts.map((w) => {
        const t = text.termId(w);
        return t !== -1 ? t : text.termId(analyzer.stem(w));
      });
      if (ids.every((t) => t !== -1)) return { word, stop: false, exps, pairs: [ids], known: true };
    }
    const last = i === words.length - 1 && lastIsPrefix;
    // While typing: the last word always completes (but not a number: "iphone 8" is not 80),
    // an earlier word only when the catalog does not know it ("ult" for ultra).
    if (opts.prefix && (last ? !isNumber(word) : !known) && word.length >= (last ? 1 : 2)) {
      for (const t of text.completions(word)) exps.push({ term: t, factor: PREFIX });
    }
    if (opts.fuzzy && exps.length === 0) {
      for (const [t, dist] of typoTerms(text, word)) exps.push({ term: t, factor: TYPO[dist] ?? 0.3 });
    }
    return { word, stop: analyzer.isStopWord(word), exps, pairs: [], known };
  });
  for (let i = 0; i < out.length; i++) {
    const w = out[i] as QueryWord;
    // "water proof" meets waterproof: the joined word (or its stem) counts for both words.
    const next = out[i + 1];
    if (next) {
      const joined = w.word + next.word;
      let j = text.termId(joined);
      if (j === -1) j = text.termId(analyzer.stem(joined));
      if (j !== -1) {
        w.exps.push({ term: j, factor: JOIN });
        next.exps.push({ term: j, factor: JOIN });
      }
    }
    // "headphones" meets "head phones": a split into two catalog words, both required.
    if (w.word.length >= 6 && !isNumber(w.word)) {
      for (let k = 3; k <= w.word.length - 3 && w.pairs.length < 2; k++) {
        const a = text.termId(w.word.slice(0, k));
        if (a === -1 || text.derived[a] === 1) continue;
        const rest = w.word.slice(k);
        let b = text.termId(rest);
        if (b === -1) b = text.termId(analyzer.stem(rest));
        if (b !== -1) w.pairs.push([a, b]);
      }
    }
  }
  return out;
}

/**
 * Catalog words within the word's typo budget (never derived terms), all at the smallest distance
 * found, most frequent first, then by the word (a correction prefers the closest frequent word).
 */
export function typoTerms(text: TextIndex, word: string, budget = typoBudget(word)): Array<[number, number]> {
  if (budget === 0 || isNumber(word)) return [];
  const found: Array<[number, number]> = [];
  for (let len = Math.max(1, word.length - budget); len <= word.length + budget; len++) {
    for (const t of text.termsByLength[len] ?? []) {
      // (A live update can leave a term no product has as a word any more in its list.)
      if (text.derived[t] === 1 || text.df(t) === 0) continue;
      const d = boundedEditDistance(word, text.terms[t] as string, budget);
      if (d > 0 && d <= budget) found.push([t, d]);
    }
  }
  if (found.length === 0) return found;
  const best = Math.min(...found.map((f) => f[1]));
  return found
    .filter((f) => f[1] === best)
    .sort((a, b) => (text.better(a[0], b[0]) ? -1 : 1))
    .slice(0, MAX_TYPO_TERMS);
}

/** Runs a text query; `null` when the term has no searchable words (then it matches everything). */
export function searchText(index: CatalogIndex, q: string, opts: TextOptions): TextResult | null {
  const groups = new Map<string, string[]>();
  const words = queryWords(joinSymbolWords(index.text, q, groups), opts.plusCharacter);
  if (words.length === 0) return null;
  const expanded = expandQuery(index.text, words, opts, true, groups);
  // Stop words never count towards the match (unless the query has nothing else).
  const counted = expanded.some((w) => !w.stop) ? expanded.filter((w) => !w.stop).length : expanded.length;
  const allStop = counted === expanded.length && expanded.every((w) => w.stop);
  const need = opts.fullMinMatch === true ? counted : opts.fullMinMatch === false ? 1 : minimumShouldMatch(counted);
  const phrase = counted >= 2 ? ` ${words.join(' ')}` : null;
  const run = (n: number) => combine(index, expanded, n, allStop, phrase, opts.fullMinMatch === null);
  let result = run(need);
  if (result.docs.length === 0 && need > 1) {
    if (opts.reduceMinMatch > 0) result = run(Math.max(1, counted - opts.reduceMinMatch));
    // The default: the best partial matches rather than nothing (ranked by words matched first).
    else if (opts.fullMinMatch === null) result = run(1);
  }
  return { ...result, words };
}

/**
 * Words joined by a symbol that the catalog has as one word ("AT&T" -> att, "USB-C" -> usbc) are
 * searched as that word, as the index holds them (text-index.ts), not as their parts.
 */
export function joinSymbolWords(text: TextIndex, q: string, groups?: Map<string, string[]>): string {
  if (!/[&\-/'.]/.test(q)) return q;
  return q.replace(JOINED, (m) => {
    const joined = joinedForm(m);
    if (joined === null) return m;
    if (text.termId(joined) !== -1) return joined;
    // Otherwise searched as one word that needs all its parts (a SKU: MH01-XS-Black).
    if (!groups) return m;
    groups.set(joined, tokenize(m));
    return joined;
  });
}

/**
 * The set a text query matches, without scores: used where only counts are needed (suggest). A
 * one-word query (what is typed into a search box most of the time) is the union of its
 * expansions: bitsets of frequent terms OR-ed, the rest set bit by bit; any other takes searchText.
 */
export function matchText(index: CatalogIndex, q: string, opts: TextOptions): Bitset | null {
  const text = index.text;
  const groups = new Map<string, string[]>();
  const words = queryWords(joinSymbolWords(text, q, groups), opts.plusCharacter);
  if (words.length !== 1) return words.length === 0 ? null : (searchText(index, q, opts)?.bits ?? null);
  const [w] = expandQuery(text, words, opts, true, groups) as [QueryWord];
  if (w.pairs.length > 0) return searchText(index, q, opts)?.bits ?? null;
  const bits = new Uint32Array(index.words);
  for (const { term } of w.exps) {
    const dense = text.textBits.get(term);
    if (dense) {
      for (let k = 0; k < bits.length; k++) bits[k] = (bits[k] as number) | (dense[k] as number);
    } else {
      const end = text.textEnd[term] as number;
      for (let k = text.textStart[term] as number; k < end; k++) setBit(bits, text.textDocs[k] as number);
    }
  }
  return bits;
}

/**
 * Every dictionary term a text query reads (its words' expansions and the parts of joined words):
 * a product that holds none of them is not matched, whatever its other numbers (suggest.ts keeps
 * precomputed answers through changes of such products).
 */
export function queryTerms(index: CatalogIndex, q: string, opts: TextOptions): number[] {
  const groups = new Map<string, string[]>();
  const words = queryWords(joinSymbolWords(index.text, q, groups), opts.plusCharacter);
  return expandQuery(index.text, words, opts, true, groups).flatMap((w) => [...w.exps.map((e) => e.term), ...w.pairs.flat()]);
}

/**
 * Scores docs word by word in scratch buffers (no per-query allocation of catalog size): per word
 * the best of its expansions (weight x idf x factor), summed; docs matching at least `need`
 * counted words pass, scored PER_WORD per counted word matched plus their text score times their
 * popularity factor (times the phrase factor when their title holds the query's words in order).
 */
function combine(index: CatalogIndex, words: QueryWord[], need: number, allStop: boolean, phrase: string | null, typeBonus: boolean): Omit<TextResult, 'words'> {
  const one = words.length === 1 && need === 1 ? oneWord(index, words[0] as QueryWord) : null;
  if (one) return one;
  const text = index.text;
  const { wordScore, totalScore, hits, exact, wordExact } = text.scratch;
  // The docs one word touched, then the docs any word touched (lists of at most catalog size).
  const [, , , touchedWord, touchedAll] = requestScratch(index);
  // BM25 counts live products (free slots of live updates aside).
  const n = index.live;
  let all = 0;
  const { docs, starts, ends, codes, table, raw } = postingArrays(text);
  // BM25's idf.
  const idfOf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const weightAt = (k: number) => (codes ? (table[codes[k] as number] as number) : (raw[k] as number));
  for (const w of words) {
    // The docs this word touches, each once, with the best score of its expansions.
    let touched = 0;
    for (const { term, factor } of w.exps) {
      const begin = starts[term] as number;
      const end = ends[term] as number;
      const idf = idfOf(end - begin) * factor;
      const asItself = factor >= STEM ? 1 : 0;
      if (codes) {
        for (let k = begin; k < end; k++) {
          const d = docs[k] as number;
          const sc = (table[codes[k] as number] as number) * idf;
          const prev = wordScore[d] as number;
          if (prev === 0) touchedWord[touched++] = d;
          if (sc > prev) wordScore[d] = sc;
          if (asItself) wordExact[d] = 1;
        }
      } else {
        for (let k = begin; k < end; k++) {
          const d = docs[k] as number;
          const sc = (raw[k] as number) * idf;
          const prev = wordScore[d] as number;
          if (prev === 0) touchedWord[touched++] = d;
          if (sc > prev) wordScore[d] = sc;
          if (asItself) wordExact[d] = 1;
        }
      }
    }
    for (const group of w.pairs) {
      // Every term of the group: the first term's docs are marked with their weight and stamped
      // 1, then each further term's docs stamped one more when stamped by the term before.
      const mark = text.pairScratch;
      const stamp = text.stampScratch;
      const first = group[0] as number;
      const begin = starts[first] as number;
      const end = ends[first] as number;
      let idf = 0;
      for (const t of group) idf += idfOf((ends[t] as number) - (starts[t] as number));
      idf = (idf / group.length) * JOIN;
      for (let k = begin; k < end; k++) {
        const d = docs[k] as number;
        mark[d] = weightAt(k);
        stamp[d] = 1;
      }
      for (let g = 1; g < group.length; g++) {
        const t = group[g] as number;
        for (let k = starts[t] as number; k < (ends[t] as number); k++) {
          const d = docs[k] as number;
          if (stamp[d] === g) {
            stamp[d] = g + 1;
            mark[d] = Math.min(mark[d] as number, weightAt(k));
          }
        }
      }
      for (let k = begin; k < end; k++) {
        const d = docs[k] as number;
        if (stamp[d] === group.length) {
          const sc = (mark[d] as number) * idf;
          const prev = wordScore[d] as number;
          if (prev === 0) touchedWord[touched++] = d;
          if (sc > prev) wordScore[d] = sc;
          wordExact[d] = 1;
        }
        mark[d] = 0;
        stamp[d] = 0;
      }
    }
    const counts = allStop || !w.stop;
    // A word naming the product's type (the kind of product the shopper means) counts twice.
    const typeDocs = typeBonus && counts && words.length > 1 ? namedTypes(text, w) : null;
    if (typeDocs) for (const list of typeDocs) for (let k = 0; k < list.length; k++) {
      const d = list[k] as number;
      if ((wordScore[d] as number) > 0) wordScore[d] = -(wordScore[d] as number);
    }
    for (let i = 0; i < touched; i++) {
      const d = touchedWord[i] as number;
      if (hits[d] === 0 && totalScore[d] === 0) touchedAll[all++] = d;
      let ws = wordScore[d] as number;
      if (ws < 0) {
        ws = -ws;
        hits[d] = (hits[d] as number) + TYPE_HIT;
      }
      if (counts) {
        hits[d] = (hits[d] as number) + 1;
        exact[d] = (exact[d] as number) + (wordExact[d] as number);
      }
      wordExact[d] = 0;
      totalScore[d] = (totalScore[d] as number) + ws;
      wordScore[d] = 0;
    }
  }
  // Type words count twice only when fewer than a page of products match without that.
  let strict = 0;
  for (let i = 0; i < all; i++) if (((hits[touchedAll[i] as number] as number) & 15) >= need) strict++;
  const bonus = strict < TYPE_PAGE ? 1 : 0;
  // Mark the passing docs in a bitset, then read them back in increasing order.
  const bits = new Uint32Array(index.words);
  let count = 0;
  for (let i = 0; i < all; i++) {
    const d = touchedAll[i] as number;
    const h = hits[d] as number;
    if ((h & 15) + bonus * (h >> 4) >= need && need > 0) {
      bits[d >>> 5] = (bits[d >>> 5] as number) | (1 << (d & 31));
      count++;
    } else {
      hits[d] = 0;
      exact[d] = 0;
      totalScore[d] = 0;
    }
  }
  const out = new Uint32Array(count);
  const scores = new Float64Array(count);
  const boost = index.popularity;
  const phraseFactor = index.relevance.phrase;
  const titles = phrase !== null ? text.foldedTitles : null;
  let i = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w] as number;
    while (x !== 0) {
      const t = x & -x;
      const d = (w << 5) + (31 - Math.clz32(t));
      let s = (totalScore[d] as number) * (boost[d] as number);
      if (titles && (titles[d] as string).includes(phrase as string)) s *= phraseFactor;
      const h = hits[d] as number;
      out[i] = d;
      scores[i] = ((h & 15) + (h >> 4)) * PER_WORD + (exact[d] as number) * PER_EXACT + s;
      i++;
      hits[d] = 0;
      exact[d] = 0;
      totalScore[d] = 0;
      x ^= t;
    }
  }
  return { bits, docs: out, scores: MatchScores.of(scores, out) };
}

/** A text index's postings (read once per query: a live update may replace the arrays). */
function postingArrays(text: TextIndex) {
  return { docs: text.textDocs, starts: text.textStart, ends: text.textEnd, codes: text.textWeightCodes, table: text.textWeightTable, raw: text.textWeights as Float32Array };
}

/** Most expansions of a one-word query merged as sorted lists (oneWord); more take combine's scratch buffers. */
const MERGED_EXPANSIONS = 4;

/**
 * A query of one word (what is typed into a search box most of the time) with a few expansions
 * and no split forms: its expansions' posting lists (each in increasing doc order) merged into
 * one, reading only them (no catalog-size buffer touched at random). Scored as combine scores
 * it: one word matched, PER_EXACT when matched as itself, the best expansion's score times the
 * popularity factor. Null when combine's general path is needed.
 */
function oneWord(index: CatalogIndex, w: QueryWord): Omit<TextResult, 'words'> | null {
  const exps = w.exps;
  if (w.pairs.length > 0 || exps.length > MERGED_EXPANSIONS) return null;
  const text = index.text;
  const n = index.live;
  const { docs: postings, starts, ends, codes, table, raw } = postingArrays(text);
  const boost = index.popularity;
  const idfOf = (e: Expansion) => {
    const df = (ends[e.term] as number) - (starts[e.term] as number);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5)) * e.factor;
  };
  const weightAt = (k: number) => (codes ? (table[codes[k] as number] as number) : (raw[k] as number));
  if (exps.length === 1) {
    // One posting list: its docs as they are (a view, read within the request), scored on demand.
    const e = exps[0] as Expansion;
    const begin = starts[e.term] as number;
    const end = ends[e.term] as number;
    const docs = postings.subarray(begin, end);
    const bits = new Uint32Array(index.words);
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      bits[d >>> 5] = (bits[d >>> 5] as number) | (1 << (d & 31));
    }
    const scored = { codes, table, raw, begin, idf: idfOf(e), exact: e.factor >= STEM ? PER_EXACT : 0 };
    return { bits, docs, scores: new MatchScores(null, docs, boost, null, null, scored) };
  }
  // Merged list by list into sequential runs of combine's scratch buffers (two sets, in turn),
  // zeroed again after: docs, their best score, matched as themselves by any expansion.
  const sc = text.scratch;
  const [, , , listA, listB] = requestScratch(index);
  let [docs, best, asItself] = [listA, sc.wordScore, sc.hits];
  let [nd, ns, ne] = [listB, sc.totalScore, sc.exact];
  let len = 0;
  for (const e of exps) {
    const begin = starts[e.term] as number;
    const end = ends[e.term] as number;
    const idf = idfOf(e);
    const ex = e.factor >= STEM ? 1 : 0;
    let i = 0;
    let o = 0;
    for (let k = begin; k < end; k++) {
      const d = postings[k] as number;
      while (i < len && (docs[i] as number) < d) {
        nd[o] = docs[i] as number;
        ns[o] = best[i] as number;
        ne[o++] = asItself[i++] as number;
      }
      const s = weightAt(k) * idf;
      if (i < len && docs[i] === d) {
        const prev = best[i] as number;
        nd[o] = d;
        ns[o] = s > prev ? s : prev;
        ne[o++] = (asItself[i++] as number) | ex;
      } else {
        nd[o] = d;
        ns[o] = s;
        ne[o++] = ex;
      }
    }
    while (i < len) {
      nd[o] = docs[i] as number;
      ns[o] = best[i] as number;
      ne[o++] = asItself[i++] as number;
    }
    [docs, best, asItself, nd, ns, ne] = [nd, ns, ne, docs, best, asItself];
    len = o;
  }
  const out = docs.slice(0, len);
  const bestOut = best.slice(0, len);
  const asItselfOut = asItself.slice(0, len);
  const bits = new Uint32Array(index.words);
  for (let i = 0; i < len; i++) {
    const d = docs[i] as number;
    bits[d >>> 5] = (bits[d >>> 5] as number) | (1 << (d & 31));
  }
  // Both sets back to zeros (the other set holds the run before the last, no longer).
  for (const a of [sc.wordScore, sc.totalScore, sc.hits, sc.exact]) a.fill(0, 0, len);
  return { bits, docs: out, scores: new MatchScores(null, out, boost, bestOut, asItselfOut, null) };
}

/** The products whose type the word names (through its own term or stem), as posting lists. */
function namedTypes(text: TextIndex, w: QueryWord): Uint32Array[] | null {
  const keys = new Set<number>();
  for (const { term, factor } of w.exps) if (factor >= STEM) for (const k of text.typesNamedBy(term)) keys.add(k);
  if (keys.size === 0) return null;
  const field = text.typeField;
  return [...keys].map((k) => field.postings[k] as Uint32Array);
}

/**
 * Did-you-mean: each word the catalog does not know (and that is no stop word) replaced by its
 * nearest frequent catalog word (distance up to 2 from 4 letters, 1 below), keeping corrections
 * that find products. A known word is never corrected.
 */
export function didYouMean(index: CatalogIndex, q: string, opts: TextOptions, limit: number): string[] {
  const words = queryWords(joinSymbolWords(index.text, q), opts.plusCharacter);
  if (words.length === 0 || limit <= 0) return [];
  const text = index.text;
  const expanded = expandQuery(text, words, { ...opts, prefix: false, fuzzy: false });
  const choices: string[][] = expanded.map((w) => {
    if (w.known || w.stop || w.pairs.length > 0) return [w.word];
    const near = typoTerms(text, w.word, w.word.length >= 4 ? 2 : 1).map(([t]) => text.terms[t] as string);
    return near.length > 0 ? near.slice(0, 3) : [w.word];
  });
  const out: string[] = [];
  const tried = new Set<string>();
  // The first choice of every word, then one word at a time moved to its next choice.
  const candidates: string[][] = [choices.map((c) => c[0] as string)];
  choices.forEach((c, i) => c.slice(1).forEach((alt) => candidates.push(choices.map((cc, j) => (j === i ? alt : (cc[0] as string))))));
  for (const cand of candidates) {
    const t = cand.join(' ');
    if (tried.has(t) || t === words.join(' ')) continue;
    tried.add(t);
    const r = searchText(index, t, { ...opts, fuzzy: false, prefix: false, fullMinMatch: true, reduceMinMatch: 0 });
    if (r && r.docs.length > 0) out.push(t);
    if (out.length >= limit) break;
  }
  return out;
}
