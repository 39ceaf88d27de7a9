// A second thread a build can hand work to: the platform part (Node: createBuildThread() from
// @pkg/engine/node, over node:worker_threads) is injected through EngineOptions.buildThread, so
// the engine's main entry (browsers, msw) names no thread API. Work handed over reads and writes
// typed arrays over SharedArrayBuffers (no copies), and the build goes on with its own work until
// it needs the result. Without a thread, or when the thread fails, the build does the work itself.

/** What a task handed to a build thread reads and writes: numbers, and typed arrays over SharedArrayBuffers. */
export type ThreadArg = number | Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/**
 * A function run on the thread. It is sent as its source text, so it may read only its
 * arguments and the language's globals (no imports, nothing of its module). `tick` is called now
 * and then while it runs (the thread's sign of life; a no-op on the build's own thread).
 */
export type ThreadTask<A extends readonly ThreadArg[]> = (tick: () => void, ...args: A) => void;

/** A second thread for a build (see EngineOptions.buildThread). */
export interface BuildThread {
  /** Builds of fewer products do their work themselves (below this, the thread saves less than its start costs). */
  readonly minProducts: number;
  /** Starts the thread if it is not running (a build calls this first, so it starts while the build reads the catalogue). */
  start(): void;
  /**
   * Starts `task` over `args` on the thread and returns a wait: it blocks until the task has run
   * (true), or returns false when the thread failed or stopped answering (the part reports why;
   * the caller then does the work itself, on arrays of its own).
   */
  run<A extends readonly ThreadArg[]>(task: ThreadTask<A>, args: A): () => boolean;
}

/** Memory for a typed array a thread will read or write (shared when there is a thread). */
export type BufferFor = (bytes: number) => ArrayBufferLike;

/** Plain memory (no thread), or shared memory (a thread reads or writes it). */
export function bufferFor(thread: BuildThread | null | undefined): BufferFor {
  return thread ? (bytes) => new SharedArrayBuffer(bytes) : (bytes) => new ArrayBuffer(bytes);
}

/**
 * Shared memory for a build's large arrays (the store's records and columns, the numbers, the
 * facet fields, the text index's arrays), within a budget. V8 counts a plain ArrayBuffer as its
 * isolate's external memory and starts a full collection for each 64 MB or so of it, and at
 * 1,000,000 products each one marks the caller's gigabytes of catalogue objects (bench/build.md);
 * a SharedArrayBuffer is not counted so. Its memory is freed as a plain one's is, when its last
 * typed array is collected, but V8 no longer hastens that collection for it: an index let go (a
 * rebuild, an engine dropped) keeps its memory until a full collection comes for other reasons.
 * So a build takes shared memory only while the shared memory of earlier builds not yet freed
 * (seen by a FinalizationRegistry) is at most what the last build took per slot, times its
 * slots; else plain memory, whose collections free the earlier builds' memory. At most about
 * two builds' worth is held beyond what is in use.
 */
export class SharedBudget {
  /** Bytes handed out and not yet freed. */
  held = 0;
  /** Bytes per slot the last build that took shared memory took. */
  private perSlot = 0;
  /** `watch`: told of each buffer handed out (calls `freed` once it is collected); null in tests, which call `freed` themselves. */
  constructor(private readonly watch: ((buffer: SharedArrayBuffer, bytes: number) => void) | null) {}

  /** Memory for a build of `slots` slots: shared (counted here), or null (plain memory: over budget, or no SharedArrayBuffer). */
  memory(slots: number): BufferFor | null {
    if (typeof SharedArrayBuffer !== 'function' || this.held > this.perSlot * slots) return null;
    let taken = 0;
    return (bytes) => {
      const buffer = new SharedArrayBuffer(bytes);
      this.watch?.(buffer, bytes);
      this.held += bytes;
      taken += bytes;
      this.perSlot = taken / Math.max(1, slots);
      return buffer;
    };
  }

  /** `bytes` of a buffer handed out were freed. */
  freed(bytes: number): void {
    this.held -= bytes;
  }
}

const collected = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<number>((bytes) => sharedBudget.freed(bytes)) : null;
/** The process's budget (every build with a thread draws on it). */
export const sharedBudget = new SharedBudget(collected ? (buffer, bytes) => collected.register(buffer, bytes) : null);

/** The build thread to use for a catalogue of `products` products: none below the thread's minimum. */
export function threadFor(thread: BuildThread | null | undefined, products: number): BuildThread | null {
  if (!thread || products < thread.minProducts) return null;
  thread.start();
  return thread;
}
