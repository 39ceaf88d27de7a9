// The browser side of the server-rendering test: hydrates the server's HTML with the answer the
// server embedded; the page starts the controller, which sends nothing for that answer.
import { hydrateRoot } from 'react-dom/client';
import { createFilterController, type FilterInitialData } from '@pkg/core-filter';
import { SsrPage, ssrSettings } from './ssr-page';

const data = JSON.parse(document.getElementById('pkg-initial-data')!.textContent!) as FilterInitialData;
const controller = createFilterController({ settings: ssrSettings, initialData: data, fetch: (input, init) => fetch(input, init) });
hydrateRoot(document.getElementById('root')!, <SsrPage controller={controller} />, {
  onRecoverableError: (error) => console.error(`[hydration] ${String(error)}`),
});
