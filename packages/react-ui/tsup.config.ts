import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { packageBuild } from '../../tsup.base';

export default packageBuild({
  // SafeHtml (with the HTML sanitiser) is its own module of the ESM build, imported by the entry:
  // the package is free of side effects, so a page that renders no shop HTML (a filter tree alone)
  // leaves the module and DOMPurify out of its bundle (the code lands in a shared chunk). The
  // `filter-tree` entry (`@pkg/react-ui/filter-tree`) holds the tree alone; it shares its modules
  // with the main entry through chunks, so both see one FilterProvider context.
  // `design-tokens` (`@pkg/react-ui/design-tokens`) reads a stylesheet's tokens: a tool for docs and
  // checks, not a widget, so it is no part of the main entry.
  entry: { index: 'src/index.ts', 'filter-tree': 'src/filter-tree.ts', 'safe-html': 'src/SafeHtml.tsx', 'design-tokens': 'src/design-tokens.ts' },
  splitting: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  onSuccess: async () => {
    copyFileSync('src/styles.css', 'dist/styles.css');
    // Every component binds a store with hooks: the entry is a client boundary for React Server
    // Components. Added after bundling (the tree-shaking pass drops module directives), on the
    // first line so the source maps stay right.
    for (const name of readdirSync('dist')) {
      if (/\.c?js$/.test(name)) writeFileSync(`dist/${name}`, `"use client";${readFileSync(`dist/${name}`, 'utf8')}`);
    }
  },
});
