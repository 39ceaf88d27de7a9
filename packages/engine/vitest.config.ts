import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A hang guard, not a speed check: property tests and scale tests take seconds on a busy
    // 2-core machine (speed is measured by the benchmarks).
    testTimeout: 30_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
