// The build's histogram warming (facet-counts.ts warmHistograms) for a counted field of many
// values per product (the tags): each of a field's posting lists counted in turn (countDocs, as
// before) against all of them in one pass over both forward indexes (countPairs), in turns in one
// process over one index (the bench's shop catalogue and tree), after checking both give the same
// counts. Prints each round's ms per side and the medians. Run:
//   pnpm exec tsup scripts/ab-warm-pairs.ts --no-config --format esm --platform node --target node20 --out-dir node_modules/.cache/engine-scripts --silent
//   node --max-old-space-size=8192 node_modules/.cache/engine-scripts/ab-warm-pairs.js [products] [rounds]
import { loadavg } from 'node:os';
import type { TermField } from '../src/catalog-index';
import { indexCatalog } from '../src/engine-context';
import { countDocs, countPairs } from '../src/facet-counts';
import { generateCatalog } from '../src/synthetic-catalog';
import { asImported, SHOP_BENCH_TREE } from './bench-tree';

const size = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 16);
const { index, counted } = indexCatalog(asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' })), SHOP_BENCH_TREE, {});
const selectable = [...new Set([...counted, index.field('collection')])];
// The pairs warmHistograms counts with countPairs, with a histogram for every list it would warm.
const pairs: Array<[TermField, TermField, Array<Uint32Array | null>]> = [];
for (const a of selectable) {
  for (const b of counted) {
    if (a === b || b.single || b.masks) continue;
    const hs = a.postings.map((l) => (l.length >= Math.max(64, b.keys.length) ? new Uint32Array(b.keys.length) : null));
    if (hs.some(Boolean)) pairs.push([a, b, hs]);
  }
}
const sides = {
  lists: () => pairs.forEach(([a, b, hs]) => hs.forEach((h, v) => h && countDocs(b, a.postings[v] as Uint32Array, h))),
  pairs: () => pairs.forEach(([a, b, hs]) => countPairs(a, b, hs)),
};
const clear = () => pairs.forEach(([, , hs]) => hs.forEach((h) => h?.fill(0)));
const counts = (run: () => void) => {
  clear();
  run();
  return pairs.flatMap(([, , hs]) => hs.flatMap((h) => (h ? [...h] : [])));
};
const [x, y] = [counts(sides.lists), counts(sides.pairs)];
if (x.length !== y.length || x.some((c, i) => c !== y[i])) throw new Error('countPairs and countDocs disagree');
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');
console.log(`${size.toLocaleString('en')} products, ${pairs.length} pairs of fields, ${x.length.toLocaleString('en')} counts (equal); load ${load()}`);
const ms: Record<keyof typeof sides, number[]> = { lists: [], pairs: [] };
for (let r = 0; r < rounds; r++) {
  for (const name of r % 2 ? (['pairs', 'lists'] as const) : (['lists', 'pairs'] as const)) {
    clear();
    const t0 = performance.now();
    sides[name]();
    ms[name].push(performance.now() - t0);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
for (const name of ['lists', 'pairs'] as const) console.log(`${name}: ${ms[name].map((t) => t.toFixed(0)).join(' ')} ms; median ${median(ms[name]).toFixed(1)} ms`);
console.log(`pairs faster in ${ms.pairs.filter((t, i) => t < (ms.lists[i] as number)).length} of ${rounds} rounds; load ${load()}`);
