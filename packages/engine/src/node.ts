// @pkg/engine/node: the engine behind a node:http server, for the demo shop, for shops that host
// their own API, and for tests (port 0 picks a free port).
import cluster from 'node:cluster';
import { createReadStream, readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import type { Engine, EngineResponse } from './engine-types';
import { writeAnswer } from './http/write-answer';
import { LIMITS } from './limits';

import { servePassedConnections } from './http/cluster';

export { serveWithWorkers, workersFlag, type EngineCluster, type EngineClusterOptions, type WorkerExit } from './http/cluster';
export { chooseEncoding } from './http/negotiate';
export { writeAnswer } from './http/write-answer';
export { createBuildThread, BUILD_THREAD_MIN_PRODUCTS, type BuildThreadOptions, type NodeBuildThread } from './node-build-thread';

export interface EngineServerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind (default 127.0.0.1, local only). */
  host?: string;
  /**
   * Static folders served under URL prefixes, e.g. `{ '/images/luma': 'data/luma/images' }`.
   * Paths are resolved and kept inside their folder; only GET and HEAD.
   */
  staticDirs?: Record<string, string>;
  /**
   * The shop's merchandising JSON file (synonyms and rules): read at start (an invalid file
   * rejects the start) and again whenever it changes, while the server runs.
   */
  merchandisingFile?: string;
  /** Called when a changed merchandising file cannot be put in force (default: console.error); the rules in force stay. */
  onMerchandisingError?: (error: Error) => void;
  /** How often the merchandising file is checked for changes, in ms (default 1000). */
  watchInterval?: number;
}

export interface EngineServer {
  url: string;
  port: number;
  /** Reads the merchandising file again now (throws when it is invalid; the rules in force stay). */
  reloadMerchandising(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif',
  '.svg': 'image/svg+xml', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8', '.json': 'application/json; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
};

function tryStatic(req: IncomingMessage, res: ServerResponse, dirs: Record<string, string>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  for (const [prefix, dir] of Object.entries(dirs)) {
    const pre = prefix.endsWith('/') ? prefix : `${prefix}/`;
    if (!path.startsWith(pre)) continue;
    let rel: string;
    try {
      rel = decodeURIComponent(path.slice(pre.length));
    } catch {
      return false;
    }
    const root = resolve(dir);
    const file = resolve(root, rel);
    if (!file.startsWith(root + sep) || rel.includes('\0')) return false;
    try {
      const st = statSync(file);
      if (!st.isFile()) return false;
      res.writeHead(200, {
        'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': st.size,
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

export interface MerchandisingWatch {
  /** Reads the file again now (throws when it is invalid; the rules in force stay). */
  reload(): void;
  /** Stops watching. */
  stop(): void;
}

/**
 * Puts a shop's merchandising JSON file (synonyms and rules) in force: read now (throws when it
 * cannot be read or validated) and again whenever it changes (checked every `interval` ms,
 * default 1000); a change that cannot be put in force goes to `onError` (default console.error)
 * and the rules in force stay.
 */
export function watchMerchandisingFile(engine: Engine, file: string, options: { interval?: number | undefined; onError?: ((error: Error) => void) | undefined } = {}): MerchandisingWatch {
  const reload = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`[@pkg/engine] Merchandising file ${file} cannot be read as JSON: ${(err as Error).message}`);
    }
    engine.setMerchandising(parsed);
  };
  reload();
  const onChange = () => {
    try {
      reload();
    } catch (err) {
      (options.onError ?? ((e: Error) => console.error(e.message)))(err as Error);
    }
  };
  watchFile(file, { interval: options.interval ?? 1000, persistent: false }, onChange);
  return { reload, stop: () => unwatchFile(file, onChange) };
}

/** Starts an HTTP server answering every engine route (see the README for the list). */
export function createEngineServer(engine: Engine, options: EngineServerOptions = {}): Promise<EngineServer> {
  const host = options.host ?? '127.0.0.1';
  const dirs = options.staticDirs ?? {};
  let watch: MerchandisingWatch | undefined;
  try {
    if (options.merchandisingFile !== undefined) {
      watch = watchMerchandisingFile(engine, options.merchandisingFile, { interval: options.watchInterval, onError: options.onMerchandisingError });
    }
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const reload = () => watch?.reload();
  // In a cluster (serveWithWorkers), each answer names the worker that gave it.
  const extra: Record<string, string> = cluster.isWorker && cluster.worker ? { 'x-engine-worker': String(cluster.worker.id) } : {};
  const server = createServer((req, res) => {
    if (tryStatic(req, res, dirs)) return;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > LIMITS.bodyBytes) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      // Compressed by Accept-Encoding, with ETag/304 for answers a cache may keep.
      const send = (answer: EngineResponse) => writeAnswer(req, res, answer, extra);
      if (tooBig) {
        send({ status: 413, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ error: 'body_too_large', message: `[@pkg/engine] A request body may hold at most ${LIMITS.bodyBytes} bytes.` }) });
        return;
      }
      // handleAsync answers once the store has committed (at once for memory and SQLite).
      engine.handleAsync({ method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8'), headers }).then(send, () =>
        send({ status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ error: 'internal_error', message: '[@pkg/engine] The engine failed to answer this request.' }) }),
      );
    });
    req.on('error', () => res.destroy());
  });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  // A worker of serveWithWorkers listens on nothing: its primary passes it connections.
  const passedPort = servePassedConnections(server);
  const close = () => new Promise<void>((done, fail) => {
    watch?.stop();
    server.closeAllConnections?.();
    // (A worker's server that never listened closes with ERR_SERVER_NOT_RUNNING: nothing to wait for.)
    server.close((err) => (err && passedPort === null ? fail(err) : done()));
  });
  const running = (port: number): EngineServer => ({ url: `http://${shownHost}:${port}`, port, reloadMerchandising: reload, close });
  if (passedPort !== null) return Promise.resolve(running(passedPort));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      resolvePromise(running((server.address() as AddressInfo).port));
    });
  });
}

export { watchProductUpdates } from './watch-product-updates';
export type { WatchProductUpdatesOptions, ProductUpdatesWatch } from './watch-product-updates';
export { readCatalogSnapshot, writeCatalogSnapshot } from './catalog-snapshot';
export { importProductsFile, ProductsFileError } from './products-file';
export type { ProductsFileOptions, ProductsFileFormat } from './products-file';
export { catalogFromProducts } from './staged-products';
