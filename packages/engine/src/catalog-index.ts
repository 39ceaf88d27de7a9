// The in-memory index over a catalog: facet fields (see facet-field.ts), typed arrays for the
// numbers, sort permutations, lookups by id and handle, and the text index (text-index.ts). Products
// sit in slots: the catalogue's products in order, then free slots (headroom for live creates, see
// live-index.ts). A deleted product leaves an empty slot; `all` holds the live ones.
// Over 300 lines: one class owns every per-slot array, the lazily built parts that read them and
// the two ways it starts (a build, or the parts a snapshot restores); live-index.ts and
// index-snapshot.ts change and save them from outside.
import { englishAnalyzer, type Analyzer } from './analyzer';
import { hasBit, setBit, wordsFor, fromPostings, type Bitset } from './bitset';
import { sharedBudget, threadFor, type BuildThread } from './build-thread';
import type { Catalog, CatalogCollection, CatalogProduct, CatalogVariant } from './catalog';
import { buildField, buildFields, fieldsPass, idSourceFor, visitorFor, type FieldVisitor, type TermField } from './facet-field';
import { HistogramCache } from './histogram-cache';
import { productStats, type ProductStats } from './product-stats';
import { EMPTY_SLOT, ProductStore, dateMillis, type WrittenIds } from './product-store';
import { compareNatural } from './text';
import { TextIndex, textBuilder, wordsIn, type BuiltText, type TextParts } from './text-index';
import { sequenceOf } from './product-sequence';
import { takeStaged } from './staged-products';
import { carryColumn, offsetsOf, takeVariantTable } from './variant-tables';
import { typedIn } from './typed-array';

export type { TermField } from './facet-field';

/**
 * How a search's ranking combines text and popularity: a product's score is its text score
 * (BM25-style: per query word, the best field weight x idf x how the word matched) times
 * `1 + popularity x sales signal + recency x age signal` (see CatalogIndex.popularity), and a
 * title holding the whole query as a phrase is multiplied by `phrase`.
 */
export interface RelevanceOptions {
  /** Weight of best-selling (log of units sold, 0..1). Default 0.3. */
  popularity?: number;
  /** Weight of recency (creation date, oldest 0 .. newest 1). Default 0.05. */
  recency?: number;
  /** Factor for a title that holds the query's words in order. Default 1.5. */
  phrase?: number;
}

export const DEFAULT_RELEVANCE: Required<RelevanceOptions> = { popularity: 0.3, recency: 0.05, phrase: 1.5 };

export interface IndexOptions {
  /** The catalog language's analyser (default English). */
  analyzer?: Analyzer;
  relevance?: RelevanceOptions;
  /** @internal Facet field sources to build with the index, in one pass over the products (others are built on first use; the engine passes its tree's). */
  fields?: readonly string[];
  /** @internal A second thread for the build's text inversion (EngineOptions.buildThread). */
  thread?: BuildThread | undefined;
}
export { keyOrder, keyRanks, prefixKeyOrder } from './facet-field';

/** @internal A built index's parts read back from a snapshot (index-snapshot.ts). */
export interface RestoredIndex {
  products: ProductStore;
  live: number;
  next: number;
  all: Bitset;
  available: Bitset;
  numbers: Record<NumberField, Float64Array>;
  ratingFloor: Uint8Array;
  fields: ReadonlyMap<string, TermField>;
  orders: ReadonlyMap<string, Uint32Array>;
  /** Warmed facet histograms: [list's field source, value, counted field source, counts]. */
  histograms: Array<[string, number, string, Uint32Array]>;
  text: TextParts;
}

export type NumberField = 'price' | 'priceMax' | 'compareAt' | 'percentSale' | 'weight' | 'rating' | 'created' | 'published' | 'sales';


/**
 * @internal Slot d's numbers from its product and the product's stats (a build and a live update
 * write them alike). `createdMs`: the creation date's isoMillis when the caller has read it (-1: not).
 */
export function writeNumbers(numbers: Record<NumberField, Float64Array>, d: number, p: CatalogProduct, s: ProductStats, createdMs = -1): void {
  numbers.price[d] = s.priceMin;
  numbers.priceMax[d] = s.priceMax;
  numbers.compareAt[d] = s.compareAtMin ?? NaN;
  numbers.percentSale[d] = s.percentSale;
  numbers.weight[d] = s.weightMin;
  numbers.rating[d] = p.rating;
  const created = createdMs >= 0 ? createdMs : dateMillis(p.createdAt);
  numbers.created[d] = created;
  numbers.published[d] = p.publishedAt === p.createdAt ? created : dateMillis(p.publishedAt);
  numbers.sales[d] = p.sales;
}

