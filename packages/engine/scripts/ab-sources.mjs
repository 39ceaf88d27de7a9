// What the A/B scripts (ab-build.mjs, ab-query.mjs) share: their flags, and the base side's sources
// taken from a git ref into this package's node_modules, so that they resolve the same packages.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A `--name=value` flag of the command line, or the fallback. */
export const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

export const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The ref's `src` and `scripts` under node_modules/.cache/<name>/<sha>; the commit, that folder and the cache folder. */
export function baseSources(name, base) {
  const cache = join(pkg, 'node_modules/.cache', name);
  const sha = execSync(`git rev-parse ${base}`, { cwd: pkg }).toString().trim();
  const baseDir = join(cache, sha.slice(0, 12));
  rmSync(baseDir, { recursive: true, force: true });
  mkdirSync(baseDir, { recursive: true });
  execSync(`git archive ${sha} src scripts | tar -x -C ${baseDir}`, { cwd: pkg });
  return { sha, baseDir, cache };
}

/** Bundles one entry for Node with esbuild, packages left external. */
export function bundleEntry(entry, out) {
  execFileSync(join(pkg, 'node_modules/.bin/esbuild'), [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', `--outfile=${out}`, '--log-level=warning'], { cwd: pkg });
  return out;
}

/**
 * Writes `source` as scripts/<name>.ts under a side's root (this package or a ref's sources), so
 * that its relative imports resolve that side's sources, and bundles it; the file is removed
 * again from this package.
 */
export function bundleSource(root, name, source, out) {
  const entry = join(root, `scripts/${name}.ts`);
  writeFileSync(entry, source);
  try {
    return bundleEntry(entry, out);
  } finally {
    if (root === pkg) rmSync(entry);
  }
}
