// The build thread for Node (build-thread.ts): a worker thread (node:worker_threads) started as a
// build begins and ended when its task is done (unref'd: it never keeps a process alive). Ended,
// not kept: an idle worker collects no garbage, so it would hold the build's shared input arrays
// (a third of a GB at 1,000,000 products) until its next task.
// A build is synchronous, so it waits for a task with Atomics.wait on a shared state word rather
// than for a message: the worker sets the word when it takes the task, ticks while it runs and
// sets it again when the task returned or threw. A thread that fails, or shows no sign of life
// for `stallMs`, is reported, ended and started anew for the next build; the build then does the
// work itself (never a hung build).
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { BuildThread, ThreadArg, ThreadTask } from './build-thread';

/**
 * Catalogues of fewer products build on one thread (the default of `minProducts`). Measured on
 * 2 cores (bench/build.md): the thread's start and the wait for it cost a few ms, the inversion it
 * takes over is about 1 ms per 1,000 products.
 */
export const BUILD_THREAD_MIN_PRODUCTS = 20_000;

/** The state word: posted, taken, returned, threw. Word 1 counts the task's ticks. */
const POSTED = 0;
const RUNNING = 1;
const DONE = 2;
const FAILED = 3;

/** The worker's program (CommonJS, run with `eval`): runs each task it is sent, by its source text (compiled once). */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const port = workerData.port;
const tasks = new Map();
port.on('message', ({ source, args, state }) => {
  Atomics.store(state, 0, ${RUNNING});
  Atomics.notify(state, 0);
  const tick = () => { Atomics.add(state, 1, 1); };
  try {
    let task = tasks.get(source);
    if (!task) {
      task = (0, eval)('(' + source + ')');
      tasks.set(source, task);
    }
    task(tick, ...args);
    Atomics.store(state, 0, ${DONE});
  } catch (err) {
    port.postMessage(String((err && err.stack) || err));
    Atomics.store(state, 0, ${FAILED});
  }
  Atomics.notify(state, 0);
});
`;

export interface BuildThreadOptions {
  /** Catalogues with fewer products build without the thread (default BUILD_THREAD_MIN_PRODUCTS, 20,000). */
  minProducts?: number;
  /** A thread that takes no task, or ticks no sign of life, for this many ms is given up (default 5,000). */
  stallMs?: number;
  /** Told when the thread failed and the build did its work itself (default: a process warning). */
  onError?: (error: Error) => void;
}

export interface NodeBuildThread extends BuildThread {
  /** Ends the worker thread if one is running (a build ends it when done; a build that failed before handing it work leaves it started). */
  close(): Promise<void>;
}

/**
 * A worker thread for engine builds: `createEngine(catalog, { buildThread: createBuildThread() })`.
 * One value serves every engine built with it, one build at a time (builds are synchronous); each
 * build starts a thread and ends it.
 */
export function createBuildThread(options: BuildThreadOptions = {}): NodeBuildThread {
  const minProducts = options.minProducts ?? BUILD_THREAD_MIN_PRODUCTS;
  const stallMs = options.stallMs ?? 5000;
  const onError = options.onError ?? ((error: Error) => process.emitWarning(error.message, 'EngineBuildThread'));
  let worker: Worker | null = null;
  let port: MessagePort | null = null;
  const drop = (): Promise<void> => {
    const w = worker;
    port?.close();
    worker = null;
    port = null;
    return w ? w.terminate().then(() => undefined) : Promise.resolve();
  };
  const fail = (why: string): false => {
    onError(new Error(`[@pkg/engine] build thread: ${why}; the build did that work on its own thread.`));
    void drop();
    return false;
  };
  const start = (): void => {
    if (worker) return;
    try {
      const { port1, port2 } = new MessageChannel();
      const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2 }, transferList: [port2] });
      w.unref();
      port1.unref();
      // Seen between builds (a build blocks the event loop): the next build starts a new thread.
      w.on('error', (err) => {
        if (worker === w) fail(`the thread stopped (${err.message})`);
      });
      w.on('exit', () => {
        if (worker === w) void drop();
      });
      worker = w;
      port = port1;
    } catch (err) {
      fail(`the thread could not start (${err instanceof Error ? err.message : String(err)})`);
    }
  };
  const run = <A extends readonly ThreadArg[]>(task: ThreadTask<A>, args: A): (() => boolean) => {
    start();
    const p = port;
    if (!p) return () => false;
    const state = new Int32Array(new SharedArrayBuffer(8));
    try {
      p.postMessage({ source: String(task), args, state });
    } catch (err) {
      const why = `the task could not be sent (${err instanceof Error ? err.message : String(err)})`;
      return () => fail(why);
    }
    let settled: boolean | null = null;
    return () => {
      if (settled !== null) return settled;
      let seen = -1;
      let since = Date.now();
      for (;;) {
        const s = Atomics.load(state, 0);
        if (s === DONE) {
          void drop();
          return (settled = true);
        }
        if (s === FAILED) {
          const why = receiveMessageOnPort(p)?.message;
          return (settled = fail(`the task failed: ${typeof why === 'string' ? why : 'unknown error'}`));
        }
        // A change of state or a tick is a sign of life.
        const life = s + 4 * Atomics.load(state, 1);
        const now = Date.now();
        if (life !== seen) {
          seen = life;
          since = now;
        } else if (now - since >= stallMs) {
          return (settled = fail(`no sign of life for ${stallMs} ms (${s === POSTED ? 'the task was not taken' : 'the task stopped ticking'})`));
        }
        Atomics.wait(state, 0, s, Math.min(100, stallMs));
      }
    };
  };
  return { minProducts, start, run, close: drop };
}
