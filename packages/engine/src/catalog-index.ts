// The in-memory index over a catalog, built once: posting lists and dense bitsets per facet value,
// a forward index (CSR) per facet for counting small result sets, typed arrays for the numbers,
// sort permutations, and a term dictionary with weighted postings for text search.
import { fromPostings, hasBit, wordsFor, fullBitset, type Bitset } from './bitset';
import type { Catalog, CatalogCollection, CatalogOption, CatalogProduct } from './catalog';
import { compareNatural, foldText, tokenize } from './text';

/** One facet field: its distinct values with posting lists, dense bitsets and a forward index. */
export interface TermField {
  keys: string[];
  keyIndex: Map<string, number>;
  postings: Uint32Array[];
  /** A bitset for values frequent enough that it is not larger than the posting list. */
  bitsets: Array<Bitset | null>;
  /** Forward index: the values of doc d are vals[offsets[d] .. offsets[d + 1]). */
  offsets: Uint32Array;
  vals: Uint32Array;
  /** Estimated cost of counting every value through postings / bitsets. */
  postingCost: number;
  /** Natural-order rank of every key (F3.7 key-asc), computed on first use. */
  keyRank?: Uint32Array;
}

/** The natural-order rank of a field's keys, computed once per field. */
export function keyRanks(field: TermField): Uint32Array {
  if (!field.keyRank) {
    const ids = field.keys.map((_, i) => i).sort((a, b) => compareNatural(field.keys[a] as string, field.keys[b] as string));
    const rank = new Uint32Array(field.keys.length);
    ids.forEach((id, r) => (rank[id] = r));
    field.keyRank = rank;
  }
  return field.keyRank;
}


export type NumberField = 'price' | 'priceMax' | 'compareAt' | 'percentSale' | 'weight' | 'rating' | 'created' | 'published' | 'sales';

/** Field weights for relevance: a match in the title counts most. */
export const FIELD_WEIGHTS = { title: 6, sku: 5, vendor: 3, type: 3, tag: 2, option: 1 } as const;

export class CatalogIndex {
  readonly size: number;
  readonly words: number;
  readonly products: readonly CatalogProduct[];
  readonly all: Bitset;
  readonly available: Bitset;
  readonly numbers: Record<NumberField, Float64Array>;
  /** Every variant price, CSR by product, for `variants_price`. */
  readonly variantPriceOffsets: Uint32Array;
  readonly variantPrices: Float64Array;
  readonly collectionsByHandle = new Map<string, CatalogCollection>();
  readonly collectionsById = new Map<string, CatalogCollection>();
  private byId: Map<string, number> | null = null;
  private byHandle: Map<string, number> | null = null;
  /** Title sort rank (natural, case-insensitive); ties keep catalog order. */
  readonly titleRank: Uint32Array;
  /** floor(rating) 1..5, 0 without reviews. */
  readonly ratingFloor: Uint8Array;
  /** Precomputed per-option data (bucket bitsets, whole-catalog answers), keyed by the engine. */
  readonly memo = new Map<string, unknown>();

  private readonly fields = new Map<string, TermField>();
  private readonly orders = new Map<string, Uint32Array>();

  // Text search.
  readonly termIds = new Map<string, number>();
  readonly terms: string[] = [];
  /** Text postings in CSR form: term t covers textDocs/textWeights[textOffsets[t] .. textOffsets[t + 1]). */
  textOffsets: Uint32Array = new Uint32Array(1);
  /** Bitsets of the frequent terms (at least one document in 16). */
  readonly textBits = new Map<number, Bitset>();
  /** 1 for terms that occur only in SKUs (never offered as completions in suggest). */
  skuOnly: Uint8Array = new Uint8Array(0);
  textDocs: Uint32Array = new Uint32Array(0);
  textWeights: Float32Array = new Float32Array(0);
  /** Term ids sorted by term, for prefix ranges. */
  readonly sortedTerms: Uint32Array;
  /** Term ids grouped by term length (in UTF-16 units), for typo scans. */
  readonly termsByLength: number[][] = [];
  /** The most frequent completions of every 1-3 character prefix. */
  private readonly prefixTop = new Map<string, Uint32Array>();
  /** Per-query scratch buffers of catalog size, always left zeroed after use. */
  readonly scratch: { wordScore: Float64Array; totalScore: Float64Array; hits: Uint8Array };

