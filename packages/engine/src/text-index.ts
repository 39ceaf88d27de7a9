// The text index over a catalog, built once in one pass over the products (which is why it is
// one file): a term dictionary (open addressing by FNV-1a hash), weighted postings per term in CSR
// form with one-byte weight codes, bitsets of frequent terms, a sorted dictionary for prefix
// ranges, terms by length for typo scans and the top completions of every short prefix. Every
// word is also indexed under its stem (analyzer.ts), and words joined by a symbol ("AT&T",
// "USB-C") also as one word ("att", "usbc"): those derived terms match but are never offered.
import type { Analyzer } from './analyzer';
import { fromPostings, setBit, type Bitset } from './bitset';
import { bufferFor, type BufferFor, type BuildThread } from './build-thread';
import type { CatalogProduct } from './catalog';
import type { ProductSource, WrittenIds } from './product-store';
import type { TermField, ValueSpan } from './facet-field';
import { stripHtml, tokenize } from './text';
import { cut, grown, typedIn } from './typed-array';

/**
 * Field weights for relevance: a match in the title counts most, the description least. A
 * title's weight is scaled by its length (BM25's length normalisation, see TITLE_NORM).
 */
export const FIELD_WEIGHTS = { title: 6, sku: 5, vendor: 3, type: 4, tag: 2, option: 1.5, description: 1 } as const;
/** A match through the stem (chargers for charger) weighs this much of the word's own. */
export const STEM_WEIGHT = 0.85;
/** Characters of a description (HTML stripped) that are indexed. */
export const DESCRIPTION_CHARS = 1500;
/** BM25's b for titles: 0 ignores title length, 1 scales fully by it. */
const TITLE_NORM = 0.5;
/**
 * The average title length (in words) that title weights are scaled by is rounded to a step of
 * 1 / TITLE_GRID words, so that live updates rarely move it (when one does, every title weight
 * changes and the index is built again; see TextIndex.update).
 */
