// pnpm bench:ingest: the analytics endpoint under a steady load. Starts a real engine server
// (scripts/store-server.mjs, a child process) on SQLite and on PostgreSQL, sends RATE events a
// second for SECONDS from this (second) process, one POST per event, and prints p50 / p99 / max
// of the time to the 200 (which comes after the commit) and the count stored.
// Options: --seconds 60 --rate 1000 --db sqlite,postgres. PostgreSQL: DATABASE_URL, else the
// server started by scripts/ensure-postgres.mjs (a fresh database per run).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openStore } from '../dist/store.js';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', 60));
const rate = Number(arg('rate', 1000));
const dbs = String(arg('db', 'sqlite,postgres')).split(',');

function startServer(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'store-server.mjs')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ child, url: new URL(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

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
    const file = join(tmpdir(), 'pkg-engine-pg', 'database-url');
    const base = process.env.DATABASE_URL ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);
    if (!base) throw new Error('No PostgreSQL: set DATABASE_URL or run node scripts/ensure-postgres.mjs first.');
    const name = `bench_ingest_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    env = { DATABASE_URL: u.toString() };
    storeOptions = { databaseUrl: u.toString(), poolSize: 1 };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const { child, url } = await startServer(env);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
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
        const p = post(url, agent, body).then((r) => {
          pending.delete(p);
          if (r.ok) latencies.push(r.ms);
          else failed++;
        });
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
