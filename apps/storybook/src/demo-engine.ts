// The engine every story talks to: the Luma demo catalog held in memory, answered through msw
// handlers (the browser's fetch goes to the service worker, which calls engine.handle). No
// story uses canned JSON.
import { createEngine, type Catalog } from '@pkg/engine';
import { createEngineHandlers } from '@pkg/engine/msw';
import catalog from '../../../data/luma/catalog.json';

export const demoEngine = createEngine(catalog as unknown as Catalog, { moneyFormat: '${{amount}}' });
export const demoHandlers = createEngineHandlers(demoEngine);
