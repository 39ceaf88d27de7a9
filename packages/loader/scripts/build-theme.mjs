#!/usr/bin/env node
// Builds the theme files: the one classic script a shop adds (content hash in the name), the ES
// modules it loads (the first load's and those loaded on demand, sourcemaps), the sanitiser, the
// default stylesheet (hashed), and dist/theme/manifest.json naming them. Prints the size budget.
//
// Why a classic script in front of ES modules: a shop adds ONE `<script src=... defer>` and cannot
// change that markup, while the parts a collection page does not run at first (the search box with
// its suggestion dropdown, the search page, the mobile tree) must leave its first load. esbuild
// splits only ES modules (`splitting`), so the code is built as modules; the chunks of the first
// load are then bundled again into one main module (one file compresses better than several, and
// nothing waits on a chain of imports), and the classic script (about 100 bytes, the name the
// manifest gives as `js`) imports it. import() resolves against the classic script's own URL, so
// the files are found wherever the theme file is served (same origin, or CORS headers for another
// origin: module scripts are fetched in CORS mode). The modules share one copy of Preact, the
// hooks, react-ui's and the cores' code: the parts loaded on demand import it from the main module.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER, pkgDir, themePlugins } from './theme-build.mjs';

const out = join(pkgDir, 'dist/theme');

