import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { packageBuild } from '../../tsup.base';

export default packageBuild({
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  onSuccess: async () => {
    copyFileSync('src/styles.css', 'dist/styles.css');
    // Every component binds a store with hooks: the entry is a client boundary for React Server
    // Components. Added after bundling (the tree-shaking pass drops module directives), on the
    // first line so the source maps stay right.
    for (const file of ['dist/index.js', 'dist/index.cjs']) writeFileSync(file, `"use client";${readFileSync(file, 'utf8')}`);
  },
});