/** Free slots kept after a build's products for live creates (see live-index.ts). */
export const headroomFor = (n: number): number => Math.max(32, Math.ceil(n / 16));

export { EMPTY_SLOT } from './product-store';

export class CatalogIndex {
  /** Slots (products and free slots): the length of every per-product array. */
  readonly size: number;
  readonly words: number;
  /**
   * The product in each slot (EMPTY_SLOT for a free one), the engine's one copy of them (see
   * product-store.ts); live ones have their bit in `all`.
   */
  readonly products: ProductStore;
  /** Live products (the bits of `all`). */
  live: number;
  /** @internal The first slot no product has taken yet (where the next create goes). */
  next: number;
  /** Bumped by every live update: caches of answers compare it (see endpoints/filter.ts). */
  version = 0;
  readonly all: Bitset;
  readonly available: Bitset;
  readonly numbers: Record<NumberField, Float64Array>;
  readonly collectionsByHandle = new Map<string, CatalogCollection>();
  readonly collectionsById = new Map<string, CatalogCollection>();
  /** @internal Lookups and lazily built parts a live update keeps or drops (live-index.ts). */
  byId: Map<string, number> | null = null;
  /** @internal Whether no two live products share an id (live updates keep it so: they go by id). */
  idsUnique = false;
  /** @internal */
  byHandle: Map<string, number> | null = null;
  /** @internal */
  byVariant: Map<string, [number, number]> | null = null;
  /** @internal */
  titleRanks: Uint32Array | null = null;
  /** floor(rating) 1..5, 0 without reviews. */
  readonly ratingFloor: Uint8Array;
  /** Precomputed per-option data (bucket bitsets, whole-catalog answers), keyed by the engine. */
  readonly memo = new Map<string, unknown>();
  /** Counts of a field's values over one posting list, computed on first use (see run-filter); bounded. */
  histograms = new HistogramCache();

  /** @internal Facet fields and their value visitors (free slots aside), sort orders (updated in place by live-index.ts). */
  readonly fields = new Map<string, TermField>();
  /** @internal */
  readonly visitors = new Map<string, FieldVisitor>();
  /** @internal */
  readonly orders = new Map<string, Uint32Array>();

  private textIndex: TextIndex | null = null;
  private readonly analyzer: Analyzer;
  /** Owner synonyms (merchandising.ts), handed to every text index built. */
  private synonymsInForce: ReadonlyMap<string, readonly string[]> = new Map();
  /** @internal */
  variantPriceIndex: { offsets: Uint32Array; prices: Float64Array } | null = null;

  /** How text relevance and popularity combine (see RelevanceOptions). */
  readonly relevance: Required<RelevanceOptions>;
  /** @internal */
  popularityBoost: Float32Array | null = null;

