// The mixed workload of the shop-density bench (scripts/bench-shop.ts), shared with the A/B run of
// that workload (scripts/ab-mixed.mjs) so that both time the same queries.
import type { CatalogProduct } from '../src/catalog';
import { seededRandom } from '../src/synthetic-catalog';

/** How many queries of each class the workload draws. */
export const QUERIES_PER_CLASS = 200;

export type Query = Record<string, string | string[]>;
export interface Selection { vendor?: string[]; color?: string[]; tags?: string[]; lo?: number; hi?: number; rating?: number; stock?: boolean }

/** The mixed workload: facet, range, text and suggest queries in turn, each drawn anew. */
export function workload(products: CatalogProduct[], seed: number) {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const byType = new Map<string, Map<string, number>>();
  const tagCounts = new Map<string, number>();
  for (const p of products) {
    const m = byType.get(p.productType) ?? new Map<string, number>();
    m.set(p.vendor, (m.get(p.vendor) ?? 0) + 1);
    byType.set(p.productType, m);
    for (const t of p.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  }
  const types = [...byType.keys()];
  const tags = [...tagCounts.entries()].filter(([t]) => !t.startsWith('cat:')).sort((a, b) => b[1] - a[1]).slice(0, 300).map(([t]) => t);
  const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige', 'Pink', 'Brown', 'Teal'];
  const words = ['cotton', 'linen', 'wool', 'leather', 'denim', 'shirt', 'jacket', 'sneakers', 'backpack', 'vintage', 'classic', 'summit', 'coastal', 'mug', 'lamp', 'chair', 'merino', 'walnut'];
  const out: Array<{ cls: 'facets' | 'range' | 'text' | 'suggest'; query: Query; sel: Selection }> = [];
  for (let i = 0; i < QUERIES_PER_CLASS; i++) {
    const vendorsOfType = [...(byType.get(pick(types)) as Map<string, number>).keys()];
    const facet: Selection = { vendor: rnd() < 0.5 ? [pick(vendorsOfType)] : [pick(vendorsOfType), pick(vendorsOfType)], color: [pick(colors)] };
    if (rnd() < 0.5) facet.tags = [pick(tags)];
    const lo = 10 + Math.floor(rnd() * 40);
    const range: Selection = { lo, hi: lo + 20 + Math.floor(rnd() * 80), rating: rnd() < 0.5 ? 3 : 4, stock: true };
    const text: Selection = { color: [pick(colors)] };
    const q = pick(words);
    out.push(
      { cls: 'facets', query: toQuery(facet), sel: facet },
      { cls: 'range', query: toQuery(range), sel: range },
      { cls: 'text', query: { ...toQuery(text), q }, sel: text },
      { cls: 'suggest', query: { q: pick(words).slice(0, 2 + Math.floor(rnd() * 4)) }, sel: {} },
    );
  }
  return out;
}

function toQuery(s: Selection): Query {
  const q: Query = { build_filter_tree: 'true' };
  if (s.vendor) q['pf_v_vendor[]'] = s.vendor;
  if (s.color) q['pf_opt_color[]'] = s.color;
  if (s.tags) q['pf_t_tag[]'] = s.tags;
  if (s.lo !== undefined) q.pf_p_price = `${s.lo}:${s.hi}`;
  if (s.rating !== undefined) q['pf_r_rating[]'] = String(s.rating);
  if (s.stock) q['pf_st_stock[]'] = 'in-stock';
  return q;
}