  constructor(readonly catalog: Catalog) {
    const products = catalog.products;
    this.products = products;
    const n = products.length;
    this.size = n;
    this.words = wordsFor(n);
    this.all = fullBitset(n);
    this.scratch = { wordScore: new Float64Array(n), totalScore: new Float64Array(n), hits: new Uint8Array(n) };
    for (const c of catalog.collections ?? []) {
      this.collectionsByHandle.set(c.handle, c);
      this.collectionsById.set(c.id, c);
    }
    const mk = () => new Float64Array(n);
    this.numbers = { price: mk(), priceMax: mk(), compareAt: mk(), percentSale: mk(), weight: mk(), rating: mk(), created: mk(), published: mk(), sales: mk() };
    const avail: number[] = [];
    let variantCount = 0;
    for (const p of products) variantCount += p.variants.length;
    this.variantPriceOffsets = new Uint32Array(n + 1);
    this.variantPrices = new Float64Array(variantCount);
    let vp = 0;
    for (let d = 0; d < n; d++) {
      const p = products[d] as CatalogProduct;
      const s = productStats(p);
      this.numbers.price[d] = s.priceMin;
      this.numbers.priceMax[d] = s.priceMax;
      this.numbers.compareAt[d] = s.compareAtMin ?? NaN;
      this.numbers.percentSale[d] = s.percentSale;
      this.numbers.weight[d] = s.weightMin;
      this.numbers.rating[d] = p.rating;
      this.numbers.created[d] = Date.parse(p.createdAt) || 0;
      this.numbers.published[d] = Date.parse(p.publishedAt) || 0;
      this.numbers.sales[d] = p.sales;
      if (s.available) avail.push(d);
      this.variantPriceOffsets[d] = vp;
      for (const v of p.variants) this.variantPrices[vp++] = v.price;
    }
    this.variantPriceOffsets[n] = vp;
    this.available = fromPostings(n, avail);

    // Rank distinct titles once (natural order), then give every product its title's rank.
    const distinct = [...new Set(products.map((p) => p.title))].sort(compareNatural);
    const rankOf = new Map(distinct.map((t, i) => [t, i]));
    this.titleRank = new Uint32Array(n);
    for (let d = 0; d < n; d++) this.titleRank[d] = rankOf.get((products[d] as CatalogProduct).title) ?? 0;
    this.ratingFloor = new Uint8Array(n);
    for (let d = 0; d < n; d++) {
      const r = this.numbers.rating[d] as number;
      this.ratingFloor[d] = r > 0 ? Math.min(5, Math.floor(r)) : 0;
    }

    this.sortedTerms = this.buildText();
  }

  /** Position of a product by id (the first one wins), built on first use. */
  get productById(): Map<string, number> {
    if (!this.byId) {
      const m = new Map<string, number>();
      this.products.forEach((p, d) => m.has(p.id) || m.set(p.id, d));
      this.byId = m;
    }
    return this.byId;
  }

  /** Position of a product by handle (the first one wins), built on first use. */
  get productByHandle(): Map<string, number> {
    if (!this.byHandle) {
      const m = new Map<string, number>();
      this.products.forEach((p, d) => m.has(p.handle) || m.set(p.handle, d));
      this.byHandle = m;
    }
    return this.byHandle;
  }

  // ---------------------------------------------------------------- facet fields

