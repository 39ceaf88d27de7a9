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

/**
 * The products as an import gives them: each one a structured clone, so its strings are flat, as
 * `JSON.parse` (and so importProductsJson) or a CSV import makes them. generateCatalog builds its
 * titles, handles, image paths and category tags with template literals, which V8 keeps as
 * ConsStrings (pieces joined on first read): a build from them would flatten each on its first
 * read, allocating a new string that the old catalogue object then points to, a cost that no real
 * import has (about 9% of the main thread's CPU at 1,000,000 products, bench/build.md). In place,
 * product by product, so the uncloned copy is let go as it goes.
 */
export function asImported<T extends { products: unknown[] }>(catalog: T): T {
  const products = catalog.products;
  for (let i = 0; i < products.length; i++) products[i] = structuredClone(products[i]);
  return catalog;
}
