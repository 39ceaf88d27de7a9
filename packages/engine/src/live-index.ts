// Live updates of a built index in place (catalog-updates.ts says what a batch means): a changed
// product keeps its slot, a new one takes the next free slot after every product (where a fresh
// build would put it), a deleted one leaves an empty slot outside `all`. Per changed slot: the
// numbers, the availability and live bits, every built facet field (postings, bitsets, forward
// index, single values and masks), the numeric sort orders and the lookups by id, handle and
// variant, the cached facet histograms and the text index's postings and dictionary. What depends
// on the whole catalogue and is cheap to rebuild on use is dropped: per-option memos, the
// popularity boosts (and the suggestion phrases are built again); the variant tables are brought
// up to date on their next use (variant-tables.ts). So every answer equals a fresh build's
// (catalog-updates.test.ts). A batch is checked whole before anything changes; when it does not
// fit the free slots (or deletes have left too many empty ones) the caller rebuilds instead.
import { hasBit, type Bitset } from './bitset';
import type { CatalogProduct } from './catalog';
import { EMPTY_SLOT, writeNumbers, type CatalogIndex } from './catalog-index';
import { mergeKept, type ProductUpdate, type ProductUpdateResult } from './catalog-updates';
import { updateFieldDoc, type FieldChanges } from './live-field';
import { productStats, type ProductStats } from './product-stats';
import { SCRATCH_KEY } from './request-scratch';
import { compareNatural, stripHtml, tokenize } from './text';
import { keepVariantTables } from './variant-tables';

interface Step {
  slot: number;
  /** What the slot held before the step. */
  before?: CatalogProduct;
  /** What the slot holds after the step (EMPTY_SLOT for a delete). */
  product: CatalogProduct;
  stats: ProductStats;
  kind: 'created' | 'updated' | 'deleted';
}

/**
 * Applies a batch in place, or returns null when it needs a rebuild (more creates than free
 * slots, or more empty slots than live updates should leave). Throws, changing nothing, when a
 * product of the batch cannot be indexed; `check` validates one product the way queries read it.
 * `changed` hears of every slot changed (to drop what was built from it).
 */
export function applyInPlace(index: CatalogIndex, updates: readonly ProductUpdate[], check: (p: CatalogProduct) => void, changed: (slot: number) => void): ProductUpdateResult | null {
  const byId = index.productById;
  // The batch on a scratch view of id -> slot and the products it changes, nothing in force yet.
  const slotOf = new Map<string, number | null>();
  const current = new Map<number, CatalogProduct>();
  const steps: Step[] = [];
  let next = index.next;
  const result: ProductUpdateResult = { created: 0, updated: 0, deleted: 0, products: index.live };
  for (const u of updates) {
    const id = u.op === 'delete' ? u.id : u.product.id;
    const seen = slotOf.get(id);
    const slot = seen !== undefined ? seen : (byId.get(id) ?? null);
    if (u.op === 'delete') {
      if (slot === null) continue;
      slotOf.set(id, null);
      current.set(slot, EMPTY_SLOT);
      steps.push({ slot, product: EMPTY_SLOT, stats: productStats(EMPTY_SLOT), kind: 'deleted' });
      result.deleted++;
      result.products--;
      continue;
    }
    const old = slot === null ? null : (current.get(slot) ?? index.products.get(slot));
    const product = old && u.merge ? mergeKept(u.product, old) : u.product;
    const stats = productStats(product);
    check(product);
    for (const visit of index.visitors.values()) visit(product, -1, () => undefined);
    if (slot === null) {
      const at = next++;
      slotOf.set(id, at);
      current.set(at, product);
      steps.push({ slot: at, product, stats, kind: 'created' });
      result.created++;
      result.products++;
    } else {
      current.set(slot, product);
      steps.push({ slot, before: old as CatalogProduct, product, stats, kind: 'updated' });
      result.updated++;
    }
  }
  if (next > index.size || next - result.products > Math.max(64, index.size / 8)) return null;
  // What each step's slot held before it (for the text index to take its words out).
  const held: Array<CatalogProduct | null> = [];
  for (const s of steps) {
    held.push(index.isLive(s.slot) ? index.products.get(s.slot) : null);
    applyStep(index, s);
    changed(s.slot);
  }
  index.next = next;
  index.version++;
  // The variant tables are kept, to be brought up to date on their next use (variant-tables.ts).
  const built: Array<[string, unknown, Uint32Array]> = [];
  if (index.variantPriceIndex) built.push(['variant-prices', index.variantPriceIndex.prices, index.variantPriceIndex.offsets]);
  for (const [key, t] of index.memo) if (key === 'variant-table' || key.startsWith('variant-values:')) built.push([key, t, (t as { offsets: Uint32Array }).offsets]);
  keepVariantTables(index, steps.map((s) => s.slot), built);
  // Per-option memos (whole-catalogue answers, bucket sets, variant tables, sorted numbers) are
  // built again on use; the scratch buffers and rating sets (kept right per slot) stay.
  for (const key of [...index.memo.keys()]) if (key !== SCRATCH_KEY && !key.startsWith('rating:')) index.memo.delete(key);
  index.popularityBoost = null;
  index.variantPriceIndex = null;
  // The text index reads only the products' words: a batch of changes that leave them as they
  // were (prices, stock, ratings, sales, dates) keeps it as it is; other changes are made to it in
  // place (text-index.ts update), or when it cannot take them, it is built again on next use.
  const wordChanges = steps.flatMap((s, i) => {
    const before = held[i] as CatalogProduct | null;
    const after = s.kind === 'deleted' ? null : s.product;
    return before && after && sameWords(before, after) ? [] : [{ slot: s.slot, before, after }];
  });
  if (wordChanges.length > 0 && index.textBuilt) {
    const keysOf = (source: string, p: CatalogProduct): string[] => {
      const keys: string[] = [];
      index.visitors.get(source)?.(p, -1, (k) => keys.includes(k) || keys.push(k));
      return keys;
    };
    if (!index.text.update(wordChanges, index.live, keysOf)) index.dropText();
  }
  return result;
}

