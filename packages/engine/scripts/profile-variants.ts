// Times one variant query class of scripts/bench-variants.ts on its own, for profiling:
//   pnpm exec tsup scripts/profile-variants.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node [--cpu-prof] node_modules/.cache/engine-scripts/profile-variants.js [products] [rounds] [class]
// class: price (two options + a price range, the default), two (two options), avail (two options,
// in-stock variants, with a price range), fresh (two options + a price range never asked before);
// several, comma-separated, run in turn. `... dump` as the last argument prints a hash of the
// answers instead, to check that a change leaves every answer as it was.
import { createHash } from 'node:crypto';
import { BENCH_TREE } from './bench-tree';
import { createEngine } from '../src/create-engine';
import { generateCatalog, seededRandom } from '../src/synthetic-catalog';

const size = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 2000);
const cls = process.argv[4] ?? "price";
const e = createEngine({ ...generateCatalog({ products: size, seed: 42 }), filterTree: BENCH_TREE });
const rnd = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const colors = ['Black', 'White', 'Red', 'Blue', 'Navy', 'Gray'];
const sizes = ['S', 'M', 'L', 'XL'];
const ranges = ['20:60', '10:30', ':25', '40:', '15.5:19.99', '30:35'];
const qs = Array.from({ length: 300 }, () => ({ color: pick(colors), size: pick(sizes), price: pick(ranges) }));
/** A range not asked before (so nothing kept for it): 'fresh'. */
let drawn = 0;
const freshRange = () => `${10 + (drawn % 40)}.${String(++drawn).padStart(5, '0')}:${60 + (drawn % 50)}`;
const run = (q: { color: string; size: string; price: string }, cls: string) => e.filter({
  build_filter_tree: 'true',
  'pf_opt_color[]': q.color,
  'pf_opt_size[]': q.size,
  ...(cls === 'two' ? {} : { pf_p_price: cls === 'fresh' ? freshRange() : q.price }),
  ...(cls === 'avail' ? { variant_available: 'true' } : {}),
});
if (process.argv[5] === 'dump') {
  console.log(createHash('sha1').update(JSON.stringify(qs.map((q) => run(q, cls)))).digest('hex'));
} else {
  // Each class in turn, query by query (so a busy moment of the machine hits every class alike).
  // Wall time and this process's CPU time per query: on a busy machine the CPU time is the steadier.
  const classes = cls.split(',');
  const times = classes.map(() => [] as number[]);
  const cpu = classes.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    classes.forEach((c, k) => {
      const u = process.cpuUsage();
      const t = performance.now();
      run(qs[i % qs.length] as (typeof qs)[number], c);
      (times[k] as number[]).push(performance.now() - t);
      const du = process.cpuUsage(u);
      (cpu[k] as number[]).push((du.user + du.system) / 1000);
    });
  }
  const p50 = (xs: number[]) => [...xs].slice(qs.length).sort((a, b) => a - b)[(xs.length - qs.length) >> 1] as number;
  classes.forEach((c, k) => console.log(`${c}: p50 ${p50(times[k] as number[]).toFixed(3)} ms, CPU p50 ${p50(cpu[k] as number[]).toFixed(3)} ms`));
}
