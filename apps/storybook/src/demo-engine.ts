// The engine every story talks to: the Luma demo catalog held in memory, answered through msw
// handlers (the browser's fetch goes to the service worker, which calls engine.handle). No
// story uses canned JSON.
import type { Meta } from '@storybook/react-vite';
import { createEngine, type Catalog } from '@pkg/engine';
import { createEngineHandlers } from '@pkg/engine/msw';
import catalog from '../../../data/luma/catalog.json';

export const demoEngine = createEngine(catalog as unknown as Catalog, { moneyFormat: '${{amount}}' });
export const demoHandlers = createEngineHandlers(demoEngine);
/** A story's `beforeEach` over the demo engine: its msw handlers answer the story's requests. */
export const withDemoEngine = (({ msw }) => {
  msw.use(...demoHandlers);
}) satisfies Meta['beforeEach'];

type TreeOption = NonNullable<Catalog['filterTree']>[number];

/**
 * Handlers for the demo catalog with some options of its filter tree configured differently: a
 * shop setting such as the option search box (`showSearchBoxFilterPC`) or the collapse flag
 * (`isCollapsePC`). The products are the demo catalog's; the engine builds every answer.
 */
export function demoHandlersWithOptions(patch: Readonly<Record<string, Partial<TreeOption>>>) {
  const base = catalog as unknown as Catalog;
  const filterTree = (base.filterTree ?? []).map((o) => ({ ...o, ...patch[o.filterOptionId] }) as TreeOption);
  return createEngineHandlers(createEngine({ ...base, filterTree }, { moneyFormat: '${{amount}}' }));
}

/** The demo shop's swatch settings (keyed `pfs-swatch-<value>`), as the loader passes them to settings. */
export const demoSwatches = (catalog as unknown as Catalog).swatches ?? {};

/**
 * Handlers for the demo catalog with an owner's merchandising rules in force (`merchandising`, the
 * engine's JSON document: synonyms, pins, banners ...).
 */
export function demoHandlersWithRules(merchandising: unknown) {
  return createEngineHandlers(createEngine(catalog as unknown as Catalog, { moneyFormat: '${{amount}}', merchandising }));
}
