// What a size-limit import holds, module by module: esbuild bundles the import from a package's
// source as size-limit does (minified, NODE_ENV=production, the other @pkg packages external),
// then prints each module's minified bytes and its own gzip size (gzipped alone, so the column
// adds up to more than the bundle's gzip, which is printed first).
// Usage: node scripts/size-breakdown.mjs packages/core-filter '{ createFilterControllerWith, listKind, rangeKind }'
//        node scripts/size-breakdown.mjs packages/core-filter '*'
import { build, transform } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [pkgdir = '.', spec = '*', entry = 'src/index.ts'] = process.argv.slice(2);
const abs = path.resolve(pkgdir, entry);
const contents = spec === '*' ? `export * from ${JSON.stringify(abs)};` : `export ${spec} from ${JSON.stringify(abs)};`;
const common = {
  stdin: { contents, resolveDir: path.resolve(pkgdir), loader: 'js' },
  bundle: true,
  write: false,
  format: 'esm',
  target: 'es2020',
  external: ['@pkg/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
};
const whole = (await build({ ...common, minify: true })).outputFiles[0].contents;
console.log(`bundle: ${whole.length} B minified, ${gzipSync(whole, { level: 9 }).length} B gzip`);
// Without whitespace minifying, esbuild marks each module's code with a "// path" line.
const marked = (await build({ ...common, minifySyntax: true, minifyIdentifiers: true })).outputFiles[0].text;
const parts = marked.split(/^\/\/ (\S+)\n/m);
const rows = new Map();
for (let i = 1; i < parts.length; i += 2) {
  const code = parts[i + 1].replace(/^export \{[\s\S]*?\};?\s*$/m, '').replace(/^import .*$/gm, '');
  const min = Buffer.from((await transform(code, { minify: true, loader: 'js' })).code);
  const row = rows.get(parts[i]) ?? { min: 0, gzip: 0 };
  rows.set(parts[i], { min: row.min + min.length, gzip: row.gzip + (min.length ? gzipSync(min, { level: 9 }).length : 0) });
}
console.log('gzip alone  minified  module');
for (const [file, r] of [...rows].sort((a, b) => b[1].gzip - a[1].gzip)) if (r.min) console.log(String(r.gzip).padStart(10), String(r.min).padStart(9), ' ', file);