  /**
   * The facet field for a source: `vendor`, `type`, `title`, `tag`, `collection`, `stock`,
   * `option:<name>`, `option-available:<name>`, `mlt:<prefix>`, `metafield:<ns.key>`.
   * Built on first use and kept.
   */
  field(source: string): TermField {
    let f = this.fields.get(source);
    if (!f) {
      f = source === 'stock'
        ? this.buildField((_p, d, emit) => emit(hasBit(this.available, d) ? 'in-stock' : 'out-of-stock'))
        : this.buildField(visitorFor(source, this));
      this.fields.set(source, f);
    }
    return f;
  }

  private buildField(visit: (p: CatalogProduct, d: number, emit: (key: string) => void) => void): TermField {
    const n = this.size;
    const keys: string[] = [];
    const keyIndex = new Map<string, number>();
    const lists: number[][] = [];
    const offsets = new Uint32Array(n + 1);
    const fwd: number[] = [];
    let stamp = new Int32Array(64).fill(-1);
    let d = 0;
    const emit = (key: string) => {
      let id = keyIndex.get(key);
      if (id === undefined) {
        id = keys.length;
        keys.push(key);
        keyIndex.set(key, id);
        lists.push([]);
        if (id >= stamp.length) {
          const bigger = new Int32Array(stamp.length * 2).fill(-1);
          bigger.set(stamp);
          stamp = bigger;
        }
      }
      if (stamp[id] === d) return;
      stamp[id] = d;
      (lists[id] as number[]).push(d);
      fwd.push(id);
    };
    for (d = 0; d < n; d++) {
      offsets[d] = fwd.length;
      visit(this.products[d] as CatalogProduct, d, emit);
    }
    offsets[n] = fwd.length;
    const postings = lists.map((l) => Uint32Array.from(l));
    const bitsets = postings.map((p) => (p.length >= this.words ? fromPostings(n, p) : null));
    let postingCost = 0;
    for (const p of postings) postingCost += p.length >= this.words ? this.words * 2 : p.length;
    return { keys, keyIndex, postings, bitsets, offsets, vals: Uint32Array.from(fwd), postingCost };
  }

  // ---------------------------------------------------------------- sorting

  /** Product positions in the order of a sort key; built on first use and kept. */
  order(key: string): Uint32Array {
    let o = this.orders.get(key);
    if (!o) {
      o = this.buildOrder(key);
      this.orders.set(key, o);
    }
    return o;
  }

  private buildOrder(key: string): Uint32Array {
    const n = this.size;
    const ids = new Uint32Array(n);
    for (let i = 0; i < n; i++) ids[i] = i;
    const num = this.numbers;
    const by = (arr: ArrayLike<number>, dir: 1 | -1) => (a: number, b: number) => {
      const x = arr[a] as number;
      const y = arr[b] as number;
      return x === y ? a - b : x < y ? -dir : dir;
    };
    switch (key) {
      case 'price-ascending': return ids.sort(by(num.price, 1));
      case 'price-descending': return ids.sort(by(num.price, -1));
      case 'title-ascending': return ids.sort(by(this.titleRank, 1));
      case 'title-descending': return ids.sort(by(this.titleRank, -1));
      case 'created-ascending': return ids.sort(by(num.created, 1));
      case 'created-descending': return ids.sort(by(num.created, -1));
      case 'published-ascending': return ids.sort(by(num.published, 1));
      case 'published-descending': return ids.sort(by(num.published, -1));
      case 'sale-ascending': return ids.sort(by(num.percentSale, 1));
      case 'sale-descending': return ids.sort(by(num.percentSale, -1));
      case 'review-ratings-ascending': return ids.sort(by(num.rating, 1));
      case 'review-ratings-descending': return ids.sort(by(num.rating, -1));
      case 'best-selling': return ids.sort(by(num.sales, -1));
      case 'weight-ascending': return ids.sort(by(num.weight, 1));
      default: return ids; // manual, relevance without a term: catalog order
    }
  }

  // ---------------------------------------------------------------- text

