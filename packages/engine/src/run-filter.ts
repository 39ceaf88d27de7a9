// Executes a parsed filter / search query on the index: the base set (scope, tags, availability,
// text), one bitset per selected option, disjunctive counts for every configured option (an
// option's counts ignore its own selection), and the requested page in the requested order.
import { deepFreeze } from '@pkg/kit';
import type { WireFilterOption } from '@pkg/core-filter';
import { andInto, countBits, hasBit, setBit, type Bitset } from './bitset';
import type { EngineFilterOption } from './catalog';
import type { CatalogIndex } from './catalog-index';
import type { DocSet } from './facet-counts';
import { buildOption } from './facet-values';
import { resolveOption, type FilterQuery, type ResolvedOption, type Selection } from './filter-query';
import { arrangePage, type MerchPlan } from './merchandising-apply';
import { pageDocs } from './page-order';
import { combineKeys, selectionBits, selectionLists } from './selection-sets';
import { searchText, textOptions, type TextResult } from './text-search';
import { isPriceRange, refineSet, VariantMatcher, variantSelections } from './variant-match';

export interface FilterResult {
  total: number;
  /** Product positions of the requested page, in order. */
  docs: number[];
  /**
   * With variant options selected: per product of the page, the index of its first variant that
   * matches them all (-1 when none is selected).
   */
  variants: number[];
  options?: WireFilterOption[];
  text: TextResult | null;
}

/**
 * The base set: collection scope, tags, product availability and the text match (index.all,
 * unchanged, when nothing narrows it), its posting list when it is a collection scope alone, and
 * whether it is the text match alone.
 */
function baseBits(index: CatalogIndex, q: FilterQuery, text: TextResult | null, scratch: Bitset, hidden: Bitset | null): [Bitset, Uint32Array | undefined, boolean] {
  const tags = [...q.tags];
  for (const s of q.selections) if (s.option.kind === 'collectionTag') tags.push(...s.values);
  const narrow: Bitset[] = [];
  let list: Uint32Array | undefined;
  if (q.collectionScope !== null) {
    const id = index.collectionsByHandle.get(q.collectionScope)?.id ?? q.collectionScope;
    const field = index.field('collection');
    narrow.push(combineKeys(index, field, [id], false));
    // An unknown collection has no posting list (its set is empty either way).
    list = field.postings[field.keyIndex.get(id) as number];
  }
  if (tags.length > 0) narrow.push(combineKeys(index, index.field('tag'), tags, q.tagMode === 1));
  if (q.productAvailable) narrow.push(index.available);
  if (text) narrow.push(text.bits);
  if (hidden) narrow.push(index.all.map((w, i) => w & ~(hidden[i] as number)));
  return [intersect(index.all, narrow, scratch), narrow.length === 1 ? list : undefined, text !== null && narrow.length === 1];
}

/** a AND every set of `rest`, into `out` (or `a` itself when `rest` is empty: never written to). */
function intersect(a: Bitset, rest: readonly Bitset[], out: Bitset): Bitset {
  let src = a;
  for (const b of rest) {
    for (let i = 0; i < out.length; i++) out[i] = (src[i] as number) & (b[i] as number);
    src = out;
  }
  return src;
}

export interface RunContext {
  tree: readonly EngineFilterOption[];
  /** Merchandising rules in force (merchandising-apply.ts). */
  merch?: MerchPlan | null;
}
/**
 * Per-index buffers reused by every request (requests run one at a time): bitsets for the base,
 * result and counting sets, member lists for the result and counting sets, and bitsets for the
 * selections (up to 16).
 */
type Scratch = [Bitset, Bitset, Bitset, Uint32Array, Uint32Array, Bitset[]];
const scratchOf = (index: CatalogIndex): Scratch => {
  let s = index.memo.get('scratch') as Scratch | undefined;
  if (!s) index.memo.set('scratch', (s = [...[0, 0, 0, 1, 1].map((list) => new Uint32Array(list ? index.size : index.words)), []] as unknown as Scratch));
  return s;
};
const VARIANTS_PRICE: Selection['option'] = { kind: 'range', number: 'variantsPrice' };

