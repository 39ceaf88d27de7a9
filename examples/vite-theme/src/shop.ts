// The shop: settings, and the engine answering its API in the browser over this example's small
// catalogue. A real theme points `settings.api` at the hosted service and drops the engine.
import type { SettingsInput } from '@pkg/core-filter';
import { createEngine, type EngineFilterOption } from '@pkg/engine';
import { importProductsJson } from '@pkg/engine/import';
import shop from './shop.json';

const engine = createEngine({ products: importProductsJson(shop), filterTree: shop.filterTree as EngineFilterOption[] });

/** The engine as a fetch function: the same calls the hosted service answers. */
export const shopFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => engine.fetch(input, init);

export const settings: SettingsInput = {
  api: { filterUrl: 'https://shop.example/api/filter', searchUrl: 'https://shop.example/api/search', suggestionUrl: 'https://shop.example/api/suggest', productsUrl: 'https://shop.example/api/products' },
  shop: { name: 'Example Shop', domain: 'shop.example', currency: 'USD', money_format: '${{amount}}' },
  filter: { transport: 'fetch', limit: 6 },
};
