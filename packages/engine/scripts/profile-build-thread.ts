// What a build thread's start costs (README "Build thread", bench/build.md): seven threads, each
// started and given an empty task (wall and process CPU; a thread ends after its task, as after a
// build's). Run from packages/engine:
//   pnpm exec tsup scripts/profile-build-thread.ts --no-config --format esm --platform node --target node20 \
//     --out-dir node_modules/.cache/engine-scripts --silent && node node_modules/.cache/engine-scripts/profile-build-thread.js
import { loadavg } from 'node:os';
import { createBuildThread } from '../src/node-build-thread';

const rows: string[] = [`load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')}`];
for (let i = 0; i < 7; i++) {
  const thread = createBuildThread({ minProducts: 0 });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  thread.start();
  const ok = thread.run((tick) => tick(), [])();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  rows.push(`start + a task ${wall.toFixed(1)} ms (cpu ${((c.user + c.system) / 1000).toFixed(1)} ms, ${ok ? 'done' : 'failed'})`);
  await thread.close();
}
process.stdout.write(`${rows.join('\n')}\n`);
