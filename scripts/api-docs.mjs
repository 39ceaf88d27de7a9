// Generates the typed API reference of every @pkg package with TypeDoc, from the sources of each
// entry point the packages export (their `exports` maps), into docs/api (not committed; publish
// the folder, e.g. to the repository's pages). `pnpm docs:api`; `--check` validates and writes nothing.
import { readdirSync, readFileSync, existsSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application } from 'typedoc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const entryPoints = [];
for (const dir of readdirSync(join(root, 'packages'))) {
  const pkgFile = join(root, 'packages', dir, 'package.json');
  if (!existsSync(pkgFile)) continue;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  for (const key of Object.keys(pkg.exports ?? {})) {
    if (key === './package.json' || key.endsWith('.css')) continue;
    const file = join(root, 'packages', dir, 'src', `${key === '.' ? 'index' : key.slice(2)}.ts`);
    if (!existsSync(file)) throw new Error(`api-docs: ${pkg.name} exports ${key} but ${file} does not exist`);
    entryPoints.push(file);
  }
}

// One program over every package's sources (tests left out); siblings resolve to their sources.
const tsconfig = join(root, '.typedoc.tsconfig.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: './tsconfig.base.json',
    compilerOptions: { types: ['node'], noEmit: true, baseUrl: '.', paths: { '@pkg/*': ['packages/*/src/index.ts'], '@pkg/url-state/router': ['packages/url-state/src/router.ts'], '@pkg/url-state/memory': ['packages/url-state/src/memory.ts'] } },
    include: ['packages/*/src/**/*'],
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test-utils/**', '**/test-*.ts', '**/*.stories.tsx'],
  }),
);
try {
  const app = await Application.bootstrapWithPlugins({
    entryPoints,
    tsconfig,
    name: 'storefront-search API',
    readme: 'none',
    out: join(root, 'docs', 'api'),
    excludePrivate: true,
    excludeInternal: true,
    skipErrorChecking: false,
    validation: { notExported: false, invalidLink: true, notDocumented: false },
    logLevel: 'Warn',
  });
  const project = await app.convert();
  if (!project) throw new Error('api-docs: TypeDoc could not convert the packages (see the errors above)');
  app.validate(project);
  if (app.logger.hasErrors()) throw new Error('api-docs: TypeDoc reported errors');
  if (!check) {
    await app.generateDocs(project, join(root, 'docs', 'api'));
    console.log(`api-docs: ${entryPoints.length} entry points written to docs/api`);
  } else console.log(`api-docs: ${entryPoints.length} entry points checked`);
} finally {
  rmSync(tsconfig, { force: true });
}
