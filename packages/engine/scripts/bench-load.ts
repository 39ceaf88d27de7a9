// pnpm bench:load — the engine's Node server at 100,000 synthetic products under load: first the
// longest synchronous slice each large request shape takes on the event loop (in this process),
// then autocannon at 1, 8 and 64 connections on a mixed set of facet, range, text and suggest
// paths, for one process and for `--workers 2` (scripts/serve.ts). Prints req/s, p50, p99,
// errors and the average bytes per answer (brotli, as browsers ask), and writes the table to
// bench/load.md with the machine's load average. BENCH_PRODUCTS and BENCH_SECONDS override the
// size (100000) and the seconds per run (10).
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createEngine } from '../src/create-engine';
import { BROTLI_QUALITY, entityTag } from '../src/http/write-answer';
import { generateCatalog } from '../src/synthetic-catalog';
import { mixedPaths } from './bench-paths';

const here = dirname(fileURLToPath(import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = [1, 8, 64];
const MODES: Array<{ name: string; args: string[] }> = [
  { name: '1 process', args: [] },
  { name: '--workers 2', args: ['--workers=2'] },
];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

// The catalogue the server builds (same seed as scripts/serve.ts), for names and for the slices.
const catalog = generateCatalog({ products: PRODUCTS, seed: 42 });

/** CPU ms of this process since `from` (all its threads: on a busy machine wall time would count other processes' turns). */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/** The longest stretch of CPU between two turns of the event loop while `run` works. */
async function longestTurn(run: () => Promise<unknown>): Promise<number> {
  let last = process.cpuUsage();
  let longest = 0;
  let done = false;
  const tick = () => {
    longest = Math.max(longest, cpuSince(last));
    last = process.cpuUsage();
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  await run();
  done = true;
  await new Promise((r) => setImmediate(r));
  return longest;
}

/**
 * The event-loop cost of each large request shape: the whole answer done at once (`handle`:
 * engine answer + JSON + body bytes + ETag hash), and the longest turn the server's path
 * (`handleAsync`, which serialises products 50 at a time) keeps the loop, in CPU ms.
 */
async function slices(): Promise<string[]> {
  const t0 = performance.now();
  const engine = createEngine(catalog);
  const build = performance.now() - t0;
  const shapes: Array<[string, string]> = [
    ['filter, every facet, 250 per page', '/api/filter?build_filter_tree=true&limit=250'],
    ['filter, deep page of 250', '/api/filter?build_filter_tree=true&limit=250&page=300'],
    ['filter, 3 facets + range, 250', '/api/filter?build_filter_tree=true&limit=250&pf_opt_color[]=Red&pf_opt_color[]=Blue&pf_opt_size[]=M&pf_p_price=10:500'],
    ['search, broad term, 250', '/api/search?build_filter_tree=true&limit=250&q=classic'],
    ['search, 4 words + fuzzy, 250', '/api/search?build_filter_tree=true&limit=250&q=vintage%20cotton%20shirt%20navy&fuzzy=2'],
    ['filter, sort by price desc, 250', '/api/filter?build_filter_tree=true&limit=250&sort=price-descending'],
    ['suggest, 2 letters', '/api/suggest?q=co'],
  ];
  const rows = [
    `Engine build at ${PRODUCTS.toLocaleString('en')} products: ${(build / 1000).toFixed(2)} s wall (in this process).`,
    '',
    '| request shape | whole answer at once, first (cold) | whole answer at once, max of 20 | server path, longest turn, max of 20 | answer KB |',
    '|---|---|---|---|---|',
  ];
  // A different variant each time, so the answer cache does not serve the repeats.
  const variant = (path: string, i: number) => (i === 0 ? path : `${path}${path.includes('page=') || path.includes('suggest') ? `&_=${i}` : `&page=${1 + i}`}`);
  for (const [name, path] of shapes) {
    let first = 0;
    let whole = 0;
    let bytes = 0;
    for (let i = 0; i < 21; i++) {
      const from = process.cpuUsage();
      const body = Buffer.from(engine.handle({ method: 'GET', url: variant(path, i) }).body, 'utf8');
      entityTag(body);
      const ms = cpuSince(from);
      if (i === 0) {
        first = ms;
        bytes = body.length;
      } else whole = Math.max(whole, ms);
    }
    let turn = 0;
    for (let i = 21; i < 41; i++) {
      turn = Math.max(turn, await longestTurn(async () => entityTag(Buffer.from((await engine.handleAsync({ method: 'GET', url: variant(path, i) })).body, 'utf8'))));
    }
    rows.push(`| ${name} | ${first.toFixed(1)} ms | ${whole.toFixed(1)} ms | ${turn.toFixed(1)} ms | ${(bytes / 1024).toFixed(0)} |`);
  }
  rows.push('', 'CPU time of this process (all its threads, garbage collection included), so other processes on a busy machine do not inflate it.');
  // What compression does to the load run's answers (same paths, same catalogue, in this process).
  let plain = 0;
  let br = 0;
  let gz = 0;
  for (const path of paths) {
    const body = Buffer.from(engine.handle({ method: 'GET', url: path }).body, 'utf8');
    plain += body.length;
    br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;
    gz += gzipSync(body, { level: 6 }).length;
  }
  const kb = (n: number) => `${(n / paths.length / 1024).toFixed(1)} KB`;
  rows.push('', `Answer body on the load run's ${paths.length} paths, on average: ${kb(plain)} uncompressed, ${kb(gz)} gzip (level 6), ${kb(br)} brotli (quality ${BROTLI_QUALITY}, as the server sends it).`);
  return rows;
}

function startServer(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'serve.js'), `--products=${PRODUCTS}`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const stopServer = (child: ChildProcess) => new Promise<void>((done) => {
  child.once('exit', () => done());
  child.kill('SIGTERM');
});

const paths = mixedPaths(catalog, 400);
const requests = paths.map((path) => ({ method: 'GET', path }));
const lines: string[] = [];
const say = (s: string) => {
  console.log(s);
  lines.push(s);
};
say(`# pnpm bench:load`);
say('');
say(`${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${availableParallelism()} cores, ${PRODUCTS.toLocaleString('en')} synthetic products (seed 42), load average at start ${load()}`);
say('');
say('## Event-loop cost per request at the largest shapes (CPU ms)');
say('');
for (const row of await slices()) say(row);
say('');
say(`## Load (${SECONDS} s per run, ${paths.length} distinct mixed paths: facet, range, text, suggest; \`accept-encoding: br, gzip\`)`);
say('');
say('| server | connections | req/s | p50 ms | p99 ms | errors | non-2xx | bytes per answer | load average |');
say('|---|---|---|---|---|---|---|---|---|');
for (const mode of MODES) {
  const { child, url } = await startServer(mode.args);
  try {
    // Warm-up: fills the engine's caches and lets V8 optimise, as a running server would be.
    await autocannon({ url, connections: 8, duration: 2, requests, headers: { 'accept-encoding': 'br, gzip' } });
    for (const connections of CONNECTIONS) {
      const r = await autocannon({ url, connections, duration: SECONDS, timeout: 10, requests, headers: { 'accept-encoding': 'br, gzip' } });
      const answers = r.requests.total;
      const bytes = answers > 0 ? r.throughput.total / answers : 0;
      say(`| ${mode.name} | ${connections} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} | ${(bytes / 1024).toFixed(1)} KB | ${load()} |`);
    }
  } finally {
    await stopServer(child);
  }
}
say('');
say('Bytes per answer are what autocannon read per response (headers included), brotli-compressed.');
writeFileSync(join(here, '..', '..', '..', 'bench', 'load.md'), `${lines.join('\n')}\n`);
