// Finds the PostgreSQL server that scripts/ensure-postgres.mjs started (or TEST_DATABASE_URL) and
// makes a fresh database per test file or benchmark run, so that runs never share rows. Never fakes
// anything: with no server it fails and says how to start one.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const file = join(tmpdir(), 'pkg-engine-pg', 'database-url');
  if (!existsSync(file)) {
    throw new Error(`No PostgreSQL for the store tests: run "node scripts/ensure-postgres.mjs" (pnpm test does) or set TEST_DATABASE_URL. Looked for ${file}.`);
  }
  return readFileSync(file, 'utf8').trim();
}

export async function freshPostgresDatabase(prefix = 'engine_t', base = postgresUrl()) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
