// Variant-level filtering: selected variant options (Size M, Color Red) match a product only
// through one variant that has every selected option (and, with `variant_available`, is in stock).
// Option selections with `_and_condition` ask for several values of one option, which no single
// variant has: they stay product-level and take no part here.
import { setBit, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';
import type { CatalogProduct } from './catalog';
import type { DocSet } from './facet-counts';
import { membersOf } from './facet-counts';
import { foldName } from './facet-field';
import type { Selection } from './filter-query';

/** A variant-level selection: the option's folded name and its values. */
export interface VariantSelection {
  id: string;
  name: string;
  values: ReadonlySet<string>;
}

/** The selections that a single variant must satisfy together (option values, any-of). */
export function variantSelections(sels: readonly Selection[]): VariantSelection[] {
  const out: VariantSelection[] = [];
  for (const s of sels) {
    if (s.option.kind === 'terms' && s.option.source.startsWith('option:') && !s.and) out.push({ id: s.id, name: s.option.source.slice(7), values: new Set(s.values) });
  }
  return out;
}

/** The position of option `name` in each product's options (-1 without it), built once per name. */
function optionSlots(index: CatalogIndex, name: string): Int8Array {
  const key = `variant-slot:${name}`;
  let slots = index.memo.get(key) as Int8Array | undefined;
  if (!slots) {
    slots = new Int8Array(index.size).fill(-1);
    for (let d = 0; d < index.size; d++) {
      const opts = (index.products[d] as CatalogProduct).options;
      for (let k = 0; k < opts.length && k < 127; k++) if (foldName(opts[k]!.name) === name) { slots[d] = k; break; }
    }
    index.memo.set(key, slots);
  }
  return slots;
}

/** Tests the variants of a product against the variant-level selections, but those of option `skip`. */
export class VariantMatcher {
  private readonly sels: VariantSelection[];
  private readonly slots: Int8Array[];

  constructor(private readonly index: CatalogIndex, sels: readonly VariantSelection[], private readonly available: boolean, skip: string | null = null) {
    this.sels = sels.filter((s) => s.id !== skip);
    this.slots = this.sels.map((s) => optionSlots(index, s.name));
  }

  /** Whether the selections constrain anything (none or one selection never narrow the product-level set). */
  get active(): boolean {
    return this.sels.length > 0;
  }

  /** Whether variant k of product d is available (when asked) and has one of the selected values of every option. */
  passes(d: number, k: number): boolean {
    const v = (this.index.products[d] as CatalogProduct).variants[k]!;
    if (this.available && !v.available) return false;
    for (let i = 0; i < this.sels.length; i++) {
      const slot = this.slots[i]![d] as number;
      if (slot < 0 || !this.sels[i]!.values.has(v.options[slot] as string)) return false;
    }
    return true;
  }

  /** The index of the first variant of product d that passes, or -1. */
  first(d: number): number {
    const n = (this.index.products[d] as CatalogProduct).variants.length;
    for (let k = 0; k < n; k++) if (this.passes(d, k)) return k;
    return -1;
  }
}

/**
 * Keeps only the members of a set (already narrowed product by product) with one variant that
 * passes every selection: rewrites its bitset `out` and its member list in `buf`.
 */
export function refineSet(set: DocSet, out: Bitset, m: VariantMatcher): DocSet {
  const keep: number[] = [];
  for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) if (m.first(docs[i] as number) >= 0) keep.push(docs[i] as number);
  keep.sort((a, b) => a - b);
  out.fill(0);
  const buf = set.buf;
  for (let i = 0; i < keep.length; i++) {
    setBit(out, keep[i] as number);
    buf[i] = keep[i] as number;
  }
  return { bits: out, size: keep.length, lists: null, list: buf.subarray(0, keep.length), buf };
}

/**
 * doc_count per value of an option field over a set, variant by variant: a product counts once for
 * each value that one of its variants has while passing the other options' selections.
 */
export function countVariantValues(index: CatalogIndex, field: TermField, name: string, set: DocSet, m: VariantMatcher): Uint32Array {
  const counts = (field.counts ??= new Uint32Array(field.keys.length)).fill(0);
  const slots = optionSlots(index, name);
  const seen = new Int32Array(field.keys.length).fill(-1);
  for (const docs of membersOf(set)) {
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const slot = slots[d] as number;
      if (slot < 0) continue;
      const variants = (index.products[d] as CatalogProduct).variants;
      for (let k = 0; k < variants.length; k++) {
        if (!m.passes(d, k)) continue;
        const id = field.keyIndex.get(variants[k]!.options[slot] as string);
        if (id === undefined || seen[id] === d) continue;
        seen[id] = d;
        counts[id] = (counts[id] as number) + 1;
      }
    }
  }
  return counts;
}
