// `pnpm bench:engine -- --import [--1m | --sizes=...]`: the build including the import from a file.
// Per size, the shop-density catalogue is written as the platform's products export
// ({"products":[...]}, toPlatformProduct) to a temporary file; then, each in a fresh Node process
// (so peak memory is the import's own): `stream`, importProductsFile + createEngine (the product
// path), `whole`, JSON.parse(readFileSync) + importProductsJson + createEngine (the way a file
// was read before; past V8's string limit it cannot run, and the table says so), and `parsed`, the
// same with the JSON parsed before the clock starts (`createEngine({ products: importProductsJson(json) })`),
// and `json`, the JSON parsed before the clock starts and imported by the build as it writes each
// product: `createEngine(catalogFromProductsJson(json, rest))`, as the READMEs build an engine from
// products JSON already in memory (its import column is the catalogue's making, its index column
// the build including the import). Prints seconds
// (import, index, total; the build with bench-shop's build thread unless `--one-thread`; and the process's CPU time over both, less sensitive to a loaded machine), its peak RSS, heap + external after the import and after the
// build, and the load average beside them.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '../src/catalog';
import { createEngine } from '../src/create-engine';
import type { EngineOptions } from '../src/engine-types';
import { catalogFromProductsJson, importProductsJson } from '../src/import-products-json';
import { importProductsFile } from '../src/products-file';
import { generateCatalog, toPlatformProduct } from '../src/synthetic-catalog';
import { SHOP_BENCH_TREE, settledMemory } from './bench-tree';

type Mode = 'stream' | 'whole' | 'parsed' | 'json';
interface Run { importS: number; indexS: number; totalS: number; cpuImportS: number; cpuS: number; peakRssMB: number; afterImportMB: number; engineMB: number; products: number }

const PATHS: Record<Mode, string> = {
  stream: 'importProductsFile (streamed)',
  whole: 'JSON.parse(readFileSync) + importProductsJson',
  parsed: 'importProductsJson of the parsed JSON (the parse not timed)',
  json: 'catalogFromProductsJson of the parsed JSON (the parse not timed; imported as the build writes each product)',
};

const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');
const mb = () => {
  const m = process.memoryUsage();
  // Shared arrays (the build thread's) are in `arrayBuffers`, not in `external`: see bench-shop.ts.
  return (m.heapUsed + Math.max(m.external, m.arrayBuffers)) / 1e6;
};

/** Writes the catalogue as the platform's export, a product at a time (1,000,000 of them are more characters than one string holds). */
export function writeExport(file: string, size: number): number {
  const { products } = generateCatalog({ products: size, seed: 42, profile: 'shop' });
  const fd = openSync(file, 'w');
  try {
    let buf = '{"products":[';
    for (let i = 0; i < products.length; i++) {
      buf += (i > 0 ? ',\n' : '\n') + JSON.stringify(toPlatformProduct(products[i] as Catalog['products'][number]));
      if (buf.length > 1 << 20) {
        writeSync(fd, buf);
        buf = '';
      }
    }
    writeSync(fd, `${buf}\n]}\n`);
  } finally {
    closeSync(fd);
  }
  return statSync(file).size;
}

/** One import + build in this process (the child side). */
export async function importChild(file: string, mode: Mode, options: EngineOptions = {}): Promise<void> {
  let parsed: unknown = mode === 'parsed' || mode === 'json' ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (parsed !== null) await settledMemory();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let catalog: Catalog;
  if (mode === 'stream') catalog = await importProductsFile(file, { catalog: { filterTree: SHOP_BENCH_TREE } });
  else if (mode === 'json') catalog = catalogFromProductsJson(parsed, { filterTree: SHOP_BENCH_TREE });
  else catalog = { products: importProductsJson(parsed ?? JSON.parse(readFileSync(file, 'utf8'))), filterTree: SHOP_BENCH_TREE };
  parsed = null;
  const t1 = performance.now();
  const cpuImport = process.cpuUsage(cpu0);
  const afterImportMB = mb();
  const engine = createEngine(catalog, options);
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  catalog = { products: [] };
  await settledMemory();
  const run: Run = {
    importS: (t1 - t0) / 1000, indexS: (t2 - t1) / 1000, totalS: (t2 - t0) / 1000, cpuImportS: (cpuImport.user + cpuImport.system) / 1e6, cpuS: (cpu.user + cpu.system) / 1e6, peakRssMB: process.resourceUsage().maxRSS / 1024,
    afterImportMB, engineMB: mb(), products: engine.catalog.products.length,
  };
  console.log(JSON.stringify(run));
}

export function benchImport(sizes: readonly number[]): void {
  const out: string[] = [];
  out.push(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average at start ${load()} (1 / 5 / 15 min; a shared machine)`);
  out.push('', '| products | file | path | import | index | import + build | process CPU: import / import + build | peak RSS | heap + external after import | engine alone after build | load at its start |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const dir = mkdtempSync(join(tmpdir(), 'engine-bench-import-'));
  try {
    for (const size of sizes) {
      const file = join(dir, `products-${size}.json`);
      process.stderr.write(`writing ${size} products\n`);
      const bytes = writeExport(file, size);
      for (const mode of ['stream', 'whole', 'parsed', 'json'] as const) {
        const at = load();
        process.stderr.write(`  ${size} ${mode} (load ${at})\n`);
        let cells: string[];
        try {
          // Node's default heap limit: what a server started without flags has.
          const text = execFileSync(process.execPath, ['--expose-gc', process.argv[1] as string, `--import-child=${file}`, `--mode=${mode}`, ...process.argv.filter((a) => a === '--one-thread')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
          const r = JSON.parse(text.trim().split('\n').pop() as string) as Run;
          if (r.products !== size) throw new Error(`${r.products} products imported, not ${size}`);
          cells = [`${r.importS.toFixed(2)} s`, `${r.indexS.toFixed(2)} s`, `${r.totalS.toFixed(2)} s`, `${r.cpuImportS.toFixed(2)} / ${r.cpuS.toFixed(2)} s`, `${r.peakRssMB.toFixed(0)} MB`, `${r.afterImportMB.toFixed(0)} MB`, `${r.engineMB.toFixed(0)} MB`];
        } catch (err) {
          const e = err as { stderr?: string; message: string };
          const why = (e.stderr ?? e.message).split('\n').find((l) => /^\w*Error\b|ERR_|heap out of memory/.test(l)) ?? e.message;
          cells = [`fails: ${why.trim().slice(0, 120)}`, '', '', '', '', '', ''];
        }
        out.push(`| ${size.toLocaleString('en')} | ${(bytes / 1e6).toFixed(0)} MB | ${PATHS[mode]} | ${cells.join(' | ')} | ${at} |`);
      }
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  out.push('', `Load average at the end: ${load()}.`);
  console.log(out.join('\n'));
}
