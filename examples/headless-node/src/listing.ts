// An agency's headless use of @pkg/core-filter: the same controller a theme uses, with no React
// and no browser. The engine answers in-process over this example's small shop; against the hosted
// service, drop `fetch` and set `api.filterUrl` to the service's address.
import { readFileSync } from 'node:fs';
import { createFilterController, type FilterSnapshot, type SettingsInput } from '@pkg/core-filter';
import { createEngine, type Catalog, type EngineFilterOption } from '@pkg/engine';
import { importProductsJson } from '@pkg/engine/import';
import { formatMoney } from '@pkg/money';

const shop = JSON.parse(readFileSync(new URL('../data/shop.json', import.meta.url), 'utf8')) as { products: unknown; filterTree: EngineFilterOption[] };
const catalog: Catalog = { products: importProductsJson(shop), filterTree: shop.filterTree };
const engine = createEngine(catalog);

export const settings: SettingsInput = {
  api: { filterUrl: 'https://shop.example/api/filter' },
  shop: { name: 'Example Shop', domain: 'shop.example', currency: 'USD', money_format: '${{amount}}' },
  filter: { transport: 'fetch', limit: 6 },
};

/** The filtered listing of a collection address (path and query), as lines of text. */
export async function listing(url: string): Promise<string[]> {
  const { pathname, search } = new URL(url, 'https://shop.example');
  const controller = createFilterController({
    settings,
    location: { pathname, search },
    // No browser: no address bar to keep in sync, no session storage.
    window: null,
    sessionStorage: null,
    fetch: (input, init) => engine.fetch(input, init),
  });
  try {
    await controller.init();
    return describe(controller.getSnapshot());
  } finally {
    controller.destroy();
  }
}

function describe(s: FilterSnapshot): string[] {
  if (s.status === 'error') return [`The listing could not be loaded: ${s.error?.message ?? 'unknown error'}`];
  const money = (amount: number) => formatMoney(amount, s.settings.shop.money_format);
  const lines = [`${s.totalProduct} products, page ${s.pagination.currentPage} of ${s.pagination.lastPage}`];
  for (const option of s.options) {
    if (!option.visible) continue;
    if (option.range) {
      lines.push(`${option.label}: ${money(option.range.min)} to ${money(option.range.max)}`);
      continue;
    }
    const values = option.items.map((i) => `${i.selected ? '[x] ' : ''}${i.label} (${i.docCount})`);
    lines.push(`${option.label}: ${values.join(', ')}`);
  }
  for (const p of s.products) {
    const price = p.priceMin === null ? '' : money(p.priceMin);
    const was = p.compareAtPriceMin !== null && p.priceMin !== null && p.compareAtPriceMin > p.priceMin ? ` (was ${money(p.compareAtPriceMin)})` : '';
    lines.push(`- ${p.title} by ${p.vendor}: ${price}${was}${p.available ? '' : ', sold out'}`);
  }
  return lines;
}
