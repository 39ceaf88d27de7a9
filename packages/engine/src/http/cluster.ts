// `--workers N`: one engine server per process on one shared port (node:cluster; each worker
// accepts its own connections from the shared socket). A worker that dies is replaced; the primary
// itself answers nothing.
import cluster, { type Worker } from 'node:cluster';
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
   * The port every worker shares (default 0: a free one, shared by all workers and their
   * replacements while at least one worker lives; give a fixed port in production).
   */
  port?: number;
  /**
   * Runs in each worker process: builds the engine and starts its server on `port` (e.g.
   * `(port) => createEngineServer(createEngine(catalog), { port })`).
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

interface ReadyMessage {
  type: typeof READY;
  url: string;
  port: number;
}

const isReady = (m: unknown): m is ReadyMessage => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === READY;

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
    process.send?.({ type: READY, url: server.url, port: server.port } satisfies ReadyMessage);
    return null;
  }
  const count = options.workers;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`[@pkg/engine] workers must be a whole number of at least 1, got ${String(count)}.`);
  // Every worker listens on the port as given: node:cluster shares one listening handle per
  // requested address, so with port 0 the replacements join the first workers' free port too.
  const asked = options.port ?? 0;
  let port = asked;
  let url = '';
  let closing = false;
  const onExit = options.onWorkerExit ?? ((e: WorkerExit) => console.error(`[@pkg/engine] worker ${e.id} (pid ${e.pid}) exited (${e.signal ?? `code ${e.code}`}); starting another.`));

  // Each worker accepts its own connections from the shared socket (SCHED_NONE) rather than the
  // primary handing them out in turn: a connection the primary has handed to a worker that dies
  // before taking it is never answered nor closed (node:cluster's round-robin keeps it open until
  // the primary exits), while with the shared socket a dead worker simply stops accepting.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const fork = (): Worker => cluster.fork({ [PORT_ENV]: String(asked) });
  const listening = new Set<number>();
  cluster.on('message', (worker, message) => {
    if (!isReady(message)) return;
    listening.add(worker.id);
    options.onWorkerReady?.({ id: worker.id, pid: worker.process.pid });
  });
  await new Promise<void>((resolveStart, rejectStart) => {
    let ready = 0;
    const started: Worker[] = [];
    const failEarly = (worker: Worker, code: number | null, signal: string | null) => {
      closing = true;
      for (const w of started) if (w !== worker && !w.isDead()) w.kill();
      rejectStart(new Error(`[@pkg/engine] worker ${worker.id} exited before it listened (${signal ?? `code ${code}`}).`));
    };
    const onMessage = (_worker: Worker, message: unknown) => {
      if (!isReady(message)) return;
      if (ready === 0) {
        port = message.port;
        url = message.url;
      }
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
    if (closing) return;
    onExit({ id: worker.id, pid: worker.process.pid, code, signal });
    // A replacement that died before it listened is retried after a second, not in a tight loop.
    if (listening.delete(worker.id)) fork();
    else setTimeout(() => (closing ? undefined : fork()), 1000);
  });
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  return {
    url,
    port,
    workers: () => alive().map((w) => ({ id: w.id, pid: w.process.pid })),
    close: () => {
      closing = true;
      const left = alive();
      return Promise.all(left.map((w) => new Promise<void>((done) => {
        w.once('exit', () => done());
        w.kill();
      }))).then(() => undefined);
    },
  };
}
