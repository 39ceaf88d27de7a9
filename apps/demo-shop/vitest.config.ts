import { defineConfig } from 'vitest/config';

// End-to-end journeys in headless Chromium: one worker (the machine has 2 cores shared with the
// build), files one after another, generous timeouts for the browser.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.test.ts', 'src/**/*.test.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
