// Starts scripts/store-server.mjs as a child process with `env` and resolves once it listens.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function startStoreServer(env) {
  if (!existsSync(join(here, '..', 'dist', 'store.js'))) throw new Error('Build @pkg/engine first (pnpm --filter @pkg/engine build): the server child runs dist/.');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'store-server.mjs')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1] });
    });
    child.stderr.on('data', (c) => (err += c.toString()));
    child.on('exit', (code) => reject(new Error(`store server exited (${code}): ${err}`)));
  });
}
