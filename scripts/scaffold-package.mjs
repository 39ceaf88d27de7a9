#!/usr/bin/env node
// Writes the standard files of a publishable @pkg/* package (manifest, tsconfig, tsup, vitest).
// Usage: node scripts/scaffold-package.mjs <folder> "<description>" <size-limit> [entry ...]
// Existing files are left alone, so it is safe to re-run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [folder, description, limit = '3 KB', ...extra] = process.argv.slice(2);
if (!folder || !description) {
  console.error('usage: scaffold-package.mjs <folder> "<description>" <size-limit> [entry ...]');
  process.exit(2);
}
const dir = join('packages', folder);
mkdirSync(join(dir, 'src'), { recursive: true });
const entries = ['index', ...extra];
const exp = {};
for (const e of entries) {
  const key = e === 'index' ? '.' : `./${e}`;
  exp[key] = {
    import: { types: `./dist/${e}.d.ts`, default: `./dist/${e}.js` },
    require: { types: `./dist/${e}.d.cts`, default: `./dist/${e}.cjs` },
  };
}
exp['./package.json'] = './package.json';
const manifest = {
  name: `@pkg/${folder}`,
  version: '0.0.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  exports: exp,
  files: ['dist', 'README.md', 'LICENSE'],
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json',
    test: 'vitest run',
    size: 'size-limit',
  },
  'size-limit': entries.map((e) => ({ name: `@pkg/${folder}${e === 'index' ? '' : '/' + e}`, path: `dist/${e}.js`, limit })),
  publishConfig: { access: 'public' },
  repository: { type: 'git', url: 'git+https://example.invalid/storefront-search.git', directory: dir },
};
const write = (name, text) => {
  const p = join(dir, name);
  if (!existsSync(p)) writeFileSync(p, text);
};
write('package.json', JSON.stringify(manifest, null, 2) + '\n');
write('tsconfig.json', JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', '*.config.ts'] }, null, 2) + '\n');
// The build every package shares (tsup.base.ts); only the entries are the package's own.
const entryList = entries.length > 1 ? `{ entry: [${entries.map((e) => `'src/${e}.ts'`).join(', ')}] }` : '';
write('tsup.config.ts', `import { packageBuild } from '../../tsup.base';\n\nexport default packageBuild(${entryList});\n`);
write(
  'vitest.config.ts',
  `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
`,
);
console.log(`scaffolded ${dir}`);