// Base64 VLQ, as sourcemaps write their mappings.
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
function encodeVlq(values) {
  let out = '';
  for (const v of values) {
    let rest = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest) digit |= 32;
      out += B64[digit];
    } while (rest);
  }
  return out;
}
/** Moves the mappings of a file's first line at or after column `from` by `delta` columns. */
function shiftSourcemap(mapFile, from, delta) {
  if (!delta || !existsSync(mapFile)) return;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = map.mappings.split(';');
  let column = 0;
  let shifted = false;
  lines[0] = lines[0]
    .split(',')
    .map((segment) => {
      if (!segment || shifted) return segment;
      const values = decodeVlq(segment);
      column += values[0];
      // Columns are relative to the segment before: only the first one at or after `from` moves.
      if (column < from) return segment;
      shifted = true;
      values[0] += delta;
      return encodeVlq(values);
    })
    .join(',');
  map.mappings = lines.join(';');
  writeFileSync(mapFile, JSON.stringify(map));
}
// What a collection page loads first should stay within 80 KB min+gzip (renderer included): the
// target, reported on every build. The build fails above the ceiling: 73 KB since DOMPurify moved
// to its own file loaded where shop HTML renders (80.8 KB with it inside, 71 KB right after the
// split), then the theme views (collection header and most popular, S7.3/S7.5), the text-range
// slider (F4.5), sticky trees, partial re-render, K/M range labels, banners in the grid and the
// matched variant's card joined it (about 1.9 KB); 73.3 KB since server rendering (links from the
// filter state, `initialData`) joined it (about 0.3 KB, 73.0 KB measured); 74.7 KB since the
// containers and settings of unchanged themes (plain search inputs, top pagination, v1
// swatch_settings and default_sort_order, suggestion owner settings: about 0.5 KB) and the virtual
// multi-level tree, memoised value rows and the right-to-left slider (about 0.9 KB) joined it
// (74.6 KB measured); 75.5 KB since the theme's item templates (S4.17), the in-collection search
// box (S4.16) and @pkg/suggest's isIgnoredInput joined it (about 0.8 KB, 75.4 KB measured); 75.6 KB
// since the owner's banners in the suggestion dropdown and the links to the matched variant (about
// 0.1 KB, 75.5 KB measured); 75.6 KB (77,412 B) after core-filter's controller became parts the
// loader composes (about 0.25 KB, won back by shorter texts and one reader per answer half);
// 76.4 KB since the product slider's drag (S9.17), the vendor links on
// product cards (S2.11), the missing item builder's warning (S8.8) and clears that follow
// requestInstantly and keepTabOpenState (F4.21) joined it (about 0.8 KB, 76.3 KB measured); 78.0 KB
// since a theme's own settings globals (v2 bcSfFilterSettings and bcSfSearchSettings, v1
// boostPFSFilterConfig and boostPFSInstantSearchConfig) with their container selector overrides,
// v2's further trees, the shop's texts under the original's label names and more owner settings
// (search term key, fuzzy, per-page choices, phone breakpoint, sticky trees, ...) joined it (about
// 1.6 KB, 77.9 KB measured); 78.15 KB since the cart parts and every price take the shown currency
// and its rounding rule from one money context (about 0.16 KB, 78.0 KB measured); 78.3 KB since
// the owner's removePriceDecimal per group (range labels, suggested prices), where refine-by goes
// (separateRefineByFromFilter, refineByHorizontalPosition) and the horizontal layout of a page
// whose trees are all horizontal joined it (about 0.3 KB before trims won back about 0.04 KB, 78.28 KB measured);
// 78.55 KB since nine more owner settings of the originals' defaults (filter prefix, range sliders,
// the scheme outside collections, the search page's tabs, suggestion delay, most items and rows,
// the full-width mobile tree) joined it (about 0.23 KB, 78.54 KB measured after main's merge);
// 78.66 KB since the owner's enableFilter, enableSearch and showSuggestionProductSalePrice and
// v1's removePriceDecimal default joined it (about 0.1 KB, 78.65 KB measured; 78.58 KB after merging
// main's core-filter entries);
// 78.72 KB since a newer filter request aborts the one in flight and the range boxes follow a new
// value in the commit that brings it (S2.16; about 0.06 KB, 78.664 KB measured);
// 78.9 KB since the owner's highlightSuggestionResult and openProductNewTab (the dropdown's
// highlight switch, products in a new tab with their screen-reader text) joined it (about 0.25 KB,
// 78.89 KB measured); 78.98 KB since the owner's forceCapitalizeFilterOptionValues and
// capitalizeFirstLetterFilterOptionValues (value labels' capitals set in core-filter, the
// stylesheet's capitalize rule gone) joined it (about 0.09 KB, 78.97 KB measured);
// 78.95 KB since the owner's roundPriceSlider (a price slider between whole units) joined it
// (about 0.04 KB, 78.93 KB measured);
// 79.12 KB since the owner's showVariantImageBasedOnSelectedFilter (the selected value's variant
// image on each card) joined it (about 0.19 KB, 79.12 KB measured);
// 79.17 KB since the owner's extraSortingList (further sorts and their texts) joined it (about
// 0.05 KB, 79.17 KB measured);
// 79.2 KB since the owner's oneValueRangeSlider (a one-value range slider stays shown) joined it
// (about 0.03 KB, 79.2 KB measured); 79.27 KB with main's capitals settings merged (79.27 KB measured);
// 79.29 KB since the listing applies the variant image setting once per answer, not on every render
// (11 bytes); 79.18 KB since the loader, suggest and core-filter read outside JSON with the kit's
// one record and array readers instead of their own copies (114 bytes less, 79.17 KB measured);
// 79.5 KB since the range slider's scale and one-handle sliders (the owner's decimalPriceRange,
// enableSliderRuler, rangeSlidersSingleHandle) joined it (330 bytes, 79.49 KB measured);
// 79.79 KB since the owner's multi-level and option search-box settings joined it (collapseSubCategory,
// openMultiLevelByDefault, multiLevelCollectionSelectType, showUnavailableSelection,
// showSearchBoxFilterPC/MobileByDefault: about 0.62 KB, 81,699 bytes measured);
// 80.01 KB (the target met again) since the filter tree's code was trimmed without behaviour change
// (shown values in one filter, box widths without a spread, virtual rows compared once, the slider's
// bounds uncopied, the tree's labels from its settings), money's named references decoded by code
// point, url-state's event-handler names put in the order that compresses best and one loader alias
// dropped (about 0.1 KB less after main's core-filter changes: 81,917 bytes measured, 80.0 KB);
// 80 KB, the target itself, since the unknown-hooks warning lists the known names from the one list
// (81,911 bytes measured after the currency conversion's request side joined the answer reader, +10);
// 81,639 bytes since url-state's bad-input screen became one regular expression literal and the
// filter tree's code was trimmed without behaviour change (216 bytes less than main's 81,855);
// 81,886 bytes with the owner style variants (#18) over main's 81,888, after the open multi-level values lost their memo (17 less) and v1's per-style suggestion item type and suggestionMaxHeight were left out (about 75 and 60 less);
// 73,906 bytes (the first load: the classic script and the 8 modules it loads first; 8,014 to spare), then 69,745 bytes (12,175 to spare) with the first load's chunks bundled again into one module, 68,318 bytes (13,602 to spare) with quick view and the recently-viewed slider on demand too, 69,415 bytes (12,505 to spare) with main's filter-tree look and suggestion dropdown settings and core-filter's lean-controller parts merged (83,389 in one IIFE, over main's temporary ceiling), since the theme became a classic starter and ES modules, the search box, the search page and the mobile tree loaded on demand (the sum of the files fetched before the tree and products render);
// README, "Theme files and size".
const TARGET = 80 * 1024;
// The React variant (PKG_LOADER_RENDERER=react) is only for comparison and gets the old ceiling.
const BUDGET = (RENDERER === 'react' ? 140 : 80) * 1024;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// What every theme module is built as.
const esModule = { bundle: true, format: 'esm', minify: true, target: 'es2020', platform: 'browser', legalComments: 'none', logLevel: 'warning' };

