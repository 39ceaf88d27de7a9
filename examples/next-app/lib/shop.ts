// The shop's settings (the same on the server and in the browser) and, on the server only, the
// engine answering the API in-process over this example's small catalogue. A real shop points
// `api.*` at the hosted service and drops the engine.
import type { SettingsInput } from '@pkg/core-filter';

export const settings: SettingsInput = {
  api: { filterUrl: '/api/filter', searchUrl: '/api/search', suggestionUrl: '/api/suggest', productsUrl: '/api/products' },
  shop: { name: 'Example Shop', domain: 'shop.example', currency: 'USD', money_format: '${{amount}}' },
  filter: { transport: 'fetch', limit: 6 },
};