const TITLE_GRID = 4;
const averageTitle = (words: number, live: number) => Math.round(Math.max(1, words / Math.max(1, live)) * TITLE_GRID) / TITLE_GRID;
/** A symbol between two letters or digits inside a word: AT&T, USB-C, Men's, 3/4, x.y. */
export const JOINED = /[\p{L}\p{N}]+(?:[&\-/'.][\p{L}\p{N}]+)+/gu;

/** Per-product buffers of a text search (text-search.ts combine), left zeroed after use. */
export interface TextScratch {
  wordScore: Float64Array;
  totalScore: Float64Array;
  /** Words matched (low 4 bits) and type words (high 4 bits). */
  hits: Uint8Array;
  /** Words matched as themselves (or stem, synonym, joined or split form), not as a prefix or typo. */
  exact: Uint8Array;
  wordExact: Uint8Array;
}

/** The built parts of a text index (see TextIndex.parts). */
export interface TextParts {
  terms: readonly string[];
  termSlots: Int32Array;
  textOffsets: Uint32Array;
  textBits: ReadonlyMap<number, Bitset>;
  skuOnly: Uint8Array;
  derived: Uint8Array;
  stemOf: Int32Array;
  textDocs: Uint32Array;
  textWeightCodes: Uint8Array | null;
  textWeightTable: Float32Array;
  textWeights: Float32Array | null;
  sortedTerms: Uint32Array;
  termsByLength: ReadonlyArray<number[] | undefined>;
  prefixTop: ReadonlyMap<string, Uint32Array>;
  /** Per term, the live products having it as a word, and as a word outside SKUs (absent in older snapshots: updates then rebuild). */
  wordDocs?: Uint32Array | null;
  plainDocs?: Uint32Array | null;
}

export class TextIndex {
  readonly size: number;
  readonly words: number;
  // Text search.
  readonly terms: string[];
  /** Open addressing over `terms` by FNV-1a hash (see termId), at most half full. */
  private termSlots: Int32Array = new Int32Array(4096).fill(-1);
  /**
   * Text postings: term t covers textDocs and its weights from textStart[t] to textEnd[t], in
   * increasing doc order. A build packs them in term order; a live update that adds a product to
   * a list moves the list to the end of the arrays with room to grow (up to textCap[t]).
   */
  textStart: Uint32Array = new Uint32Array(0);
  textEnd: Uint32Array = new Uint32Array(0);
  private textCap: Uint32Array | null = null;
  /** The used length of textDocs and the weights, and how much of it no list uses any more. */
  private used = 0;
  private dead = 0;
  /**
   * Per term, how many live products have it as a word (in any field), and as a word outside
   * SKUs: what its derived and skuOnly flags say. Null for an index read from a snapshot (a live
   * update that changes words then builds the index again).
   */
  private wordDocs: Uint32Array | null = null;
  private plainDocs: Uint32Array | null = null;
  private weightCodes: WeightCodes | null = null;
  /** The words of the live products' titles, and the average title length title weights are scaled by. */
  private titleWords = 0;
  private avgTitle = 1;
  /** Terms listed in termsByLength (a list keeps a term that is no longer a word; typo scans skip it). */
  private readonly inBuckets = new Set<number>();
  /** Terms added by a live update, merged into sortedTerms at its end (sortUnsorted). */
  private readonly unsorted: number[] = [];
  /** Short prefixes whose top completions changed with a live update, computed again on use. */
  private readonly dirtyPrefixes = new Set<string>();
  /** How many live updates changed the index in place (what is built from it checks this). */
  changes = 0;
  /** Bitsets of the frequent terms (at least one document in 16). */
  readonly textBits = new Map<number, Bitset>();
  /** 1 for terms that occur only in SKUs (never offered as completions in suggest). */
  skuOnly: Uint8Array = new Uint8Array(0);
  /** 1 for terms that are only stems or joined forms, never a word of the catalog (never offered). */
  derived: Uint8Array = new Uint8Array(0);
  /** The term id of each term's stem, or -1 when the stem is the term itself. */
  stemOf: Int32Array = new Int32Array(0);
  textDocs: Uint32Array = new Uint32Array(0);
  /** Weights as codes into textWeightTable; null when the catalog has too many distinct weights. */
  textWeightCodes: Uint8Array | null = null;
  textWeightTable: Float32Array = new Float32Array(0);
  /** Weights as float32 values, when textWeightCodes is null. */
  textWeights: Float32Array | null = null;
  /** Term ids sorted by term, for prefix ranges. */
  sortedTerms: Uint32Array;
  /** Term ids grouped by term length (in UTF-16 units), for typo scans. */
  readonly termsByLength: number[][] = [];
  /** The most frequent completions of every 1-3 character prefix. */
  private readonly prefixTop = new Map<string, Uint32Array>();
  private scratchBuffers: TextScratch | null = null;
  /** Owner synonyms: query word -> the words it also finds (merchandising.ts), replaced on reload. */
  synonyms: ReadonlyMap<string, readonly string[]> = new Map();
  private pairBuffer: Float32Array | null = null;
  private stampBuffer: Uint8Array | null = null;
  private titles: string[] | null = null;
  private typeNames: Map<number, number[]> | null = null;

  /** `field` gives the facet fields (vendor, type, tag) whose forward indexes the build reads. */
  constructor(
    private readonly products: ProductSource,
    words: number,
    private readonly field: (source: string) => TermField,
    readonly analyzer: Analyzer,
    /** Whether a slot holds a live product (free slots are skipped), and how many do (see catalog-index.ts). */
    private readonly isLive: (d: number) => boolean = () => true,
    readonly live: number = products.size,
    restored?: TextParts,
    /** The build's text, handed each product as the store wrote it and finished (see catalog-index.ts); without it, built from the store. */
    built?: BuiltText,
  ) {
    this.size = products.size;
    this.words = words;
    if (restored) {
      const r = restored;
      // One at a time: a spread of a million-product catalogue's terms overflows the call stack.
      this.terms = [];
      for (const t of r.terms) this.terms.push(t);
      this.termSlots = r.termSlots;
      const n = r.terms.length;
      // Views of one array (textEnd[t] is textStart[t + 1]): copied apart before a live update.
      this.textStart = r.textOffsets.subarray(0, n);
      this.textEnd = r.textOffsets.subarray(1, n + 1);
      this.wordDocs = r.wordDocs ?? null;
      this.plainDocs = r.plainDocs ?? null;
      // What live updates need besides: the weight codes by value, the titles' words.
      if (r.textWeightCodes) {
        const codes = new WeightCodes();
        for (const w of r.textWeightTable) codes.codeOf(w);
        this.weightCodes = codes;
      }
      for (let d = 0; d < this.size; d++) if (isLive(d)) this.titleWords += wordsIn(products.title(d));
      this.avgTitle = averageTitle(this.titleWords, live);
      this.used = r.textOffsets[n] as number;
      for (const [t, b] of r.textBits) this.textBits.set(t, b);
      this.skuOnly = r.skuOnly;
      this.derived = r.derived;
      this.stemOf = r.stemOf;
      this.textDocs = r.textDocs;
      this.textWeightCodes = r.textWeightCodes;
      this.textWeightTable = r.textWeightTable;
      this.textWeights = r.textWeights;
      this.sortedTerms = r.sortedTerms;
      r.termsByLength.forEach((list, length) => {
        if (!list) return;
        this.termsByLength[length] = list;
        for (const t of list) this.inBuckets.add(t);
      });
      for (const [pre, top] of r.prefixTop) this.prefixTop.set(pre, top);
    } else {
      const made = built ?? this.fromStore().finish();
      this.terms = made.terms;
      this.sortedTerms = this.buildText(made);
    }
  }

  /** Everything the build computed (what a snapshot keeps; see index-snapshot.ts). */
  parts(): TextParts {
    // Live updates leave lists out of term order, and prefixes to compute again: packed first.
    if (this.changes > 0) this.pack();
    for (const pre of this.dirtyPrefixes) this.refreshPrefix(pre);
    const n = this.terms.length;
    const textOffsets = new Uint32Array(n + 1);
    textOffsets.set(this.textStart.subarray(0, n));
    textOffsets[n] = this.used;
    const { terms, termSlots, textBits, sortedTerms, termsByLength, prefixTop } = this;
    const cut = <T extends Uint8Array | Int32Array | Uint32Array | Float32Array>(a: T, len: number): T => (a.length === len ? a : (a.slice(0, len) as T));
    return {
      terms, termSlots, textOffsets, textBits, skuOnly: cut(this.skuOnly, n), derived: cut(this.derived, n), stemOf: cut(this.stemOf, n),
      textDocs: cut(this.textDocs, this.used), textWeightCodes: this.textWeightCodes && cut(this.textWeightCodes, this.used), textWeightTable: this.textWeightTable,
      textWeights: this.textWeights && cut(this.textWeights, this.used), sortedTerms, termsByLength, prefixTop,
      wordDocs: this.wordDocs && cut(this.wordDocs, n), plainDocs: this.plainDocs && cut(this.plainDocs, n),
    };
  }

  /**
   * Per-query scratch buffers of catalog size, always left zeroed after use; allocated by the first
   * text search (its lists of touched docs are the request's member lists, request-scratch.ts).
   */
  get scratch(): TextScratch {
    const n = this.size;
    return (this.scratchBuffers ??= {
      wordScore: new Float64Array(n), totalScore: new Float64Array(n), hits: new Uint8Array(n), exact: new Uint8Array(n), wordExact: new Uint8Array(n),
    });
  }

  /** A catalog-size buffer for split-word matches, left zeroed after use; allocated on first use. */
  get pairScratch(): Float32Array {
    return (this.pairBuffer ??= new Float32Array(this.size));
  }

  /**
   * The product types a term names (its word or stem is a word of the type), as the type field's
   * key ids, built on first use: a query word naming a product's type counts twice (text-search).
   */
  typesNamedBy(term: number): readonly number[] {
    if (!this.typeNames) {
      const m = new Map<number, number[]>();
      const field = this.field('type');
      field.keys.forEach((key, k) => {
        for (const w of tokenize(key)) {
          for (const t of [this.termId(w), this.termId(this.analyzer.stem(w))]) {
            if (t === -1) continue;
            const list = m.get(t) ?? [];
            if (!list.includes(k)) list.push(k);
            m.set(t, list);
          }
        }
      });
      this.typeNames = m;
    }
    return this.typeNames.get(term) ?? [];
  }

  /** The type field (vendor, type and tag fields are built before the text index). */
  get typeField(): TermField {
    return this.field('type');
  }

  /** A catalog-size buffer of counters for word groups, left zeroed after use; allocated on first use. */
  get stampScratch(): Uint8Array {
    return (this.stampBuffer ??= new Uint8Array(this.size));
  }

  /** Each title's words joined by single spaces, with a leading space (phrase matches); built on first use. */
  get foldedTitles(): readonly string[] {
    return (this.titles ??= Array.from({ length: this.size }, (_, d) => foldedTitle(this.products.title(d))));
  }

  /** The id of a dictionary term some live product has, or -1. */
  termId(word: string): number {
    const id = this.lookup(word);
    return id !== -1 && this.textEnd[id] === this.textStart[id] ? -1 : id;
  }

  /** The id of a term of the dictionary (with or without products), or -1. */
  private lookup(word: string): number {
    return lookupTerm(this.termSlots, this.terms, word);
  }

  /**
   * Takes over what the builder made (the dictionary and the postings) and makes the rest from it:
   * the bitsets of frequent terms, the sorted dictionary, the typo buckets, the top completions.
   */
  private buildText(made: BuiltText): Uint32Array {
    const { terms, termSlots, skuOnly, derived, stemOf, wordDocs, plainDocs, len, weightCodes, titleWords, avgTitle } = made;
    const nTerms = terms.length;
    this.termSlots = termSlots;
    this.titleWords = titleWords;
    this.avgTitle = avgTitle;
    this.skuOnly = skuOnly;
    this.derived = derived;
    this.stemOf = stemOf;
    this.wordDocs = wordDocs;
    this.plainDocs = plainDocs;
    this.used = len;
    // What needs no postings first (their inversion may still be running on a build thread).
    // The terms sorted as strings by the built-in sort (UTF-16 code unit order, as `<` compares
    // them; several times faster than a comparator over ids at a million terms), then each term's
    // id looked up again (terms are distinct).
    const bySpelling = terms.slice().sort();
    const sorted = new Uint32Array(nTerms);
    for (let i = 0; i < nTerms; i++) sorted[i] = this.lookup(bySpelling[i] as string);
    for (let t = 0; t < nTerms; t++) {
      const term = terms[t] as string;
      // Numbers (SKU parts, sizes) are never typo-corrected, and stems and joined forms are no
      // words to correct to, so they stay out of the typo buckets.
      if (/^[0-9+]+$/.test(term) || derived[t] === 1) continue;
      (this.termsByLength[term.length] ??= []).push(t);
      this.inBuckets.add(t);
    }
    const { offsets, docs, weights } = made.inverted();
    this.textStart = offsets.subarray(0, nTerms);
    this.textEnd = offsets.slice(1);
    this.textDocs = docs;
    if (weights instanceof Uint8Array) {
      this.textWeightCodes = weights;
      this.textWeightTable = weightCodes.table.slice(0, weightCodes.size);
      this.weightCodes = weightCodes;
    } else this.textWeights = weights;
    // Frequent terms also get a bitset, for counting unions without scoring (suggest).
    for (let t = 0; t < nTerms; t++) {
      const n = (offsets[t + 1] as number) - (offsets[t] as number);
      if (n >= this.words * 2) this.textBits.set(t, fromPostings(this.size, docs.subarray(offsets[t] as number, offsets[t + 1] as number)));
    }
    this.buildPrefixTop(sorted);
    return sorted;
  }

  /** A builder handed every live product of the store in slot order (their titles' lengths counted first). */
  private fromStore(): TextBuilder {
    let titleWords = 0;
    for (let d = 0; d < this.size; d++) if (this.isLive(d)) titleWords += wordsIn(this.products.title(d));
    const b = textBuilder(this.size, this.analyzer, titleWords, this.live);
    const fields = (['vendor', 'type', 'tag'] as const).map((source) => this.field(source));
    const spans = fields.map((f): ValueSpan => ({ vals: f.vals, from: 0, to: 0, keys: f.keys }));
    const [vendor, type, tags] = spans as [ValueSpan, ValueSpan, ValueSpan];
    for (let d = 0; d < this.size; d++) {
      if (!this.isLive(d)) continue;
      fields.forEach((f, i) => {
        const span = spans[i] as ValueSpan;
        span.from = f.offsets[d] as number;
        span.to = f.offsets[d + 1] as number;
      });
      b.add(d, this.products.get(d), vendor, type, tags);
    }
    return b;
  }

  /**
   * The most frequent completions (by document frequency, then term id) of every 1-3 character
   * prefix. Terms sharing a prefix are a contiguous run of the sorted dictionary, so each prefix
   * length is one walk over it keeping a bounded top list per run.
   */
  private buildPrefixTop(sorted: Uint32Array): void {
    const terms = this.terms;
    const better = this.better;
    for (let l = 1; l <= 3; l++) {
      let pre = '';
      let top: number[] = [];
      const flush = () => {
        if (top.length > 0) this.prefixTop.set(pre, Uint32Array.from(top));
      };
      for (let i = 0; i < sorted.length; i++) {
        const t = sorted[i] as number;
        const term = terms[t] as string;
        if (term.length <= l || this.derived[t] === 1) continue;
        if (!term.startsWith(pre) || pre.length !== l) {
          flush();
          pre = term.slice(0, l);
          top = [];
        }
        // Insert t into the top list (sorted best first), keeping at most PREFIX_EXPANSIONS.
        if (top.length === PREFIX_EXPANSIONS && !better(t, top[top.length - 1] as number)) continue;
        let k = top.length;
        if (k === PREFIX_EXPANSIONS) k--;
        while (k > 0 && better(t, top[k - 1] as number)) {
          top[k] = top[k - 1] as number;
          k--;
        }
        top[k] = t;
      }
      flush();
    }
  }

  df(term: number): number {
    return (this.textEnd[term] as number) - (this.textStart[term] as number);
  }

  /** The order of completions and corrections: more products first, then the term (as a fresh build of the same catalog orders them). */
  readonly better = (a: number, b: number): boolean => {
    const da = this.df(a);
    const db = this.df(b);
    return da > db || (da === db && (this.terms[a] as string) < (this.terms[b] as string));
  };

  /** Terms that start with `prefix` (not the prefix itself), most frequent first, at most PREFIX_EXPANSIONS. */
  completions(prefix: string): number[] {
    if (prefix.length <= 3) {
      if (this.dirtyPrefixes.has(prefix)) this.refreshPrefix(prefix);
      const top = this.prefixTop.get(prefix);
      return top ? [...top].filter((t) => this.terms[t] !== prefix) : [];
    }
    const s = this.sortedTerms;
    const found: number[] = [];
    for (let i = this.firstAtLeast(prefix); i < s.length && found.length < PREFIX_SCAN; i++) {
      const t = s[i] as number;
      const term = this.terms[t] as string;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix && this.derived[t] === 0 && this.df(t) > 0) found.push(t);
    }
    found.sort((a, b) => (this.better(a, b) ? -1 : 1));
    return found.slice(0, PREFIX_EXPANSIONS);
  }

  /** The position in sortedTerms of the first term not below `word` (binary search). */
  private firstAtLeast(word: string): number {
    const s = this.sortedTerms;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.terms[s[mid] as number] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The top completions of a short prefix computed again from its run of the sorted dictionary (after live updates). */
  private refreshPrefix(pre: string): void {
    this.dirtyPrefixes.delete(pre);
    const s = this.sortedTerms;
    const top: number[] = [];
    for (let i = this.firstAtLeast(pre); i < s.length; i++) {
      const t = s[i] as number;
      const term = this.terms[t] as string;
      if (!term.startsWith(pre)) break;
      if (term.length <= pre.length || this.derived[t] === 1 || this.df(t) === 0) continue;
      if (top.length === PREFIX_EXPANSIONS && !this.better(t, top[top.length - 1] as number)) continue;
      let k = Math.min(top.length, PREFIX_EXPANSIONS - 1);
      while (k > 0 && this.better(t, top[k - 1] as number)) {
        top[k] = top[k - 1] as number;
        k--;
      }
      top[k] = t;
    }
    if (top.length > 0) this.prefixTop.set(pre, Uint32Array.from(top));
    else this.prefixTop.delete(pre);
  }

  /**
   * Live updates in place: per changed slot, the product it held (null: none) and holds now
   * (null: deleted), in the order they happened, and the number of live products after them.
   * Each old product's terms lose the slot and each new one's gain it with its weights, new
   * words join the dictionary, and what depends on document frequencies (flags, the top
   * completions of short prefixes) follows, so the index answers as a fresh build of the same
   * catalog would. `keysOf` gives a product's values of a facet field (vendor, type, tag) as the
   * field emits them. False, with nothing changed, when it cannot: an index read from a snapshot
   * (it has no word counts), or a batch that moves the average title length to another step
   * (every title weight changes): the caller then builds the index again.
   */
  update(changes: ReadonlyArray<{ slot: number; before: CatalogProduct | null; after: CatalogProduct | null }>, live: number, keysOf: (source: string, p: CatalogProduct) => readonly string[]): boolean {
    if (!this.wordDocs || !this.plainDocs) return false;
    let titleWords = this.titleWords;
    for (const c of changes) titleWords += (c.after ? wordsIn(c.after.title) : 0) - (c.before ? wordsIn(c.before.title) : 0);
    if (averageTitle(titleWords, live) !== this.avgTitle) return false;
    this.titleWords = titleWords;
    if (!this.textCap) {
      this.textStart = this.textStart.slice();
      this.textEnd = this.textEnd.slice();
      this.textCap = this.textEnd.slice();
    }
    const touched = new Set<number>();
    const none: ReturnType<TextIndex['collect']> = { weights: new Map(), kinds: new Map() };
    for (const { slot, before, after } of changes) {
      const old = before ? this.collect(before, keysOf) : none;
      const now = after ? this.collect(after, keysOf) : none;
      // Terms the product keeps change their weight where they are (no list is shifted); the
      // others leave or join their lists. `touched`: terms whose frequency or flags change.
      for (const [t, kind] of old.kinds) {
        const w = now.weights.get(t);
        if (w === undefined) {
          this.removePosting(t, slot);
          this.count(t, kind, -1);
          touched.add(t);
          continue;
        }
        this.setWeight(this.positionIn(t, slot), w);
        const k = now.kinds.get(t) as number;
        if (k !== kind) {
          this.count(t, kind, -1);
          this.count(t, k, 1);
          touched.add(t);
        }
      }
      for (const [t, w] of now.weights) {
        if (old.kinds.has(t)) continue;
        this.insertPosting(t, slot, w);
        this.count(t, now.kinds.get(t) as number, 1);
        touched.add(t);
      }
      if (this.titles) this.titles[slot] = after ? foldedTitle(after.title) : '';
    }
    for (const t of touched) {
      const term = this.terms[t] as string;
      this.derived[t] = this.wordDocs[t] === 0 ? 1 : 0;
      this.skuOnly[t] = this.plainDocs[t] === 0 ? 1 : 0;
      if (this.derived[t] === 0 && !this.inBuckets.has(t) && !/^[0-9+]+$/.test(term)) {
        (this.termsByLength[term.length] ??= []).push(t);
        this.inBuckets.add(t);
      }
      for (let l = 1; l <= 3 && l < term.length; l++) this.dirtyPrefixes.add(term.slice(0, l));
    }
    this.sortUnsorted();
    this.typeNames = null;
    this.changes++;
    if (this.dead > Math.max(1 << 16, this.used / 2)) this.pack();
    return true;
  }

  /** The terms a live update added, merged into sortedTerms in one pass. */
  private sortUnsorted(): void {
    if (this.unsorted.length === 0) return;
    const terms = this.terms;
    const added = this.unsorted.sort((a, b) => ((terms[a] as string) < (terms[b] as string) ? -1 : 1));
    const old = this.sortedTerms;
    const sorted = new Uint32Array(old.length + added.length);
    // Each added term's place found by binary search, the old runs between them copied whole
    // (a few new words compare a few dozen strings, not one per term of the dictionary).
    let from = 0;
    for (let j = 0; j < added.length; j++) {
      const term = terms[added[j] as number] as string;
      let lo = from;
      let hi = old.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((terms[old[mid] as number] as string) < term) lo = mid + 1;
        else hi = mid;
      }
      sorted.set(old.subarray(from, lo), from + j);
      sorted[lo + j] = added[j] as number;
      from = lo;
    }
    sorted.set(old.subarray(from), from + added.length);
    this.sortedTerms = sorted;
    this.unsorted.length = 0;
  }

  /** Adds (sign 1) or removes (-1) one product's way of having a term (see wordDocs). */
  private count(t: number, kind: number, sign: 1 | -1): void {
    const words = this.wordDocs as Uint32Array;
    const plain = this.plainDocs as Uint32Array;
    words[t] = (words[t] as number) + sign * (kind & 1);
    plain[t] = (plain[t] as number) + sign * (kind >> 1);
  }

  /**
   * One product's terms as the build computes them (buildText, field by field in the same
   * order): each term's weight, and how the product has it (1: as a word, 2: as a word outside
   * SKUs). New words join the dictionary.
   */
  private collect(p: CatalogProduct, keysOf: (source: string, p: CatalogProduct) => readonly string[]): { weights: Map<number, number>; kinds: Map<number, number> } {
    const weights = new Map<number, number>();
    const best = new Map<number, number>();
    const kinds = new Map<number, number>();
    const addOne = (id: number, weight: number, kind: number) => {
      kinds.set(id, (kinds.get(id) ?? 0) | kind);
      const prev = weights.get(id);
      if (prev === undefined) {
        weights.set(id, weight);
        best.set(id, weight);
      } else {
        const b = Math.max(best.get(id) as number, weight);
        best.set(id, b);
        weights.set(id, Math.min(Math.max(prev, weight) + 0.125, b * 1.5));
      }
    };
    const add = (text: string, weight: number, sku: boolean, joins: boolean) => {
      const ids = tokenize(text).map((w) => this.intern(w));
      if (text.includes('+')) for (const w of tokenize(text, true)) if (w.includes('+')) ids.push(this.intern(w));
      const words = ids.length;
      if (joins && /[&\-/'.]/.test(text)) {
        for (const m of text.matchAll(JOINED)) {
          const joined = joinedForm(m[0]);
          if (joined !== null) ids.push(this.intern(joined));
        }
      }
      ids.forEach((id, i) => {
        addOne(id, weight, i < words ? (sku ? 1 : 3) : 0);
        const s = this.stemOf[id] as number;
        if (s >= 0) addOne(s, weight * STEM_WEIGHT, 0);
      });
    };
    add(p.title, titleWeightOf(p.title, this.avgTitle), false, true);
    for (const k of keysOf('vendor', p)) add(k, FIELD_WEIGHTS.vendor, false, true);
    for (const k of keysOf('type', p)) add(k, FIELD_WEIGHTS.type, false, true);
    const tags = keysOf('tag', p);
    for (const t of tags.length === p.tags.length ? tags : p.tags) add(t, FIELD_WEIGHTS.tag, false, true);
    for (const v of p.variants) if (v.sku) add(v.sku, FIELD_WEIGHTS.sku, true, false);
    for (const o of p.options) for (const val of o.values) add(val, FIELD_WEIGHTS.option, false, true);
    if (p.bodyHtml) add(description(p.bodyHtml), FIELD_WEIGHTS.description, false, false);
    return { weights, kinds };
  }

  /** The id of a word, added to the dictionary (with its stem) when new. */
  private intern(w: string): number {
    const id = this.lookup(w);
    return id !== -1 ? id : this.newTerm(w);
  }

  private newTerm(w: string): number {
    const id = this.terms.length;
    this.terms.push(w);
    if (id >= this.stemOf.length) {
      const cap = Math.max(16, id * 2);
      this.skuOnly = grown(this.skuOnly, cap);
      this.derived = grown(this.derived, cap);
      this.stemOf = grown(this.stemOf, cap);
      this.wordDocs = grown(this.wordDocs as Uint32Array, cap);
      this.plainDocs = grown(this.plainDocs as Uint32Array, cap);
    }
    if (id >= this.textStart.length) {
      const cap = Math.max(16, id * 2);
      // (A build's textStart is a view of its offsets: copied out.)
      const start = new Uint32Array(cap);
      start.set(this.textStart);
      this.textStart = start;
      this.textEnd = grown(this.textEnd, cap);
      this.textCap = grown(this.textCap as Uint32Array, cap);
    }
    this.skuOnly[id] = 1;
    this.derived[id] = 1;
    this.stemOf[id] = -1;
    this.textStart[id] = this.textEnd[id] = (this.textCap as Uint32Array)[id] = 0;
    if (this.terms.length * 2 > this.termSlots.length) {
      this.termSlots = new Int32Array(this.termSlots.length * 2).fill(-1);
      for (let t = 0; t < this.terms.length; t++) placeTerm(this.termSlots, this.terms[t] as string, t);
    } else placeTerm(this.termSlots, w, id);
    this.unsorted.push(id);
    const s = this.analyzer.stem(w);
    if (s !== w) this.stemOf[id] = this.intern(s);
    return id;
  }

  /** Where doc d is, or would go, in term t's list (binary search). */
  private positionIn(t: number, d: number): number {
    const docs = this.textDocs;
    let lo = this.textStart[t] as number;
    let hi = this.textEnd[t] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((docs[mid] as number) < d) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removePosting(t: number, d: number): void {
    const end = this.textEnd[t] as number;
    const k = this.positionIn(t, d);
    if (k === end || this.textDocs[k] !== d) return;
    this.textDocs.copyWithin(k, k + 1, end);
    (this.textWeightCodes ?? (this.textWeights as Float32Array)).copyWithin(k, k + 1, end);
    this.textEnd[t] = end - 1;
    const bits = this.textBits.get(t);
    if (bits) bits[d >>> 5] = (bits[d >>> 5] as number) & ~(1 << (d & 31));
  }

  private insertPosting(t: number, d: number, weight: number): void {
    const caps = this.textCap as Uint32Array;
    const start = this.textStart[t] as number;
    const end = this.textEnd[t] as number;
    let k = this.positionIn(t, d);
    if (end < (caps[t] as number)) {
      this.textDocs.copyWithin(k + 1, k, end);
      (this.textWeightCodes ?? (this.textWeights as Float32Array)).copyWithin(k + 1, k, end);
      this.textEnd[t] = end + 1;
    } else {
      // Full: the list moves to the end of the arrays, with room to grow.
      const n = end - start;
      const room = n + 1 + (n >> 2) + 2;
      this.reserve(room);
      const at = this.used;
      const weights = this.textWeightCodes ?? (this.textWeights as Float32Array);
      this.textDocs.copyWithin(at, start, k);
      this.textDocs.copyWithin(at + k - start + 1, k, end);
      weights.copyWithin(at, start, k);
      weights.copyWithin(at + k - start + 1, k, end);
      this.dead += (caps[t] as number) - start;
      k = at + k - start;
      this.textStart[t] = at;
      this.textEnd[t] = at + n + 1;
      caps[t] = at + room;
      this.used += room;
    }
    this.textDocs[k] = d;
    this.setWeight(k, weight);
    const bits = this.textBits.get(t);
    if (bits) setBit(bits, d);
  }

  /** Room for `n` more postings at the end of the arrays. */
  private reserve(n: number): void {
    if (this.used + n <= this.textDocs.length) return;
    const cap = Math.max(this.used + n, Math.ceil(this.textDocs.length * 1.25));
    this.textDocs = grown(this.textDocs, cap);
    if (this.textWeightCodes) this.textWeightCodes = grown(this.textWeightCodes, cap);
    if (this.textWeights) this.textWeights = grown(this.textWeights, cap);
  }

  /** A weight at position k: as a code while the table has room, else every weight as a float32. */
  private setWeight(k: number, weight: number): void {
    const codes = this.textWeightCodes;
    if (codes) {
      const table = this.weightCodes as WeightCodes;
      const size = table.size;
      const code = table.codeOf(weight);
      if (code >= 0) {
        codes[k] = code;
        if (table.size !== size) this.textWeightTable = table.table.slice(0, table.size);
        return;
      }
      const raw = new Float32Array(codes.length);
      for (let i = 0; i < this.used; i++) raw[i] = this.textWeightTable[codes[i] as number] as number;
      this.textWeights = raw;
      this.textWeightCodes = null;
    }
    (this.textWeights as Float32Array)[k] = weight;
  }

  /** Every list packed again in term order, without the room live updates left. */
  private pack(): void {
    const n = this.terms.length;
    let total = 0;
    for (let t = 0; t < n; t++) total += this.df(t);
    const docs = new Uint32Array(total);
    const from = this.textWeightCodes ?? (this.textWeights as Float32Array);
    const weights = this.textWeightCodes ? new Uint8Array(total) : new Float32Array(total);
    const start = new Uint32Array(n);
    const end = new Uint32Array(n);
    let at = 0;
    for (let t = 0; t < n; t++) {
      const b = this.textStart[t] as number;
      const e = this.textEnd[t] as number;
      docs.set(this.textDocs.subarray(b, e), at);
      weights.set(from.subarray(b, e), at);
      start[t] = at;
      at += e - b;
      end[t] = at;
    }
    this.textDocs = docs;
    if (weights instanceof Uint8Array) this.textWeightCodes = weights;
    else this.textWeights = weights;
    this.textStart = start;
    this.textEnd = end;
    this.textCap = end.slice();
    this.used = total;
    this.dead = 0;
  }
}

/** The postings of a text index: term t's are docs and weights from offsets[t] to offsets[t + 1], in increasing doc order. */
interface InvertedText {
  offsets: Uint32Array;
  docs: Uint32Array;
  /** Codes into weightCodes' table, or float32 weights when a catalog has more than 256. */
  weights: Uint8Array | Float32Array;
}

/** The dictionary and inverted postings a TextBuilder made (TextIndex.buildText takes them over). */
export interface BuiltText {
  terms: string[];
  termSlots: Int32Array;
  skuOnly: Uint8Array;
  derived: Uint8Array;
  stemOf: Int32Array;
  wordDocs: Uint32Array;
  plainDocs: Uint32Array;
  /** The postings (their length is `len`): inverted on the build thread when there is one, waited for here; else inverted here on first call. */
  inverted(): InvertedText;
  len: number;
  weightCodes: WeightCodes;
  titleWords: number;
  avgTitle: number;
}

/** A text index's build, handed the live products one at a time in slot order (see textBuilder). */
export interface TextBuilder {
  /** `written`: the string ids of the product's record (its option values are read there), when the store has just written it. */
  add(d: number, p: CatalogProduct, vendor: ValueSpan, type: ValueSpan, tags: ValueSpan, written?: WrittenIds): void;
  /** Ends the build; the postings' inversion starts on `thread` when given (the one the builder was made with). */
  finish(): BuiltText;
}

/**
 * The text index's build over `size` slots: each live product handed over once, in slot order,
 * with its vendor, type and tag values as their facet fields hold them (a build hands each one
 * over as the store writes it, while it is in the processor's cache: catalog-index.ts), then
 * the postings inverted. `titleWords`: the live products' title lengths in words (wordsIn)
 * summed, for the title weights' length normalisation.
 */
export function textBuilder(size: number, analyzer: Analyzer, titleWords: number, live: number, thread: BuildThread | null = null, memory: BufferFor | null = null): TextBuilder {
  // The (term, weight) pairs are in shared memory when a build thread inverts them; they and the
  // per-term arrays are in the build's `memory` when it has some (SharedBudget), else plain.
  const shared = memory ?? bufferFor(thread);
  const terms: string[] = [];
  const stem = analyzer.stem;
  /** Open addressing over `terms` by FNV-1a hash, at most half full (TextIndex.lookup reads it after). */
  let termSlots = new Int32Array(4096).fill(-1);
  const lookup = (word: string): number => lookupTerm(termSlots, terms, word);
  // 1 while a term has only been seen in SKUs; 1 while it is only a stem or joined form.
  let skuOnly = new Uint8Array(1024);
  let derived = new Uint8Array(1024);
  let stemOf = new Int32Array(1024);
  // Per term, the live products having it as a word, and as a word outside SKUs (see wordDocs).
  let wordDocs = new Uint32Array(1024);
  let plainDocs = new Uint32Array(1024);
  // How the current document has each term: 1 as a word, 2 as a word outside SKUs (or-ed).
  let docKind = new Uint8Array(1024);
  // Per-document accumulation in a flat array indexed by term id (no Map per document).
  let docWeight = new Float64Array(1024);
  // The best single field weight of each term in the current document (the cap of its weight).
  let docBest = new Float64Array(1024);
  const place = (w: string, sku: boolean, isDerived: boolean): number => {
    const id = terms.length;
    terms.push(w);
    if (id >= docWeight.length) {
      docWeight = grown(docWeight, id * 2, memory);
      docBest = grown(docBest, id * 2, memory);
      skuOnly = grown(skuOnly, id * 2, memory);
      derived = grown(derived, id * 2, memory);
      stemOf = grown(stemOf, id * 2, memory);
      wordDocs = grown(wordDocs, id * 2, memory);
      plainDocs = grown(plainDocs, id * 2, memory);
      docKind = grown(docKind, id * 2, memory);
    }
    skuOnly[id] = sku || isDerived ? 1 : 0;
    derived[id] = isDerived ? 1 : 0;
    stemOf[id] = -1;
    if (terms.length * 2 > termSlots.length) {
      termSlots = typedIn(Int32Array, termSlots.length * 2, memory).fill(-1);
      for (let t = 0; t < terms.length; t++) placeTerm(termSlots, terms[t] as string, t);
    } else placeTerm(termSlots, w, id);
    return id;
  };
  /** A new term, with its stem (a derived term when the catalog has no such word) linked. */
  const addTerm = (w: string, sku: boolean, isDerived = false): number => {
    const id = place(w, sku, isDerived);
    const s = stem(w);
    if (s !== w) {
      let sid = lookup(s);
      if (sid === -1) sid = place(s, sku, true);
      stemOf[id] = sid;
    }
    return id;
  };
  // A term seen as a word of the catalog is no longer derived (nor SKU-only, when not in a SKU).
  const seen = (id: number, sku: boolean, isDerived: boolean) => {
    if (isDerived) return;
    derived[id] = 0;
    if (!sku) skuOnly[id] = 0;
  };
  const intern = (w: string, sku: boolean, isDerived = false): number => {
    const id = lookup(w);
    if (id === -1) return addTerm(w, sku, isDerived);
    seen(id, sku, isDerived);
    return id;
  };
  // Term ids of the current text, in a reused buffer: its words, then its joined forms.
  let ids = new Uint32Array(64);
  let count = 0;
  let wordCount = 0;
  const push = (id: number) => {
    if (count === ids.length) ids = grown(ids, count * 2);
    ids[count++] = id;
  };
  // The words of a plain-ASCII text without '+' (what tokenize() yields for it), looked up in
  // one pass over its characters, with no lowercased copy or substring per word. False for any
  // other text, which takes the general path.
  // (`kept`: the words of the previous text in ids that this one starts with, up to where
  // the last of them ends, ends[kept - 1]: see skuTerms.)
  let ends = new Uint32Array(64);
  const asciiTerms = (text: string, sku: boolean, kept = 0): boolean => {
    const from = kept > 0 ? (ends[kept - 1] as number) : 0;
    count = kept;
    const n = text.length;
    for (let i = from; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128 || c === 43) return false;
    }
    let i = from;
    while (i < n) {
      if (!isAsciiWordChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (!isAsciiWordChar(c)) break;
        h = Math.imul(h ^ (c | (c <= 90 ? 32 : 0)), FNV_PRIME);
      }
      const len = i - start;
      const slots = termSlots;
      const mask = slots.length - 1;
      let slot = (h >>> 0) & mask;
      let id = slots[slot] as number;
      while (id !== -1 && !sameLowerAscii(terms[id] as string, text, start, len)) {
        slot = (slot + 1) & mask;
        id = slots[slot] as number;
      }
      if (id === -1) id = addTerm(text.slice(start, i).toLowerCase(), sku);
      else seen(id, sku, false);
      push(id);
      if (count > ends.length) ends = grown(ends, ids.length);
      ends[count - 1] = i;
    }
    return true;
  };
  // A product's SKUs mostly share their leading words (S-1042-1, S-1042-2): the words of the
  // product's previous plain-ASCII SKU that end before the first character the two differ in
  // (and its word ids, still in ids) are this SKU's too; only the rest is read.
  let lastSku = '';
  let lastWords = 0;
  const skuTerms = (text: string): void => {
    let kept = 0;
    if (lastSku !== '') {
      const m = Math.min(lastSku.length, text.length);
      let same = 0;
      while (same < m && lastSku.charCodeAt(same) === text.charCodeAt(same)) same++;
      while (kept < lastWords && (ends[kept] as number) < same) kept++;
    }
    if (asciiTerms(text, true, kept)) {
      lastSku = text;
      lastWords = count;
      wordCount = count;
    } else {
      lastSku = '';
      termsOf(text, true, false);
    }
  };
  const termsOf = (text: string, sku: boolean, joins = true): void => {
    if (!asciiTerms(text, sku)) {
      count = 0;
      for (const w of tokenize(text)) push(intern(w, sku));
      if (text.includes('+')) for (const w of tokenize(text, true)) if (w.includes('+')) push(intern(w, sku));
    }
    wordCount = count;
    if (joins) joinedTerms(text, sku);
  };
  // Words joined by a symbol, also as one word: AT&T -> att, USB-C -> usbc, Men's -> mens (not
  // two numbers joined by "." or "/", which would make a new number: 3.5 stays 3 and 5).
  const joinedTerms = (text: string, sku: boolean): void => {
    if (!/[&\-/'.]/.test(text)) return;
    for (const m of text.matchAll(JOINED)) {
      const joined = joinedForm(m[0]);
      if (joined !== null) push(intern(joined, sku, true));
    }
  };
  // Term ids per distinct source string (vendors, types, tags, option values), computed once.
  // (The last entry of a cached list is how many of the ids before it are words.)
  const cache = new Map<string, Uint32Array>();
  const cachedTerms = (text: string): Uint32Array => {
    let found = cache.get(text);
    if (found === undefined) {
      termsOf(text, false);
      found = new Uint32Array(count + 1);
      found.set(ids.subarray(0, count));
      found[count] = wordCount;
      if (cache.size < TOKEN_CACHE) cache.set(text, found);
    }
    return found;
  };
  // (term, weight) pairs of each document in turn, in growable typed buffers (no garbage of
  // boxed numbers); document d owns pairs docStart[d] .. docStart[d + 1].
  const docStart = new Uint32Array(shared((size + 1) * 4));
  let cap = Math.max(1024, size * 2);
  let tTerm = new Uint32Array(shared(cap * 4));
  // Weights take few distinct values: stored as one-byte codes into a table of float32 values,
  // or as float32 values when a catalog has more than 256 of them.
  const weightCodes = new WeightCodes();
  let tCode: Uint8Array | null = new Uint8Array(shared(cap));
  let tRaw: Float32Array | null = null;
  let len = 0;
  // The terms the current document has, in a reused typed buffer (an array emptied per document
  // would let its storage go and allocate it again).
  let touched = new Uint32Array(256);
  let nTouched = 0;
  const addOne = (id: number, weight: number, kind: number) => {
    docKind[id] = (docKind[id] as number) | kind;
    const prev = docWeight[id] as number;
    if (prev === 0) {
      if (nTouched === touched.length) touched = grown(touched, nTouched * 2);
      touched[nTouched++] = id;
      docWeight[id] = docBest[id] = weight;
    } else {
      // The best field counts; each further occurrence adds an eighth, up to 1.5 x the best
      // (a saturating term frequency, as BM25's k1).
      const best = Math.max(docBest[id] as number, weight);
      docBest[id] = best;
      docWeight[id] = Math.min(Math.max(prev, weight) + 0.125, best * 1.5);
    }
  };
  // The first `words` ids are words of the text (in SKUs when `sku`), the rest joined forms.
  const add = (list: Uint32Array, n: number, words: number, weight: number, sku: boolean) => {
    const kind = sku ? 1 : 3;
    for (let i = 0; i < n; i++) {
      const id = list[i] as number;
      addOne(id, weight, i < words ? kind : 0);
      const s = stemOf[id] as number;
      if (s >= 0) addOne(s, weight * STEM_WEIGHT, 0);
    }
  };
  const addText = (text: string, weight: number, sku: boolean, joins = true) => {
    termsOf(text, sku, joins);
    add(ids, count, wordCount, weight, sku);
  };
  const addCached = (text: string, weight: number) => {
    const list = cachedTerms(text);
    add(list, list.length - 1, list[list.length - 1] as number, weight, false);
  };
  // Vendor, type and tags come from their facet fields' forward indexes (filled as each product
  // is visited): one lookup per distinct value instead of one per product.
  const fieldTerms = () => {
    const memo: Array<Uint32Array | undefined> = [];
    return (span: ValueSpan, weight: number): void => {
      for (let k = span.from; k < span.to; k++) {
        const key = span.vals[k] as number;
        const list = (memo[key] ??= cachedTerms(span.keys[key] as string));
        add(list, list.length - 1, list[list.length - 1] as number, weight, false);
      }
    };
  };
  const vendorTerms = fieldTerms();
  const typeTerms = fieldTerms();
  const tagTerms = fieldTerms();
  const avgTitle = averageTitle(titleWords, live);
  // Slots before `next` have their pairs (free slots none).
  let next = 0;
  // Option values by the store's string id (a written product's), computed once per id.
  const byString: Array<Uint32Array | undefined> = [];
  const addProduct = (d: number, p: CatalogProduct, vendor: ValueSpan, type: ValueSpan, tags: ValueSpan, written?: WrittenIds): void => {
    for (; next <= d; next++) docStart[next] = len;
    // Titles are mostly unique: tokenised directly rather than cached.
    addText(p.title, weightForLength(wordsIn(p.title), avgTitle), false);
    vendorTerms(vendor, FIELD_WEIGHTS.vendor);
    typeTerms(type, FIELD_WEIGHTS.type);
    // The field keeps a tag once per product: a product listing a tag twice takes the plain path.
    if (tags.to - tags.from === p.tags.length) tagTerms(tags, FIELD_WEIGHTS.tag);
    else for (const t of p.tags) addCached(t, FIELD_WEIGHTS.tag);
    lastSku = '';
    for (const v of p.variants) {
      if (!v.sku) continue;
      skuTerms(v.sku);
      add(ids, count, wordCount, FIELD_WEIGHTS.sku, true);
    }
    if (written?.lists) {
      const { values, strings } = written;
      const end = written.nameCount === 0 ? 0 : (written.valueEnds[written.nameCount - 1] as number);
      for (let k = 0; k < end; k++) {
        const s = values[k] as number;
        const list = (byString[s] ??= cachedTerms(strings[s] as string));
        add(list, list.length - 1, list[list.length - 1] as number, FIELD_WEIGHTS.option, false);
      }
    } else for (const o of p.options) for (const val of o.values) addCached(val, FIELD_WEIGHTS.option);
    // SKUs and descriptions without joined forms (a SKU's parts are searched as words).
    if (p.bodyHtml) addText(description(p.bodyHtml), FIELD_WEIGHTS.description, false, false);
    if (len + nTouched > cap) {
      // Grow to the size projected from the documents so far (typed arrays are allocated
      // outside the V8 heap, and large transient ones bring on full garbage collections).
      cap = Math.max(Math.ceil(cap * 1.25), len + nTouched, Math.ceil(((len + nTouched) / (d + 1)) * size * 1.05));
      tTerm = grown(tTerm, cap, shared);
      if (tCode) tCode = grown(tCode, cap, shared);
      if (tRaw) tRaw = grown(tRaw, cap, shared);
    }
    for (let j = 0; j < nTouched; j++) {
      const t = touched[j] as number;
      const kind = docKind[t] as number;
      wordDocs[t] = (wordDocs[t] as number) + (kind & 1);
      plainDocs[t] = (plainDocs[t] as number) + (kind >> 1);
      docKind[t] = 0;
      const w = docWeight[t] as number;
      tTerm[len] = t;
      if (tCode) {
        const code = weightCodes.codeOf(w);
        if (code >= 0) tCode[len] = code;
        else {
          tRaw = new Float32Array(shared(cap * 4));
          for (let i = 0; i < len; i++) tRaw[i] = weightCodes.table[tCode[i] as number] as number;
          tCode = null;
        }
      }
      if (tRaw) tRaw[len] = w;
      len++;
      docWeight[t] = 0;
      docBest[t] = 0;
    }
    nTouched = 0;
  };
  const finish = (): BuiltText => {
    for (; next <= size; next++) docStart[next] = len;
    const nTerms = terms.length;
    const from = (tCode ?? tRaw) as Uint8Array | Float32Array;
    const arrays = (memory: typeof shared): InvertedText => ({
      offsets: new Uint32Array(memory((nTerms + 1) * 4)),
      docs: new Uint32Array(memory(len * 4)),
      weights: tCode ? new Uint8Array(memory(len)) : new Float32Array(memory(len * 4)),
    });
    let out = arrays(shared);
    const wait = thread?.run(invertPairs, [size, nTerms, docStart, tTerm, from, out.offsets, out.docs, out.weights] as const);
    let done = false;
    const inverted = (): InvertedText => {
      if (!done) {
        // Here when there is no thread, or when it failed (in arrays of this thread's own: a
        // thread that stopped answering may still write to the shared ones).
        if (!wait?.()) {
          if (wait) out = arrays(bufferFor(null));
          invertPairs(() => undefined, size, nTerms, docStart, tTerm, from, out.offsets, out.docs, out.weights);
        }
        done = true;
      }
      return out;
    };
    return { terms, termSlots, skuOnly: cut(skuOnly, nTerms, memory), derived: cut(derived, nTerms, memory), stemOf: cut(stemOf, nTerms, memory), wordDocs: cut(wordDocs, nTerms, memory), plainDocs: cut(plainDocs, nTerms, memory), inverted, len, weightCodes, titleWords, avgTitle };
  };
  return { add: addProduct, finish };
}

/**
 * Inverts a build's (term, weight) pairs, document d's from docStart[d] to docStart[d + 1], by
 * counting sort on the term into `offsets` (zeroed, nTerms + 1), `docs` and `weights` (the
 * pairs' count): postings come out in increasing doc order. Run on a build thread when there is
 * one, so it reads nothing but its arguments (see build-thread.ts).
 */
function invertPairs(tick: () => void, size: number, nTerms: number, docStart: Uint32Array, terms: Uint32Array, from: Uint8Array | Float32Array, offsets: Uint32Array, docs: Uint32Array, weights: Uint8Array | Float32Array): void {
  const len = docStart[size] as number;
  for (let i = 0; i < len; i++) {
    if ((i & 0xfffff) === 0) tick();
    const t = terms[i] as number;
    offsets[t + 1] = (offsets[t + 1] as number) + 1;
  }
  for (let t = 0; t < nTerms; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
  tick();
  const fill = offsets.slice(0, nTerms);
  for (let d = 0; d < size; d++) {
    if ((d & 0xffff) === 0) tick();
    const end = docStart[d + 1] as number;
    for (let i = docStart[d] as number; i < end; i++) {
      const t = terms[i] as number;
      const k = fill[t] as number;
      docs[k] = d;
      weights[k] = from[i] as number;
      fill[t] = k + 1;
    }
  }
}

/** Words of a title as the title weight counts them (spaces + 1). */
export function wordsIn(t: string): number {
  let n = 1;
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) === 32) n++;
  return n;
}

/** A title's field weight: FIELD_WEIGHTS.title scaled by its length against the average (BM25's length normalisation). */
function titleWeightOf(t: string, avgTitle: number): number {
  return weightForLength(wordsIn(t), avgTitle);
}

/** The title weight of a title of `words` words. */
function weightForLength(words: number, avgTitle: number): number {
  return FIELD_WEIGHTS.title / (1 - TITLE_NORM + (TITLE_NORM * words) / avgTitle);
}

/** The indexed part of a description: HTML stripped, at most DESCRIPTION_CHARS. */
function description(html: string): string {
  return stripHtml(html.length > 4 * DESCRIPTION_CHARS ? html.slice(0, 4 * DESCRIPTION_CHARS) : html).slice(0, DESCRIPTION_CHARS);
}

/** A title's words joined by single spaces, with a leading space (phrase matches). */
function foldedTitle(title: string): string {
  return ` ${tokenize(title).join(' ')}`;
}

/**
 * The one word a symbol-joined chunk stands for (AT&T -> att), or null: not for two numbers
 * joined by a symbol, which would make a new number (3.5 is not 35).
 */
export function joinedForm(chunk: string): string | null {
  const parts = tokenize(chunk);
  if (parts.length < 2) return null;
  for (let k = 1; k < parts.length; k++) if (/^\d/.test(parts[k] as string) && /\d$/.test(parts[k - 1] as string)) return null;
  return parts.join('');
}

/** How many dictionary terms a prefix expands to at most, and how far a long-prefix range is scanned. */
export const PREFIX_EXPANSIONS = 24;
const PREFIX_SCAN = 512;
/** Distinct strings whose term ids are remembered while the text index is built. */
const TOKEN_CACHE = 1 << 17;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Letters and digits of ASCII: 0-9, A-Z, a-z. */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

/** FNV-1a over text[start .. start + len), ASCII capitals hashed as lower case. */
function hashWord(text: string, start: number, len: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < start + len; i++) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ (c | (c >= 65 && c <= 90 ? 32 : 0)), FNV_PRIME);
  }
  return h >>> 0;
}

