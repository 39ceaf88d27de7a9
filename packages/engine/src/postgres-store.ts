// The PostgreSQL store (node-postgres). Every write is one statement in autocommit, so when its
// promise resolves the server has committed it (and flushed its WAL, with the default
// synchronous_commit = on).
import type { Pool, PoolClient } from 'pg';
import type { EngineStore, TimeRange } from './engine-store';
import { groupCommit } from './group-commit';
import { MIGRATIONS, MIGRATIONS_TABLE } from './store-migrations';
import {
  BACK_IN_STOCK_COLUMNS, backInStockFromRow, backInStockValues, cartFromRow, cartToJson, EVENT_COLUMNS, eventFromRow, eventValues,
  rangeWhere, SEARCH_COLUMNS, searchFromRow, searchValues, type Row,
} from './store-rows';

/** Any key, so that two engines starting together run the migrations one after the other. */
const MIGRATION_LOCK = 7_402_311;

const marks = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `$${from + i + 1}`).join(', ');

/** A store on a pool; runs pending migrations first. The pool is ended by `close()`. */
export async function createPostgresStore(pool: Pool): Promise<EngineStore> {
  const client = await pool.connect();
  try {
    await migrate(client);
  } finally {
    client.release();
  }
  const rows = async (sql: string, values: unknown[] = []): Promise<Row[]> => (await pool.query(sql, values)).rows as Row[];
  const where = (column: string, range: TimeRange | undefined) => rangeWhere(column, range, (i) => `$${i}`);

  return {
    kind: 'postgres',
    carts: {
      get: async (token) => cartFromRow((await rows('SELECT lines FROM carts WHERE token = $1', [token]))[0]),
      async set(token, lines) {
        await pool.query('INSERT INTO carts (token, lines, updated_at) VALUES ($1, $2, $3) ON CONFLICT (token) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at', [token, cartToJson(lines), Date.now()]);
      },
    },
    analytics: {
      // Every request's events of one event-loop turn in one statement (all or none), committed
      // when it returns; each request's promise resolves after that.
      add: groupCommit(async (list) => {
        const n = EVENT_COLUMNS.length;
        const inserted = new Set<string>();
        for (let i = 0; i < list.length; i += 2_000) {
          const chunk = list.slice(i, i + 2_000);
          const tuples = chunk.map((_, j) => `(${marks(n, j * n)})`).join(', ');
          const res = await pool.query(`INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES ${tuples} ON CONFLICT (id) DO NOTHING RETURNING id`, chunk.flatMap(eventValues));
          for (const r of res.rows as Row[]) inserted.add(String(r.id));
        }
        return inserted;
      }),
      async list(range) {
        const w = where('received_at', range);
        return (await rows(`SELECT * FROM analytics_events${w.sql} ORDER BY received_at, id`, w.values)).map(eventFromRow);
      },
      async count(range) {
        const w = where('received_at', range);
        return Number((await rows(`SELECT COUNT(*) AS n FROM analytics_events${w.sql}`, w.values))[0]?.n ?? 0);
      },
    },
    searches: {
      async add(entry) {
        await pool.query(`INSERT INTO search_log (${SEARCH_COLUMNS.join(', ')}) VALUES (${marks(SEARCH_COLUMNS.length)})`, searchValues(entry));
      },
      async list(range) {
        const w = where('at', range);
        return (await rows(`SELECT * FROM search_log${w.sql} ORDER BY seq`, w.values)).map(searchFromRow);
      },
    },
    backInStock: {
      async add(entry) {
        await pool.query(`INSERT INTO back_in_stock (${BACK_IN_STOCK_COLUMNS.join(', ')}) VALUES (${marks(BACK_IN_STOCK_COLUMNS.length)})`, backInStockValues(entry));
      },
      list: async () => (await rows('SELECT * FROM back_in_stock ORDER BY seq')).map(backInStockFromRow),
    },
    close: () => pool.end(),
  };
}

async function migrate(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(MIGRATIONS_TABLE);
    const done = new Set((await client.query('SELECT version FROM schema_migrations')).rows.map((r: Row) => Number(r.version)));
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.postgres);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
