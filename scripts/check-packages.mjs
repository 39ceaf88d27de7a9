#!/usr/bin/env node
// Checks every publishable package the way a consumer would meet it: publint --strict on the
// manifest and files, and attw on the packed tarball (ESM, CJS and types resolve in node10,
// node16 and bundlers). Packages must be built first (`pnpm build`).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const dirs = readdirSync(join(root, 'packages'))
  .map((d) => join(root, 'packages', d))
  .filter((d) => existsSync(join(d, 'package.json')));

let failed = 0;
const rows = [];
for (const dir of dirs) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const { name } = manifest;
  // Stylesheet entry points carry no types: attw has nothing to check there.
  const cssEntries = Object.keys(manifest.exports ?? {}).filter((k) => k.endsWith('.css'));
  const run = (cmd, args) => spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', shell: false });
  const publint = run(join(root, 'node_modules/.bin/publint'), ['--strict']);
  const attwArgs = ['--pack', '.', '--format', 'table-flipped'];
  if (cssEntries.length) attwArgs.push('--exclude-entrypoints', ...cssEntries);
  const attw = run(join(root, 'node_modules/.bin/attw'), attwArgs);
  const ok = publint.status === 0 && attw.status === 0;
  if (!ok) {
    failed++;
    console.log(`\n--- ${name}`);
    if (publint.status !== 0) console.log(publint.stdout, publint.stderr);
    if (attw.status !== 0) console.log(attw.stdout, attw.stderr);
  }
  rows.push(`${ok ? 'ok  ' : 'FAIL'} ${name}  publint:${publint.status === 0 ? 'ok' : 'fail'}  attw:${attw.status === 0 ? 'ok' : 'fail'}`);
}
console.log(rows.join('\n'));
console.log(`check-packages: ${dirs.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
