// The filter tree of the engine benchmark (scripts/bench.ts) and of scripts/profile-facets.ts.
import type { EngineFilterOption } from '../src/catalog';

/** The options every engine counts: vendor, type, colour, size (+ ours: price range, rating, stock). */
export const BENCH_TREE: EngineFilterOption[] = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', position: 1 },
  { filterOptionId: 'pf_pt_product_type', filterType: 'product_type', displayType: 'list', position: 2 },
  { filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'swatch', position: 3 },
  { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'box', position: 4 },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', position: 5 },
  { filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating', position: 6 },
  { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list', position: 7 },
];