  private buildText(): Uint32Array {
    // Flat (term, doc, weight) triples; a token cache avoids re-tokenising repeated strings
    // (vendors, types, tags and option values repeat across thousands of products).
    const tokenCache = new Map<string, string[]>();
    const tokensOf = (text: string): string[] => {
      const t = tokenize(text);
      if (text.includes('+')) for (const w of tokenize(text, true)) if (w.includes('+')) t.push(w);
      return t;
    };
    const tokens = (text: string, cache: boolean): string[] => {
      if (!cache) return tokensOf(text);
      let t = tokenCache.get(text);
      if (!t) {
        t = tokensOf(text);
        if (tokenCache.size < 50_000) tokenCache.set(text, t);
      }
      return t;
    };
    // Growable typed buffers for the triples: no garbage of boxed numbers.
    let cap = Math.max(1024, this.size * 8);
    let tTerm = new Uint32Array(cap);
    let tDoc = new Uint32Array(cap);
    let tWeight = new Float32Array(cap);
    let len = 0;
    // Per-document accumulation in flat arrays indexed by term id (no Map per document).
    let docWeight = new Float64Array(1024);
    const touched: number[] = [];
    const fromSku: boolean[] = [];
    const add = (text: string, weight: number, cache = true) => {
      const sku = weight === FIELD_WEIGHTS.sku;
      for (const w of tokens(text, cache)) {
        let id = this.termIds.get(w);
        if (id === undefined) {
          id = this.terms.length;
          this.terms.push(w);
          this.termIds.set(w, id);
          fromSku.push(sku);
          if (id >= docWeight.length) {
            const bigger = new Float64Array(docWeight.length * 2);
            bigger.set(docWeight);
            docWeight = bigger;
          }
        } else if (!sku) fromSku[id] = false;
        const prev = docWeight[id] as number;
        if (prev === 0) {
          touched.push(id);
          docWeight[id] = weight;
        } else {
          // The best field counts; each further occurrence adds a little (a capped term frequency).
          docWeight[id] = Math.max(prev, weight) + 0.1;
        }
      }
    };
    for (let d = 0; d < this.size; d++) {
      const p = this.products[d] as CatalogProduct;
      add(p.title, FIELD_WEIGHTS.title, false);
      add(p.vendor, FIELD_WEIGHTS.vendor);
      add(p.productType, FIELD_WEIGHTS.type);
      for (const t of p.tags) add(t, FIELD_WEIGHTS.tag);
      for (const v of p.variants) if (v.sku) add(v.sku, FIELD_WEIGHTS.sku, false);
      for (const o of p.options) for (const val of o.values) add(val, FIELD_WEIGHTS.option);
      if (len + touched.length > cap) {
        cap = Math.max(cap * 2, len + touched.length);
        const grow = <T extends Uint32Array | Float32Array>(a: T, make: (n: number) => T): T => {
          const b = make(cap);
          b.set(a);
          return b;
        };
        tTerm = grow(tTerm, (n) => new Uint32Array(n));
        tDoc = grow(tDoc, (n) => new Uint32Array(n));
        tWeight = grow(tWeight, (n) => new Float32Array(n));
      }
      for (const t of touched) {
        tTerm[len] = t;
        tDoc[len] = d;
        tWeight[len] = docWeight[t] as number;
        len++;
        docWeight[t] = 0;
      }
      touched.length = 0;
    }
    // Invert by counting sort on the term: postings come out in increasing doc order.
    const nTerms = this.terms.length;
    const offsets = new Uint32Array(nTerms + 1);
    for (let i = 0; i < len; i++) {
      const t = tTerm[i] as number;
      offsets[t + 1] = (offsets[t + 1] as number) + 1;
    }
    for (let t = 0; t < nTerms; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
    const docs = new Uint32Array(len);
    const weights = new Float32Array(len);
    const fill = offsets.slice(0, nTerms);
    for (let i = 0; i < len; i++) {
      const t = tTerm[i] as number;
      const k = fill[t] as number;
      docs[k] = tDoc[i] as number;
      weights[k] = tWeight[i] as number;
      fill[t] = k + 1;
    }
    this.skuOnly = Uint8Array.from(fromSku, (b) => (b ? 1 : 0));
    this.textOffsets = offsets;
    this.textDocs = docs;
    this.textWeights = weights;
    // Frequent terms also get a bitset, for counting unions without scoring (suggest).
    for (let t = 0; t < nTerms; t++) {
      const n = (offsets[t + 1] as number) - (offsets[t] as number);
      if (n >= this.words * 2) this.textBits.set(t, fromPostings(this.size, docs.subarray(offsets[t] as number, offsets[t + 1] as number)));
    }
    const sorted = Uint32Array.from(this.terms.keys());
    sorted.sort((a, b) => ((this.terms[a] as string) < (this.terms[b] as string) ? -1 : 1));
    for (let t = 0; t < nTerms; t++) {
      const term = this.terms[t] as string;
      // Numbers (SKU parts, sizes) are never typo-corrected, so they stay out of the typo buckets.
      if (/^[0-9+]+$/.test(term)) continue;
      (this.termsByLength[term.length] ??= []).push(t);
    }
    // Top completions of short prefixes, by document frequency.
    const groups = new Map<string, number[]>();
    for (let t = 0; t < nTerms; t++) {
      const term = this.terms[t] as string;
      for (let l = 1; l <= 3 && l < term.length; l++) {
        const pre = term.slice(0, l);
        let g = groups.get(pre);
        if (!g) groups.set(pre, (g = []));
        g.push(t);
      }
    }
    for (const [pre, g] of groups) {
      g.sort((a, b) => this.df(b) - this.df(a) || a - b);
      this.prefixTop.set(pre, Uint32Array.from(g.slice(0, PREFIX_EXPANSIONS)));
    }
    return sorted;
  }

  df(term: number): number {
    return (this.textOffsets[term + 1] as number) - (this.textOffsets[term] as number);
  }

  /** Terms that start with `prefix` (not the prefix itself), most frequent first, at most PREFIX_EXPANSIONS. */
  completions(prefix: string): number[] {
    if (prefix.length <= 3) {
      const top = this.prefixTop.get(prefix);
      return top ? [...top].filter((t) => this.terms[t] !== prefix) : [];
    }
    // Binary search the first term >= prefix, then scan a bounded window.
    const s = this.sortedTerms;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.terms[s[mid] as number] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < s.length && found.length < PREFIX_SCAN; i++) {
      const t = s[i] as number;
      const term = this.terms[t] as string;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) found.push(t);
    }
    found.sort((a, b) => this.df(b) - this.df(a) || a - b);
    return found.slice(0, PREFIX_EXPANSIONS);
  }
}

