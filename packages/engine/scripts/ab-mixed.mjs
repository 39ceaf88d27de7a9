// A/B of `pnpm bench:engine`'s mixed workload as that bench times it: this working tree against a
// git ref (default main). Each turn runs one fresh Node process per side (the first side
// alternates), which builds the shop-density catalogue's engine from imported products, then runs
// the bench's warm-up and its one timed pass of 800 interleaved facet, range, text and suggest
// queries (scripts/shop-workload.ts, the same draw as bench-shop.ts): a cold pass, as in the bench,
// not a loop over warmed queries. Both sides time the same workload code (this tree's).
//   node scripts/ab-mixed.mjs [--base=main] [--size=100000] [--turns=8] [--one-process]
// --one-process: both engines built in this process (run it with --expose-gc), then a pass per
// side in turns, each turn a new draw of the workload (seed 100 + turn; the first turn is left out
// of the medians): warm code, so only the work of a query shows, in a fraction of the time.
// Prints per turn and side: each class's p50 (ms), the text class's process CPU per query (ms; all
// threads, so the collector's helpers count too) and the load average; then the medians per side
// and the median of the per-turn ratios this / base.
// (Not part of the tests; run from packages/engine after `pnpm turbo run build --filter=@pkg/engine^...`.)
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, baseSources, bundleSource, pkg } from './ab-sources.mjs';

const base = arg('base', 'main');
const size = Number(arg('size', '100000'));
const turns = Number(arg('turns', '8'));
const oneProcess = process.argv.includes('--one-process');
const { sha, baseDir, cache } = baseSources('ab-mixed', base);
// One entry per side: that side's engine, this tree's workload (and catalogue helpers).
const ENTRY = `import { createEngine } from '../src/create-engine';
import { generateCatalog } from '../src/synthetic-catalog';
import { asImported, SHOP_BENCH_TREE, settledMemory } from ${JSON.stringify(join(pkg, 'scripts/bench-tree'))};
import { workload } from ${JSON.stringify(join(pkg, 'scripts/shop-workload'))};
const generate = (size) => {
  const c = asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' }));
  c.filterTree = SHOP_BENCH_TREE;
  return c;
};
const mid = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
/** An engine as the bench builds it, the catalogue again, and a timed pass of the workload drawn with a seed. */
export async function make(size) {
  let input = generate(size);
  const e = createEngine(input);
  input = null;
  await settledMemory();
  const catalog = generate(size);
  const run = (w) => (w.cls === 'suggest' ? e.suggest(w.query) : w.cls === 'text' ? e.search(w.query) : e.filter(w.query));
  e.suggest({ q: 'a' });
  return (seed) => {
    const work = workload(catalog.products, seed);
    for (const w of work.slice(0, 20)) run(w);
    const times = { facets: [], range: [], text: [], suggest: [] };
    let cpu = 0;
    for (const w of work) {
      const c0 = process.cpuUsage();
      const t = performance.now();
      run(w);
      times[w.cls].push(performance.now() - t);
      if (w.cls === 'text') {
        const c = process.cpuUsage(c0);
        cpu += (c.user + c.system) / 1000;
      }
    }
    const out = { textCpu: cpu / times.text.length };
    for (const k of Object.keys(times)) out[k] = mid(times[k]);
    return out;
  };
}
if (process.env.AB_MIXED_CHILD) console.log(JSON.stringify((await make(Number(process.env.AB_MIXED_CHILD)))(7)));
`;
const bundle = (root, out) => bundleSource(root, 'ab-mixed-entry', ENTRY, out);
const sides = { base: bundle(baseDir, join(cache, 'base.mjs')), this: bundle(pkg, join(cache, 'this.mjs')) };
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const figures = { base: [], this: [] };
const fmt = (f) => `text ${f.text.toFixed(3)} (CPU ${f.textCpu.toFixed(3)}), facets ${f.facets.toFixed(3)}, range ${f.range.toFixed(3)}, suggest ${f.suggest.toFixed(3)}`;
console.log(`base ${base} (${sha.slice(0, 12)}) against this tree, ${size} products, p50 ms per class; load average ${load()}`);
if (oneProcess) {
  // Both engines in this process; each turn a new draw (seed 100 + turn) on one side, then the other.
  const make = {};
  for (const [k, file] of Object.entries(sides)) make[k] = await (await import(pathToFileURL(file).href)).make(size);
  for (let t = 0; t < turns; t++) {
    for (const k of t % 2 ? ['base', 'this'] : ['this', 'base']) {
      const f = make[k](100 + t);
      if (t >= 1) figures[k].push(f);
      console.log(`turn ${t + 1} ${k.padEnd(4)}: ${fmt(f)}; load average ${load()}`);
    }
  }
} else {
  for (let t = 0; t < turns; t++) {
    for (const k of t % 2 ? ['base', 'this'] : ['this', 'base']) {
      const f = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=6144', sides[k]], { cwd: pkg, env: { ...process.env, AB_MIXED_CHILD: String(size) } }).toString());
      figures[k].push(f);
      console.log(`turn ${t + 1} ${k.padEnd(4)}: ${fmt(f)}; load average ${load()}`);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const med = (k) => Object.fromEntries(Object.keys(figures[k][0]).map((n) => [n, median(figures[k].map((f) => f[n]))]));
const ratio = (n) => median(figures.this.map((f, i) => f[n] / figures.base[i][n])).toFixed(3);
console.log(`medians of ${figures.base.length} ${oneProcess ? 'turns (the first left out)' : 'turns'}: base ${fmt(med('base'))}; this ${fmt(med('this'))}`);
console.log(`this / base (median of per-turn ratios): text p50 ${ratio('text')}, text CPU ${ratio('textCpu')}, facets ${ratio('facets')}; load average ${load()}`);
