// The SQLite analytics writer thread. better-sqlite3 is synchronous, so a commit with
// synchronous=FULL holds the thread that runs it until the disk has flushed. Run on the server's
// one thread, that flush stops every other request while the disk is busy: the ingest tail was
// seconds on a loaded machine. Here the analytics inserts run on a second connection in a worker
// thread; the server thread only posts the rows and waits for the answer, so requests keep being
// read (and, through the group commit, gather into the next transaction) while the disk flushes.
// WAL mode lets the server thread's own connection read while the writer writes.
import { Worker } from 'node:worker_threads';

/** The worker's program (CommonJS, run with `eval`): one connection, one prepared insert. */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare(workerData.sql);
const write = db.transaction((rows) => {
  const ids = [];
  for (const row of rows) if (insert.run(...row.values).changes > 0) ids.push(row.id);
  return ids;
});
parentPort.on('message', (m) => {
  if (m.close) { db.close(); parentPort.postMessage({ closed: true }); return; }
  try { parentPort.postMessage({ seq: m.seq, ids: write(m.rows) }); }
  catch (err) { parentPort.postMessage({ seq: m.seq, error: String((err && err.message) || err) }); }
});
`;

export interface WriterRow {
  id: string;
  values: unknown[];
}

export interface SqliteWriter {
  /** Inserts the rows in one transaction (ignoring conflicts as `sql` says); resolves with the ids inserted. */
  write(rows: WriterRow[]): Promise<Set<string>>;
  /** Waits for the writes in flight, then closes the connection and ends the thread. */
  close(): Promise<void>;
}

/**
 * A writer thread on the SQLite file `file` (already migrated) that runs the insert `sql`.
 * `driver` is the resolved path of the `better-sqlite3` module. A thread that dies fails the
 * writes in flight (their requests get an error and the client sends them again) and is started
 * anew for the next write.
 */
export function createSqliteWriter(file: string, driver: string, sql: string): SqliteWriter {
  let worker: Worker | undefined;
  let seq = 0;
  const pending = new Map<number, { resolve: (ids: Set<string>) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = (): Worker => {
    const w = new Worker(WRITER_SOURCE, { eval: true, workerData: { file, driver, sql } });
    // The server's sockets keep the process alive; an idle writer must not.
    w.unref();
    w.on('message', (m: { seq: number; ids?: string[]; error?: string }) => {
      const p = pending.get(m.seq);
      if (!p) return;
      pending.delete(m.seq);
      if (m.error !== undefined) p.reject(new Error(`SQLite write failed: ${m.error}`));
      else p.resolve(new Set(m.ids));
    });
    w.on('error', (err) => {
      if (worker === w) worker = undefined;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`SQLite writer thread stopped (exit code ${code})`));
    });
    return w;
  };
  worker = start();
  return {
    write(rows) {
      worker ??= start();
      const w = worker;
      return new Promise((resolve, reject) => {
        const n = ++seq;
        pending.set(n, { resolve, reject });
        w.postMessage({ seq: n, rows });
      });
    },
    async close() {
      const w = worker;
      if (!w) return;
      worker = undefined;
      await new Promise<void>((resolve) => {
        w.on('message', (m: { closed?: boolean }) => m.closed && resolve());
        w.once('exit', () => resolve());
        // Messages are handled in order: the writes posted before this one finish first.
        w.postMessage({ close: true });
      });
      await w.terminate();
    },
  };
}
