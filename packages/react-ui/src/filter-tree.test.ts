// @vitest-environment node
// The filter-tree entry's boundary (F2, #21): what `@pkg/react-ui/filter-tree` can reach, read
// from esbuild's metafile over the sources, so a later import that drags the sanitiser, search,
// suggest, cart or analytics code into a tree-only page fails here (sizes: `pnpm size`).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));

async function reach(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const packages = new Set<string>();
  const result = await build({
    entryPoints: [`${src}${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          // Every bare import is a package: record it and leave it out.
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            packages.add(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return { files: Object.keys(result.metafile.inputs).map((f) => f.replace(/^(.*\/)?src\//, '')), packages: [...packages].sort() };
}

describe('@pkg/react-ui/filter-tree', () => {
  it('reaches the tree modules only: no sanitiser, search, suggest, cart or analytics code', async () => {
    const { files, packages } = await reach('filter-tree.ts');
    expect(files).toContain('FilterTree.tsx');
    expect(files).toContain('RangeSlider.tsx');
    expect(files.filter((f) => /SafeHtml|^search\/|^cart\/|ProductList|Toolbar|Pagination/.test(f))).toEqual([]);
    // Packages: the filter core (its tree UI state is in its view entry) and React only (no
    // dompurify, @pkg/suggest or @pkg/analytics).
    expect(packages.filter((p) => !['@pkg/core-filter', '@pkg/core-filter/view', '@pkg/kit', 'react', 'react/jsx-runtime'].includes(p))).toEqual([]);
  });

  it('control: the main entry does reach the sanitiser and the search code', async () => {
    const { files, packages } = await reach('index.ts');
    expect(files).toContain('SafeHtml.tsx');
    expect(files.some((f) => f.startsWith('search/'))).toBe(true);
    expect(packages).toContain('@pkg/suggest');
  });
});
