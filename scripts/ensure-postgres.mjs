#!/usr/bin/env node
// Makes sure a PostgreSQL server is there for the PostgreSQL variant of the engine's store tests.
// Installs Debian's postgresql package through apt when no server binaries are found (as root),
// starts a private cluster (its own data folder, a Unix socket in a private folder, no TCP),
// creates the test database, and writes its connection string to
// `<tmpdir>/pkg-engine-pg/database-url`, where the tests read it (or set TEST_DATABASE_URL).
// Idempotent: a cluster already running is reused. `--stop` stops it.
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(tmpdir(), 'pkg-engine-pg');
const dataDir = join(root, 'data');
const socketDir = join(root, 'socket');
const logFile = join(root, 'server.log');
const urlFile = join(root, 'database-url');
const port = Number(process.env.PKG_PG_PORT ?? 54329);
const database = 'engine_test';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const say = (m) => console.log(`[ensure-postgres] ${m}`);
const die = (m) => {
  console.error(`[ensure-postgres] ${m}`);
  process.exit(1);
};

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

let bin = findBin();
if (!bin) {
  if (!existsSync('/usr/bin/apt-get')) die('No PostgreSQL server found under /usr/lib/postgresql and no apt-get: install PostgreSQL and rerun.');
  const sudo = isRoot ? '' : 'sudo ';
  say("no PostgreSQL server found; installing Debian's postgresql package");
  try {
    execSync(`${sudo}apt-get update -q && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql`, { stdio: 'inherit' });
  } catch {
    die('apt-get install postgresql failed. Install PostgreSQL yourself and rerun.');
  }
  bin = findBin();
  if (!bin) die('postgresql installed, but no pg_ctl under /usr/lib/postgresql/*/bin.');
}

// As root, the server runs as the postgres user (PostgreSQL refuses to run as root).
const asUser = isRoot ? 'postgres' : null;
const run = (tool, args, opts = {}) => {
  const cmd = join(bin, tool);
  return asUser
    ? execFileSync('runuser', ['-u', asUser, '--', cmd, ...args], { encoding: 'utf8', ...opts })
    : execFileSync(cmd, args, { encoding: 'utf8', ...opts });
};
const own = (dir) => {
  if (!asUser) return;
  const uid = Number(execFileSync('id', ['-u', asUser], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', asUser], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
};

for (const dir of [root, socketDir]) {
  mkdirSync(dir, { recursive: true });
  own(dir);
}
chmodSync(socketDir, 0o700);

const running = () => {
  try {
    run('pg_ctl', ['status', '-D', dataDir], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
};

if (process.argv.includes('--stop')) {
  if (running()) run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w'], { stdio: 'inherit' });
  process.exit(0);
}

if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  say(`creating a cluster in ${dataDir}`);
  mkdirSync(dataDir, { recursive: true });
  own(dataDir);
  // Trust on the private Unix socket only: the socket folder is readable by its owner alone.
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'], { stdio: 'pipe' });
}
if (!running()) {
  say(`starting PostgreSQL on socket ${socketDir}, port ${port}`);
  const opts = `-c listen_addresses='' -k ${socketDir} -p ${port} -c fsync=on -c synchronous_commit=on`;
  try {
    run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', opts], { stdio: 'pipe' });
  } catch (err) {
    die(`pg_ctl start failed (${String(err.stderr || err.message).trim()}); see ${logFile}.`);
  }
}

const psql = (sql, db = 'postgres') => run('psql', ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-d', db, '-tAc', sql], { stdio: 'pipe' }).trim();
if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`) !== '1') {
  run('createdb', ['-h', socketDir, '-p', String(port), '-U', 'postgres', database], { stdio: 'pipe' });
}
const url = `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`;
writeFileSync(urlFile, `${url}\n`);
say(`ready: ${url} (written to ${urlFile})`);