/** Whether `term` equals text[start .. start + len) lowercased (ASCII letters and digits only). */
function sameLowerAscii(term: string, text: string, start: number, len: number): boolean {
  if (term.length !== len) return false;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(start + i);
    if (term.charCodeAt(i) !== (c | (c <= 90 && c >= 65 ? 32 : 0))) return false;
  }
  return true;
}

/** Codes (0-255) for distinct float32 weights, by open addressing on their bits. */
class WeightCodes {
  readonly table = new Float32Array(256);
  size = 0;
  private readonly bits = new Uint32Array(this.table.buffer);
  private readonly slots = new Int16Array(1024).fill(-1);
  private readonly f32 = new Float32Array(1);
  private readonly f32Bits = new Uint32Array(this.f32.buffer);

  /** The code of fround(w), or -1 when 256 codes are taken. */
  codeOf(w: number): number {
    this.f32[0] = w;
    const b = this.f32Bits[0] as number;
    let i = Math.imul(b, 0x9e3779b1) >>> 22;
    for (;;) {
      const c = this.slots[i] as number;
      if (c === -1) break;
      if (this.bits[c] === b) return c;
      i = (i + 1) & 1023;
    }
    if (this.size === 256) return -1;
    const code = this.size++;
    this.bits[code] = b;
    this.slots[i] = code;
    return code;
  }
}

/** The id of `word` in a dictionary's slots (linear probing), or -1. */
function lookupTerm(slots: Int32Array, terms: readonly string[], word: string): number {
  const mask = slots.length - 1;
  let i = hashWord(word, 0, word.length) & mask;
  let id = slots[i] as number;
  while (id !== -1 && terms[id] !== word) {
    i = (i + 1) & mask;
    id = slots[i] as number;
  }
  return id;
}

/** Puts term id `id` into its slot (linear probing). */
function placeTerm(slots: Int32Array, term: string, id: number): void {
  const mask = slots.length - 1;
  let i = hashWord(term, 0, term.length) & mask;
  while (slots[i] !== -1) i = (i + 1) & mask;
  slots[i] = id;
}