const resolvedOf = new WeakMap<EngineFilterOption, ResolvedOption | undefined>();

/**
 * A set driven by posting lists is built member by member while it has fewer than `sparse` x
 * (bitset words) members; otherwise by ANDing every word. Internal: tests force either way.
 */
export const strategy = { sparse: 0.25 };

export function runFilter(index: CatalogIndex, q: FilterQuery, ctx: RunContext): FilterResult {
  const text = q.q !== ''
    ? searchText(index, q.q, textOptions(q))
    : null;
  const [baseOut, resultOut, countOut, resultList, countList, pool] = scratchOf(index);
  const [base, scope, narrowsByText] = baseBits(index, q, text, baseOut, ctx.merch?.hidden ?? null);
  const variantSels = variantSelections(q.selections);
  // A price selected beside variant options is a variant's price: its product-level set is the
  // products with a variant in range (the one-variant match then narrows it, variant-match.ts).
  const sels = variantSels.some((s) => s.ranges) ? q.selections.map((s) => (isPriceRange(s) ? { ...s, option: VARIANTS_PRICE } : s)) : q.selections;
  const selLists = sels.map((s) => selectionLists(index, s, q.variantAvailable));
  // A selection's bitset is built when first needed (undefined until then): one known as posting
  // lists may never need it. null: the selection lets everything through. The first 16 are
  // written to per-index buffers reused by every request (a request rarely has more).
  let taken = 0;
  const fresh = (): Bitset => (taken < 16 ? (pool[taken++] ??= new Uint32Array(index.words)).fill(0) : new Uint32Array(index.words));
  const selBits = sels.map((s, i) => (selLists[i] ? undefined : selectionBits(index, s, q.variantAvailable, fresh)));
  const bitsOf = (i: number) => (selBits[i] ??= selectionBits(index, sels[i] as Selection, q.variantAvailable, fresh)) as Bitset;
  const matcher = (skip: string | null) => new VariantMatcher(index, variantSels, q.variantAvailable, skip);
  /**
   * base AND every selection but those of option `skip`; with two or more variant options among
   * them, only products with one variant that has them all (variant-match.ts).
   */
  const setOf = (skip: string | null, out: Bitset, buf: Uint32Array): DocSet => {
    const set = productSetOf(skip, out, buf);
    return variantSels.filter((s) => s.id !== skip).length >= 2 ? refineSet(index, set, out, matcher(skip)) : set;
  };
  const productSetOf = (skip: string | null, out: Bitset, buf: Uint32Array): DocSet => {
    const others = sels.flatMap((s, i) => (s.id !== skip && selBits[i] !== null ? [i] : []));
    const only = others[0] as number;
    if (base === index.all && others.length === 1) {
      // One selection over the whole catalog: its own set, read-only, without a copy.
      const lists = selLists[only] as Uint32Array[] | null;
      if (lists) return { get bits() { return bitsOf(only); }, size: lists.reduce((n, l) => n + l.length, 0), lists, list: null, buf };
      const bits = bitsOf(only);
      return { bits, size: countBits(bits), lists: null, list: null, buf };
    }
    // A collection scope alone: its posting list.
    if (scope && others.length === 0) return { bits: base, size: scope.length, lists: [scope], list: null, buf };
    // Driven by the smallest set known as posting lists (a selection, or the collection scope)
    // when it is small: a bit test per member in each other set, instead of ANDing every word.
    let drive = scope ? [scope] : null;
    let driveSize = scope ? scope.length : Infinity;
    let driver = -1;
    for (const i of others) {
      const lists = selLists[i] ?? null;
      const n = lists ? lists.reduce((m, l) => m + l.length, 0) : Infinity;
      if (n < driveSize) [drive, driveSize, driver] = [lists, n, i];
    }
    if (drive && driveSize < strategy.sparse * index.words) {
      const tests = others.flatMap((i) => (i === driver ? [] : [bitsOf(i)]));
      if (driver >= 0 && base !== index.all) tests.push(base);
      out.fill(0);
      let n = 0;
      for (const docs of drive) {
        for (let k = 0; k < docs.length; k++) {
          const d = docs[k] as number;
          let t = 0;
          while (t < tests.length && hasBit(tests[t] as Bitset, d)) t++;
          if (t === tests.length) {
            setBit(out, d);
            buf[n++] = d;
          }
        }
      }
      return { bits: out, size: n, lists: null, list: buf.subarray(0, n), buf };
    }
    const sets = others.map(bitsOf);
    if (base !== index.all) sets.push(base);
    if (sets.length <= 1) {
      const bits = sets[0] ?? base;
      const size = countBits(bits);
      // The text match alone: its matched docs (in increasing order) are the members, when every
      // one is in the base (the base is the match ANDed with the live products).
      const list = bits === base && text && narrowsByText && size === text.docs.length ? text.docs : null;
      return { bits, size, lists: null, list, buf };
    }
    // Listed while it is small enough for members to be read one by one (see countField, countIn).
    const [size, listed] = andInto(sets, out, buf, 5 * index.words);
    return { bits: out, size, lists: null, list: listed ? buf.subarray(0, size) : null, buf };
  };
  const resultSet = setOf(null, resultOut, resultList);
  const result = resultSet.bits;
  const total = resultSet.size;

  let options: WireFilterOption[] | undefined;
  if (q.buildFilterTree) {
    options = [];
    for (const cfg of ctx.tree) {
      if (cfg.status === 'disabled') continue;
      if (!resolvedOf.has(cfg)) resolvedOf.set(cfg, resolveOption(cfg.filterOptionId, cfg));
      const resolved = resolvedOf.get(cfg);
      if (!resolved || resolved.kind === 'ignored' || resolved.kind === 'collectionTag') continue;
      const selected = q.selections.find((s) => s.id === cfg.filterOptionId);
      // An option's values counted variant by variant while other variant options are selected.
      const byVariant = resolved.kind === 'terms' && resolved.source.startsWith('option:') ? matcher(cfg.filterOptionId) : null;
      const variants = byVariant?.active ? byVariant : undefined;
      // Disjunctive: this option's own selection does not narrow its counts. Counted variant by
      // variant, a product counts for a value only through a variant that passes the other
      // selections: the set needs no one-variant narrowing first.
      const set = !selected ? resultSet : variants ? productSetOf(cfg.filterOptionId, countOut, countList) : setOf(cfg.filterOptionId, countOut, countList);
      // Over the whole catalog with no selection the answer never changes: computed once, frozen
      // and shared between answers (as products are).
      if (set.size === index.live && !selected && !variants) {
        const key = `all:${cfg.filterOptionId}:${q.variantAvailable}:${q.zeroOptions}`;
        let memo = index.memo.get(key) as WireFilterOption | undefined;
        if (!memo) index.memo.set(key, (memo = deepFreeze(buildOption(index, cfg, resolved, set, q, undefined))));
        options.push(memo);
        continue;
      }
      options.push(buildOption(index, cfg, resolved, set, q, selected, variants));
    }
  }
  const plan = ctx.merch;
  const docs = plan && (plan.tier || plan.pins.length > 0)
    ? arrangePage(pageDocs(index, { ...q, page: 1, limit: Math.max(1, total) }, result, text), plan, (q.page - 1) * q.limit, q.page * q.limit)
    : pageDocs(index, q, result, text);
  const shown = variantSels.length > 0 ? matcher(null) : null;
  const out: FilterResult = { total, docs, variants: docs.map((d) => (shown ? shown.first(d) : -1)), text };
  if (options) out.options = options;
  return out;
}

