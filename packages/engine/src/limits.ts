/** Bounds on request input; beyond them the engine answers 400 instead of working harder. */
export const LIMITS = {
  /** Characters in a search term or one filter value. */
  termLength: 256,
  /** Highest page number. */
  page: 10_000,
  /** Largest page size. */
  limit: 250,
  /** Values of one parameter (`pf_t_color[]` repeated). */
  valuesPerParam: 100,
  /** Distinct parameters in one request. */
  params: 200,
  /** Characters in a query string. */
  queryLength: 16_384,
  /** Words of a search term that are looked up (the rest are ignored). */
  queryWords: 10,
  /** Product ids or handles in one products or product-HTML call. */
  ids: 100,
  /** Handles in one product-HTML call (S7.4). */
  htmlHandles: 20,
  /** Bytes of a POST body: a product webhook with many variants is the largest (analytics keep their own 8 KB). */
  bodyBytes: 1_048_576,
  /** Items of a suggest block. */
  blockLimit: 50,
  /** Kept analytics records, carts and back-in-stock requests (oldest dropped). */
  records: 10_000,
  carts: 10_000,
  cartLines: 100,
  quantity: 9_999,
} as const;
