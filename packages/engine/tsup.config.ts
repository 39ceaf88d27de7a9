import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/import.ts', 'src/node.ts', 'src/msw.ts', 'src/store.ts', 'src/insights.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2020',
  treeshake: true,
  // Keep `node:fs` etc. as written, so bundlers and size-limit see them as Node built-ins.
  removeNodeProtocol: false,
  // The CommonJS build gets a real import.meta.url (the store resolves better-sqlite3 from it).
  shims: true,
});
