// A/B of the engine's build time in one run: this working tree against a git ref (default main),
// each side's scripts/profile-build.ts bundled from its own sources, run in turns in fresh
// processes on the same shop-density catalogue, so that a loaded machine weighs on both alike.
//   node scripts/ab-build.mjs [--base=main] [--size=100000] [--rounds=3] [--builds=2] [--parts | --same-process [--index]]
// Prints the load average, every build's wall and process CPU time, and the medians per side;
// with --parts, then one more run per side under the CPU profiler, with the build's time split
// into its parts (the profiler's samples under createEngine, by the innermost part they are in).
// With --same-process, both sides' builds instead run in turns in one process over one catalogue
// (one build per side per round; process CPU, main-thread CPU and wall time per build). With
// --thread as well, a third side builds this tree with a build thread (createBuildThread(), its
// `--min-products=N` default the engine's), in turns with the other two. With --index, each build
// is the CatalogIndex alone (the store pass, the facet fields the engine builds with the bench's
// tree, the text index) without the engine's histograms and wire products.
// Without --same-process, --thread makes both sides build with a build thread, each its own
// side's createBuildThread (as `pnpm bench:engine` builds), from flat strings (asImported), and
// print the main collections' pauses within each build and the process's peak RSS.
// (Not part of the tests; run from packages/engine after `pnpm turbo run build --filter=@pkg/engine^...`.)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { arg, baseSources, bundleSource, pkg } from './ab-sources.mjs';

