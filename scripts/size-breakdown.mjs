// What a size-limit entry holds, module by module. esbuild bundles the entry from the package's
// source with size-limit's own options (minified, tree-shaken, the other @pkg packages external;
// minifying for the browser, esbuild itself defines NODE_ENV as "production", so development-only
// branches are dropped but for their `typeof process` test), then prints:
// - the bundle's gzip size, next to the same import bundled from `dist` exactly as size-limit
//   measures it (the two differ by a few bytes: tsup's build output is what is published);
// - for each module, its minified bytes, its gzip size alone, and what it costs the bundle: the
//   bundle's gzip size minus the gzip size of the bundle without that module's code. The last
//   column is the one to read ("what would this entry save without it"); it does not add up to
//   the total either, since gzip shares strings between modules.
// Usage: node scripts/size-breakdown.mjs packages/core-filter '{ createFilterControllerWith, listKind, rangeKind }'
//        node scripts/size-breakdown.mjs packages/core-filter '*'              (the whole main entry)
//        node scripts/size-breakdown.mjs packages/core-filter '*' src/view.ts  (a subpath entry)
import { build, transform } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [pkgdir = '.', spec = '*', entry = 'src/index.ts'] = process.argv.slice(2);
const gzip = (b) => gzipSync(b, { level: 9 }).length;

function stdinFor(file) {
  const abs = path.resolve(pkgdir, file);
  // size-limit's import check writes `import X from 'p'; console.log(X)`; a whole entry is bundled
  // as an entry point, which keeps every export.
  const contents = spec === '*' ? `export * from ${JSON.stringify(abs)};` : `import ${spec} from ${JSON.stringify(abs)};\nconsole.log(${spec.replace(/[{}]/g, '').trim()});`;
  return { contents, resolveDir: path.resolve(pkgdir), loader: 'js' };
}
const common = {
  bundle: true,
  write: false,
  treeShaking: true,
  external: ['@pkg/*'],
  legalComments: 'none',
};
const minify = { minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: true };
const distFile = entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
const dist = (await build({ ...common, ...minify, stdin: stdinFor(distFile) })).outputFiles[0].contents;
const whole = (await build({ ...common, ...minify, stdin: stdinFor(entry) })).outputFiles[0].contents;
// size-limit takes off what an empty project measures: 182 B for an import check whose bundle has
// esbuild's require shim (the external @pkg packages bring it), 32 B for a whole entry.
const emptyProject = spec === '*' ? 32 : 182;
console.log(`${distFile} as size-limit measures it: ${gzip(dist) - emptyProject} B gzip`);
console.log(`${entry} the same way: ${gzip(whole) - emptyProject} B gzip (${whole.length} B minified)`);
// Without whitespace minifying, esbuild marks each module's code with a "// path" line (in ESM, so
// that no IIFE wrapper is split between modules); NODE_ENV is then "development" unless defined.
const production = { define: { 'process.env.NODE_ENV': '"production"' } };
const marked = (await build({ ...common, ...production, format: 'esm', minifySyntax: true, minifyIdentifiers: true, stdin: stdinFor(entry) })).outputFiles[0].text;
const parts = marked.split(/^[ \t]*\/\/ (\S+)\n/m);
const pieces = [];
for (let i = 1; i < parts.length; i += 2) {
  const code = parts[i + 1].replace(/^export \{[\s\S]*?\};?\s*$/m, '').replace(/^import .*$/gm, '');
  pieces.push({ file: parts[i], min: Buffer.from((await transform(code, { minify: true, loader: 'js' })).code) });
}
const all = Buffer.concat(pieces.map((p) => p.min));
const total = gzip(all);
const rows = new Map();
for (const p of pieces) {
  const row = rows.get(p.file) ?? { min: 0, alone: 0, cost: 0 };
  row.min += p.min.length;
  row.alone += p.min.length ? gzip(p.min) : 0;
  rows.set(p.file, row);
}
for (const [file, row] of rows) row.cost = total - gzip(Buffer.concat(pieces.filter((p) => p.file !== file).map((p) => p.min)));
console.log(`modules joined: ${total} B gzip\n    cost  gzip alone  minified  module`);
for (const [file, r] of [...rows].sort((a, b) => b[1].cost - a[1].cost)) if (r.min) console.log(String(r.cost).padStart(8), String(r.alone).padStart(11), String(r.min).padStart(9), ' ', file);
