// The in-memory index over a catalog, built once: posting lists and dense bitsets per facet value,
// a forward index (CSR) per facet for counting small result sets, typed arrays for the numbers,
// sort permutations, and a term dictionary with weighted postings for text search.
import { fromPostings, hasBit, wordsFor, fullBitset, type Bitset } from './bitset';
import type { Catalog, CatalogCollection, CatalogOption, CatalogProduct } from './catalog';
import { HistogramCache } from './histogram-cache';
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
  /**
   * For a field with at most one value per product (vendor, type, stock): that value + 1, or 0,
   * in the narrowest typed array that holds the values (fewer cache lines to read when counting).
   */
  single: Uint8Array | Uint16Array | Uint32Array | null;
  /**
   * For a field with several values per product and at most 32 keys (colours, sizes): bit k of
   * masks[d] is set when doc d has value k (narrowest typed array, as `single`).
   */
  masks: Uint8Array | Uint16Array | Uint32Array | null;
  /** Estimated cost of counting every value through postings / bitsets. */
  postingCost: number;
  /** Key ids in natural order and the rank of every key (F3.7 key-asc), computed on first use. */
  keyOrder?: Uint32Array;
  keyRank?: Uint32Array;
  /** Key ids with a prefix, in natural order, by prefix (tag options), computed on first use. */
  prefixOrders?: Map<string, Uint32Array>;
  /** Counts buffer and bitsets of selected rare values, reused by requests (see run-filter). */
  counts?: Uint32Array;
  built?: Map<number, Bitset>;
}

/** A field's key ids in natural key order (F3.7 key-asc), computed once per field. */
export function keyOrder(field: TermField): Uint32Array {
  return (field.keyOrder ??= Uint32Array.from(field.keys.map((_, i) => i).sort((a, b) => compareNatural(field.keys[a] as string, field.keys[b] as string))));
}

/**
 * The keys of a field that start with `prefix`, in natural order (a tag option's values: the
 * tag field holds every tag of the catalog, and an option reads only its own prefix). Built on
 * first use and kept per prefix.
 */
export function prefixKeyOrder(field: TermField, prefix: string): Uint32Array {
  const byPrefix = (field.prefixOrders ??= new Map());
  let order = byPrefix.get(prefix);
  if (!order) byPrefix.set(prefix, (order = keyOrder(field).filter((i) => (field.keys[i] as string).startsWith(prefix))));
  return order;
}