/** How many dictionary terms a prefix expands to at most, and how far a long-prefix range is scanned. */
export const PREFIX_EXPANSIONS = 24;
const PREFIX_SCAN = 512;

export interface ProductStats {
  priceMin: number;
  priceMax: number;
  compareAtMin: number | null;
  compareAtMax: number | null;
  percentSale: number;
  weightMin: number;
  available: boolean;
}

/** Derived product numbers: price range, compare-at range, best percent off, lightest weight. */
export function productStats(p: CatalogProduct): ProductStats {
  let priceMin = Infinity;
  let priceMax = -Infinity;
  let caMin = Infinity;
  let caMax = -Infinity;
  let pct = 0;
  let weightMin = Infinity;
  let available = false;
  for (const v of p.variants) {
    if (v.price < priceMin) priceMin = v.price;
    if (v.price > priceMax) priceMax = v.price;
    if (v.compareAtPrice !== null && v.compareAtPrice > v.price) {
      if (v.compareAtPrice < caMin) caMin = v.compareAtPrice;
      if (v.compareAtPrice > caMax) caMax = v.compareAtPrice;
      const off = Math.round(((v.compareAtPrice - v.price) / v.compareAtPrice) * 100);
      if (off > pct) pct = off;
    }
    if (v.weight < weightMin) weightMin = v.weight;
    if (v.available) available = true;
  }
  if (p.variants.length === 0) {
    priceMin = priceMax = 0;
    weightMin = 0;
  }
  return {
    priceMin,
    priceMax,
    compareAtMin: caMin === Infinity ? null : caMin,
    compareAtMax: caMax === -Infinity ? null : caMax,
    percentSale: pct,
    weightMin,
    available,
  };
}

