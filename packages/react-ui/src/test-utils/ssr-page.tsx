// The page the server-rendering test renders on Node and hydrates in Chromium: FilterPage (the
// filter tree, toolbar, listing and pagination over one controller) in the page's <main>.
import { useEffect } from 'react';
import type { FilterController, SettingsInput } from '@pkg/core-filter';
import { useFilterController } from '../filter-context';
import { FilterPage } from '../FilterPage';

/** The same settings on both sides; the API address is the page's own origin. */
export const ssrSettings: SettingsInput = {
  api: { filterUrl: '/api/filter', searchUrl: '/api/search', suggestionUrl: '/api/suggest', productsUrl: '/api/products' },
  shop: { name: 'Luma', domain: 'luma.example', currency: 'USD', money_format: '${{amount}}' },
  filter: { transport: 'fetch', limit: 12 },
};

/**
 * Starts the controller once the page is interactive (effects run in the browser only): with the
 * server's answer it sends nothing. Marks the body when done, for the test to wait on.
 */
function Start() {
  const controller = useFilterController();
  useEffect(() => {
    void controller.init().then(() => {
      document.body.dataset.ready = 'true';
    });
  }, [controller]);
  return null;
}

export function SsrPage({ controller }: { controller: FilterController }) {
  return (
    <main>
      <FilterPage controller={controller}>
        <Start />
      </FilterPage>
    </main>
  );
}
