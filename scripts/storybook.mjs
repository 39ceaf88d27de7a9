#!/usr/bin/env node
// `pnpm storybook`: builds the packages Storybook imports and serves it (PORT, default 6006).
import { spawn, spawnSync } from 'node:child_process';

const port = process.env.PORT || '6006';
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', STORYBOOK_DISABLE_TELEMETRY: '1' };
const build = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@apps/storybook^...'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`\nStarting Storybook on http://localhost:${port}/ ...\n`);
const child = spawn('pnpm', ['--filter', '@apps/storybook', 'exec', 'storybook', 'dev', '-p', port, '--ci', '--no-open'], { stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
