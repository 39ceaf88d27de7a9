// The filter trees of the engine benchmarks (scripts/bench.ts, bench-shop.ts) and of scripts/profile-facets.ts,
// and the memory reading they share.
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

/** The shop-density bench's tree: the options above plus tags, a large facet (1,500 values). */
export const SHOP_BENCH_TREE: EngineFilterOption[] = [...BENCH_TREE, { filterOptionId: 'pf_t_tag', filterType: 'tag', displayType: 'list', position: 8 }];

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Memory after full collections (run node with --expose-gc), once array buffers freed by them are released. */
export async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  gc();
  gc();
  // Array buffer memory is released a little after the collection that frees it: let it settle.
  await new Promise((r) => setTimeout(r, 200));
  gc();
  return process.memoryUsage();
}
