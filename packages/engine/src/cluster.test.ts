// `--workers 2` (scripts/serve.ts, node:cluster): eight keep-alive connections opened together are
// shared out evenly; one worker is killed with SIGKILL while eight keep-alive connections drive the
// server; the only requests that fail are the ones in flight on that worker's connections (at most
// one per connection), and a replacement takes new connections.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workersFlag } from './node';

const root = join(import.meta.dirname, '..');
const out = join(root, 'node_modules/.cache/engine-scripts/serve-test.js');
const PATHS = ['/api/filter?build_filter_tree=true&pf_opt_color[]=Red', '/api/filter?build_filter_tree=true&pf_p_price=20:80&pf_st_stock[]=in-stock', '/api/search?q=cotton&build_filter_tree=true', '/api/suggest?q=co'];

interface Outcome {
  ok: boolean;
  worker: string | undefined;
}

describe('workersFlag', () => {
  it('reads --workers=N, --workers N and a bare --workers (the cores)', () => {
    expect(workersFlag(['--port=1'])).toBeUndefined();
    expect(workersFlag(['--workers=3'])).toBe(3);
    expect(workersFlag(['--workers', '4', '--port=0'])).toBe(4);
    expect(workersFlag(['--workers'])).toBeGreaterThanOrEqual(1);
    expect(workersFlag(['--workers', '--port=0'])).toBeGreaterThanOrEqual(1);
    expect(() => workersFlag(['--workers=0'])).toThrow(/whole number from 1 to 256/);
    expect(() => workersFlag(['--workers=two'])).toThrow(/"two"/);
  });
});

describe('serve --workers 2 (node:cluster)', () => {
  let child: ChildProcess;
  let output = '';
  const waitFor = (re: RegExp, from = 0): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const m = re.exec(output.slice(from));
        if (m) {
          child.stdout?.off('data', check);
          resolve(m);
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
      check();
    });

  beforeAll(async () => {
    await build({ entryPoints: [join(root, 'scripts/serve.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
    child = spawn(process.execPath, [out, '--products=1000', '--workers=2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  }, 60_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('shares eight keep-alive connections opened together evenly between the two workers', async () => {
    const url = (await waitFor(/listening (\S+) \(2 workers\)/))[1] as string;
    // Opened together, each its own connection; then each connection's worker, from its answer.
    const agents = Array.from({ length: 8 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const workers = await Promise.all(agents.map((agent) => new Promise<string>((resolve, reject) => {
      request(`${url}/api/suggest?q=co`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['x-engine-worker'])));
      }).on('error', reject).end();
    })));
    for (const a of agents) a.destroy();
    const perWorker = new Map<string, number>();
    for (const w of workers) perWorker.set(w, (perWorker.get(w) ?? 0) + 1);
    // Workers accepting from a shared socket themselves gave 8:0 or 7:1 in most rounds.
    expect([...perWorker.values()].sort()).toEqual([4, 4]);
  }, 60_000);

  it('replaces a killed worker; only its in-flight requests fail', async () => {
    const url = (await waitFor(/listening (\S+) \(2 workers\)/))[1] as string;
    const pids = new Map([...output.matchAll(/worker (\d+) pid (\d+) ready/g)].map((m) => [m[1] as string, Number(m[2])]));
    expect([...pids.keys()].sort()).toEqual(['1', '2']);

    // The worker each connection is on, learnt from its answers.
    const socketWorker = new WeakMap<Socket, string>();
    const outcomes: Outcome[] = [];
    const CONNECTIONS = 8;
    const agents = Array.from({ length: CONNECTIONS }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    let stop = false;
    let killedId = '';
    // Per connection: its socket now and whether a request is waiting for an answer on it.
    const current: Array<{ socket?: Socket; waiting: boolean }> = agents.map(() => ({ waiting: false }));
    const get = (agent: Agent, path: string, slot?: { socket?: Socket; waiting: boolean }): Promise<Outcome> =>
      new Promise((resolve) => {
        let socket: Socket | undefined;
        if (slot) slot.waiting = true;
        const req: ClientRequest = request(url + path, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          const worker = String(res.headers['x-engine-worker']);
          if (socket) socketWorker.set(socket, worker);
          res.resume();
          res.on('end', () => resolve({ ok: res.statusCode === 200, worker }));
          res.on('error', () => resolve({ ok: false, worker: socket ? socketWorker.get(socket) : undefined }));
        });
        req.on('socket', (s: Socket) => {
          socket = s;
          if (slot) slot.socket = s;
        });
        // A failed request is charged to the worker its connection was on (if it answered before).
        req.on('error', () => resolve({ ok: false, worker: socket ? socketWorker.get(socket) : undefined }));
        req.end();
      });
    const loops = agents.map(async (agent, i) => {
      let n = i;
      const slot = current[i] as { socket?: Socket; waiting: boolean };
      while (!stop) {
        outcomes.push(await get(agent, PATHS[n++ % PATHS.length] as string, slot));
        slot.waiting = false;
      }
    });

    // Warm up until every connection has answers, then kill worker 1 under load.
    while (outcomes.length < 200) await new Promise((r) => setTimeout(r, 20));
    const before = outcomes.length;
    killedId = '1';
    const mark = output.length;
    process.kill(pids.get(killedId) as number, 'SIGKILL');
    const onKilled = current.filter((c) => c.socket && socketWorker.get(c.socket) === killedId);
    const inFlight = onKilled.filter((c) => c.waiting).length;
    const replaced = await waitFor(/worker (\d+) pid (\d+) ready/, mark);
    const newId = replaced[1] as string;
    // Keep the load on a while longer with the replacement in service.
    const afterReplace = outcomes.length;
    while (outcomes.length < afterReplace + 200) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(loops);
    for (const a of agents) a.destroy();

    const failed = outcomes.filter((o) => !o.ok);
    // Every failure was on a connection of the killed worker, and each of its connections carries
    // one request at a time and fails once (then reconnects): failures <= its connections, and
    // they are the requests in flight on it when it died (those waiting at the kill, plus any
    // sent before the client saw the connection close).
    expect(failed.every((f) => f.worker === killedId)).toBe(true);
    expect(onKilled.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThanOrEqual(onKilled.length);
    expect(outcomes.slice(0, before).every((o) => o.ok)).toBe(true);
    expect(outcomes.length - before).toBeGreaterThan(200);
    expect(outcomes.slice(afterReplace + CONNECTIONS).every((o) => o.ok)).toBe(true);
    console.log(`cluster kill test: ${outcomes.length} requests; worker ${killedId} had ${onKilled.length} connections, ${inFlight} requests waiting at the kill; ${failed.length} failed; replacement worker ${newId}`);

    // The replacement takes new connections (the primary passes each to the worker with the
    // fewest open connections): ask in rounds of 8 until it answers.
    const fresh: Outcome[] = [];
    for (let round = 0; round < 10 && !fresh.some((o) => o.worker === newId); round++) {
      fresh.push(...(await Promise.all(Array.from({ length: 8 }, () => get(new Agent({ keepAlive: false }), PATHS[3] as string)))));
    }
    expect(fresh.every((o) => o.ok)).toBe(true);
    expect(new Set(fresh.map((o) => o.worker))).toContain(newId);
    expect(new Set(fresh.map((o) => o.worker))).not.toContain(killedId);
  }, 60_000);
});