  /** `restored`: the parts of an index built before, read from a snapshot (index-snapshot.ts). */
  constructor(catalog: Catalog, options: IndexOptions = {}, restored?: RestoredIndex) {
    this.relevance = { ...DEFAULT_RELEVANCE, ...options.relevance };
    this.analyzer = options.analyzer ?? englishAnalyzer;
    for (const c of catalog.collections ?? []) {
      this.collectionsByHandle.set(c.handle, c);
      this.collectionsById.set(c.id, c);
    }
    if (restored) {
      const r = restored;
      this.products = r.products;
      this.size = r.products.size;
      this.words = wordsFor(this.size);
      this.live = r.live;
      this.next = r.next;
      this.all = r.all;
      this.available = r.available;
      this.numbers = r.numbers;
      this.ratingFloor = r.ratingFloor;
      for (const [source, f] of r.fields) {
        this.visitorOf(source);
        this.fields.set(source, f);
      }
      for (const [key, o] of r.orders) this.orders.set(key, o);
      for (const [source, v, counted, h] of r.histograms) {
        const list = this.fields.get(source)?.postings[v];
        const field = this.fields.get(counted);
        if (list && field) this.histograms.get(list, field, h.length, (out) => out.set(h));
      }
      this.textIndex = new TextIndex(this.products, this.words, (source) => this.field(source), this.analyzer, (d) => hasBit(this.all, d), this.live, r.text);
      return;
    }
    // (A streaming import's catalogue brings its products written in a store already: staged-products.ts.)
    const staged = takeStaged(catalog);
    // (A catalogue of products JSON brings them to be imported one at a time as they are written: product-sequence.ts.)
    const sequence = staged ? null : sequenceOf(catalog);
    const count = staged ? staged.count : sequence ? sequence.length : catalog.products.length;
    const free = staged ? staged.store.size - count : headroomFor(count);
    const n = count + free;
    // Started now (when the catalogue is large enough), so it is running when the inversion is handed to it.
    const thread = threadFor(options.thread, count);
    // With a thread, the build's large arrays are in shared memory, which V8 starts no full
    // collection for, within a budget (SharedBudget); without one, in plain memory.
    const memory = thread ? sharedBudget.memory(n) : null;
    this.size = n;
    this.live = count;
    this.next = count;
    this.words = wordsFor(n);
    this.all = fromPostings(n, Uint32Array.from({ length: count }, (_, d) => d));
    const mk = () => typedIn(Float64Array, n, memory);
    const numbers: Record<NumberField, Float64Array> = { price: mk(), priceMax: mk(), compareAt: mk(), percentSale: mk(), weight: mk(), rating: mk(), created: mk(), published: mk(), sales: mk() };
    this.numbers = numbers;
    const available = typedIn(Uint32Array, this.words, memory);
    this.available = available;
    const ratingFloor = typedIn(Uint8Array, n, memory);
    this.ratingFloor = ratingFloor;
    // The facet fields the text index reads (vendor, type, tags: the pass's first three) and those asked for.
    const wanted = [...new Set(['vendor', 'type', 'tag', ...(options.fields ?? [])])];
    // (Fields whose values are among the strings the store's writer interns read them by their ids.)
    const ids = wanted.map((source) => idSourceFor(source, this.collectionsByHandle));
    const pass = fieldsPass(n, wanted.map((source) => this.liveVisitor(source)), ids, memory);
    // One light pass first: the variants (the store's columns are sized once) and the titles'
    // lengths in words (the text index's title weights are scaled by their average).
    let variants = staged?.variants ?? 0;
    let titleWords = staged?.titleWords ?? 0;
    if (sequence) {
      for (let d = 0; d < count; d++) {
        variants += sequence.variantCount(d);
        titleWords += wordsIn(sequence.title(d));
      }
    } else if (!staged) {
      for (const p of catalog.products) {
        variants += p.variants?.length ?? 0;
        titleWords += wordsIn(p.title);
      }
    }
    const text = textBuilder(n, this.analyzer, titleWords, count, thread, memory);
    // Each product's numbers, facet values and text are read as the store writes it (one pass
    // over the objects; the stock field reads the availability just set, the text index the
    // vendor, type and tag values just visited; the fields and the text's option values the
    // string ids the record took, `written`).
    const indexProduct = (d: number, p: CatalogProduct, written?: WrittenIds): void => {
      const s = productStats(p);
      writeNumbers(numbers, d, p, s, written?.created);
      if (s.available) setBit(available, d);
      const r = numbers.rating[d] as number;
      ratingFloor[d] = r > 0 ? Math.min(5, Math.floor(r)) : 0;
      if (written) pass.visitWritten(p, d, written);
      else pass.visit(p, d);
      if (d < count) text.add(d, p, pass.values(0), pass.values(1), pass.values(2), written);
    };
    if (staged) {
      // Each product read back from its record: its objects die young.
      this.products = staged.store;
      // (With the string ids its record holds, as a build from objects has them when writing it;
      // lean when no field visitor reads the product: every field takes its values from the ids,
      // and the product's options are in the variant columns, not `wide`.)
      const store = staged.store;
      const lean = ids.every((source) => source !== null);
      const { wide } = store.variants();
      for (let d = 0; d < count; d++) indexProduct(d, store.getWithIds(d, lean && !wide.has(d)), store.decodedIds);
    } else this.products = ProductStore.build(sequence ?? catalog.products, free, indexProduct, variants, memory);
    for (let d = count; d < n; d++) indexProduct(d, EMPTY_SLOT);
    // The text postings are inverted on the build thread (if any) while this one makes the facet
    // fields' postings and the text index's parts that need none.
    const made = text.finish();
    pass.finish(this.words).forEach((f, i) => this.fields.set(wanted[i] as string, f));
    this.textIndex = this.buildText(made);
  }

