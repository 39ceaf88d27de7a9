#!/usr/bin/env node
// `pnpm start`: builds what the demo shop needs and serves it on a fixed local port, printing the
// address. PORT overrides the port (default 3000); CATALOG=shopify-csv picks the second catalog;
// other arguments go to the shop (apps/demo-shop/src/cli.mjs: --port=, --snapshot-in=, ...).
// `pnpm storybook` serves Storybook instead.
import { spawn, spawnSync } from 'node:child_process';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const build = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@apps/demo-shop^...'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn('node', ['apps/demo-shop/src/cli.mjs', ...process.argv.slice(2).filter((a) => a !== '--')], { stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