/** Splits a multi-level tag `A>B>C` into its paths `A`, `A>B`, `A>B>C` (three levels at most). */
export function multiLevelPaths(tag: string): string[] {
  const parts = tag.split('>').map((s) => s.trim()).filter(Boolean).slice(0, 3);
  return parts.map((_, i) => parts.slice(0, i + 1).join('>'));
}

const nameCache = new Map<string, string>();
function foldName(name: string): string {
  let f = nameCache.get(name);
  if (f === undefined) {
    f = foldText(name);
    if (nameCache.size < 10_000) nameCache.set(name, f);
  }
  return f;
}

/** Emits the facet values of a product for a field source without allocating (hot kinds inlined). */
function visitorFor(source: string, index: CatalogIndex): (p: CatalogProduct, d: number, emit: (key: string) => void) => void {
  const colon = source.indexOf(':');
  const kind = colon < 0 ? source : source.slice(0, colon);
  const arg = colon < 0 ? '' : source.slice(colon + 1);
  switch (kind) {
    case 'vendor': return (p, _d, emit) => { if (p.vendor) emit(p.vendor); };
    case 'type': return (p, _d, emit) => { if (p.productType) emit(p.productType); };
    case 'tag': return (p, _d, emit) => { for (const t of p.tags) emit(t); };
    case 'option':
    case 'option-available':
      return (p, _d, emit) => {
        let i = -1;
        for (let k = 0; k < p.options.length && i < 0; k++) if (foldName((p.options[k] as CatalogOption).name) === arg) i = k;
        if (i < 0) return;
        for (const v of p.variants) {
          if (kind === 'option-available' && !v.available) continue;
          const val = v.options[i];
          if (val) emit(val);
        }
      };
    default:
      return (p, _d, emit) => {
        for (const v of valuesOf(p, source, index)) emit(v);
      };
  }
}

/** The facet values of a product for a field source (see CatalogIndex.field). */
export function valuesOf(p: CatalogProduct, source: string, index?: CatalogIndex): string[] {
  const colon = source.indexOf(':');
  const kind = colon < 0 ? source : source.slice(0, colon);
  const arg = colon < 0 ? '' : source.slice(colon + 1);
  switch (kind) {
    case 'vendor': return p.vendor ? [p.vendor] : [];
    case 'type': return p.productType ? [p.productType] : [];
    case 'title': return [p.title];
    case 'tag': return p.tags;
    case 'collection': {
      const out: string[] = [];
      for (const h of p.collections) {
        const c = index?.collectionsByHandle.get(h);
        out.push(c ? c.id : h);
      }
      return out;
    }
    case 'stock': return [productStats(p).available ? 'in-stock' : 'out-of-stock'];
    case 'option':
    case 'option-available': {
      const i = p.options.findIndex((o) => foldName(o.name) === arg);
      if (i < 0) return [];
      const out: string[] = [];
      for (const v of p.variants) {
        if (kind === 'option-available' && !v.available) continue;
        const val = v.options[i];
        if (val) out.push(val);
      }
      return out;
    }
    case 'mlt': {
      const out: string[] = [];
      for (const t of p.tags) {
        if (!t.startsWith(arg) || !t.slice(arg.length).includes('>')) continue;
        out.push(...multiLevelPaths(t.slice(arg.length)));
      }
      return out;
    }
    case 'metafield': {
      const out: string[] = [];
      for (const m of p.metafields ?? []) {
        if (`${m.namespace}.${m.key}` === arg && m.value !== null) out.push(String(m.value));
      }
      return out;
    }
    default: return [];
  }
}
