import { defineConfig } from 'vitest/config';

// One test file: packing, two npm installs, two tsc runs and one Node process per example take
// about a minute on a busy 2-core machine; the hooks get their own generous timeouts.
export default defineConfig({ test: { environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
