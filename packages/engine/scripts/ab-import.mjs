// A/B of the streamed import (`importProductsFile`, as `pnpm bench:engine -- --import` times it):
// this working tree against a git ref (default main). The shop-density catalogue is written once as
// the platform's export (scripts/bench-import.ts's writeExport, kept under node_modules/.cache for
// the next run); then each turn runs one fresh Node process per side (the first side alternates),
// with Node's default heap limit, that imports the file (and builds the engine with --build).
// `--parsed` times importProductsJson of the file's JSON parsed before the clock starts (the
// READMEs' `createEngine({ products: importProductsJson(json) })`) in place of importProductsFile.
// `--thread` builds with a build thread (createBuildThread), as `pnpm bench:engine -- --import` does.
//   node scripts/ab-import.mjs [--base=main] [--size=100000] [--turns=6] [--build] [--thread] [--ndjson] [--parsed]
// Prints per turn and side: the import's wall and process CPU seconds (all threads), the peak RSS
// when it returned (with --build: the build's wall and CPU seconds and the peak RSS after it), and the load average; then the medians per side and of the per-turn ratios.
// (Not part of the tests; run from packages/engine after `pnpm turbo run build --filter=@pkg/engine^...`.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, baseSources, bundleSource, pkg } from './ab-sources.mjs';

const base = arg('base', 'main');
const size = Number(arg('size', '100000'));
const turns = Number(arg('turns', '6'));
const build = process.argv.includes('--build');
const ndjson = process.argv.includes('--ndjson');
const parsed = process.argv.includes('--parsed');
const thread = process.argv.includes('--thread');
const { sha, baseDir, cache } = baseSources('ab-import', base);
// One entry per side: that side's importProductsFile and engine.
const ENTRY = `import { readFileSync } from 'node:fs';
import { createEngine } from '../src/create-engine';
import { importProductsJson } from '../src/import-products-json';
import { createBuildThread } from '../src/node-build-thread';
import { importProductsFile } from '../src/products-file';
import { SHOP_BENCH_TREE } from ${JSON.stringify(join(pkg, 'scripts/bench-tree'))};
export { writeExport } from ${JSON.stringify(join(pkg, 'scripts/bench-import'))};
if (process.env.AB_IMPORT_FILE) {
  let json = process.env.AB_IMPORT_PARSED ? JSON.parse(readFileSync(process.env.AB_IMPORT_FILE, 'utf8')) : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const catalog = json ? { products: importProductsJson(json), filterTree: SHOP_BENCH_TREE } : await importProductsFile(process.env.AB_IMPORT_FILE, { catalog: { filterTree: SHOP_BENCH_TREE } });
  json = null;
  const t1 = performance.now();
  const c1 = process.cpuUsage(cpu0);
  const out = { importS: (t1 - t0) / 1000, cpuS: (c1.user + c1.system) / 1e6, rssMB: process.resourceUsage().maxRSS / 1024 };
  if (process.env.AB_IMPORT_BUILD) {
    const e = createEngine(catalog, process.env.AB_IMPORT_THREAD ? { buildThread: createBuildThread({ onError: (err) => { throw err; } }) } : {});
    out.buildS = (performance.now() - t1) / 1000;
    const c2 = process.cpuUsage(cpu0);
    out.buildCpuS = (c2.user + c2.system - c1.user - c1.system) / 1e6;
    out.products = e.catalog.products.length;
    out.peakMB = process.resourceUsage().maxRSS / 1024;
  }
  console.log(JSON.stringify(out));
}
`;
const bundle = (root, out) => bundleSource(root, 'ab-import-entry', ENTRY, out);
const sides = { base: bundle(baseDir, join(cache, 'base.mjs')), this: bundle(pkg, join(cache, 'this.mjs')) };
const file = join(cache, `products-${size}.${ndjson ? 'ndjson' : 'json'}`);
if (!existsSync(file)) {
  const { writeExport } = await import(pathToFileURL(sides.this).href);
  writeExport(file, size);
  if (ndjson) throw new Error('write the .ndjson file first (one product per line)');
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const figures = { base: [], this: [] };
const fmt = (f) => `import ${f.importS.toFixed(2)} s (CPU ${f.cpuS.toFixed(2)} s), RSS ${f.rssMB.toFixed(0)} MB${f.buildS !== undefined ? `, build ${f.buildS.toFixed(2)} s (CPU ${f.buildCpuS.toFixed(2)} s), peak ${f.peakMB.toFixed(0)} MB` : ''}`;
console.log(`base ${base} (${sha.slice(0, 12)}) against this tree, ${size} products (${file}${parsed ? ', parsed first: importProductsJson' : ''}${thread ? ', with a build thread' : ''}); load average ${load()}`);
for (let t = 0; t < turns; t++) {
  for (const k of t % 2 ? ['base', 'this'] : ['this', 'base']) {
    const f = JSON.parse(execFileSync(process.execPath, [sides[k]], { cwd: pkg, env: { ...process.env, AB_IMPORT_FILE: file, ...(build ? { AB_IMPORT_BUILD: '1' } : {}), ...(thread ? { AB_IMPORT_THREAD: '1' } : {}), ...(parsed ? { AB_IMPORT_PARSED: '1' } : {}) } }).toString());
    figures[k].push(f);
    console.log(`turn ${t + 1} ${k.padEnd(4)}: ${fmt(f)}; load average ${load()}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const med = (k) => Object.fromEntries(Object.keys(figures[k][0]).map((n) => [n, median(figures[k].map((f) => f[n]))]));
const ratio = (n) => median(figures.this.map((f, i) => f[n] / figures.base[i][n])).toFixed(3);
console.log(`medians of ${turns} turns: base ${fmt(med('base'))}; this ${fmt(med('this'))}`);
console.log(`this / base (median of per-turn ratios): import ${ratio('importS')}, CPU ${ratio('cpuS')}, RSS ${ratio('rssMB')}${build ? `, build ${ratio('buildS')} (CPU ${ratio('buildCpuS')}), import + build ${median(figures.this.map((f, i) => (f.importS + f.buildS) / (figures.base[i].importS + figures.base[i].buildS))).toFixed(3)}, peak RSS ${ratio('peakMB')}` : ''}; load average ${load()}`);
