import { defineConfig } from 'vitest/config';

// The built theme in Chromium: a hang guard for a loaded 2-core machine, not a speed check.
export default defineConfig({ test: { environment: 'node', include: ['e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } });
