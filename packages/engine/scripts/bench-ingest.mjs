// pnpm bench:ingest: the analytics endpoint under a steady load. Starts a real engine server
// (scripts/store-server.mjs, a child process) on SQLite and on PostgreSQL, sends RATE events a
// second for SECONDS from this (second) process, one POST per event, and prints p50 / p99 / max
// of the time to the 200 (which comes after the commit) and the count stored.
// Options: --seconds 60 --rate 1000 --db sqlite,postgres. PostgreSQL: DATABASE_URL, else the
// server started by scripts/ensure-postgres.mjs (a fresh database per run).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgresDatabase, postgresUrl } from '../../../scripts/test-utils/postgres-database.mjs';
import { openStore } from '../dist/store.js';
import { startStoreServer } from './start-store-server.mjs';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', 60));
const rate = Number(arg('rate', 1000));
const dbs = String(arg('db', 'sqlite,postgres')).split(',');

function post(url, agent, body) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request({ host: url.hostname, port: url.port, path: '/api/analytics', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
    req.end(body);
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(db) {
  let env;
  let storeOptions;
  let cleanup = async () => {};
  if (db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
    env = { DATA_DIR: dir };
    storeOptions = { dataDir: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const db = await freshPostgresDatabase('bench_ingest', process.env.DATABASE_URL ?? postgresUrl());
    env = { DATABASE_URL: db.url };
    storeOptions = { databaseUrl: db.url, poolSize: 1 };
    cleanup = db.drop;
  }
  const started = await startStoreServer(env);
  const { child } = started;
  const url = new URL(started.url);
  // fifo keeps every pooled connection in use, so none idles into the server's keep-alive timeout.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, scheduling: 'fifo' });
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const pending = new Set();
  const total = seconds * rate;
  const start = performance.now();
  await new Promise((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due) {
        const id = `bench-${db}-${sent++}`;
        const body = JSON.stringify({ id, tid: 'bench.shop', ct: 'cart', pid: String(sent % 500), t: new Date().toISOString(), u: 'view_product', a: 'search', qs: `q=term${sent % 97}`, r: 'https://bench.shop/search', sid: `s${sent % 300}` });
        // Like the client's queue: a send that failed is sent again with the same id (at most 3
        // tries); the latency counts from the first try.
        const t0 = performance.now();
        const attempt = (tries) =>
          post(url, agent, body).then((r) => {
            if (r.ok) return latencies.push(performance.now() - t0);
            if (tries > 1) return attempt(tries - 1);
            failed++;
          });
        const p = attempt(3).then(() => pending.delete(p));
        pending.add(p);
      }
      if (sent < total) setTimeout(tick, 1);
      else Promise.all(pending).then(done);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  child.kill('SIGTERM');
  const store = await openStore(storeOptions);
  const stored = await store.analytics.count();
  await store.close();
  await cleanup();
  latencies.sort((a, b) => a - b);
  const line = `${db.padEnd(9)} ${sent} events in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)}/s): p50 ${pct(latencies, 50).toFixed(2)} ms, p99 ${pct(latencies, 99).toFixed(2)} ms, max ${latencies[latencies.length - 1]?.toFixed(1)} ms; ${failed} failed; stored ${stored} of ${sent}`;
  console.log(`${line} (load average ${loadavg()[0].toFixed(1)})`);
  return { p99: pct(latencies, 99), stored, sent };
}

console.log(`ingest: ${rate} events/s for ${seconds} s, one POST each, from a second process (node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at start)`);
let ok = true;
for (const db of dbs) {
  const r = await run(db);
  const met = r.p99 <= 50 && r.stored === r.sent;
  ok &&= met;
  console.log(`${db.padEnd(9)} goal p99 <= 50 ms with every event stored: ${met ? 'met' : 'NOT met'}`);
}
process.exitCode = ok ? 0 : 1;
