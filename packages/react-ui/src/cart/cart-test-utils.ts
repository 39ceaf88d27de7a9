// Test helpers: the engine answers cart calls in-process, one fresh engine (and cookie jar) per test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeProduct, type Product } from '@pkg/core-filter';
import { createEngine, type Catalog, type Engine } from '@pkg/engine';
import { fixturesDir } from '../../../../scripts/test-utils/fixtures';

let catalog: Catalog | null = null;
/** A fresh engine over the Luma demo catalog, so carts never leak between tests. */
export function freshEngine(): Engine {
  catalog ??= JSON.parse(readFileSync(join(fixturesDir, '..', 'data', 'luma', 'catalog.json'), 'utf8')) as Catalog;
  return createEngine(catalog);
}

/** Products as the products call answers them (major units), normalised like the listing does. */
export async function productsById(engine: Engine, ids: ReadonlyArray<string | number>): Promise<Product[]> {
  const res = await engine.fetch(`http://shop.test/api/products?${ids.map((id) => `ids=${encodeURIComponent(String(id))}`).join('&')}`);
  return ((await res.json()) as unknown[]).map((p) => normalizeProduct(p));
}
