// The theme build's shared pieces: how `@pkg/*` and `react` resolve inside the theme files. Used by
// scripts/build-theme.mjs (which writes the files) and by the root scripts/size-breakdown.mjs
// (`--theme`, which prints what each module of the theme costs), so both bundle the same code.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = resolve(pkgDir, '..');

// PKG_LOADER_RENDERER=react builds the same files with React 19 instead of Preact (for comparison,
// or for a theme that needs React itself on the page).
export const RENDERER = process.env.PKG_LOADER_RENDERER === 'react' ? 'react' : 'preact';

// react-ui and suggest are bundled from their source, each entry point (`@pkg/x`, `@pkg/x/sub`) from
// the source file its export is built from. Their built `dist` files join many modules into one
// file, and esbuild splits by file: a component that only the parts loaded on demand use (the
// search box, the search page, the mobile tree) must stay its own file to leave the first load.
// The other packages run whole at first load, and their `dist` is smaller (tsup's Rollup pass
// tree-shakes further: every package from source measured 1.7 KB more, react-ui alone 0.64 KB);
// a missing `dist` (a sibling being rebuilt) falls back to source, so the theme build never depends
// on build order inside the workspace.
const FROM_SOURCE = new Set(['react-ui', 'suggest']);
export const workspaceSource = {
  name: 'workspace-source',
  setup(b) {
    b.onResolve({ filter: /^@pkg\/[a-z-]+(\/[a-z-]+)?$/ }, (args) => {
      const [, name, sub] = args.path.match(/^@pkg\/([a-z-]+)(?:\/([a-z-]+))?$/);
      const dir = join(packagesDir, name);
      if (!existsSync(join(dir, 'package.json'))) return undefined;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const exp = pkg.exports?.[sub ? `./${sub}` : '.'];
      // A path a plugin returns does not get its package.json's `sideEffects` (esbuild's own
      // resolver reads it): said here, or every export of a package's index would be kept live
      // and reached from the first load. Every package has none but in its stylesheets (said for
      // source files only: esbuild reads it for built files, whose bare chunk imports it keeps).
      const pure = pkg.sideEffects === false || Array.isArray(pkg.sideEffects) ? { sideEffects: false } : {};
      const built = typeof exp === 'string' ? exp : (exp?.import?.default ?? exp?.default);
      if (typeof built !== 'string' || !built.startsWith('./dist/') || !built.endsWith('.js')) return undefined;
      if (!FROM_SOURCE.has(name) && existsSync(join(dir, built))) return { path: join(dir, built) };
      const stem = join(dir, 'src', built.slice('./dist/'.length, -'.js'.length));
      for (const ext of ['.ts', '.tsx']) if (existsSync(stem + ext)) return { path: stem + ext, ...pure };
      return existsSync(join(dir, built)) ? { path: join(dir, built) } : undefined;
    });
  },
};

// react -> scripts/react-on-preact.mjs (preact/compat with page-unique useId ids);
// react/jsx-runtime, react-dom and react-dom/client -> their preact/compat counterparts.
const REACT_ON_PREACT = {
  react: join(pkgDir, 'scripts/react-on-preact.mjs'),
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
};
export const reactOnPreact = {
  name: 'react-on-preact',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
      const target = REACT_ON_PREACT[args.path];
      if (!target) throw new Error(`[@pkg/loader] ${args.path} has no Preact counterpart in the theme build (${args.importer}).`);
      if (target.startsWith('/')) return { path: target };
      const r = await b.resolve(target, { resolveDir: pkgDir, kind: args.kind });
      if (r.errors.length > 0) return { errors: r.errors };
      return { path: r.path };
    });
  },
};

// esbuild puts a file in the theme files of every entry that reaches it through any import, used
// or not, so a package's index (which re-exports every component) would pull the search box into
// the first load as soon as the filter tree imports anything from it. Each file that imports
// react-ui or suggest by name gets instead its own index with only the names it imports, each taken
// from the file that defines it (read from the package's `export ... from` lines); the modules stay
// one instance each, and only what a file really imports is reached from it.
const SLICE = 'pkg-slice';
const exportsCache = new Map();
/** name -> [file, name in that file], following a barrel's `export { a as b } from` and `export * from`. */
function barrelExports(file) {
  if (exportsCache.has(file)) return exportsCache.get(file);
  const map = new Map();
  exportsCache.set(file, map);
  const text = readFileSync(file, 'utf8');
  const from = (spec) => {
    const base = resolve(dirname(file), spec);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((f) => /\.tsx?$/.test(f) && existsSync(f));
    if (!found) throw new Error(`[@pkg/loader] theme build: ${spec} (from ${file}) not found`);
    return found;
  };
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    const target = from(m[2]);
    for (const part of m[1].split(',').map((x) => x.trim()).filter((x) => x && !x.startsWith('type '))) {
      const [orig, alias = orig] = part.split(/\s+as\s+/);
      map.set(alias, [target, orig]);
    }
  }
  for (const m of text.matchAll(/^export\s*\*\s*from\s*'([^']+)'/gm)) for (const [k, v] of barrelExports(from(m[1]))) if (!map.has(k)) map.set(k, v);
  return map;
}
const packageSlices = {
  name: 'package-slices',
  setup(b) {
    b.onResolve({ filter: /^@pkg\/(react-ui|suggest)$/ }, (args) => {
      if (args.namespace === SLICE || !/\.(ts|tsx)$/.test(args.importer)) return undefined;
      return { path: `${args.path}|${args.importer}`, namespace: SLICE, sideEffects: false };
    });
    b.onLoad({ filter: /.*/, namespace: SLICE }, (args) => {
      const [pkg, importer] = args.path.split('|');
      const index = join(packagesDir, pkg.slice('@pkg/'.length), 'src/index.ts');
      const barrel = barrelExports(index);
      const names = new Set();
      const code = readFileSync(importer, 'utf8');
      const quoted = pkg.replace('/', '\\/');
      for (const m of code.matchAll(new RegExp(`^(import|export)(\\s+type)?\\s*([^;]*?)\\s*from\\s*'${quoted}'`, 'gms'))) {
        if (m[2]) continue;
        const list = m[3].match(/^\{([^}]*)\}$/s);
        if (!list) throw new Error(`[@pkg/loader] theme build: ${importer} imports ${pkg} as \`${m[3]}\`; only named imports can be split.`);
        for (const part of list[1].split(',').map((x) => x.trim()).filter((x) => x && !x.startsWith('type '))) names.add(part.split(/\s+as\s+/)[0]);
      }
      const lines = [...names].map((n) => {
        const at = barrel.get(n);
        if (!at) throw new Error(`[@pkg/loader] theme build: ${pkg} has no export ${n} (imported by ${importer}).`);
        return `export { ${at[1] === n ? n : `${at[1]} as ${n}`} } from ${JSON.stringify(at[0])};`;
      });
      return { contents: lines.join('\n'), loader: 'ts', resolveDir: dirname(index) };
    });
  },
};

/** The renderer's and the workspace's resolvers, in the order the theme build needs them. */
export const themePlugins = RENDERER === 'react' ? [packageSlices, workspaceSource] : [packageSlices, workspaceSource, reactOnPreact];
