// Applies the merchandising rules in force to one filter or search request: hidden products
// leave the base set (and so every count), boosted products come first and buried ones last (in
// the requested order within each), pinned products move to their positions.
import { hasBit, setBit, type Bitset } from './bitset';
import type { CatalogOption, CatalogProduct } from './catalog';
import type { CatalogIndex } from './catalog-index';
import type { AttributeMatch, MerchandisingRule } from './merchandising';
import { foldText } from './text';

export interface MerchPlan {
  /** Products left out of the result, as a bitset (null: none). */
  hidden: Bitset | null;
  /** 0 boosted, 1 neither, 2 buried. */
  tier: ((d: number) => number) | null;
  /** [product position, 1-based position], by position. */
  pins: Array<[number, number]>;
}

const has = (p: CatalogProduct, a: AttributeMatch): boolean => {
  const v = foldText(a.value);
  switch (a.field) {
    case 'vendor': return foldText(p.vendor) === v;
    case 'type': return foldText(p.productType) === v;
    case 'tag': return p.tags.some((t) => foldText(t) === v);
    default: return p.options.some((o: CatalogOption) => o.values.some((x) => foldText(x) === v));
  }
};

/**
 * The products an attribute matches, as a bitset kept per index (a live update drops it): from
 * the vendor, type and tag facet fields, or one pass over the products for option values.
 */
function matching(index: CatalogIndex, a: AttributeMatch): Bitset {
  const v = foldText(a.value);
  const key = `merch:${a.field}:${v}`;
  let bits = index.memo.get(key) as Bitset | undefined;
  if (!bits) {
    const set = new Uint32Array(index.words);
    const source = a.field === 'vendor' ? 'vendor' : a.field === 'type' ? 'type' : a.field === 'tag' ? 'tag' : null;
    if (source && v !== '') {
      // The field lists each live product's non-empty values: the same products `has` matches.
      const field = index.field(source);
      field.keys.forEach((k, i) => {
        if (foldText(k) === v) for (const d of field.postings[i] as Uint32Array) setBit(set, d);
      });
    } else {
      for (let d = 0; d < index.size; d++) if (index.isLive(d) && has(index.products.get(d), a)) setBit(set, d);
    }
    index.memo.set(key, (bits = set));
  }
  return bits;
}

function productAt(index: CatalogIndex, ref: string): number | undefined {
  return index.productById.get(ref) ?? index.productByHandle.get(ref);
}

/** The plan of the rules in force, or null when they change nothing about the result. */
export function merchPlan(index: CatalogIndex, rules: readonly MerchandisingRule[]): MerchPlan | null {
  const hide = rules.flatMap((r) => r.hide ?? []);
  const boost = rules.flatMap((r) => r.boost ?? []);
  const bury = rules.flatMap((r) => r.bury ?? []);
  const pins = rules.flatMap((r) => r.pin ?? []);
  if (hide.length + boost.length + bury.length + pins.length === 0) return null;
  let hidden: Bitset | null = null;
  for (const ref of hide) {
    const d = productAt(index, ref);
    if (d === undefined) continue;
    setBit((hidden ??= new Uint32Array(index.words)), d);
  }
  const boosted = boost.map((a) => matching(index, a));
  const buried = bury.map((a) => matching(index, a));
  const tier = boost.length + bury.length > 0
    ? (d: number) => (boosted.some((b) => hasBit(b, d)) ? 0 : buried.some((b) => hasBit(b, d)) ? 2 : 1)
    : null;
  const pinned: Array<[number, number]> = [];
  for (const { product, position } of pins) {
    const d = productAt(index, product);
    if (d !== undefined && !pinned.some(([x]) => x === d)) pinned.push([d, position]);
  }
  pinned.sort((a, b) => a[1] - b[1]);
  return { hidden, tier, pins: pinned };
}

/**
 * The page [from, to) of `ordered` (the whole result in the requested order) after tiers and
 * pins: a stable partition by tier, then each pinned product (when in the result) moved to its
 * position.
 */
export function arrangePage(ordered: readonly number[], plan: MerchPlan, from: number, to: number): number[] {
  let list = [...ordered];
  if (plan.tier) {
    const tier = plan.tier;
    const by: number[][] = [[], [], []];
    for (const d of list) (by[tier(d)] as number[]).push(d);
    list = by.flat();
  }
  for (const [d, position] of plan.pins) {
    const at = list.indexOf(d);
    if (at < 0) continue;
    list.splice(at, 1);
    list.splice(Math.min(position - 1, list.length), 0, d);
  }
  return list.slice(from, to);
}
