// Finds the PostgreSQL server that scripts/ensure-postgres.mjs started (or TEST_DATABASE_URL) and
// makes a fresh database per test file, so that tests never share rows. Never fakes anything: with
// no server the tests fail and say how to start one.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function postgresUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const file = join(tmpdir(), 'pkg-engine-pg', 'database-url');
  if (!existsSync(file)) {
    throw new Error(`No PostgreSQL for the store tests: run "node scripts/ensure-postgres.mjs" (pnpm test does) or set TEST_DATABASE_URL. Looked for ${file}.`);
  }
  return readFileSync(file, 'utf8').trim();
}

/** A new, empty database on the test server; `drop()` removes it. */
export async function freshPostgresDatabase(prefix = 'engine_t'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = postgresUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
