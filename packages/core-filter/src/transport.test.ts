import { describe, expect, it } from 'vitest';
import { createFetchTransport, createJsonpTransport, isRefused, parseJsonAnswer, TransportError, withRetry, type FetchLike, type JsonpScript, type Timers, type Transport } from './transport';

/** Manual timers: nothing runs until `tick`. */
function manualTimers() {
  let now = 0;
  let id = 0;
  const tasks = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      tasks.set(++id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (t) => void tasks.delete(t as number),
  };
  const tick = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      await Promise.resolve();
      await new Promise((r) => setImmediate(r));
      const due = [...tasks.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      tasks.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { timers, tick, pending: () => tasks.size };
}

const req = { url: 'https://svc.example/filter', params: [['q', 'a b']] as Array<[string, string]> };

function fakeDocument() {
  const scripts: Array<JsonpScript & { removed: boolean }> = [];
  const doc = {
    createElement: () => {
      const s = { src: '', async: false, onerror: null, removed: false, remove() { s.removed = true; } } as JsonpScript & { removed: boolean };
      return s;
    },
    head: { appendChild: (s: unknown) => scripts.push(s as JsonpScript & { removed: boolean }) },
  };
  return { doc, scripts };
}

describe('fetch transport', () => {
  it('GETs the URL and parses JSON, HTML comments removed', async () => {
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      return { ok: true, status: 200, text: async () => '<!-- x -->{"total_product":1}' };
    };
    await expect(createFetchTransport({ fetch })(req)).resolves.toEqual({ total_product: 1 });
    expect(calls).toEqual(['https://svc.example/filter?q=a%20b']);
  });

  it('rejects with TransportError kinds for HTTP errors, bad JSON, network errors and timeouts', async () => {
    const answer = (r: Awaited<ReturnType<FetchLike>>): FetchLike => async () => r;
    await expect(createFetchTransport({ fetch: answer({ ok: false, status: 503, statusText: 'Busy', text: async () => '' }) })(req)).rejects.toMatchObject({ kind: 'http', status: 503 });
    await expect(createFetchTransport({ fetch: answer({ ok: true, status: 200, text: async () => '{"total_pro' }) })(req)).rejects.toMatchObject({ kind: 'parse' });
    await expect(createFetchTransport({ fetch: async () => { throw new Error('offline'); } })(req)).rejects.toMatchObject({ kind: 'network', message: '[@pkg/core-filter] Network error: offline' });
    const { timers, tick } = manualTimers();
    const p = createFetchTransport({ fetch: () => new Promise(() => {}), timers, timeout: 500 })(req);
    const caught = p.catch((e: unknown) => e);
    await tick(500);
    expect(await caught).toMatchObject({ kind: 'timeout' });
  });

  it('[S7.4] parseJsonAnswer keeps HTML comments inside string values (a title or description may hold one) and removes only those around the JSON', () => {
    expect(parseJsonAnswer('{"title":"a <!-- b","vendor":"--> c"}')).toEqual({ title: 'a <!-- b', vendor: '--> c' });
    expect(parseJsonAnswer('<!-- view -->{"body_html":"<p>x<!-- note --></p>","q":"\\"<!--"}<!-- end -->')).toEqual({ body_html: '<p>x<!-- note --></p>', q: '"<!--' });
    expect(parseJsonAnswer('[1,<!-- a, "b" -->2]')).toEqual([1, 2]);
  });

  it('parseJsonAnswer throws a parse TransportError on truncated JSON', () => {
    expect(() => parseJsonAnswer('[1,')).toThrow(TransportError);
  });
});

describe('JSONP transport', () => {
  it('inserts a script with a unique callback, resolves with the data and cleans up', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const t = createJsonpTransport({ document: doc, global: g });
    const p1 = t(req);
    const p2 = t(req);
    const names = scripts.map((s) => new URL(s.src).searchParams.get('callback') ?? '');
    expect(new Set(names).size).toBe(2);
    expect(scripts[0]?.src).toMatch(/^https:\/\/svc\.example\/filter\?q=a%20b&callback=pkgCoreFilterCb/);
    expect(scripts[0]?.async).toBe(true);
    (g[names[0] ?? ''] as (d: unknown) => void)({ ok: 1 });
    await expect(p1).resolves.toEqual({ ok: 1 });
    expect(scripts[0]?.removed).toBe(true);
    expect(Object.keys(g)).toEqual([names[1]]);
    (g[names[1] ?? ''] as (d: unknown) => void)({ ok: 2 });
    await p2;
    expect(Object.keys(g)).toEqual([]);
  });

  it('rejects when the script errors, and after a timeout when it never calls back; a late callback is harmless', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const { timers, tick } = manualTimers();
    const t = createJsonpTransport({ document: doc, global: g, timers, timeout: 1000 });
    const p = t(req);
    scripts[0]?.onerror?.({});
    await expect(p).rejects.toMatchObject({ kind: 'network' });
    expect(scripts[0]?.removed).toBe(true);
    const late = t(req);
    const name = new URL(scripts[1]?.src ?? '').searchParams.get('callback') ?? '';
    const caught = late.catch((e: unknown) => e);
    await tick(1000);
    expect(await caught).toMatchObject({ kind: 'timeout' });
    expect(scripts[1]?.removed).toBe(true);
    expect(() => (g[name] as (d: unknown) => void)({})).not.toThrow();
    expect(name in g).toBe(false);
  });
});