/** Whether two products give the text index and the suggestion phrases the same words. */
function sameWords(a: CatalogProduct, b: CatalogProduct): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.title === b.title && a.vendor === b.vendor && a.productType === b.productType && a.bodyHtml === b.bodyHtml && same(a.tags, b.tags) &&
    same(a.variants.map((v) => v.sku), b.variants.map((v) => v.sku)) &&
    same(a.options.flatMap((o) => [o.name, ...o.values, '']), b.options.flatMap((o) => [o.name, ...o.values, '']))
  );
}

function setBitTo(bits: Bitset, d: number, on: boolean): void {
  if (on) bits[d >>> 5] = (bits[d >>> 5] as number) | (1 << (d & 31));
  else bits[d >>> 5] = (bits[d >>> 5] as number) & ~(1 << (d & 31));
}

function applyStep(index: CatalogIndex, { slot: d, product: p, stats: s, kind }: Step): void {
  const old = index.products.get(d);
  const wasLive = hasBit(index.all, d);
  index.products.set(d, p);
  setBitTo(index.all, d, kind !== 'deleted');
  if (wasLive && kind === 'deleted') index.live--;
  if (!wasLive && kind !== 'deleted') index.live++;
  setBitTo(index.available, d, s.available);
  writeNumbers(index.numbers, d, p, s);
  const floor = p.rating > 0 ? Math.min(5, Math.floor(p.rating)) : 0;
  for (let f = 0; f <= 5; f++) {
    const bits = index.memo.get(`rating:${f}`) as Bitset | undefined;
    if (bits) setBitTo(bits, d, f === floor && kind !== 'deleted');
  }
  index.ratingFloor[d] = floor;
  const changed: FieldChanges = { moved: new Map(), values: new Map() };
  for (const [source, field] of index.fields) {
    const keys: string[] = [];
    const visit = index.visitors.get(source);
    if (visit && kind !== 'deleted') visit(p, d, (k) => keys.includes(k) || keys.push(k));
    // A value no live product carries any more: a fresh build would not know it. Term and
    // collection listings skip such keys (keyOrder, facet-values); a multi-level field, which
    // orders its tree by key id, is rebuilt on next use.
    if (updateFieldDoc(field, d, keys, index.words, kind !== 'deleted', changed) && source.startsWith('mlt:')) index.fields.delete(source);
  }
  index.histograms.update(d, changed.moved, changed.values);
  reorder(index, d, old.title !== p.title);
  relink(index, d, old, p);
}

