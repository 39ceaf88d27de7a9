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
// With `--theme`, the entry is the loader's theme file instead (packages/loader/src/auto.ts bundled
// as scripts/build-theme.mjs bundles it: every @pkg package from source, Preact for React, the
// sanitiser left out), and each module is also listed with the theme file it lands in
// ("first load" or the lazily loaded chunk that holds it), then the costs are summed per group
// (a package, or a folder of react-ui and the loader) and per theme file.
// Usage: node scripts/size-breakdown.mjs packages/core-filter '{ createFilterControllerWith, listKind, rangeKind }'
//        node scripts/size-breakdown.mjs packages/core-filter '*'              (the whole main entry)
//        node scripts/size-breakdown.mjs packages/core-filter '*' src/view.ts  (a subpath entry)
//        node scripts/size-breakdown.mjs --theme                               (the loader's theme files)
import { build, transform } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const theme = process.argv.includes('--theme');
const [pkgdir = '.', spec = '*', entry = 'src/index.ts'] = theme ? ['packages/loader', '*', 'src/auto.ts'] : process.argv.slice(2);
const gzip = (b) => gzipSync(b, { level: 9 }).length;

function stdinFor(file) {
  const abs = path.resolve(pkgdir, file);
  // The theme entry has no exports (it runs when loaded): bundled as an entry point, since the
  // loader's `sideEffects: false` would drop it behind an `export *`.
  if (theme) return undefined;
  // size-limit's import check writes `import X from 'p'; console.log(X)`; a whole entry is bundled
  // as an entry point, which keeps every export.
  const contents = spec === '*' ? `export * from ${JSON.stringify(abs)};` : `import ${spec} from ${JSON.stringify(abs)};\nconsole.log(${spec.replace(/[{}]/g, '').trim()});`;
  return { contents, resolveDir: path.resolve(pkgdir), loader: 'js' };
}
const themeBuild = theme ? await import(path.resolve(pkgdir, 'scripts/theme-build.mjs')) : null;
const common = {
  bundle: true,
  write: false,
  treeShaking: true,
  legalComments: 'none',
  ...(themeBuild
    ? { platform: 'browser', target: 'es2020', external: ['dompurify'], plugins: themeBuild.themePlugins, absWorkingDir: path.resolve(pkgdir), logOverride: { 'ignored-bare-import': 'silent' } }
    : { external: ['@pkg/*'] }),
};
const minify = { minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: true };
// size-limit takes off what an empty project measures: 182 B for an import check whose bundle has
// esbuild's require shim (the external @pkg packages bring it), 32 B for a whole entry.
const emptyProject = spec === '*' ? 32 : 182;
if (!theme) {
  const distFile = entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  const dist = (await build({ ...common, ...minify, stdin: stdinFor(distFile) })).outputFiles[0].contents;
  const whole = (await build({ ...common, ...minify, stdin: stdinFor(entry) })).outputFiles[0].contents;
  console.log(`${distFile} as size-limit measures it: ${gzip(dist) - emptyProject} B gzip`);
  console.log(`${entry} the same way: ${gzip(whole) - emptyProject} B gzip (${whole.length} B minified)`);
}
// The theme file each module lands in: the loader's split build (its entry is the first load; each
// chunk only reached through import() is loaded on demand).
const chunkOf = new Map();
if (theme) {
  const split = await build({ ...common, ...minify, ...production0(), entryPoints: { 'first-load': path.resolve(pkgdir, entry) }, format: 'esm', splitting: true, outdir: '/tmp/size-breakdown', metafile: true });
  const outputs = split.metafile.outputs;
  // A chunk a file imports statically is fetched with it: name each chunk by the first file that
  // reaches it, "first load" for the entry's static closure.
  const names = new Map();
  const walk = (file, name) => {
    if (names.has(file)) return;
    names.set(file, name);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') walk(i.path, name);
  };
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint);
  walk(entryFile, 'first load');
  for (const o of Object.values(outputs)) for (const i of o.imports) if (i.kind === 'dynamic-import' && outputs[i.path]) walk(i.path, `lazy ${Object.keys(outputs[i.path].inputs).pop()?.split('/').slice(-2).join('/')}`);
  for (const [file, o] of Object.entries(outputs)) for (const input of Object.keys(o.inputs)) chunkOf.set(path.resolve(pkgdir, input), names.get(file) ?? file);
}
// Without whitespace minifying, esbuild marks each module's code with a "// path" line (in ESM, so
// that no IIFE wrapper is split between modules); NODE_ENV is then "development" unless defined.
function production0() {
  return { define: { 'process.env.NODE_ENV': '"production"' } };
}
const production = production0();
// The theme is split as its build splits it (one bundle would wrap the parts behind import() in
// functions, across the module marks); its files are read one after the other.
const marked = (await build({ ...common, ...production, format: 'esm', minifySyntax: true, minifyIdentifiers: true, stdin: stdinFor(entry), ...(theme ? { entryPoints: [path.resolve(pkgdir, entry)], splitting: true, outdir: '/tmp/size-breakdown' } : {}) })).outputFiles
  .filter((f) => !f.path.endsWith('.map'))
  .map((f) => f.text.replace(/^import\s*(?:[^;'"]*?from\s*)?["'][^"']*["'];?$/gm, '').replace(/^export \{[\s\S]*?\};?\s*$/gm, ''))
  .join('\n');
// A mark is a path with an extension at the start of a line (not a comment of the code's own).
const parts = marked.split(/^\/\/ (\S+\.[cm]?[jt]sx?)\n/m);
const pieces = [];
for (let i = 1; i < parts.length; i += 2) {
  const code = parts[i + 1].replace(/^export \{[\s\S]*?\};?\s*$/m, '').replace(/^import .*$/gm, '');
  const min = await transform(code, { minify: true, loader: "js" }).catch((e) => { console.error(parts[i], code.slice(0, 300)); throw e; });
  pieces.push({ file: parts[i], min: Buffer.from(min.code) });
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
const where = (file) => chunkOf.get(path.resolve(pkgdir, file)) ?? '';
console.log(`modules joined: ${total} B gzip\n    cost  gzip alone  minified  module${theme ? '  (theme file)' : ''}`);
for (const [file, r] of [...rows].sort((a, b) => b[1].cost - a[1].cost)) if (r.min) console.log(String(r.cost).padStart(8), String(r.alone).padStart(11), String(r.min).padStart(9), ' ', file, theme ? ` (${where(file)})` : '');
if (theme) {
  // A group's cost: the bundle without all of the group's modules (as for one module, gzip shares
  // strings, so groups do not add up to the total either).
  const costOf = (keep) => total - gzip(Buffer.concat(pieces.filter((p) => keep(p.file)).map((p) => p.min)));
  const groupOf = (file) => {
    const m = file.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
    if (m) return m[1];
    const w = file.match(/^\.\.\/([a-z-]+)\/(?:dist|src)\/(?:([a-z-]+)\/)?/);
    if (w) return `@pkg/${w[1]}${w[2] === 'search' || w[2] === 'cart' ? `/${w[2]}` : ''}`;
    return file.startsWith('src/') || file.startsWith('scripts/') ? '@pkg/loader' : file;
  };
  for (const [title, key] of [['group', groupOf], ['theme file', where]]) {
    const keys = [...new Set(pieces.map((p) => key(p.file)))];
    console.log(`\nper ${title}:\n    cost  minified  ${title}`);
    const sums = keys.map((k) => [k, costOf((f) => key(f) !== k), pieces.filter((p) => key(p.file) === k).reduce((n, p) => n + p.min.length, 0)]);
    for (const [k, cost, min] of sums.sort((a, b) => b[1] - a[1])) console.log(String(cost).padStart(8), String(min).padStart(9), ' ', k);
  }
}
