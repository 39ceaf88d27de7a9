// Test harness: a real filter controller answered in-process by the engine over the Luma demo
// catalog (engine.fetch is a fetch-compatible function; no canned JSON).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFilterController, type FilterController, type SettingsInput } from '@pkg/core-filter';
import { createEngine, type Catalog, type Engine } from '@pkg/engine';
import { fixturesDir } from '../../../../scripts/test-utils/fixtures';

/** The Luma demo catalog, read from the repository's data. */
export const lumaCatalog = (): Catalog => JSON.parse(readFileSync(join(fixturesDir, '..', 'data', 'luma', 'catalog.json'), 'utf8')) as Catalog;

let engine: Engine | null = null;
export function demoEngine(): Engine {
  engine ??= createEngine(lumaCatalog());
  return engine;
}

export const testSettings: SettingsInput = {
  api: { filterUrl: 'http://shop.test/api/filter', searchUrl: 'http://shop.test/api/search', suggestionUrl: 'http://shop.test/api/suggest', productsUrl: 'http://shop.test/api/products' },
  shop: { name: 'Luma', domain: 'luma.example', currency: 'USD', money_format: '${{amount}}' },
  filter: { transport: 'fetch' },
};

export function demoController(url = '/collections/all', settings: SettingsInput = {}, e: Engine = demoEngine()): { controller: FilterController; requests: string[] } {
  const requests: string[] = [];
  const [pathname = '/', search = ''] = url.split('?');
  const controller = createFilterController({
    settings: { ...testSettings, ...settings, filter: { ...testSettings.filter, ...settings.filter } },
    location: { pathname, search: search ? `?${search}` : '' },
    window: null,
    fetch: (input, init) => {
      requests.push(String(input));
      return e.fetch(input, init);
    },
  });
  return { controller, requests };
}
