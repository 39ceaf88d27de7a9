// The build every @pkg package shares: ESM and CJS with types and sourcemaps, ES2020, tree-shaken.
// Each package's tsup.config.ts calls this with what it does differently.
import { defineConfig, type Options } from 'tsup';

export function packageBuild(options: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2020',
    treeshake: true,
    ...options,
  });
}
