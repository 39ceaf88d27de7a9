// The engine's Node server on a catalogue, in one process or in `--workers N` (bundled and run by
// `pnpm bench:load` and by src/cluster.test.ts; it works on its own too):
//   node serve.js [--products=100000] [--products-file=export.json] [--catalog=file.json] [--snapshot-in=file]
//                 [--snapshot-out=file] [--updates=updates.ndjson] [--port=0] [--host=127.0.0.1] [--workers[=N]]
// `--products-file` streams the platform's products export ({"products":[...]}, an array, or NDJSON
// for .ndjson/.jsonl; the synthetic filter tree unless the file has a top-level "filterTree"),
// `--catalog` a Catalog JSON file of normalised products (both with importProductsFile: any
// fault in the file stops the start with its product and byte offset), `--snapshot-in` a
// catalogue snapshot (writeCatalogSnapshot); else a seeded synthetic catalogue of `--products` products. `--snapshot-out` writes the catalogue
// to a snapshot before serving. `--updates` applies an NDJSON file of product webhooks in every
// process as it grows; CATALOG_TOKEN enables POST /api/catalog/products/* (in the one process that
// receives it: with workers, use `--updates` so that every worker sees every update). A bare `--workers` starts one worker per core. Prints `worker <id> pid <pid> ready`
// per worker (and per replacement), then `listening <url>`. SIGTERM or SIGINT stops it.
import type { Catalog } from '../src/catalog';
import { createEngine } from '../src/create-engine';
import { createProductUpdatesRoute } from '../src/product-updates-route';
import { createBuildThread, createEngineServer, importProductsFile, readCatalogSnapshot, serveWithWorkers, watchProductUpdates, workersFlag, writeCatalogSnapshot } from '../src/node';
import { generateCatalog, syntheticFilterTree } from '../src/synthetic-catalog';

const flag = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const host = flag('host') ?? '127.0.0.1';
const port = Number(flag('port') ?? 0);
// The build's second thread (README "Build thread": one worker thread per build, from 20,000 products).
const buildThread = createBuildThread();

const fromFile = flag('products-file') ?? flag('catalog');

async function catalog(): Promise<Catalog> {
  const snapshot = flag('snapshot-in');
  if (snapshot !== undefined) return readCatalogSnapshot(snapshot);
  const exported = flag('products-file');
  if (exported !== undefined) return importProductsFile(exported, { catalog: { filterTree: syntheticFilterTree() } });
  const file = flag('catalog');
  if (file !== undefined) return importProductsFile(file, { shape: 'catalog' });
  const products = Number(flag('products') ?? 100_000);
  if (!Number.isInteger(products) || products < 1) throw new RangeError(`--products must be a whole number of at least 1, got "${flag('products')}".`);
  return generateCatalog({ products, seed: 42 });
}

const start = async (p: number, given?: Catalog) => {
  const built = given ?? (await catalog());
  const engine = createEngine(built, { buildThread, routes: [createProductUpdatesRoute({ token: process.env.CATALOG_TOKEN })] });
  const updates = flag('updates');
  if (updates !== undefined) watchProductUpdates(engine, updates);
  // Build what the engine defers to first use (facet trees, the fuzzy term index, suggest
  // phrases) before listening, so no shopper's request pays it (up to ~130 ms at 100k products,
  // bench/load.md). Typed calls: they do not reach the search log.
  engine.filter({ build_filter_tree: 'true' });
  engine.search({ q: 'classic cotton', fuzzy: '2', build_filter_tree: 'true' });
  engine.suggest({ q: 'co' });
  return createEngineServer(engine, { port: p, host });
};

try {
  const workers = workersFlag(process.argv.slice(2));
  const snapshotOut = flag('snapshot-out');
  if (workers === undefined) {
    let built = await catalog();
    if (snapshotOut !== undefined) {
      writeCatalogSnapshot(snapshotOut, built);
      // An imported catalogue's products went into the snapshot's index: the engine imports its own.
      if (fromFile !== undefined) built = await catalog();
    }
    const server = await start(port, built);
    console.log(`listening ${server.url}`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  } else {
    // The primary writes the snapshot once; each worker builds its own catalogue.
    if (snapshotOut !== undefined && (await import('node:cluster')).default.isPrimary) writeCatalogSnapshot(snapshotOut, await catalog());
    const running = await serveWithWorkers({
      workers,
      port,
      host,
      start: (p) => start(p),
      onWorkerReady: (w) => console.log(`worker ${w.id} pid ${w.pid} ready`),
      onWorkerExit: (e) => console.log(`worker ${e.id} pid ${e.pid} exited (${e.signal ?? `code ${e.code}`}); starting another`),
    });
    if (running) {
      console.log(`listening ${running.url} (${workers} workers)`);
      const stop = () => void running.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    }
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
