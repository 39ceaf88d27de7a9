#!/usr/bin/env node
// Render benchmark in real Chromium: bundles bench/render-page.tsx with esbuild, serves it on
// 127.0.0.1, and prints first render and click-to-listing times for the Luma tree and a
// 30-option x 200-value synthetic tree, with the engine answering in-process.
// Usage: pnpm --filter @pkg/react-ui bench   (results also written to bench/results.md)
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchOptions } from '../../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = await build({
  entryPoints: [join(here, 'render-page.tsx')],
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.json': 'json' },
});
const js = out.outputFiles[0].text;
const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><script type="module" src="/bench.js"></script></body></html>';
const server = createServer((req, res) => {
  if (req.url === '/bench.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
  else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch(launchOptions);
const page = await browser.newPage();
page.on('pageerror', (e) => console.error('[page error]', e.message));
page.on('crash', () => console.error('[page crashed]'));
page.on('console', (m) => m.type() === 'error' && console.error('[console]', m.text()));
page.on('close', () => console.error('[page closed]'));
await page.goto(url);
await page.waitForFunction(() => typeof window.runBench === 'function');
const CLICKS = 30;
const rows = [];
for (const name of ['luma', 'synthetic']) {
  await page.evaluate((n) => window.runBench(n, 3), name); // warm-up
  const r = await page.evaluate(([n, c]) => window.runBench(n, c), [name, CLICKS]);
  const sorted = [...r.clicks].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  rows.push({ tree: name === 'luma' ? 'Luma demo catalog' : 'synthetic 30 x 200', options: r.options, values: r.values, first: r.firstRender, p50: q(0.5), p95: q(0.95) });
}
await browser.close();
server.close();

const version = (await import('playwright-core/package.json', { with: { type: 'json' } })).default.version;
const table = [
  '| tree | options | values | first render (ms) | click to listing p50 (ms) | p95 (ms) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.tree} | ${r.options} | ${r.values} | ${r.first.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} |`),
].join('\n');
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, Chromium via playwright-core ${version}, production React build, ${CLICKS} clicks per tree, load average ${loadavg()[0].toFixed(1)} at the end`;
console.log(table);
console.log(machine);
writeFileSync(join(here, 'results.md'), `# react-ui render benchmark\n\n${table}\n\n${machine}\n\nGoal: a value click updates the listing in under 16 ms with the engine in-process.\n`);
