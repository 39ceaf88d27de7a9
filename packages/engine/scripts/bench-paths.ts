// The load bench's mixed request paths (scripts/bench-load.ts, and scripts/profile-load.ts that
// times them per class): facets, price + rating + stock ranges, text + facet, suggest.
import type { Catalog, CatalogProduct } from '../src/catalog';
import { seededRandom } from '../src/synthetic-catalog';

/** A mixed, seeded set of request paths: facets, price + rating + stock ranges, text + facet, suggest. */
export function mixedPaths(catalog: Catalog, n: number): string[] {
  const rnd = seededRandom(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const count = (f: (p: CatalogProduct) => readonly string[]) => {
    const m = new Map<string, number>();
    for (const p of catalog.products) for (const v of f(p)) m.set(v, (m.get(v) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
  };
  const vendors = count((p) => [p.vendor]).slice(0, 40);
  const tags = count((p) => p.tags).filter((t) => !t.startsWith('cat:')).slice(0, 40);
  const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige'];
  const words = ['cotton', 'linen', 'wool', 'leather', 'denim', 'shirt', 'jacket', 'sneakers', 'backpack', 'vintage', 'classic', 'summit', 'coastal', 'mug', 'lamp', 'chair'];
  const e = encodeURIComponent;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const page = rnd() < 0.2 ? `&page=${2 + Math.floor(rnd() * 5)}` : '';
    switch (i % 4) {
      case 0: out.push(`/api/filter?build_filter_tree=true&pf_v_vendor[]=${e(pick(vendors))}&pf_opt_color[]=${e(pick(colors))}${rnd() < 0.5 ? `&pf_t_tag[]=${e(pick(tags))}` : ''}${page}`); break;
      case 1: {
        const lo = 10 + Math.floor(rnd() * 40);
        out.push(`/api/filter?build_filter_tree=true&pf_p_price=${lo}:${lo + 20 + Math.floor(rnd() * 80)}&pf_r_rating[]=${rnd() < 0.5 ? 3 : 4}&pf_st_stock[]=in-stock${page}`);
        break;
      }
      case 2: out.push(`/api/search?build_filter_tree=true&q=${e(pick(words))}&pf_opt_color[]=${e(pick(colors))}${page}`); break;
      default: {
        const w = pick(words);
        out.push(`/api/suggest?q=${e(w.slice(0, 2 + Math.floor(rnd() * 4)))}`);
      }
    }
  }
  return out;
}

