// The SQLite store (better-sqlite3): a file, created on first use. WAL journal with
// synchronous=FULL: a committed transaction is on disk, so a kill -9 (or a power cut) right after
// loses nothing that was acknowledged. Analytics events are group-committed (group-commit.ts):
// their promise resolves after the commit; everything else is written at once. With `writer`
// (what openStore passes) the analytics commits run in a writer thread (sqlite-writer.ts), so the
// disk flush never stops the server's thread.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { AnalyticsEvent, EngineStore, TimeRange } from './engine-store';
import { groupCommit } from './group-commit';
import { createSqliteWriter } from './sqlite-writer';
import { MIGRATIONS, MIGRATIONS_TABLE } from './store-migrations';
import {
  BACK_IN_STOCK_COLUMNS, backInStockFromRow, backInStockValues, cartFromRow, cartToJson, EVENT_COLUMNS, eventFromRow, eventValues,
  rangeWhere, SEARCH_COLUMNS, searchFromRow, searchValues, type Row,
} from './store-rows';

type DatabaseConstructor = typeof Database;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export interface SqliteStoreOptions {
  /**
   * The resolved path of the `better-sqlite3` module (`require.resolve('better-sqlite3')`): when
   * set, analytics events are committed by a writer thread on its own connection, so the disk
   * flush never blocks the calling thread. Not for `:memory:` (a second connection would see
   * another database). `openStore` sets it.
   */
  writer?: string;
}

/** Opens (creating when missing) the SQLite file at `file` and runs pending migrations. */
export function createSqliteStore(file: string, Driver: DatabaseConstructor, options: SqliteStoreOptions = {}): EngineStore {
  if (options.writer && file === ':memory:') throw new Error('[@pkg/engine] createSqliteStore: a writer thread needs a database file, not ":memory:".');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Driver(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const insertEventSql = `INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES (${marks(EVENT_COLUMNS.length)}) ON CONFLICT (id) DO NOTHING`;
  const insertEvent = db.prepare(insertEventSql);
  const writer = options.writer ? createSqliteWriter(file, options.writer, insertEventSql) : undefined;
  const insertEvents = db.transaction((list: readonly AnalyticsEvent[]) => {
    const inserted = new Set<string>();
    for (const e of list) if (insertEvent.run(...eventValues(e)).changes > 0) inserted.add(e.id);
    return inserted;
  });
  const insertSearch = db.prepare(`INSERT INTO search_log (${SEARCH_COLUMNS.join(', ')}) VALUES (${marks(SEARCH_COLUMNS.length)})`);
  const insertBackInStock = db.prepare(`INSERT INTO back_in_stock (${BACK_IN_STOCK_COLUMNS.join(', ')}) VALUES (${marks(BACK_IN_STOCK_COLUMNS.length)})`);
  const selectCart = db.prepare('SELECT lines FROM carts WHERE token = ?');
  const upsertCart = db.prepare('INSERT INTO carts (token, lines, updated_at) VALUES (?, ?, ?) ON CONFLICT (token) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at');
  const where = (column: string, range: TimeRange | undefined) => rangeWhere(column, range, () => '?');

  return {
    kind: 'sqlite',
    carts: {
      get: (token) => cartFromRow(selectCart.get(token) as Row | undefined),
      set(token, lines) {
        upsertCart.run(token, cartToJson(lines), Date.now());
      },
    },
    analytics: {
      // Resolves after the transaction holding this request's events committed.
      add: groupCommit(writer ? (list) => writer.write(list.map((e) => ({ id: e.id, values: eventValues(e) }))) : (list) => insertEvents(list)),
      list(range) {
        const w = where('received_at', range);
        return (db.prepare(`SELECT * FROM analytics_events${w.sql} ORDER BY received_at, rowid`).all(...w.values) as Row[]).map(eventFromRow);
      },
      count(range) {
        const w = where('received_at', range);
        return Number((db.prepare(`SELECT COUNT(*) AS n FROM analytics_events${w.sql}`).get(...w.values) as Row).n);
      },
    },
    searches: {
      add(entry) {
        insertSearch.run(...searchValues(entry));
      },
      list(range) {
        const w = where('at', range);
        return (db.prepare(`SELECT * FROM search_log${w.sql} ORDER BY seq`).all(...w.values) as Row[]).map(searchFromRow);
      },
    },
    backInStock: {
      add(entry) {
        insertBackInStock.run(...backInStockValues(entry));
      },
      list: () => (db.prepare('SELECT * FROM back_in_stock ORDER BY seq').all() as Row[]).map(backInStockFromRow),
    },
    async close() {
      await writer?.close();
      db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  db.exec(MIGRATIONS_TABLE);
  const done = new Set((db.prepare('SELECT version FROM schema_migrations').all() as Row[]).map((r) => Number(r.version)));
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sqlite);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }).immediate();
  }
}