const base = arg('base', 'main');
const size = Number(arg('size', '100000'));
const rounds = Number(arg('rounds', '3'));
const builds = Number(arg('builds', '2'));
const esbuild = join(pkg, 'node_modules/.bin/esbuild');
const { sha, baseDir, cache } = baseSources('ab-build', base);
// (--thread: one entry for both sides, bundled against each side's sources.)
const THREAD_ENTRY = `import { PerformanceObserver } from 'node:perf_hooks';
import { createEngine } from '../src/create-engine';
import { createBuildThread } from '../src/node-build-thread';
import { generateCatalog } from '../src/synthetic-catalog';
import { asImported, SHOP_BENCH_TREE } from './bench-tree';
const size = Number(process.argv[2]);
const catalog = asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' }));
catalog.filterTree = SHOP_BENCH_TREE;
const buildThread = createBuildThread({ onError: (e) => { throw e; } });
const pauses = [];
new PerformanceObserver((list) => pauses.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
for (let i = 0; i < Number(process.argv[3]); i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  createEngine(catalog, { buildThread });
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  await new Promise((r) => setTimeout(r, 0));
  const inside = pauses.filter((e) => e.startTime >= t0 && e.startTime <= t0 + wall);
  const major = inside.filter((e) => e.detail?.kind === 4);
  console.log('build ' + (i + 1) + ': wall ' + (wall / 1000).toFixed(2) + ' s, cpu ' + ((c.user + c.system) / 1e6).toFixed(2) + ' s, collections ' + inside.reduce((t, e) => t + e.duration, 0).toFixed(0) + ' ms in ' + inside.length + ' (' + major.length + ' full, ' + major.reduce((t, e) => t + e.duration, 0).toFixed(0) + ' ms), peak rss ' + (process.resourceUsage().maxRSS / 1024).toFixed(0) + ' MB');
}
`;
const bundle = (root, out) => {
  if (process.argv.includes('--thread')) return bundleSource(root, 'ab-build-thread', THREAD_ENTRY, out);
  execFileSync(esbuild, [join(root, 'scripts/profile-build.ts'), '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', `--outfile=${out}`, '--log-level=warning'], { cwd: pkg });
  return out;
};
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
if (process.argv.includes('--same-process')) {
  // Both sides' createEngine bundled into one process, run in turns over one catalogue with full
  // collections before each build: the catalogue, the heap it fills and the load weigh on both
  // alike (steadier than fresh processes on a loaded machine). Prints process CPU per build (the
  // garbage collector's helper threads included), the main thread's CPU and wall time.
  const entry = join(cache, 'same-process.mjs');
  const index = process.argv.includes('--index');
  // (--index: the sources of the fields the engine builds with the shop bench's tree, as indexCatalog lists them.)
  const sides = index
    ? `import { CatalogIndex as Head } from ${JSON.stringify(join(pkg, 'src/catalog-index.ts'))};
import { CatalogIndex as Base } from ${JSON.stringify(join(baseDir, 'src/catalog-index.ts'))};
import { resolveOption } from ${JSON.stringify(join(pkg, 'src/filter-query.ts'))};
const fields = [...SHOP_BENCH_TREE.map((o) => resolveOption(o.filterOptionId, o)).flatMap((r) => (r?.kind === 'terms' ? [r.source] : [])), 'collection'];
const head = (c, o) => new Head(c, { fields, thread: o?.buildThread });
const base = (c) => new Base(c, { fields });`
    : `import { createEngine as head } from ${JSON.stringify(join(pkg, 'src/create-engine.ts'))};
import { createEngine as base } from ${JSON.stringify(join(baseDir, 'src/create-engine.ts'))};`;
  writeFileSync(entry, `${sides}
import { generateCatalog } from ${JSON.stringify(join(pkg, 'src/synthetic-catalog.ts'))};
import { createBuildThread } from ${JSON.stringify(join(pkg, 'src/node-build-thread.ts'))};
import { asImported, SHOP_BENCH_TREE } from ${JSON.stringify(join(pkg, 'scripts/bench-tree.ts'))};
import { readFileSync } from 'node:fs';
// Flat strings, as an import gives them (and as they are after any first build: the side that built
// first would otherwise pay for flattening the generator's strings alone).
const catalog = asImported(generateCatalog({ products: ${size}, seed: 42, profile: 'shop' }));
catalog.filterTree = SHOP_BENCH_TREE;
// The main thread's own CPU time (Linux: /proc, in clock ticks of 10 ms), without the garbage
// collector's helper threads: what a quiet machine's wall time follows. NaN elsewhere.
const mainCpu = () => {
  try {
    const stat = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};
const buildThread = createBuildThread({ ${arg('min-products', '') ? `minProducts: ${Number(arg('min-products', ''))}, ` : ''}onError: (e) => { throw e; } });
const sides = [['base', base], ['head', head]${process.argv.includes('--thread') ? ", ['thread', (c) => head(c, { buildThread })]" : ''}];
// Each round starts with the next side (A B C, B C A, ...), and alternates direction (two sides: A B, B A).
for (let r = 0; r < ${rounds}; r++) for (const [name, build] of sides.length === 2 ? (r % 2 ? [...sides].reverse() : sides) : sides.map((_, i) => sides[(i + r) % sides.length])) {
  globalThis.gc(); globalThis.gc();
  const c0 = process.cpuUsage();
  const m0 = mainCpu();
  const t0 = performance.now();
  build(catalog);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  console.log(name + ' ' + ((c.user + c.system) / 1e6).toFixed(2) + ' ' + (mainCpu() - m0).toFixed(2) + ' ' + wall.toFixed(2));
}
`);
  const out = join(cache, 'same-process.js');
  execFileSync(esbuild, [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', `--outfile=${out}`, '--log-level=warning'], { cwd: pkg });
  process.stdout.write(`${index ? 'index build (CatalogIndex)' : 'build'} A/B in one process at ${size.toLocaleString('en')} products: ${rounds} rounds, base ${base} (${sha.slice(0, 9)}) against this tree, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}\nload average at start: ${load()} (1 / 5 / 15 min)\n`);
  const lines = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', out], { cwd: pkg, maxBuffer: 1 << 24 }).toString().trim().split('\n');
  const cpu = { base: [], head: [], thread: [] };
  const main = { base: [], head: [], thread: [] };
  const wall = { base: [], head: [], thread: [] };
  for (const l of lines) {
    const [name, s, m, w] = l.split(' ');
    cpu[name].push(Number(s));
    main[name].push(Number(m));
    wall[name].push(Number(w));
  }
  process.stdout.write(`load average at end: ${load()}\n`);
  const list = (xs) => `${xs.map((x) => `${x.toFixed(2)} s`).join(', ')}; median ${median(xs).toFixed(2)} s`;
  for (const name of ['base', 'head', 'thread'].filter((n) => wall[n].length > 0)) {
    process.stdout.write(`  ${name === 'base' ? `base ${base}` : name === 'head' ? 'this tree' : 'this tree, build thread'}: cpu ${list(cpu[name])}\n    main thread cpu ${list(main[name])}\n    wall ${list(wall[name])}\n`);
  }
  process.exit(0);
}
const sides = [
  { name: `base ${base} (${sha.slice(0, 9)})`, file: bundle(baseDir, join(cache, 'base.js')), runs: [] },
  { name: 'this tree', file: bundle(pkg, join(cache, 'head.js')), runs: [] },
];

process.stdout.write(`build A/B at ${size.toLocaleString('en')} products${process.argv.includes('--thread') ? ', with a build thread' : ''}: ${rounds} rounds x ${builds} builds per side, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}\n`);
process.stdout.write(`load average at start: ${load()} (1 / 5 / 15 min)\n`);
for (let r = 0; r < rounds; r++) {
  // Alternate which side goes first.
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
    const out = execFileSync(process.execPath, ['--max-old-space-size=6144', side.file, String(size), String(builds)], { cwd: pkg, maxBuffer: 1 << 24 }).toString();
    for (const m of out.matchAll(/build \d+: wall ([\d.]+) s, cpu ([\d.]+) s/g)) side.runs.push({ wall: Number(m[1]), cpu: Number(m[2]) });
    process.stdout.write(`  round ${r + 1} ${side.name}: ${[...out.matchAll(/build \d+: wall ([\d.]+) s, cpu ([\d.]+) s(.*)/g)].map((m) => `wall ${m[1]} s cpu ${m[2]} s${m[3]}`).join('; ')} (load ${load()})\n`);
  }
}
process.stdout.write(`load average at end: ${load()}\n`);
process.stdout.write('| side | builds | median wall | median CPU | best wall |\n| --- | --- | --- | --- | --- |\n');
for (const s of sides.filter((x) => x.runs.length > 0)) {
  process.stdout.write(`| ${s.name} | ${s.runs.length} | ${median(s.runs.map((x) => x.wall)).toFixed(2)} s | ${median(s.runs.map((x) => x.cpu)).toFixed(2)} s | ${Math.min(...s.runs.map((x) => x.wall)).toFixed(2)} s |\n`);
}

// The build's parts: sampled time under createEngine by the innermost of these functions.
const PARTS = new Map(Object.entries({
  build: 'product store encoding (ProductStore.build)',
  buildText: 'text index (TextIndex build)',
  buildField: 'facet fields',
  buildFields: 'facet fields',
  // (Since the store pass reads each product's numbers and facet values: indexProduct is that part, and
  // finish the fields' postings made after it.)
  indexProduct: 'numbers, facet values, title lengths (in the store pass)',
  finish: 'facet fields',
  warmHistograms: 'facet histograms warmed',
  productStats: 'numbers (productStats)',
  CatalogIndex: 'index, other (numbers, bitsets)',
  wireProducts: 'wire products',
  createEngine: 'engine, other',
}));
function parts(profileDir, builds) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  const p = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = {};
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    let part = byId.get(id).callFrame.functionName === '(garbage collector)' ? 'garbage collection (anywhere in the run)' : null;
    let inEngine = false;
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = byId.get(cur).callFrame.functionName;
      if (!part && PARTS.has(fn)) part = PARTS.get(fn);
      if (fn === 'createEngine') inEngine = true;
    }
    if (inEngine || part?.startsWith('garbage')) out[part] = (out[part] ?? 0) + dt / 1000 / builds;
  });
  return out;
}
if (process.argv.includes('--parts')) {
  const table = new Map();
  for (const [i, side] of sides.entries()) {
    const dir = join(cache, `profile-${i}`);
    rmSync(dir, { recursive: true, force: true });
    execFileSync(process.execPath, ['--max-old-space-size=6144', '--cpu-prof', `--cpu-prof-dir=${dir}`, side.file, String(size), String(builds)], { cwd: pkg, maxBuffer: 1 << 24 });
    for (const [part, ms] of Object.entries(parts(dir, builds))) {
      if (!table.has(part)) table.set(part, [0, 0]);
      table.get(part)[i] = ms;
    }
  }
  process.stdout.write(`\nParts of one build under the CPU profiler (ms per build, sampled; load average now ${load()}):\n\n| part | ${sides[0].name} | ${sides[1].name} |\n| --- | --- | --- |\n`);
  for (const [part, [a, b]] of [...table].sort((x, y) => y[1][0] - x[1][0])) process.stdout.write(`| ${part} | ${a.toFixed(0)} | ${b.toFixed(0)} |\n`);
}
