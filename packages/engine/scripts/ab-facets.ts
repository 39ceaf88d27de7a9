// An interleaved A/B of the bench's facet query class (scripts/bench.ts): the engine at a git ref
// (A, default HEAD) against the working tree (B), on two identical 100,000-product catalogs, with
// the same seeded queries alternated between them (and which of the two goes first alternating
// too), so that the machine's changing speed hits both alike. Runs of each version in a process
// of its own differ by more than most changes do on a shared machine; this comparison does not.
//   pnpm --filter @pkg/engine run ab:facets [ref]
// LIMIT=1 asks for one product a page (leaving out most of the wire-product build), SEEDS=7,8,9
// runs one comparison per query seed.
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Engine } from '../src/engine-types';
import type { Catalog } from '../src/catalog';
import { BENCH_TREE } from './bench-tree';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';

type Create = (catalog: Catalog) => Engine;
const ref = process.argv[2] ?? 'HEAD';
const cache = join(process.cwd(), 'node_modules/.cache/engine-ab');
const sh = (cmd: string) => execSync(cmd, { stdio: 'inherit' });
const bundle = async (entry: string, out: string): Promise<Create> => {
  sh(`pnpm exec tsup ${entry} --no-config --format esm --platform node --target node20 --out-dir ${out} --silent`);
  return ((await import(pathToFileURL(join(out, 'index.js')).href)) as { createEngine: Create }).createEngine;
};
rmSync(cache, { recursive: true, force: true });
mkdirSync(join(cache, 'a'), { recursive: true });
sh(`git archive ${ref} src | tar -x -C ${join(cache, 'a')}`);
const createA = await bundle(join(cache, 'a/src/index.ts'), join(cache, 'a-dist'));
const createB = await bundle('src/index.ts', join(cache, 'b-dist'));

const colors = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige'];
const limit = process.env.LIMIT ?? '24';
const facetQueries = (products: Catalog['products'], seed: number, n: number) => {
  const rnd = seededRandom(seed);
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.vendor, (counts.get(p.vendor) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([v]) => v);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  return Array.from({ length: n }, () => ({ limit, build_filter_tree: 'true', 'pf_v_vendor[]': rnd() < 0.5 ? [pick(top)] : [pick(top), pick(top)], 'pf_opt_color[]': [pick(colors)] }));
};
// As in the bench, the code first answers queries on a 10,000-product catalog.
for (const create of [createA, createB]) {
  const small = generateCatalog({ products: 10_000, seed: 42 });
  small.filterTree = BENCH_TREE;
  const e = create(small);
  for (const q of facetQueries(small.products, 7, 300)) e.filter(q);
}
const p = (xs: number[], at: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * at)] as number;
for (const seed of (process.env.SEEDS ?? '7').split(',').map(Number)) {
  const times = { A: [] as number[], B: [] as number[] };
  const catalogs = [0, 1].map(() => ({ ...generateCatalog({ products: 100_000, seed: 42 }), filterTree: BENCH_TREE }));
  const engines = { A: createA(catalogs[0]!), B: createB(catalogs[1]!) };
  const qs = facetQueries(catalogs[0]!.products, seed, 205);
  qs.forEach((q, i) => {
    for (const k of i % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const t = performance.now();
      engines[k].filter(q);
      // The first five are a warm-up, as in the bench.
      if (i >= 5) times[k].push(performance.now() - t);
    }
  });
  const row = (k: 'A' | 'B') => `p50 ${p(times[k], 0.5).toFixed(3)} ms, p95 ${p(times[k], 0.95).toFixed(3)} ms`;
  console.log(`seed ${seed}, limit ${limit}: A (${ref}) ${row('A')}; B (working tree) ${row('B')}; B/A p50 ${(p(times.B, 0.5) / p(times.A, 0.5)).toFixed(2)}`);
}
