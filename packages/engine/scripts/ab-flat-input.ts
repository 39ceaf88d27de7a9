// Whether the build's input strings being flat (as JSON.parse and the importers give them) or
// ConsStrings (as generateCatalog's template literals give them) changes the build: per round, one
// build from a freshly generated catalogue and one from another made flat by asImported (what
// bench-shop.ts builds from), in one process, alternating which goes first. Prints each build's
// wall, process CPU and main-thread CPU (Linux /proc), with the load average.
//   pnpm exec tsup scripts/ab-flat-input.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node --expose-gc --max-old-space-size=10000 node_modules/.cache/engine-scripts/ab-flat-input.js [products] [rounds]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createEngine } from '../src/create-engine';
import { generateCatalog } from '../src/synthetic-catalog';
import { asImported, SHOP_BENCH_TREE } from './bench-tree';

const size = Number(process.argv[2] ?? 100000);
const rounds = Number(process.argv[3] ?? 2);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');
const mainCpu = (): number => {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const make = (flat: boolean) => {
  const c = generateCatalog({ products: size, seed: 42, profile: 'shop' });
  c.filterTree = SHOP_BENCH_TREE;
  return flat ? asImported(c) : c;
};
createEngine(generateCatalog({ products: 10000, seed: 1, profile: 'shop' }));
process.stdout.write(`${size} products, ${rounds} rounds, load ${load()}\n`);
for (let r = 0; r < rounds; r++) {
  for (const flat of r % 2 ? [true, false] : [false, true]) {
    let c: ReturnType<typeof make> | null = make(flat);
    gc();
    gc();
    const c0 = process.cpuUsage();
    const m0 = mainCpu();
    const t0 = performance.now();
    let e: ReturnType<typeof createEngine> | null = createEngine(c);
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    process.stdout.write(`${flat ? 'flat' : 'cons'}: wall ${wall.toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, main thread ${(mainCpu() - m0).toFixed(2)} s (load ${load()})\n`);
    e = null;
    c = null;
    void e;
    void c;
  }
}
