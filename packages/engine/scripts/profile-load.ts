// Drives one server (scripts/serve.ts, already started: its URL as the first argument) with the
// load bench's mixed paths (scripts/bench-load.ts) at N connections for S seconds, and prints
// latency per query class (facet, range, text, suggest) from a second, light client, so the
// class behind the tail shows:
//   node profile-load.js http://127.0.0.1:PORT [connections=8] [seconds=10]
import autocannon from 'autocannon';
import { generateCatalog } from '../src/synthetic-catalog';
import { mixedPaths } from './bench-paths';

const url = process.argv[2] as string;
const connections = Number(process.argv[3] ?? 8);
const seconds = Number(process.argv[4] ?? 10);
// The catalogue the server builds (scripts/serve.ts: seed 42), for the paths' names.
const paths = mixedPaths(generateCatalog({ products: Number(process.env.BENCH_PRODUCTS ?? 100_000), seed: 42 }), 400);
const classOf = (p: string) => (p.startsWith('/api/suggest') ? 'suggest' : p.startsWith('/api/search') ? 'text' : p.includes('pf_p_price') ? 'range' : 'facet');
const times = new Map<string, number[]>();
let stop = false;
// The probe: one request at a time through the paths, timed per class, while autocannon loads the server.
const probe = (async () => {
  let i = 0;
  while (!stop) {
    const p = paths[i++ % paths.length] as string;
    const t = performance.now();
    const res = await fetch(url + p, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    const list = times.get(classOf(p)) ?? [];
    list.push(performance.now() - t);
    times.set(classOf(p), list);
  }
})();
const r = await autocannon({ url, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path })), headers: { 'accept-encoding': 'br, gzip' } });
stop = true;
await probe;
console.log(`autocannon: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.timeouts}`);
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] as number;
for (const [k, xs] of times) console.log(`${k}: n ${xs.length}, p50 ${pct(xs, 0.5).toFixed(1)} ms, p90 ${pct(xs, 0.9).toFixed(1)}, p99 ${pct(xs, 0.99).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}`);
