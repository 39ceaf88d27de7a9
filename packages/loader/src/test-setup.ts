import { vi } from 'vitest';

// The loader's tests mount real Preact trees over real fetch calls and run beside the Chromium
// suites in `pnpm test` on a 2-core machine. vi.waitFor's 1 s default was met under that load
// by a render that takes milliseconds on a quiet machine (a horizontal-layout mount failed once at
// load average 15), so every wait here gets 5 s unless the test names its own timeout. A wait
// that never comes true still fails, only later.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 5000, ...options })) as typeof vi.waitFor;