// DOMPurify is loaded only where shop HTML renders: react-ui's SafeHtml imports it with import().
// It is built on its own as an ES module file beside the theme's (its name then changes only with
// DOMPurify), and that import() is pointed at it, relative to the importing module.
const sanitizer = await build({
  // Resolved from react-ui, whose dependency it is.
  stdin: { contents: "export { default } from 'dompurify';", resolveDir: dirname(createRequire(import.meta.url).resolve('@pkg/react-ui/package.json')), loader: 'js' },
  ...esModule,
  write: false,
});
const sanitizerCode = sanitizer.outputFiles[0].contents;
const sanitizerName = `pkg-sanitizer-${createHash('sha256').update(sanitizerCode).digest('hex').slice(0, 8)}.js`;
writeFileSync(join(out, sanitizerName), sanitizerCode);
const sanitizerChunk = {
  name: 'sanitizer-chunk',
  setup(b) {
    b.onResolve({ filter: /^dompurify$/ }, (args) => {
      if (args.kind !== 'dynamic-import') throw new Error(`[@pkg/loader] dompurify must be imported with import() (${args.importer}): it is a separate theme file.`);
      return { path: `./${sanitizerName}`, external: true };
    });
  },
};
const result = await build({
  entryPoints: { 'pkg-loader-main': join(pkgDir, 'src/auto.ts') },
  ...esModule,
  splitting: true,
  sourcemap: 'linked',
  outdir: out,
  entryNames: '[name]-[hash]',
  chunkNames: 'pkg-loader-[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  // The theme files render with Preact through preact/compat, which implements the React API the
  // components use (hooks, useSyncExternalStore, useId, createRoot): 4 KB instead of React 19's
  // 67 KB min+gzip. Bundlers importing the ESM build keep real React (a peer dependency).
  plugins: [...themePlugins, sanitizerChunk],
  absWorkingDir: pkgDir,
  // core-filter's built index imports a chunk of plain declarations for its side effects, which it
  // has none of (its package says so): nothing to warn about.
  logOverride: { 'ignored-bare-import': 'silent' },
});
const outputs = result.metafile.outputs;
const base = (f) => f.split('/').pop();
const mainFile = Object.keys(outputs).find((f) => outputs[f].entryPoint && f.endsWith('.js'));
if (!mainFile) throw new Error('[@pkg/loader] esbuild produced no JavaScript file.');
// The first load: the main module and every module it imports statically, transitively.
const firstLoad = [];
const visit = (f) => {
  if (firstLoad.includes(f)) return;
  firstLoad.push(f);
  for (const i of outputs[f].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
};
visit(mainFile);
// Loaded on demand: each file an import() names (by the source file it was built from) with the
// modules it imports statically that the first load does not hold.
const lazyParts = [];
for (const f of Object.keys(outputs)) {
  const entry = outputs[f].entryPoint;
  if (!entry || f === mainFile || !f.endsWith('.js')) continue;
  const files = [];
  const walk = (g) => {
    if (files.includes(g) || firstLoad.includes(g)) return;
    files.push(g);
    for (const i of outputs[g].imports) if (i.kind === 'import-statement' && outputs[i.path]) walk(i.path);
  };
  walk(f);
  lazyParts.push({ part: entry.split('/').pop().replace(/\.tsx?$/, ''), files: files.map(base) });
}

// esbuild puts the first load's code in several chunks (grouped by which parts loaded on demand
// also use it), but they are always fetched together, and gzip works per file: one file is about
// 3 KB smaller. So they are bundled again into one module, which exports under short aliases every
// name the parts loaded on demand import from them, and those parts' imports are pointed at it
// (their sourcemaps shifted by what the import line gained).
const firstNames = new Set(firstLoad.map(base));
const aliasOf = new Map();
const entryLines = [`import ${JSON.stringify(`./${base(mainFile)}`)};`];
for (const f of firstLoad) {
  const spec = outputs[f].exports.map((e) => {
    const alias = `$${aliasOf.size.toString(36)}`;
    aliasOf.set(`${base(f)}|${e}`, alias);
    return `${e} as ${alias}`;
  });
  if (spec.length) entryLines.push(`export { ${spec.join(', ')} } from ${JSON.stringify(`./${base(f)}`)};`);
}
const merged = await build({
  stdin: { contents: entryLines.join('\n'), resolveDir: out, sourcefile: 'first-load.js', loader: 'js' },
  ...esModule,
  write: false,
  outdir: out,
  sourcemap: 'external',
  plugins: [
    {
      name: 'theme-files',
      setup(b) {
        b.onResolve({ filter: /^\.\/pkg-/ }, (args) => (firstNames.has(args.path.slice(2)) ? { path: join(out, args.path.slice(2)) } : { path: args.path, external: true }));
      },
    },
  ],
});
const mergedCode = merged.outputFiles.find((f) => f.path.endsWith('.js')).text;
const mainName = `pkg-loader-main-${createHash('sha256').update(mergedCode).digest('hex').slice(0, 8)}.js`;
const mergedMap = JSON.parse(merged.outputFiles.find((f) => f.path.endsWith('.map')).text);
mergedMap.file = mainName;
for (const f of firstLoad) {
  rmSync(join(out, base(f)));
  rmSync(join(out, `${base(f)}.map`), { force: true });
}
writeFileSync(join(out, mainName), `${mergedCode}//# sourceMappingURL=${mainName}.map\n`);
writeFileSync(join(out, `${mainName}.map`), JSON.stringify(mergedMap));
for (const f of Object.keys(outputs)) {
  if (!f.endsWith('.js') || firstNames.has(base(f))) continue;
  const file = join(out, base(f));
  const text = readFileSync(file, 'utf8');
  let end = 0;
  const rewritten = text.replace(/import\{([^}]*)\}from"\.\/([^"]+)";|import"\.\/([^"]+)";/g, (all, list, from, bare, at) => {
    const target = from ?? bare;
    if (!firstNames.has(target)) return all;
    end = Math.max(end, at + all.length);
    if (bare) return `import"./${mainName}";`;
    const specs = list.split(',').map((part) => {
      const [name, local = name] = part.split(' as ');
      const alias = aliasOf.get(`${target}|${name}`);
      if (!alias) throw new Error(`[@pkg/loader] ${target} exports no ${name} (imported by ${base(f)}).`);
      return `${alias} as ${local}`;
    });
    return `import{${specs.join(',')}}from"./${mainName}";`;
  });
  if (rewritten === text) continue;
  writeFileSync(file, rewritten);
  shiftSourcemap(`${file}.map`, end, rewritten.indexOf('\n') - text.indexOf('\n'));
}
// The parts loaded on demand now import the main module by name, and it imports them by name: their
// own hashes cannot name each other's content. Every module of the build takes a name from one hash
// of all of them instead (the same length, so no sourcemap column moves): a change to any file
// renames them all, and a name never comes back with other content.
const moduleNames = [mainName, ...Object.keys(outputs).map(base).filter((n) => n.endsWith('.js') && !firstNames.has(n))];
const buildHash = createHash('sha256');
for (const n of moduleNames) buildHash.update(n).update(readFileSync(join(out, n)));
const buildId = buildHash.digest('hex');
const renamed = new Map(moduleNames.map((n) => [n, n.replace(/-([A-Za-z0-9]{8})\.js$/, (_, h) => `-${createHash('sha256').update(buildId + h).digest('hex').slice(0, 8)}.js`)]));
const renameIn = (text) => {
  let t = text;
  for (const [from, to] of renamed) t = t.split(from).join(to);
  return t;
};
for (const [from, to] of renamed) {
  writeFileSync(join(out, to), renameIn(readFileSync(join(out, from), 'utf8')));
  if (existsSync(join(out, `${from}.map`))) writeFileSync(join(out, `${to}.map`), renameIn(readFileSync(join(out, `${from}.map`), 'utf8')));
  if (from !== to) {
    rmSync(join(out, from));
    rmSync(join(out, `${from}.map`), { force: true });
  }
}
for (const p of lazyParts) p.files = p.files.map((n) => renamed.get(n) ?? n);
firstLoad.splice(0, firstLoad.length, `dist/theme/${renamed.get(mainName)}`);
const names = [renamed.get(mainName)];
// The classic script: imports the main module, relative to its own URL (a classic script resolves
// import() against it). Were the first load ever more than one module, it would first add a
// modulepreload link for each of the others, so they are not fetched as a chain of round trips.
// A module that cannot be loaded leaves the theme's own page as it is, with one error.
const preload = names.length > 1
  ? `const here = document.currentScript?.src || document.baseURI;
  for (const name of ${JSON.stringify(names.slice(1))}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(name, here).href;
    document.head.append(link);
  }`
  : '';