  /** The text index: dictionary, weighted postings, completions (see text-index.ts); rebuilt on first use after a live update. */
  get text(): TextIndex {
    return (this.textIndex ??= this.buildText());
  }

  /** Whether the text index (and what is built from it) is current. */
  get textBuilt(): boolean {
    return this.textIndex !== null;
  }

  /** @internal Drops the text index after a live update: the next text query or suggestion rebuilds it. */
  dropText(): void {
    this.textIndex = null;
  }

  get synonyms(): ReadonlyMap<string, readonly string[]> {
    return this.synonymsInForce;
  }

  set synonyms(map: ReadonlyMap<string, readonly string[]>) {
    this.synonymsInForce = map;
    if (this.textIndex) this.textIndex.synonyms = map;
  }

  private buildText(built?: BuiltText): TextIndex {
    const t = new TextIndex(this.products, this.words, (source) => this.field(source), this.analyzer, (d) => hasBit(this.all, d), this.live, undefined, built);
    t.synonyms = this.synonymsInForce;
    return t;
  }

  /** Whether slot d holds a live product. */
  isLive(d: number): boolean {
    return d < this.size && hasBit(this.all, d);
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
      const { first, count, price } = this.products.variants();
      // After live updates: the table as it was, brought up to date (variant-tables.ts).
      const kept = takeVariantTable<Float64Array>(this, 'variant-prices');
      if (kept) {
        const offsets = offsetsOf(count, this.size);
        const prices = carryColumn(kept.table, kept.offsets, offsets, kept.slots, (n) => new Float64Array(n), (d, out, at) => {
          const f = first[d] as number;
          out.set(price.subarray(f, f + (count[d] as number)), at);
        });
        if (prices) return (this.variantPriceIndex = { offsets, prices });
      }
      // From the store's variant columns, in slot order: a view of them while they are laid out
      // so (until a live update, which drops this table), else a copy.
      const offsets = new Uint32Array(this.size + 1);
      let inOrder = true;
      for (let d = 0; d < this.size; d++) {
        if (count[d] !== 0 && first[d] !== offsets[d]) inOrder = false;
        offsets[d + 1] = (offsets[d] as number) + (count[d] as number);
      }
      const total = offsets[this.size] as number;
      let prices = price.subarray(0, total);
      if (!inOrder) {
        prices = new Float64Array(total);
        for (let d = 0; d < this.size; d++) {
          const f = first[d] as number;
          prices.set(price.subarray(f, f + (count[d] as number)), offsets[d] as number);
        }
      }
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
      const titles = Array.from({ length: this.size }, (_, d) => this.products.title(d));
      const distinct = [...new Set(titles)].sort(compareNatural);
      const rankOf = new Map(distinct.map((t, i) => [t, i]));
      const rank = new Uint32Array(this.size);
      for (let d = 0; d < this.size; d++) rank[d] = rankOf.get(titles[d] as string) ?? 0;
      this.titleRanks = rank;
    }
    return this.titleRanks;
  }

  /** Position of a product by id (the first one wins), built on first use. */
  get productById(): Map<string, number> {
    if (!this.byId) {
      const m = new Map<string, number>();
      let unique = true;
      for (let d = 0; d < this.size; d++) {
        if (!this.isLive(d)) continue;
        const id = this.products.id(d);
        if (m.has(id)) unique = false;
        else m.set(id, d);
      }
      this.byId = m;
      this.idsUnique = unique;
    }
    return this.byId;
  }

  /**
   * Per product, the factor its text score is multiplied by: 1 + popularity x log(1 + sales) /
   * log(1 + most sales) + recency x (created - oldest) / (newest - oldest). Built on first use.
   */
  get popularity(): Float32Array {
    if (!this.popularityBoost) {
      const { sales, created } = this.numbers;
      let maxSales = 0;
      let first = Infinity;
      let last = -Infinity;
      for (let d = 0; d < this.size; d++) {
        maxSales = Math.max(maxSales, sales[d] as number);
        const c = created[d] as number;
        if (c > 0) {
          first = Math.min(first, c);
          last = Math.max(last, c);
        }
      }
      const boost = new Float32Array(this.size);
      const { popularity, recency } = this.relevance;
      const logMax = Math.log1p(maxSales);
      for (let d = 0; d < this.size; d++) {
        const s = sales[d] as number;
        const c = created[d] as number;
        const pop = logMax > 0 && s > 0 ? Math.log1p(s) / logMax : 0;
        const rec = last > first && c > 0 ? (c - first) / (last - first) : 0;
        boost[d] = 1 + popularity * pop + recency * rec;
      }
      this.popularityBoost = boost;
    }
    return this.popularityBoost;
  }

  /** A variant by id with its product (the first one wins), indexed on first use. */
  variantById(id: string): { p: CatalogProduct; v: CatalogVariant } | undefined {
    if (!this.byVariant) {
      const m = new Map<string, [number, number]>();
      for (let d = 0; d < this.size; d++) this.products.get(d).variants.forEach((v, i) => m.has(v.id) || m.set(v.id, [d, i]));
      this.byVariant = m;
    }
    const at = this.byVariant.get(id);
    if (!at) return undefined;
    const p = this.products.get(at[0]);
    return { p, v: p.variants[at[1]] as CatalogVariant };
  }

  /** Position of a product by handle (the first one wins), built on first use. */
  get productByHandle(): Map<string, number> {
    if (!this.byHandle) {
      const m = new Map<string, number>();
      for (let d = 0; d < this.size; d++) {
        if (!this.isLive(d)) continue;
        const handle = this.products.handle(d);
        if (!m.has(handle)) m.set(handle, d);
      }
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
      const visit = this.visitorOf(source);
      // Free slots hold no values (the stock visitor would give them one).
      f = buildField(this.products, this.words, (p, d, emit) => hasBit(this.all, d) && visit(p, d, emit));
      this.fields.set(source, f);
    }
    return f;
  }

  /** Builds the fields of these sources not built yet together, in one pass over the products (a build's fields). */
  buildFields(sources: readonly string[]): void {
    const wanted = [...new Set(sources)].filter((source) => !this.fields.has(source));
    buildFields(this.products, this.words, wanted.map((source) => this.liveVisitor(source))).forEach((f, i) => this.fields.set(wanted[i] as string, f));
  }

  /** A field's values of live products (free slots hold none: the stock visitor would give them one). */
  private liveVisitor(source: string): FieldVisitor {
    const visit = this.visitorOf(source);
    return (p, d, emit) => hasBit(this.all, d) && visit(p, d, emit);
  }

  /** The values of a product for a field source (kept: live updates read them again). */
  private visitorOf(source: string): FieldVisitor {
    let values = this.visitors.get(source);
    if (!values) {
      values = source === 'stock' ? (_p, d, emit) => emit(hasBit(this.available, d) ? 'in-stock' : 'out-of-stock') : visitorFor(source, this.collectionsByHandle);
      this.visitors.set(source, values);
    }
    return values;
  }

  /** The facet fields built so far (what a snapshot keeps). */
  builtFields(): ReadonlyMap<string, TermField> {
    return this.fields;
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
    const ids = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i++) ids[i] = i;
    const cmp = this.orderComparator(key);
    return cmp ? ids.sort(cmp) : ids; // manual, relevance without a term: catalog order
  }

  /** How a sort key orders two slots (ties by slot), or null for catalog order. */
  orderComparator(key: string): ((a: number, b: number) => number) | null {
    const num = this.numbers;
    const by = (arr: ArrayLike<number>, dir: 1 | -1) => (a: number, b: number) => {
      const x = arr[a] as number;
      const y = arr[b] as number;
      return x === y ? a - b : x < y ? -dir : dir;
    };
    switch (key) {
      case 'price-ascending': return by(num.price, 1);
      case 'price-descending': return by(num.price, -1);
      case 'title-ascending': return by(this.titleRank, 1);
      case 'title-descending': return by(this.titleRank, -1);
      case 'created-ascending': return by(num.created, 1);
      case 'created-descending': return by(num.created, -1);
      case 'published-ascending': return by(num.published, 1);
      case 'published-descending': return by(num.published, -1);
      case 'sale-ascending': return by(num.percentSale, 1);
      case 'sale-descending': return by(num.percentSale, -1);
      case 'review-ratings-ascending': return by(num.rating, 1);
      case 'review-ratings-descending': return by(num.rating, -1);
      case 'best-selling': return by(num.sales, -1);
      case 'weight-ascending': return by(num.weight, 1);
      default: return null;
    }
  }
}