describe('JSONP transport leaves nothing behind (regressions found by the demo shop JSONP fault journeys)', () => {
  const callbackOf = (s: JsonpScript | undefined) => new URL(s?.src ?? '').searchParams.get('callback') ?? '';

  it('a script that fails to load (HTTP 404, network) never runs: its callback is removed at once', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const p = createJsonpTransport({ document: doc, global: g })(req);
    expect(Object.keys(g)).toEqual([callbackOf(scripts[0])]);
    scripts[0]?.onerror?.({});
    await expect(p).rejects.toMatchObject({ kind: 'network' });
    expect(Object.keys(g)).toEqual([]);
    expect(scripts[0]?.removed).toBe(true);
  });

  it('a script that ran without calling back (it threw, or is not JSONP) rejects as soon as it has loaded, not after the timeout', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const { timers, tick } = manualTimers();
    const p = createJsonpTransport({ document: doc, global: g, timers, timeout: 1000 })(req);
    const caught = p.catch((e: unknown) => e);
    await tick(1);
    scripts[0]?.onload?.({});
    const e = await caught;
    expect(e).toBeInstanceOf(TransportError);
    expect(e).toMatchObject({ kind: 'parse' });
    expect(Object.keys(g)).toEqual([]);
    expect(scripts[0]?.removed).toBe(true);
  });

  it('a script that called back and then fired load resolves with its data; load after the answer changes nothing', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const p = createJsonpTransport({ document: doc, global: g })(req);
    (g[callbackOf(scripts[0])] as (d: unknown) => void)({ total_product: 3 });
    scripts[0]?.onload?.({});
    await expect(p).resolves.toEqual({ total_product: 3 });
    expect(Object.keys(g)).toEqual([]);
  });

  it('after a timeout the stand-in callback stays until the late script arrives, then goes, whether it calls back, loads or fails', async () => {
    for (const arrival of ['calls back', 'loads', 'fails'] as const) {
      const { doc, scripts } = fakeDocument();
      const g: Record<string, unknown> = {};
      const { timers, tick } = manualTimers();
      const p = createJsonpTransport({ document: doc, global: g, timers, timeout: 1000 })(req);
      const caught = p.catch((e: unknown) => e);
      await tick(1000);
      expect(await caught).toMatchObject({ kind: 'timeout' });
      const name = callbackOf(scripts[0]);
      expect(Object.keys(g), arrival).toEqual([name]);
      if (arrival === 'calls back') expect(() => (g[name] as (d: unknown) => void)({ late: true })).not.toThrow();
      else if (arrival === 'loads') scripts[0]?.onload?.({});
      else scripts[0]?.onerror?.({});
      expect(Object.keys(g), arrival).toEqual([]);
    }
  });

  it('an aborted request keeps the stand-in until its script arrives; an abort before sending leaves nothing', async () => {
    const { doc, scripts } = fakeDocument();
    const g: Record<string, unknown> = {};
    const t = createJsonpTransport({ document: doc, global: g });
    const ac = new AbortController();
    const p = t(req, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
    expect(Object.keys(g)).toEqual([callbackOf(scripts[0])]);
    scripts[0]?.onload?.({});
    expect(Object.keys(g)).toEqual([]);
    const early = new AbortController();
    early.abort();
    await expect(t(req, { signal: early.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(Object.keys(g)).toEqual([]);
    expect(scripts).toHaveLength(1);
  });
});

describe('withRetry', () => {
  it('[F9.2] retries twice, 2000 ms apart, then fails', async () => {
    const { timers, tick } = manualTimers();
    let calls = 0;
    const failing: Transport = async () => {
      calls++;
      throw new TransportError('network', 'script error');
    };
    const p = withRetry(failing, { timers }).call(null, req).catch((e: unknown) => e);
    await tick(0);
    expect(calls).toBe(1);
    await tick(1999);
    expect(calls).toBe(1);
    await tick(1);
    expect(calls).toBe(2);
    await tick(2000);
    expect(calls).toBe(3);
    expect(await p).toBeInstanceOf(TransportError);
    await tick(10000);
    expect(calls).toBe(3);
  });

  it('[F9.2] succeeds on a retry; a 4xx answer is not retried', async () => {
    const { timers, tick } = manualTimers();
    let calls = 0;
    const flaky: Transport = async () => {
      if (++calls < 2) throw new TransportError('parse', 'truncated');
      return { ok: true };
    };
    const p = withRetry(flaky, { timers })(req);
    await tick(2000);
    await expect(p).resolves.toEqual({ ok: true });
    let bad = 0;
    const notFound: Transport = async () => {
      bad++;
      throw new TransportError('http', 'HTTP 404', 404);
    };
    await expect(withRetry(notFound, { timers })(req)).rejects.toMatchObject({ status: 404 });
    expect(bad).toBe(1);
  });

  it('[F9.2] a 408 or 429 answer is a failed attempt and is retried; other 4xx are refusals', async () => {
    for (const status of [408, 429]) {
      const { timers, tick } = manualTimers();
      let calls = 0;
      const busy: Transport = async () => {
        if (++calls < 2) throw new TransportError('http', `HTTP ${status}`, status);
        return { ok: true };
      };
      const p = withRetry(busy, { timers })(req);
      await tick(2000);
      await expect(p).resolves.toEqual({ ok: true });
      expect(calls).toBe(2);
    }
    expect([400, 404, 413, 422].map((s) => isRefused(new TransportError('http', 'x', s)))).toEqual([true, true, true, true]);
    expect([408, 429, 500, 503].map((s) => isRefused(new TransportError('http', 'x', s)))).toEqual([false, false, false, false]);
    expect([isRefused(new TransportError('timeout', 'x')), isRefused(null), isRefused({ kind: 'http', status: '400' })]).toEqual([false, false, false]);
  });
});
