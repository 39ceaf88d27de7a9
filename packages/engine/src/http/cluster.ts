// `--workers N`: one engine server per process on one port (node:cluster). The primary accepts each
// connection, unread, and passes it to the worker with the fewest open connections; it answers
// nothing itself. A worker that dies is replaced.
import cluster, { type Worker } from 'node:cluster';
import type { Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';

/** What `start` must give back in a worker: the server it started. */
export interface WorkerServer {
  url: string;
  port: number;
}

export interface EngineClusterOptions {
  /** Worker processes (at least 1). */
  workers: number;
  /**
   * The port the primary listens on and passes connections from (default 0: a free one, kept by
   * the replacements too; give a fixed port in production).
   */
  port?: number;
  /** Interface the primary listens on (default 127.0.0.1, local only). */
  host?: string;
  /**
   * Runs in each worker process: builds the engine and starts its server, given the primary's
   * port (e.g. `(port) => createEngineServer(createEngine(catalog), { port })`; in such a worker
   * createEngineServer listens on nothing and serves the connections the primary passes).
   */
  start: (port: number) => Promise<WorkerServer>;
  /** Called in the primary each time a worker listens (at the start and for each replacement). */
  onWorkerReady?: (worker: { id: number; pid: number | undefined }) => void;
  /** Called in the primary when a worker dies after the start (default: one console.error line); a new one replaces it. */
  onWorkerExit?: (exit: WorkerExit) => void;
}

export interface WorkerExit {
  id: number;
  pid: number | undefined;
  code: number | null;
  signal: string | null;
}

export interface EngineCluster {
  url: string;
  port: number;
  /** The workers now running: cluster id and process id. */
  workers(): Array<{ id: number; pid: number | undefined }>;
  /** Stops every worker and waits until they have exited. */
  close(): Promise<void>;
}

const READY = 'pkg-engine-worker-ready';
const PORT_ENV = 'PKG_ENGINE_CLUSTER_PORT';
/** Primary -> worker, with the connection's socket: a connection to serve. */
const PASSED = 'pkg-engine-conn';
/** Worker -> primary: a passed connection is in the worker's hands (the primary closes its copy). */
const TAKEN = 'pkg-engine-taken';
/** Worker -> primary: a passed connection has closed. */
const CLOSED = 'pkg-engine-closed';

/** The messages between primary and worker. */
type ClusterMessage =
  | { type: typeof READY; url: string; port: number }
  | { type: typeof PASSED | typeof TAKEN; id: number }
  | { type: typeof CLOSED };

/**
 * The one reader of what arrives on the IPC channel: one of our messages, or null for anything
 * else (another library's message, a malformed one).
 */
function readMessage(m: unknown): ClusterMessage | null {
  if (typeof m !== 'object' || m === null) return null;
  const { type, id, url, port } = m as Record<string, unknown>;
  if (type === READY) return typeof url === 'string' && typeof port === 'number' ? { type, url, port } : null;
  if (type === PASSED || type === TAKEN) return typeof id === 'number' ? { type, id } : null;
  return type === CLOSED ? { type } : null;
}

/**
 * In a worker started by serveWithWorkers: the port its primary listens on, with `server` (an
 * http server that does not listen itself) set to serve the connections the primary passes; null
 * in any other process (the caller listens as usual).
 */
export function servePassedConnections(server: HttpServer): number | null {
  const port = process.env[PORT_ENV];
  if (!cluster.isWorker || port === undefined || !process.send) return null;
  process.on('message', (message: unknown, handle: unknown) => {
    const m = readMessage(message);
    if (m?.type !== PASSED || !handle) return;
    const socket = handle as Socket;
    process.send?.({ type: TAKEN, id: m.id } satisfies ClusterMessage);
    socket.once('close', () => process.send?.({ type: CLOSED } satisfies ClusterMessage));
    server.emit('connection', socket);
    socket.resume();
  });
  // The http server's own timeouts (headers, request) start with its 'listening' event.
  server.emit('listening');
  return Number(port);
}

/**
 * The worker count a `--workers` flag asks for in `argv`: `--workers=N` or `--workers N`, or the
 * machine's cores (`os.availableParallelism()`) for a bare `--workers`; `undefined` without the
 * flag. Throws on a value that is not a whole number from 1 to 256.
 */
export function workersFlag(argv: readonly string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (at < 0) return undefined;
  const arg = argv[at] as string;
  const next = argv[at + 1];
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : next !== undefined && /^\d+$/.test(next) ? next : '';
  if (raw === '') return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new RangeError(`[@pkg/engine] --workers must be a whole number from 1 to 256, got "${raw}".`);
  return n;
}

/**
 * Runs `start` in `workers` processes sharing one port. In the primary it resolves once every
 * worker listens; in a worker it resolves `null` once that worker's server listens. The same
 * script runs in both (node:cluster forks it again), so build nothing before calling this that the
 * primary does not need.
 */
export async function serveWithWorkers(options: EngineClusterOptions): Promise<EngineCluster | null> {
  if (cluster.isWorker) {
    const port = Number(process.env[PORT_ENV] ?? options.port ?? 0);
    const server = await options.start(port);
    process.send?.({ type: READY, url: server.url, port: server.port } satisfies ClusterMessage);
    return null;
  }
  const count = options.workers;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`[@pkg/engine] workers must be a whole number of at least 1, got ${String(count)}.`);
  let url = '';
  let closing = false;
  const onExit = options.onWorkerExit ?? ((e: WorkerExit) => console.error(`[@pkg/engine] worker ${e.id} (pid ${e.pid}) exited (${e.signal ?? `code ${e.code}`}); starting another.`));

  // The primary accepts every connection (paused: it reads nothing) and passes it to the ready
  // worker with the fewest open connections. Workers accepting from a shared socket themselves
  // (SCHED_NONE) keep no balance: on 2 cores, 8 keep-alive connections opened together went
  // 8:0 or 7:1 in most rounds, and a worker holding them all serves them on one core. Node's own
  // round-robin (SCHED_RR) hands out in turn, not by load, and a connection it has handed to a
  // worker that dies before taking it is never answered nor closed. Here the primary keeps its
  // copy of each passed connection until the worker says it has it, and passes it again to
  // another worker if that one dies first.
  const front = createNetServer({ pauseOnConnect: true });
  await new Promise<void>((resolveListen, rejectListen) => {
    front.once('error', rejectListen);
    front.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      front.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (front.address() as AddressInfo).port;
  const fork = (): Worker => cluster.fork({ [PORT_ENV]: String(port) });
  const listening = new Set<number>();
  // Open connections per worker: passed to it, less those it said have closed.
  const open = new Map<number, number>();
  const pending = new Map<number, { socket: Socket; worker: number }>();
  let lastId = 0;
  const pass = (socket: Socket): void => {
    let to: Worker | undefined;
    let fewest = Infinity;
    for (const id of listening) {
      const w = cluster.workers?.[id];
      const n = open.get(id) ?? 0;
      if (w && w.isConnected() && n < fewest) [to, fewest] = [w, n];
    }
    // None ready yet (at the start): asked again shortly.
    if (!to) {
      setTimeout(() => (closing || socket.destroyed ? socket.destroy() : pass(socket)), 50);
      return;
    }
    const id = ++lastId;
    const worker = to.id;
    pending.set(id, { socket, worker });
    open.set(worker, fewest + 1);
    to.send({ type: PASSED, id } satisfies ClusterMessage, socket, { keepOpen: true }, (err: Error | null) => {
      if (!err || !pending.delete(id)) return;
      pass(socket);
    });
  };
  front.on('connection', (socket: Socket) => {
    // A client that resets a connection still waiting here must not take the primary down.
    socket.on('error', () => socket.destroy());
    pass(socket);
  });
  cluster.on('message', (worker, message) => {
    const m = readMessage(message);
    if (m?.type === TAKEN) {
      // The worker holds its own copy: the primary's is closed (the connection stays open).
      pending.get(m.id)?.socket.destroy();
      pending.delete(m.id);
      return;
    }
    if (m?.type === CLOSED) {
      open.set(worker.id, (open.get(worker.id) ?? 1) - 1);
      return;
    }
    if (m?.type !== READY) return;
    listening.add(worker.id);
    open.set(worker.id, 0);
    options.onWorkerReady?.({ id: worker.id, pid: worker.process.pid });
  });
  await new Promise<void>((resolveStart, rejectStart) => {
    let ready = 0;
    const started: Worker[] = [];
    const failEarly = (worker: Worker, code: number | null, signal: string | null) => {
      closing = true;
      front.close();
      for (const w of started) if (w !== worker && !w.isDead()) w.kill();
      rejectStart(new Error(`[@pkg/engine] worker ${worker.id} exited before it listened (${signal ?? `code ${code}`}).`));
    };
    const onMessage = (_worker: Worker, message: unknown) => {
      const m = readMessage(message);
      if (m?.type !== READY) return;
      if (ready === 0) url = m.url;
      ready += 1;
      if (ready === count) {
        cluster.off('exit', failEarly);
        cluster.off('message', onMessage);
        resolveStart();
      }
    };
    cluster.on('message', onMessage);
    cluster.on('exit', failEarly);
    for (let i = 0; i < count; i++) started.push(fork());
  });

  cluster.on('exit', (worker, code, signal) => {
    const listened = listening.delete(worker.id);
    open.delete(worker.id);
    // Connections passed to it that it never said it took go to another worker.
    for (const [id, p] of pending) {
      if (p.worker !== worker.id) continue;
      pending.delete(id);
      if (!closing) pass(p.socket);
    }
    if (closing) return;
    onExit({ id: worker.id, pid: worker.process.pid, code, signal });
    // A replacement that died before it listened is retried after a second, not in a tight loop.
    if (listened) fork();
    else setTimeout(() => (closing ? undefined : fork()), 1000);
  });
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  return {
    url,
    port,
    workers: () => alive().map((w) => ({ id: w.id, pid: w.process.pid })),
    close: () => {
      closing = true;
      front.close();
      const left = alive();
      return Promise.all(left.map((w) => new Promise<void>((done) => {
        w.once('exit', () => done());
        w.kill();
      }))).then(() => undefined);
    },
  };
}
