// pnpm bench:memory — the memory of one engine process at the density of real shops
// (generateCatalog profile 'shop', the bench:engine filter tree; `-- --products=N`, default
// 100,000): heap + external and RSS after start and after 400 mixed requests (facets, tags, text,
// suggest, price range and sort, pages 1..40), for an engine built from catalogue objects (which
// are then let go) and for a replica started from a snapshot of it. Each figure comes from a
// process of its own, so one start's garbage does not count in another's RSS. Not part of the
// test command; the committed output is in bench/memory.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../src/catalog-snapshot';
import { createEngine } from '../src/create-engine';
import type { Catalog } from '../src/catalog';
import { generateCatalog } from '../src/synthetic-catalog';
import { SHOP_BENCH_TREE, settledMemory } from './bench-tree';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const size = Number(arg('products') ?? 100_000);
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

function shopCatalog(): Catalog {
  const c = generateCatalog({ products: size, seed: 42, profile: 'shop' });
  c.filterTree = SHOP_BENCH_TREE;
  return c;
}

/** One start in this process: prints a JSON line of its figures. */
async function child(mode: string, file: string): Promise<void> {
  // Ready: from catalogue objects, the engine's build; from a snapshot, reading it and the engine.
  let catalog: Catalog | null = mode === 'build' ? shopCatalog() : null;
  const t = performance.now();
  const e = createEngine(catalog ?? readCatalogSnapshot(file));
  const start = performance.now() - t;
  catalog = null;
  const m1 = await settledMemory();
  const urls = [
    '/api/filter?build_filter_tree=true', '/api/filter?build_filter_tree=true&pf_opt_color[]=Red&pf_t_tag[]=autumn', '/api/search?q=pillow&build_filter_tree=true',
    '/api/suggest?q=pil', '/api/filter?build_filter_tree=true&pf_p_price=20:60&sort=price-ascending',
  ];
  for (let k = 0; k < 400; k++) e.handle({ method: 'GET', url: `${urls[k % urls.length] as string}&page=${(k % 40) + 1}` });
  const m2 = await settledMemory();
  console.log(JSON.stringify({ start, heap1: m1.heapUsed + m1.external, rss1: m1.rss, heap2: m2.heapUsed + m2.external, rss2: m2.rss }));
}

async function main(): Promise<void> {
  const mode = arg('mode');
  const file = arg('file');
  if (mode && file) return child(mode, file);
  const dir = mkdtempSync(join(tmpdir(), 'engine-bench-memory-'));
  try {
    const snapshot = join(dir, 'catalog.snapshot');
    writeCatalogSnapshot(snapshot, shopCatalog());
    const self = fileURLToPath(import.meta.url);
    const run = (m: string) => JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=6144', self, `--mode=${m}`, `--file=${snapshot}`, `--products=${size}`], { encoding: 'utf8' }).trim().split('\n').pop() as string) as Record<string, number>;
    const rows = [['built from catalogue objects', run('build')], ['replica from a snapshot', run('snapshot')]] as const;
    console.log(`Memory of one engine process at ${size.toLocaleString('en')} shop-density products (pnpm bench:memory), ${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')}\n`);
    console.log('| start | ready in | heap + external after start | RSS after start | heap + external after 400 requests | RSS after 400 requests |\n|---|---|---|---|---|---|');
    for (const [label, f] of rows) console.log(`| ${label} | ${((f.start as number) / 1000).toFixed(2)} s | ${mb(f.heap1 as number)} | ${mb(f.rss1 as number)} | ${mb(f.heap2 as number)} | ${mb(f.rss2 as number)} |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
