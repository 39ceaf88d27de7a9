import { defineConfig } from 'vitest/config';

// Chromium against `next start`: one file, generous timeouts for a loaded 2-core machine.
export default defineConfig({ test: { environment: 'node', include: ['e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 90_000 } });
