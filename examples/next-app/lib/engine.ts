// Server only (imported by the page and the API route): the engine over data/shop.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Catalog, type EngineFilterOption } from '@pkg/engine';
import { importProductsJson } from '@pkg/engine/import';

const shop = JSON.parse(readFileSync(join(process.cwd(), 'data', 'shop.json'), 'utf8')) as { products: unknown; filterTree: EngineFilterOption[] };
const engine = createEngine({ products: importProductsJson(shop), filterTree: shop.filterTree } satisfies Catalog);

/** The engine as a fetch function; relative API addresses (`/api/filter`) are the shop's own. */
export const engineFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  engine.fetch(input instanceof Request ? input : new URL(String(input), 'http://shop.internal'), init);
