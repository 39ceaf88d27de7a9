// A real engine server on a durable store, run as a child process by the store tests and the
// ingest benchmark: DATABASE_URL picks PostgreSQL, else the SQLite file in DATA_DIR. Prints
// `listening <url>` once it answers. Needs the built package (pnpm --filter @pkg/engine build).
import { createEngine } from '../dist/index.js';
import { createInsightsRoute } from '../dist/insights.js';
import { createEngineServer } from '../dist/node.js';
import { openStore } from '../dist/store.js';

const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const catalog = { products: [{ id: '1', title: 'One', handle: 'one', vendor: 'v', productType: 't', tags: [], collections: [], images: [], options: [], variants: [{ id: '11', title: 'Default Title', price: 1, available: true }], available: true }] };
const engine = createEngine(catalog, { store, routes: [createInsightsRoute({ token: process.env.INSIGHTS_TOKEN })] });
const server = await createEngineServer(engine, { port: Number(process.env.PORT ?? 0) });
console.log(`listening ${server.url}`);
