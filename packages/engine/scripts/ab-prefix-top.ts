// The text index's top completions of 1-3 character prefixes (TextIndex.buildPrefixTop) against the
// way a build computed them before (three walks over the sorted dictionary, ties decided by
// comparing spellings), on one shop-density index, in turns; checks both give the same lists.
//   pnpm exec tsup scripts/ab-prefix-top.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent
//   node --max-old-space-size=8192 node_modules/.cache/engine-scripts/ab-prefix-top.js [products] [rounds]
import { loadavg } from 'node:os';
import { CatalogIndex } from '../src/catalog-index';
import { generateCatalog } from '../src/synthetic-catalog';
import { PREFIX_EXPANSIONS, type TextIndex } from '../src/text-index';
import { asImported } from './bench-tree';

const size = Number(process.argv[2] ?? 100000);
const rounds = Number(process.argv[3] ?? 3);
const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');
const text = new CatalogIndex(asImported(generateCatalog({ products: size, seed: 42, profile: 'shop' }))).text;
const sorted = text.sortedTerms;
const inner = text as unknown as { prefixTop: Map<string, Uint32Array>; buildPrefixTop(sorted: Uint32Array): void };

/** The build's prefix tops as computed before (text-index.ts at 9092f98). */
function before(t: TextIndex, out: Map<string, Uint32Array>): void {
  const terms = t.terms;
  for (let l = 1; l <= 3; l++) {
    let pre = '';
    let top: number[] = [];
    const flush = () => {
      if (top.length > 0) out.set(pre, Uint32Array.from(top));
    };
    for (let i = 0; i < sorted.length; i++) {
      const id = sorted[i] as number;
      const term = terms[id] as string;
      if (term.length <= l || t.derived[id] === 1) continue;
      if (!term.startsWith(pre) || pre.length !== l) {
        flush();
        pre = term.slice(0, l);
        top = [];
      }
      if (top.length === PREFIX_EXPANSIONS && !t.better(id, top[top.length - 1] as number)) continue;
      let k = top.length;
      if (k === PREFIX_EXPANSIONS) k--;
      while (k > 0 && t.better(id, top[k - 1] as number)) {
        top[k] = top[k - 1] as number;
        k--;
      }
      top[k] = id;
    }
    flush();
  }
}

process.stdout.write(`${size} products, ${text.terms.length} terms, load ${load()}\n`);
const times: Record<string, number[]> = { before: [], now: [] };
let last: Record<string, Map<string, Uint32Array>> = {};
for (let r = 0; r < rounds; r++) {
  for (const side of r % 2 ? ['now', 'before'] : ['before', 'now']) {
    const out = new Map<string, Uint32Array>();
    const t0 = performance.now();
    if (side === 'before') before(text, out);
    else {
      inner.prefixTop.clear();
      inner.buildPrefixTop(sorted);
      for (const [k, v] of inner.prefixTop) out.set(k, v);
    }
    (times[side] as number[]).push(performance.now() - t0);
    last = { ...last, [side]: out };
  }
}
const a = [...(last.before as Map<string, Uint32Array>)].map(([k, v]) => `${k}:${v.join(',')}`).join('\n');
const b = [...(last.now as Map<string, Uint32Array>)].map(([k, v]) => `${k}:${v.join(',')}`).join('\n');
if (a !== b) throw new Error('the prefix tops differ');
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)] as number;
process.stdout.write(`same lists and order (${(last.now as Map<string, Uint32Array>).size} prefixes); before ${times.before?.map((x) => x.toFixed(0)).join(', ')} ms (median ${med(times.before as number[]).toFixed(0)}), now ${times.now?.map((x) => x.toFixed(0)).join(', ')} ms (median ${med(times.now as number[]).toFixed(0)}); load ${load()}\n`);
