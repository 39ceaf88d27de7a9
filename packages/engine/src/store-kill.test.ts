// Nothing lost, nothing doubled: a real engine server (a child process) on SQLite and on
// PostgreSQL is killed with SIGKILL in the middle of a stream of analytics events; after a
// restart every acknowledged event is there, and resending every event (as the client's queue
// does after a failure) stores each id exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../scripts/test-utils/postgres-database.mjs';
import { startStoreServer } from '../scripts/start-store-server.mjs';
import { openStore, type OpenStoreOptions } from './store';

const record = (id: string) => JSON.stringify({ id, tid: 'shop.test', ct: 'c', pid: String(id.length), t: new Date().toISOString(), u: 'view_product', a: 'search', qs: 'q=kill', r: '', sid: 's' });

async function post(url: string, id: string): Promise<{ ok: boolean; accepted?: number; duplicates?: number }> {
  try {
    const res = await fetch(`${url}/api/analytics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: record(id) });
    if (!res.ok) return { ok: false };
    return { ok: true, ...((await res.json()) as { accepted: number; duplicates: number }) };
  } catch {
    return { ok: false };
  }
}

async function killDuringStream(storeOptions: OpenStoreOptions, env: Record<string, string>) {
  const first = await startStoreServer(env);
  const sent: string[] = [];
  const acknowledged = new Set<string>();
  let n = 0;
  let killed = false;
  // 16 senders in parallel; the server is killed once 200 events were acknowledged, with requests in flight.
  const sender = async () => {
    while (!killed || n < 20) {
      const id = `ev-${n++}`;
      sent.push(id);
      const r = await post(first.url, id);
      if (r.ok) acknowledged.add(id);
      if (acknowledged.size >= 200 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
      if (killed && !r.ok) return;
    }
  };
  await Promise.all(Array.from({ length: 16 }, sender));
  await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode ? r(null) : first.child.once('exit', r)));
  expect(first.child.signalCode).toBe('SIGKILL');

  const store = await openStore(storeOptions);
  const kept = new Set((await store.analytics.list()).map((e) => e.id));
  const lost = [...acknowledged].filter((id) => !kept.has(id));
  expect(lost).toEqual([]);
  expect(kept.size).toBeGreaterThanOrEqual(acknowledged.size);
  await store.close();

  // The client resends whatever it has no 200 for (here: everything): each id is stored once.
  const second = await startStoreServer(env);
  let duplicates = 0;
  for (let i = 0; i < sent.length; i += 16) {
    const answers = await Promise.all(sent.slice(i, i + 16).map((id) => post(second.url, id)));
    for (const a of answers) {
      expect(a.ok).toBe(true);
      duplicates += a.duplicates ?? 0;
    }
  }
  second.child.kill('SIGKILL');
  expect(duplicates).toBe(kept.size);
  const after = await openStore(storeOptions);
  expect(await after.analytics.count()).toBe(sent.length);
  expect(new Set((await after.analytics.list()).map((e) => e.id)).size).toBe(sent.length);
  await after.close();
  return { acknowledged: acknowledged.size, sent: sent.length };
}

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('kill -9 during a stream of analytics events', () => {
  it('[F7.2] loses no acknowledged event and doubles none (SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-kill-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const r = await killDuringStream({ dataDir: dir }, { DATA_DIR: dir });
    expect(r.acknowledged).toBeGreaterThanOrEqual(200);
  }, 30_000);

  it('[F7.2] loses no acknowledged event and doubles none (PostgreSQL)', async () => {
    const db = await freshPostgresDatabase('engine_kill');
    cleanups.push(db.drop);
    const r = await killDuringStream({ databaseUrl: db.url, poolSize: 2 }, { DATABASE_URL: db.url });
    expect(r.acknowledged).toBeGreaterThanOrEqual(200);
  }, 30_000);
});
