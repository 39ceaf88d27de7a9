// Live catalogue updates from the platform's product webhooks: POST <apiBase>/catalog/products/
// create | update | delete with the product JSON the webhook sends (`{ id }` for delete), for the
// shop owner only (`Authorization: Bearer <token>`, checked like the insights route: no token
// configured, no route (404); a wrong one, 401). A product of an unknown shape is a 400 naming the
// field and changes nothing; a good one is in force when its answer is sent. Updates that arrive
// while the engine is busy (a burst of webhooks, a build in progress) are applied as one batch, in
// order of arrival: one index build for all of them.
import type { ProductUpdate, ProductUpdateResult } from './catalog-updates';
import type { EngineContext } from './engine-context';
import { EngineRequestError } from './engine-request-error';
import type { EngineRoute } from './http/route';
import { ProductJsonError, type ImportOptions } from './import-products-json';
import { requireBearer } from './insights-route';
import { parseProductWebhook, PRODUCT_TOPICS } from './product-webhook';

export { parseProductWebhook, PRODUCT_TOPICS } from './product-webhook';
export type { ProductTopic } from './product-webhook';

export interface ProductUpdatesRouteOptions extends ImportOptions {
  /** The owner's token (e.g. `process.env.CATALOG_TOKEN`); empty or undefined: no update route. */
  token: string | undefined;
  /** The API base the route lives under (default `/api`, the engine's default). */
  apiBase?: string;
}

interface Waiting {
  update: ProductUpdate;
  resolve: (result: ProductUpdateResult) => void;
  reject: (err: unknown) => void;
}

const later: (f: () => void) => void = (globalThis as { setImmediate?: (f: () => void) => void }).setImmediate ?? ((f) => setTimeout(f, 0));

/**
 * The route for `createEngine(catalog, { routes: [createProductUpdatesRoute({ token })] })`. It
 * answers with a promise (use `engine.handleAsync`, as the Node server and msw do): `{ success,
 * created, updated, deleted, products }`, the counts of the batch the update was applied in.
 */
export function createProductUpdatesRoute(options: ProductUpdatesRouteOptions): EngineRoute {
  const token = options.token ?? '';
  let queue: Waiting[] = [];
  const flush = (apply: EngineContext['applyUpdates']) => {
    const batch = queue;
    queue = [];
    try {
      const result = apply(batch.map((w) => w.update));
      for (const w of batch) w.resolve(result);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  const prefix = `${(options.apiBase ?? '/api').replace(/\/+$/, '')}/catalog/products/`;
  return (req, ctx) => {
    if (token === '' || !req.path.startsWith(prefix)) return undefined;
    if (req.method === 'OPTIONS') return { status: 204, body: '' };
    requireBearer(req.headers, token, 'Catalogue updates');
    const topic = `products/${req.path.slice(prefix.length)}`;
    if (!(PRODUCT_TOPICS as readonly string[]).includes(topic)) throw new EngineRequestError(404, 'not_found', `No catalogue update "${topic.slice(0, 40)}": use ${PRODUCT_TOPICS.map((t) => `${prefix}${t.slice(9)}`).join(', ')}.`);
    if (req.method !== 'POST') throw new EngineRequestError(405, 'method_not_allowed', `${req.path} answers POST only.`);
    let payload: unknown;
    try {
      payload = JSON.parse(req.body);
    } catch {
      throw new EngineRequestError(400, 'invalid_json', 'The body must be the product JSON the webhook sends.', 'body');
    }
    let update: ProductUpdate;
    try {
      update = parseProductWebhook(topic, payload, options);
    } catch (err) {
      if (err instanceof ProductJsonError) throw new EngineRequestError(400, 'invalid_product', err.message.replace(/^\[@pkg\/engine\] /, ''), err.field);
      throw err;
    }
    const applied = new Promise<ProductUpdateResult>((resolve, reject) => {
      if (queue.length === 0) later(() => flush(ctx.applyUpdates));
      queue.push({ update, resolve, reject });
    });
    return applied.then((result) => ({ body: { success: true, ...result }, headers: { 'cache-control': 'no-store, private' } }));
  };
}
