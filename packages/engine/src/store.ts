// @pkg/engine/store (Node only): the durable stores. SQLite by default, PostgreSQL when a
// connection string is given; both keep the same schema (see store-migrations.ts).
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { EngineStore } from './engine-store';
import { createPostgresStore } from './postgres-store';
import { createSqliteStore } from './sqlite-store';

export interface OpenStoreOptions {
  /** A PostgreSQL connection string (`postgres://user@host:port/db`); when set, PostgreSQL is used. */
  databaseUrl?: string | undefined;
  /** The folder of the SQLite file `engine.sqlite` (created when missing). Default `.data`. */
  dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool. Default 10. */
  poolSize?: number;
}

/**
 * Opens the store a server should use: PostgreSQL when `databaseUrl` is set, else the SQLite file
 * in `dataDir`. Runs pending migrations before resolving. Needs the optional peer dependency of
 * that database (`pg` or `better-sqlite3`).
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<EngineStore> {
  if (options.databaseUrl) {
    const pg = await importDriver<typeof import('pg')>('pg', 'PostgreSQL');
    const Pool = pg.Pool ?? (pg as unknown as { default: typeof import('pg') }).default.Pool;
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    try {
      return await createPostgresStore(pool);
    } catch (err) {
      await pool.end().catch(() => {});
      throw new Error(`[@pkg/engine] Cannot open the PostgreSQL store: ${(err as Error).message}`);
    }
  }
  const mod = await importDriver<{ default: typeof import('better-sqlite3') }>('better-sqlite3', 'SQLite');
  // The writer thread loads the same module the server thread got.
  const writer = createRequire(import.meta.url).resolve('better-sqlite3');
  return createSqliteStore(join(resolve(options.dataDir ?? '.data'), 'engine.sqlite'), mod.default, { writer });
}

async function importDriver<T>(name: string, what: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (err) {
    throw new Error(`[@pkg/engine] The ${what} store needs the "${name}" package: add it to your dependencies (${(err as Error).message}).`);
  }
}

export { createSqliteStore } from './sqlite-store';
export type { SqliteStoreOptions } from './sqlite-store';
export { createPostgresStore } from './postgres-store';
export { MIGRATIONS } from './store-migrations';
export type { Migration } from './store-migrations';
export { createMemoryStore } from './engine-store';
export type { EngineStore, AnalyticsEvent, SearchLogEntry, BackInStockEntry, TimeRange, MaybePromise } from './engine-store';