/** The natural-order rank of a field's keys. */
export function keyRanks(field: TermField): Uint32Array {
  if (!field.keyRank) {
    const rank = new Uint32Array(field.keys.length);
    keyOrder(field).forEach((id, r) => (rank[id] = r));
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
  readonly collectionsByHandle = new Map<string, CatalogCollection>();
  readonly collectionsById = new Map<string, CatalogCollection>();
  private byId: Map<string, number> | null = null;
  private byHandle: Map<string, number> | null = null;
  private titleRanks: Uint32Array | null = null;
  /** floor(rating) 1..5, 0 without reviews. */
  readonly ratingFloor: Uint8Array;
  /** Precomputed per-option data (bucket bitsets, whole-catalog answers), keyed by the engine. */
  readonly memo = new Map<string, unknown>();
  /** Counts of a field's values over one posting list, computed on first use (see run-filter); bounded. */
  histograms = new HistogramCache();

  private readonly fields = new Map<string, TermField>();
  private readonly orders = new Map<string, Uint32Array>();

  // Text search.
  readonly terms: string[] = [];
  /** Open addressing over `terms` by FNV-1a hash (see termId), at most half full. */
  private termSlots = new Int32Array(4096).fill(-1);
  /** Text postings in CSR form: term t covers textDocs and its weights [textOffsets[t] .. textOffsets[t + 1]). */
  textOffsets: Uint32Array = new Uint32Array(1);
  /** Bitsets of the frequent terms (at least one document in 16). */
  readonly textBits = new Map<number, Bitset>();
  /** 1 for terms that occur only in SKUs (never offered as completions in suggest). */
  skuOnly: Uint8Array = new Uint8Array(0);
  textDocs: Uint32Array = new Uint32Array(0);
  /** Weights as codes into textWeightTable; null when the catalog has too many distinct weights. */
  textWeightCodes: Uint8Array | null = null;
  textWeightTable: Float32Array = new Float32Array(0);
  /** Weights as float32 values, when textWeightCodes is null. */
  textWeights: Float32Array | null = null;
  /** Term ids sorted by term, for prefix ranges. */
  readonly sortedTerms: Uint32Array;
  /** Term ids grouped by term length (in UTF-16 units), for typo scans. */
  readonly termsByLength: number[][] = [];
  /** The most frequent completions of every 1-3 character prefix. */
  private readonly prefixTop = new Map<string, Uint32Array>();
  private scratchBuffers: { wordScore: Float64Array; totalScore: Float64Array; hits: Uint8Array } | null = null;
  private variantPriceIndex: { offsets: Uint32Array; prices: Float64Array } | null = null;

  constructor(readonly catalog: Catalog) {
    const products = catalog.products;
    this.products = products;
    const n = products.length;
    this.size = n;
    this.words = wordsFor(n);
    this.all = fullBitset(n);
    for (const c of catalog.collections ?? []) {
      this.collectionsByHandle.set(c.handle, c);
      this.collectionsById.set(c.id, c);
    }
    const mk = () => new Float64Array(n);
    this.numbers = { price: mk(), priceMax: mk(), compareAt: mk(), percentSale: mk(), weight: mk(), rating: mk(), created: mk(), published: mk(), sales: mk() };
    const avail: number[] = [];
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
    }
    this.available = fromPostings(n, avail);

    this.ratingFloor = new Uint8Array(n);
    for (let d = 0; d < n; d++) {
      const r = this.numbers.rating[d] as number;
      this.ratingFloor[d] = r > 0 ? Math.min(5, Math.floor(r)) : 0;
    }

    this.sortedTerms = this.buildText();
  }

  /** Per-query scratch buffers of catalog size, always left zeroed after use; allocated by the first text search. */
  get scratch(): { wordScore: Float64Array; totalScore: Float64Array; hits: Uint8Array } {
    const n = this.size;
    return (this.scratchBuffers ??= { wordScore: new Float64Array(n), totalScore: new Float64Array(n), hits: new Uint8Array(n) });
  }

  /** Every variant price, CSR by product (variantPrices[variantPriceOffsets[d] ..]), for `variants_price`; built on first use. */
  get variantPriceOffsets(): Uint32Array {
    return this.variantPriceTable().offsets;
  }

  get variantPrices(): Float64Array {
    return this.variantPriceTable().prices;
  }

  private variantPriceTable(): { offsets: Uint32Array; prices: Float64Array } {
    if (!this.variantPriceIndex) {
      let count = 0;
      for (const p of this.products) count += p.variants.length;
      const offsets = new Uint32Array(this.size + 1);
      const prices = new Float64Array(count);
      let k = 0;
      for (let d = 0; d < this.size; d++) {
        offsets[d] = k;
        for (const v of (this.products[d] as CatalogProduct).variants) prices[k++] = v.price;
      }
      offsets[this.size] = k;
      this.variantPriceIndex = { offsets, prices };
    }
    return this.variantPriceIndex;
  }

  /**
   * Title sort rank (natural, case-insensitive; equal titles share a rank), built on first use:
   * only the title sort orders need it, and they are built on first use too.
   */
  get titleRank(): Uint32Array {
    if (!this.titleRanks) {
      const products = this.products;
      const distinct = [...new Set(products.map((p) => p.title))].sort(compareNatural);
      const rankOf = new Map(distinct.map((t, i) => [t, i]));
      const rank = new Uint32Array(this.size);
      for (let d = 0; d < this.size; d++) rank[d] = rankOf.get((products[d] as CatalogProduct).title) ?? 0;
      this.titleRanks = rank;
    }
    return this.titleRanks;
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
    const offsets = new Uint32Array(n + 1);
    // The forward index in a growable typed buffer; postings come from it by counting sort.
    let fwd = new Uint32Array(Math.max(64, n * 2));
    let len = 0;
    let stamp = new Int32Array(64).fill(-1);
    let d = 0;
    const emit = (key: string) => {
      let id = keyIndex.get(key);
      if (id === undefined) {
        id = keys.length;
        keys.push(key);
        keyIndex.set(key, id);
        if (id >= stamp.length) {
          const bigger = new Int32Array(stamp.length * 2).fill(-1);
          bigger.set(stamp);
          stamp = bigger;
        }
      }
      if (stamp[id] === d) return;
      stamp[id] = d;
      if (len === fwd.length) fwd = grown(fwd, len * 2);
      fwd[len++] = id;
    };
    for (d = 0; d < n; d++) {
      offsets[d] = len;
      visit(this.products[d] as CatalogProduct, d, emit);
    }
    offsets[n] = len;
    const vals = fwd.slice(0, len);
    const counts = new Uint32Array(keys.length);
    for (let i = 0; i < len; i++) {
      const v = vals[i] as number;
      counts[v] = (counts[v] as number) + 1;
    }
    const postings = Array.from(counts, (c) => new Uint32Array(c));
    const fill = new Uint32Array(keys.length);
    for (let doc = 0; doc < n; doc++) {
      const end = offsets[doc + 1] as number;
      for (let k = offsets[doc] as number; k < end; k++) {
        const v = vals[k] as number;
        const at = fill[v] as number;
        (postings[v] as Uint32Array)[at] = doc;
        fill[v] = at + 1;
      }
    }
    const bitsets = postings.map((p) => (p.length >= this.words ? fromPostings(n, p) : null));
    let postingCost = 0;
    for (const p of postings) postingCost += p.length >= this.words ? this.words * 2 : p.length;
    const narrow = (max: number) => new (max < 256 ? Uint8Array : max < 65536 ? Uint16Array : Uint32Array)(n);
    let single: TermField['single'] = narrow(keys.length + 1);
    for (let doc = 0; doc < n && single; doc++) {
      const at = offsets[doc] as number;
      const count = (offsets[doc + 1] as number) - at;
      if (count > 1) single = null;
      else single[doc] = count === 1 ? (vals[at] as number) + 1 : 0;
    }
    let masks: TermField['masks'] = null;
    if (!single && keys.length <= 32) {
      masks = narrow(2 ** keys.length - 1);
      for (let doc = 0; doc < n; doc++) {
        for (let k = offsets[doc] as number; k < (offsets[doc + 1] as number); k++) masks[doc] = (masks[doc] as number) | (1 << (vals[k] as number));
      }
    }
    return { keys, keyIndex, postings, bitsets, offsets, vals, single, masks, postingCost };
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

  /** The id of a dictionary term, or -1. */
  termId(word: string): number {
    const slots = this.termSlots;
    const mask = slots.length - 1;
    let i = hashWord(word, 0, word.length) & mask;
    let id = slots[i] as number;
    while (id !== -1 && this.terms[id] !== word) {
      i = (i + 1) & mask;
      id = slots[i] as number;
    }
    return id;
  }

  private buildText(): Uint32Array {
    const terms = this.terms;
    // 1 while a term has only been seen in SKUs.
    let skuOnly = new Uint8Array(1024);
    // Per-document accumulation in a flat array indexed by term id (no Map per document).
    let docWeight = new Float64Array(1024);
    const addTerm = (w: string, sku: boolean): number => {
      const id = terms.length;
      terms.push(w);
      if (id >= docWeight.length) {
        docWeight = grown(docWeight, id * 2);
        skuOnly = grown(skuOnly, id * 2);
      }
      skuOnly[id] = sku ? 1 : 0;
      if (terms.length * 2 > this.termSlots.length) {
        this.termSlots = new Int32Array(this.termSlots.length * 2).fill(-1);
        for (let t = 0; t < terms.length; t++) placeTerm(this.termSlots, terms[t] as string, t);
      } else placeTerm(this.termSlots, w, id);
      return id;
    };
    const intern = (w: string, sku: boolean): number => {
      const id = this.termId(w);
      if (id === -1) return addTerm(w, sku);
      if (!sku) skuOnly[id] = 0;
      return id;
    };
    // Term ids of the current text, in a reused buffer.
    let ids = new Uint32Array(64);
    let count = 0;
    const push = (id: number) => {
      if (count === ids.length) ids = grown(ids, count * 2);
      ids[count++] = id;
    };
    // The words of a plain-ASCII text without '+' (what tokenize() yields for it), looked up in
    // one pass over its characters, with no lowercased copy or substring per word. False for any
    // other text, which takes the general path.
    const asciiTerms = (text: string, sku: boolean): boolean => {
      count = 0;
      const n = text.length;
      for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c >= 128 || c === 43) return false;
      }
      let i = 0;
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
        const slots = this.termSlots;
        const mask = slots.length - 1;
        let slot = (h >>> 0) & mask;
        let id = slots[slot] as number;
        while (id !== -1 && !sameLowerAscii(terms[id] as string, text, start, len)) {
          slot = (slot + 1) & mask;
          id = slots[slot] as number;
        }
        if (id === -1) id = addTerm(text.slice(start, i).toLowerCase(), sku);
        else if (!sku) skuOnly[id] = 0;
        push(id);
      }
      return true;
    };
    const termsOf = (text: string, sku: boolean): void => {
      if (asciiTerms(text, sku)) return;
      count = 0;
      for (const w of tokenize(text)) push(intern(w, sku));
      if (text.includes('+')) for (const w of tokenize(text, true)) if (w.includes('+')) push(intern(w, sku));
    };
    // Term ids per distinct source string (vendors, types, tags, option values), computed once.
    const cache = new Map<string, Uint32Array>();
    const cachedTerms = (text: string): Uint32Array => {
      let found = cache.get(text);
      if (found === undefined) {
        termsOf(text, false);
        found = ids.slice(0, count);
        if (cache.size < TOKEN_CACHE) cache.set(text, found);
      }
      return found;
    };
    // (term, weight) pairs of each document in turn, in growable typed buffers (no garbage of
    // boxed numbers); document d owns pairs docStart[d] .. docStart[d + 1].
    const docStart = new Uint32Array(this.size + 1);
    let cap = Math.max(1024, this.size * 2);
    let tTerm = new Uint32Array(cap);
    // Weights take few distinct values: stored as one-byte codes into a table of float32 values,
    // or as float32 values when a catalog has more than 256 of them.
    const weightCodes = new WeightCodes();
    let tCode: Uint8Array | null = new Uint8Array(cap);
    let tRaw: Float32Array | null = null;
    let len = 0;
    const touched: number[] = [];
    const add = (list: Uint32Array, n: number, weight: number) => {
      for (let i = 0; i < n; i++) {
        const id = list[i] as number;
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
    const addText = (text: string, weight: number, sku: boolean) => {
      termsOf(text, sku);
      add(ids, count, weight);
    };
    const addCached = (text: string, weight: number) => {
      const list = cachedTerms(text);
      add(list, list.length, weight);
    };
    // Vendor, type and tags come from their facet fields' forward indexes (built first): one
    // lookup per distinct value instead of one per product.
    const fieldTerms = (field: TermField) => {
      const memo: Array<Uint32Array | undefined> = [];
      return (d: number, weight: number): void => {
        const end = field.offsets[d + 1] as number;
        for (let k = field.offsets[d] as number; k < end; k++) {
          const key = field.vals[k] as number;
          const list = (memo[key] ??= cachedTerms(field.keys[key] as string));
          add(list, list.length, weight);
        }
      };
    };
    const vendorTerms = fieldTerms(this.field('vendor'));
    const typeTerms = fieldTerms(this.field('type'));
    const tags = this.field('tag');
    const tagTerms = fieldTerms(tags);
    for (let d = 0; d < this.size; d++) {
      const p = this.products[d] as CatalogProduct;
      // Titles are mostly unique: tokenised directly rather than cached.
      addText(p.title, FIELD_WEIGHTS.title, false);
      vendorTerms(d, FIELD_WEIGHTS.vendor);
      typeTerms(d, FIELD_WEIGHTS.type);
      // The field keeps a tag once per product: a product listing a tag twice takes the plain path.
      if ((tags.offsets[d + 1] as number) - (tags.offsets[d] as number) === p.tags.length) tagTerms(d, FIELD_WEIGHTS.tag);
      else for (const t of p.tags) addCached(t, FIELD_WEIGHTS.tag);
      for (const v of p.variants) if (v.sku) addText(v.sku, FIELD_WEIGHTS.sku, true);
      for (const o of p.options) for (const val of o.values) addCached(val, FIELD_WEIGHTS.option);
      docStart[d] = len;
      if (len + touched.length > cap) {
        // Grow to the size projected from the documents so far (typed arrays are allocated
        // outside the V8 heap, and large transient ones bring on full garbage collections).
        cap = Math.max(Math.ceil(cap * 1.25), len + touched.length, Math.ceil(((len + touched.length) / (d + 1)) * this.size * 1.05));
        tTerm = grown(tTerm, cap);
        if (tCode) tCode = grown(tCode, cap);
        if (tRaw) tRaw = grown(tRaw, cap);
      }
      for (const t of touched) {
        const w = docWeight[t] as number;
        tTerm[len] = t;
        if (tCode) {
          const code = weightCodes.codeOf(w);
          if (code >= 0) tCode[len] = code;
          else {
            tRaw = new Float32Array(cap);
            for (let i = 0; i < len; i++) tRaw[i] = weightCodes.table[tCode[i] as number] as number;
            tCode = null;
          }
        }
        if (tRaw) tRaw[len] = w;
        len++;
        docWeight[t] = 0;
      }
      touched.length = 0;
    }
    docStart[this.size] = len;
    // Invert by counting sort on the term: postings come out in increasing doc order.
    const nTerms = terms.length;
    const offsets = new Uint32Array(nTerms + 1);
    for (let i = 0; i < len; i++) {
      const t = tTerm[i] as number;
      offsets[t + 1] = (offsets[t + 1] as number) + 1;
    }
    for (let t = 0; t < nTerms; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
    const docs = new Uint32Array(len);
    const from = (tCode ?? tRaw) as Uint8Array | Float32Array;
    const weights = tCode ? new Uint8Array(len) : new Float32Array(len);
    const fill = offsets.slice(0, nTerms);
    for (let d = 0; d < this.size; d++) {
      const end = docStart[d + 1] as number;
      for (let i = docStart[d] as number; i < end; i++) {
        const t = tTerm[i] as number;
        const k = fill[t] as number;
        docs[k] = d;
        weights[k] = from[i] as number;
        fill[t] = k + 1;
      }
    }
    this.skuOnly = skuOnly.slice(0, nTerms);
    this.textOffsets = offsets;
    this.textDocs = docs;
    if (weights instanceof Uint8Array) {
      this.textWeightCodes = weights;
      this.textWeightTable = weightCodes.table.slice(0, weightCodes.size);
    } else this.textWeights = weights;
    // Frequent terms also get a bitset, for counting unions without scoring (suggest).
    for (let t = 0; t < nTerms; t++) {
      const n = (offsets[t + 1] as number) - (offsets[t] as number);
      if (n >= this.words * 2) this.textBits.set(t, fromPostings(this.size, docs.subarray(offsets[t] as number, offsets[t + 1] as number)));
    }
    const sorted = Uint32Array.from(terms.keys());
    sorted.sort((a, b) => ((terms[a] as string) < (terms[b] as string) ? -1 : 1));
    for (let t = 0; t < nTerms; t++) {
      const term = terms[t] as string;
      // Numbers (SKU parts, sizes) are never typo-corrected, so they stay out of the typo buckets.
      if (/^[0-9+]+$/.test(term)) continue;
      (this.termsByLength[term.length] ??= []).push(t);
    }
    this.buildPrefixTop(sorted);
    return sorted;
  }

  /**
   * The most frequent completions (by document frequency, then term id) of every 1-3 character
   * prefix. Terms sharing a prefix are a contiguous run of the sorted dictionary, so each prefix
   * length is one walk over it keeping a bounded top list per run.
   */
  private buildPrefixTop(sorted: Uint32Array): void {
    const terms = this.terms;
    const better = (a: number, b: number) => this.df(a) > this.df(b) || (this.df(a) === this.df(b) && a < b);
    for (let l = 1; l <= 3; l++) {
      let pre = '';
      let top: number[] = [];
      const flush = () => {
        if (top.length > 0) this.prefixTop.set(pre, Uint32Array.from(top));
      };
      for (let i = 0; i < sorted.length; i++) {
        const t = sorted[i] as number;
        const term = terms[t] as string;
        if (term.length <= l) continue;
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

/** Puts term id `id` into its slot (linear probing). */
function placeTerm(slots: Int32Array, term: string, id: number): void {
  const mask = slots.length - 1;
  let i = hashWord(term, 0, term.length) & mask;
  while (slots[i] !== -1) i = (i + 1) & mask;
  slots[i] = id;
}

/** A copy of a typed array grown to `length` (zero-filled past the old end). */
function grown<T extends Uint8Array | Uint32Array | Float32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

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

/** Emits the facet values of a product for a field source (see CatalogIndex.field). */
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
    {
      // Option names repeat (usually the very same string): remember the last one folded.
      let lastName: string | null = null;
      let lastMatch = false;
      return (p, _d, emit) => {
        let i = -1;
        for (let k = 0; k < p.options.length && i < 0; k++) {
          const name = (p.options[k] as CatalogOption).name;
          if (name !== lastName) {
            lastName = name;
            lastMatch = foldName(name) === arg;
          }
          if (lastMatch) i = k;
        }
        if (i < 0) return;
        for (const v of p.variants) {
          if (kind === 'option-available' && !v.available) continue;
          const val = v.options[i];
          if (val) emit(val);
        }
      };
    }
    case 'collection':
      return (p, _d, emit) => {
        for (const h of p.collections) {
          const c = index.collectionsByHandle.get(h);
          emit(c ? c.id : h);
        }
      };
    case 'title': return (p, _d, emit) => emit(p.title);
    case 'mlt':
      return (p, _d, emit) => {
        for (const t of p.tags) {
          const rest = t.slice(arg.length);
          if (t.startsWith(arg) && rest.includes('>')) for (const path of multiLevelPaths(rest)) emit(path);
        }
      };
    case 'metafield':
      return (p, _d, emit) => {
        for (const m of p.metafields ?? []) if (`${m.namespace}.${m.key}` === arg && m.value !== null) emit(String(m.value));
      };
    default: return () => undefined;
  }
}
