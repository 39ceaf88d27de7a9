// The packages as a user meets them: packed with `pnpm pack`, installed with npm from the
// tarballs into fresh apps outside the workspace (one on React 18, one on React 19, exact
// versions from the npm registry), and every README code example of every package type-checked
// with tsc against what was installed and run in Node (jsdom for the packages whose README test
// runs in jsdom) under that app's React.
//
// What this catches that the workspace tests cannot: a file missing from `files`, an `exports`
// entry that points nowhere, types that do not resolve under Node's ESM rules, a `workspace:`
// range left in a manifest, peer ranges that refuse React 18, a README link to a file npm users do
// not get, a `"use client"` banner missing from the React bindings (or present on a core that
// runs on servers), ESM and CJS builds that export different names.
//
// Run it alone with `pnpm turbo run test --filter=@tests/tarballs` (turbo builds the packages
// first). It needs the npm registry for react, react-dom and their types; the npm cache is shared.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSketch, readmeBlocks, readmeExpectations, type ReadmeBlock } from '../../../scripts/test-utils/readme-example';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const runner = join(here, 'run-example.mjs');

/** Exact versions installed from the registry into each app. */
const REACT: Record<'18' | '19', Record<string, string>> = {
  '18': { react: '18.3.1', 'react-dom': '18.3.1', '@types/react': '18.3.31', '@types/react-dom': '18.3.7' },
  '19': { react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.0', '@types/react-dom': '19.3.0' },
};
const TYPES_NODE = '20.19.43';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  main?: string;
  module?: string;
  types?: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Pkg {
  dir: string;
  /** The folder name under packages/, used to name example files. */
  short: string;
  manifest: Manifest;
  tarball: string;
  /** Paths inside the tarball, without the `package/` prefix. */
  files: string[];
  /** What the packed package.json says (workspace ranges replaced). */
  packed: Manifest;
  examples: Example[];
}

interface Example {
  block: ReadmeBlock;
  /** File name inside the app's examples/ folder, without extension. */
  base: string;
  environment: 'node' | 'jsdom';
}

interface RunResult {
  printed: string[];
  complaints: string[];
  error: string | null;
}

interface App {
  major: '18' | '19';
  dir: string;
  install: { ok: boolean; output: string };
  ls: { ok: boolean; output: string };
  tsc: { ok: boolean; output: string };
  runs: Map<string, RunResult>;
  entries: EntryCheck[];
}

interface EntryCheck {
  specifier: string;
  esm: string[] | string;
  cjs: string[] | string;
}

const work = mkdtempSync(join(tmpdir(), 'pkg-tarballs-'));
const packs = join(work, 'packs');
const pkgs: Pkg[] = [];
const apps = new Map<'18' | '19', App>();

/**
 * Where an example runs: in a page (jsdom) when it touches the document or mounts with
 * react-dom/client, otherwise in plain Node, where server rendering and the cores run.
 */
function environmentOf(block: ReadmeBlock): 'node' | 'jsdom' {
  return /\bdocument\b|react-dom\/client/.test(block.code) ? 'jsdom' : 'node';
}

/**
 * The warnings an example means to print: a `// console.warn('<text>')` comment (or
 * console.error) says what the line before it writes, as the `// =>` comments do for console.log.
 */
function expectedComplaints(code: string): string[] {
  return [...code.matchAll(/\/\/ console\.(warn|error)\('(.*)'\)\s*$/gm)].map((m) => `console.${m[1]}: ${m[2]}`);
}

/** Every file path a manifest points at (main, module, types, and each exports target). */
function pointedFiles(manifest: Manifest): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([manifest.main, manifest.module, manifest.types, manifest.exports]);
  return [...new Set(out.map((p) => p.replace(/^\.\//, '')))];
}

/** The JS files an export condition tree points at (not types, not CSS). */
function jsEntries(manifest: Manifest): string[] {
  return pointedFiles(manifest).filter((p) => /\.(c|m)?js$/.test(p));
}

/** npm without the settings pnpm hands to the scripts it runs (they are not npm's). */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (lower.startsWith('npm_') && !['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'].includes(lower)) continue;
    if (lower.startsWith('pnpm_')) continue;
    env[key] = value;
  }
  return env;
}

async function attempt(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` || err.message };
  }
}

/** Runs tasks at most `limit` at a time (the machine has two cores). */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** `pnpm pack` of every publishable package (two at a time), then what each tarball holds. */
async function pack(): Promise<void> {
  mkdirSync(packs);
  const dirs = readdirSync(join(root, 'packages'))
    .map((d) => join(root, 'packages', d))
    .filter((d) => existsSync(join(d, 'package.json')) && !(JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as Manifest).private);
  const packed = await pool(
    dirs.map((dir) => async () => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      const short = dir.split('/').pop()!;
      const out = join(packs, short);
      mkdirSync(out);
      const done = await attempt('pnpm', ['pack', '--pack-destination', out], dir);
      const name = readdirSync(out).find((f) => f.endsWith('.tgz'));
      if (!done.ok || !name) throw new Error(`pnpm pack failed in ${dir}:\n${done.output}`);
      const tarball = join(out, name);
      const files = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
      const packedManifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as Manifest;
      const examples = readmeBlocks(dir)
        .filter((block) => !isSketch(block))
        .map((block) => ({ block, base: `${short}-line-${block.line}`, environment: environmentOf(block) }));
      return { dir, short, manifest, tarball, files, packed: packedManifest, examples };
    }),
    2,
  );
  pkgs.push(...packed);
}

async function makeApp(major: '18' | '19'): Promise<App> {
  const dir = join(work, `react-${major}-app`);
  mkdirSync(join(dir, 'examples'), { recursive: true });
  const dependencies: Record<string, string> = { ...REACT[major] };
  for (const pkg of pkgs) dependencies[pkg.manifest.name] = `file:${pkg.tarball}`;
  delete dependencies['@types/react'];
  delete dependencies['@types/react-dom'];
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: `react-${major}-app`,
        private: true,
        type: 'module',
        dependencies,
        devDependencies: { '@types/node': TYPES_NODE, '@types/react': REACT[major]['@types/react'], '@types/react-dom': REACT[major]['@types/react-dom'] },
      },
      null,
      2,
    ),
  );
  // What a user's strict app compiles with; Node's own ESM resolution for the exports maps; the
  // packages' declaration files checked too (skipLibCheck off).
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        jsx: 'react-jsx',
        types: ['node'],
        skipLibCheck: false,
        rootDir: 'examples',
        outDir: 'out',
      },
      include: ['examples'],
    }),
  );
  for (const pkg of pkgs) {
    for (const ex of pkg.examples) {
      // `export {}` makes each example its own module (its names do not meet the others').
      writeFileSync(join(dir, 'examples', `${ex.base}.${ex.block.lang}`), `${ex.block.code}\nexport {};\n`);
    }
  }
  const install = await attempt('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir, npmEnv());
  const app: App = { major, dir, install, ls: { ok: false, output: 'not run: install failed' }, tsc: { ok: false, output: 'not run: install failed' }, runs: new Map(), entries: [] };
  if (!install.ok) return app;
  const t0 = Date.now();
  app.ls = await attempt('npm', ['ls', '--all'], dir, npmEnv());
  const t1 = Date.now();
  app.tsc = await attempt(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], dir);
  console.info(`[tarballs] React ${major}: npm ls ${(t1 - t0) / 1000} s, tsc ${(Date.now() - t1) / 1000} s`);
  return app;
}

async function runExamples(app: App): Promise<void> {
  const jobs = pkgs.flatMap((pkg) =>
    pkg.examples.map((ex) => async () => {
      const compiled = join(app.dir, 'out', `${ex.base}.js`);
      const result = join(app.dir, 'out', `${ex.base}.result.json`);
      if (!existsSync(compiled)) {
        app.runs.set(ex.base, { printed: [], complaints: [], error: `tsc wrote no ${compiled}` });
        return;
      }
      const done = await attempt(process.execPath, [runner, compiled, ex.environment, result], app.dir);
      app.runs.set(ex.base, existsSync(result) ? (JSON.parse(readFileSync(result, 'utf8')) as RunResult) : { printed: [], complaints: [], error: `the runner failed:\n${done.output}` });
    }),
  );
  await pool(jobs, 2);
}

/** Every entry point imported (ESM) and required (CJS) in the app: the names each build exports. */
async function checkEntries(app: App): Promise<void> {
  const specifiers = pkgs.flatMap((pkg) =>
    Object.keys(pkg.packed.exports ?? { '.': null })
      .filter((key) => key !== './package.json' && !key.endsWith('.css'))
      .map((key) => (key === '.' ? pkg.manifest.name : `${pkg.manifest.name}/${key.slice(2)}`)),
  );
  const script = `
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/');
    const out = [];
    for (const s of ${JSON.stringify(specifiers)}) {
      const names = async (load) => { try { return Object.keys(await load()).filter((k) => k !== 'default' && k !== 'module.exports').sort(); } catch (e) { return String(e && e.message || e).split('\\n')[0]; } };
      out.push({ specifier: s, esm: await names(() => import(s)), cjs: await names(() => require(s)) });
    }
    process.stdout.write(JSON.stringify(out));
    process.exit(0);`;
  const done = await attempt(process.execPath, ['--input-type=module', '-e', script], app.dir);
  app.entries = done.ok ? (JSON.parse(done.output) as EntryCheck[]) : [{ specifier: '(all)', esm: done.output, cjs: done.output }];
}

beforeAll(async () => {
  const started = Date.now();
  const times: string[] = [];
  const lap = (what: string) => times.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await pack();
  lap('packed');
  const made = await Promise.all((['18', '19'] as const).map((major) => makeApp(major)));
  lap('installed and type-checked');
  for (const app of made) {
    apps.set(app.major, app);
    if (!app.install.ok) continue;
    await runExamples(app);
    await checkEntries(app);
    lap(`React ${app.major} examples run`);
  }
  console.info(`[tarballs] ${times.join(', ')}`);
}, 600_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed tarballs', () => {
  it('hold every file their manifest points at, README.md and LICENSE, and no workspace ranges', () => {
    const faults: string[] = [];
    for (const pkg of pkgs) {
      for (const file of [...pointedFiles(pkg.packed), 'README.md', 'LICENSE', 'package.json']) {
        if (!pkg.files.includes(file)) faults.push(`${pkg.manifest.name}: ${file} is not in the tarball`);
      }
      for (const [dep, range] of Object.entries({ ...pkg.packed.dependencies, ...pkg.packed.peerDependencies })) {
        if (range.startsWith('workspace:')) faults.push(`${pkg.manifest.name}: ${dep} is still "${range}"`);
      }
    }
    expect(pkgs.length).toBeGreaterThanOrEqual(9);
    expect(faults).toEqual([]);
  });

  it('README links point at files in the tarball (npm users get nothing else)', () => {
    const faults: string[] = [];
    for (const pkg of pkgs) {
      const readme = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
      for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:|#)/.test(target)) continue;
        const file = target.replace(/^\.\//, '').replace(/#.*$/, '');
        if (!pkg.files.includes(file)) faults.push(`${pkg.manifest.name}: README links to ${target}, not in the package`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('React bindings start with "use client"; packages without React (used on servers) never do', () => {
    const faults: string[] = [];
    for (const pkg of pkgs) {
      const react = Boolean(pkg.packed.peerDependencies?.react);
      for (const entry of jsEntries(pkg.packed)) {
        const code = spawnSync('tar', ['-xzOf', pkg.tarball, `package/${entry}`], { encoding: 'utf8' }).stdout;
        const directive = /^(?:#![^\n]*\n)?\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(['"])use client\1/.test(code);
        if (pkg.short === 'react-ui' && !directive) faults.push(`${pkg.manifest.name}: ${entry} does not start with "use client"`);
        if (!react && /(['"])use client\1/.test(code.slice(0, 200))) faults.push(`${pkg.manifest.name}: ${entry} says "use client" but has no React`);
      }
    }
    expect(faults).toEqual([]);
  });
});

for (const major of ['18', '19'] as const) {
  describe(`a fresh app on React ${major} installed from the tarballs`, () => {
    const app = (): App => {
      const found = apps.get(major);
      if (!found) throw new Error(`the React ${major} app was not made`);
      return found;
    };

    it(`installs with npm (exact react ${REACT[major].react}) and every peer range is met`, () => {
      expect(app().install.ok, app().install.output).toBe(true);
      expect(app().ls.ok, app().ls.output).toBe(true);
      const react = JSON.parse(readFileSync(join(app().dir, 'node_modules', 'react', 'package.json'), 'utf8')) as { version: string };
      expect(react.version).toBe(REACT[major].react);
    });

    it('imports and requires every entry point, with the same names from ESM and CJS', () => {
      expect(app().entries.length).toBeGreaterThan(0);
      for (const { specifier, esm, cjs } of app().entries) {
        // An entry built on an optional peer (engine/msw on msw) may only fail by naming that
        // peer, and then the same way from CJS.
        const pkg = pkgs.find((p) => specifier === p.manifest.name || specifier.startsWith(`${p.manifest.name}/`));
        const optional = Object.entries(pkg?.packed.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional).map(([name]) => name);
        if (typeof esm === 'string' && optional.some((peer) => esm.includes(`Cannot find package '${peer}'`))) {
          expect(String(cjs), `require('${specifier}')`).toMatch(/Cannot find module/);
          continue;
        }
        expect(Array.isArray(esm), `import('${specifier}'): ${String(esm)}`).toBe(true);
        expect(cjs, `require('${specifier}')`).toEqual(esm);
      }
    });

    it('type-checks every README example with tsc (strict, NodeNext, skipLibCheck off)', () => {
      expect(app().tsc.output.trim()).toBe('');
      expect(app().tsc.ok).toBe(true);
    });

    for (const pkg of pkgsByReadme()) {
      for (const block of pkg.blocks) {
        const base = `${pkg.short}-line-${block.line}`;
        it(`runs @pkg/${pkg.short} README ${block.lang}${block.name ? ` ${block.name}` : ''} example at line ${block.line} (${environmentOf(block)}) and prints what it says, with no warning it does not mean`, () => {
          const result = app().runs.get(base);
          expect(result, 'not run').toBeDefined();
          expect(result!.error).toBeNull();
          expect(result!.printed).toEqual(readmeExpectations(block.code));
          expect(result!.complaints).toEqual(expectedComplaints(block.code));
        });
      }
    }
  });
}

/**
 * The README blocks, read when the tests are declared (before beforeAll packs anything), so that
 * each example is a test of its own.
 */
function pkgsByReadme(): Array<{ short: string; blocks: ReadmeBlock[] }> {
  return readdirSync(join(root, 'packages'))
    .map((short) => ({ short, dir: join(root, 'packages', short) }))
    .filter(({ dir }) => existsSync(join(dir, 'README.md')) && !(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest).private)
    .map(({ short, dir }) => ({ short, blocks: readmeBlocks(dir).filter((b) => !isSketch(b)) }));
}