const starter = (
  await transform(
    `(() => {
  ${preload}
  import(${JSON.stringify(`./${names[0]}`)}).catch((e) => console.error('[@pkg/loader] The theme files could not be loaded; the theme stays as it is:', e));
})();
`,
    { minify: true, target: 'es2020', loader: 'js' },
  )
).code;
const jsName = `pkg-loader-${createHash('sha256').update(starter).digest('hex').slice(0, 8)}.js`;
writeFileSync(join(out, jsName), starter);

const require = createRequire(import.meta.url);
const uiDir = dirname(require.resolve('@pkg/react-ui/package.json'));
const cssSrc = existsSync(join(uiDir, 'dist/styles.css')) ? join(uiDir, 'dist/styles.css') : join(uiDir, 'src/styles.css');
const css = Buffer.concat([readFileSync(cssSrc), Buffer.from('\n'), readFileSync(join(pkgDir, 'src/loader.css'))]);
const cssName = `pkg-loader-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(join(out, cssName), css);

const read = (name) => readFileSync(join(out, name));
const code = Buffer.concat(names.map(read));
// Development-only code is guarded with `typeof process === 'object' && process.env.NODE_ENV !==
// 'production'`, which esbuild drops whole here; a guard written another way (`!== 'undefined'`)
// leaves its `typeof process` test behind. React 19's own code has some, so only Preact's file is checked.
const leftGuards = RENDERER === 'preact' ? code.toString().split('typeof process').length - 1 : 0;
if (leftGuards) console.warn(`[@pkg/loader] ${leftGuards} development guard(s) left a \`typeof process\` test in the theme file: write them as \`typeof process === 'object' && process.env.NODE_ENV !== 'production'\`.`);
// Each file is fetched and compressed on its own: the first load is the sum of their gzip sizes.
const gzipOf = (buf) => gzipSync(buf, { level: 9 }).length;
const starterGz = gzipOf(Buffer.from(starter));
const gz = starterGz + names.reduce((n, name) => n + gzipOf(read(name)), 0);
const sanitizerGz = gzipOf(sanitizerCode);
for (const p of lazyParts) p.gzipBytes = p.files.reduce((n, f) => n + gzipOf(read(f)), 0);
const manifest = {
  js: jsName,
  // The modules the classic script loads first (the main one first), and those loaded on demand.
  modules: names,
  lazy: lazyParts,
  sanitizer: sanitizerName,
  sanitizerGzipBytes: sanitizerGz,
  renderer: RENDERER,
  css: cssName,
  sourcemaps: names.map((n) => `${n}.map`),
  bytes: starter.length + code.length,
  gzipBytes: gz,
  ceilingGzipBytes: BUDGET,
  targetGzipBytes: TARGET,
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`[@pkg/loader] theme first load (${jsName} and ${names.length} module${names.length === 1 ? "" : "s"}): ${kb(manifest.bytes)} min, ${kb(gz)} (${gz} B) min+gzip, ${RENDERER === 'react' ? 'React 19' : 'Preact (preact/compat)'} included (ceiling ${kb(BUDGET)}; target ${kb(TARGET)}: ${gz <= TARGET ? `met, ${TARGET - gz} B to spare` : `NOT met, over by ${kb(gz - TARGET)}`})`);
console.log(`[@pkg/loader]   ${jsName} ${starterGz} B; ${names.map((n) => `${n} ${gzipOf(read(n))} B`).join('; ')}`);
for (const p of lazyParts) console.log(`[@pkg/loader] on demand, ${p.part}: ${p.files.join(', ')}: ${p.gzipBytes} B min+gzip`);
console.log(`[@pkg/loader] sanitiser ${sanitizerName} (DOMPurify, loaded where shop HTML renders): ${kb(sanitizerCode.length)} min, ${kb(sanitizerGz)} min+gzip`);
console.log(`[@pkg/loader] files in dist/theme: ${readdirSync(out).join(', ')}`);
if (gz > BUDGET) {
  console.error(`[@pkg/loader] The theme's first load is over its size ceiling by ${kb(gz - BUDGET)}.`);
  process.exit(1);
}