/** Moves slot d to its place in every built sort order (title orders are dropped when unsure). */
function reorder(index: CatalogIndex, d: number, titleChanged: boolean): void {
  if (titleChanged) index.titleRanks = null;
  const titles = index.products;
  const titleOf = new Map<number, string>();
  const title = (e: number) => {
    let t = titleOf.get(e);
    if (t === undefined) titleOf.set(e, (t = titles.title(e)));
    return t;
  };
  for (const [key, order] of index.orders) {
    if (key.startsWith('title-')) {
      if (!titleChanged) continue;
      const dir = key === 'title-ascending' ? 1 : -1;
      let unsure = false;
      const cmp = (a: number, b: number) => {
        const x = title(a);
        const y = title(b);
        const c = x === y ? 0 : compareNatural(x, y);
        // Distinct titles that compare equal rank by first appearance: rebuilt on use.
        if (c === 0 && x !== y) unsure = true;
        return c === 0 ? a - b : c * dir;
      };
      moveInOrder(order, d, cmp);
      if (unsure) index.orders.delete(key);
      continue;
    }
    const cmp = index.orderComparator(key);
    if (cmp) moveInOrder(order, d, cmp);
  }
}

function moveInOrder(order: Uint32Array, d: number, cmp: (a: number, b: number) => number): void {
  const n = order.length;
  const at = order.indexOf(d);
  // Remove d, then binary search its place among the others and open a gap there.
  order.copyWithin(at, at + 1);
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(order[mid] as number, d) < 0) lo = mid + 1;
    else hi = mid;
  }
  order.copyWithin(lo + 1, lo, n - 1);
  order[lo] = d;
}

/** The lookups by id, handle and variant id (the first live product wins, as a fresh build's). */
function relink(index: CatalogIndex, d: number, old: CatalogProduct, p: CatalogProduct): void {
  const live = p !== EMPTY_SLOT;
  const firstOf = (keyAt: (e: number) => string, value: string): number | undefined => {
    for (let e = 0; e < index.next || e <= d; e++) if (index.isLive(e) && keyAt(e) === value) return e;
    return undefined;
  };
  const fix = (map: Map<string, number> | null, key: (q: CatalogProduct) => string, keyAt: (e: number) => string, unique: boolean) => {
    if (!map) return;
    const was = key(old);
    if (old !== EMPTY_SLOT && map.get(was) === d && (!live || key(p) !== was)) {
      map.delete(was);
      // Another product with the same key takes over (none when the keys are known unique).
      const other = unique ? undefined : firstOf(keyAt, was);
      if (other !== undefined) map.set(was, other);
    }
    if (live) {
      const now = key(p);
      const at = map.get(now);
      if (at === undefined || at > d) map.set(now, d);
    }
  };
  fix(index.byId, (q) => q.id, (e) => index.products.id(e), index.idsUnique);
  fix(index.byHandle, (q) => q.handle, (e) => index.products.handle(e), false);
  const variants = index.byVariant;
  if (variants) {
    // A variant id this product gives up may belong to another product too: rebuilt on use.
    if (old.variants.some((v) => variants.get(v.id)?.[0] === d && !(live && p.variants.some((w) => w.id === v.id)))) index.byVariant = null;
    else {
      for (const v of old.variants) if (variants.get(v.id)?.[0] === d) variants.delete(v.id);
      if (live) p.variants.forEach((v, i) => {
        const at = variants.get(v.id);
        if (at === undefined || at[0] > d) variants.set(v.id, [d, i]);
      });
    }
  }
}

/** Throws when a product's text fields cannot be read as text (what the text index reads). */
export function checkText(p: CatalogProduct): void {
  tokenize(p.title);
  for (const v of p.variants) if (v.sku) tokenize(v.sku);
  if (p.bodyHtml) stripHtml(p.bodyHtml);
}
