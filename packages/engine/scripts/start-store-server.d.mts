import type { ChildProcess } from 'node:child_process';
/** Starts scripts/store-server.mjs as a child process with `env`; resolves once it listens. */
export function startStoreServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }>;
