#!/usr/bin/env node
// Makes sure the Chromium that browser tests drive is present. On a fresh Debian machine it
// installs Debian's chromium package through apt (as root); elsewhere it says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

if (existsSync(chromiumPath)) {
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (chromiumPath === '/usr/bin/chromium' && hasApt) {
  const sudo = isRoot ? '' : 'sudo ';
  console.log(`[ensure-chromium] ${chromiumPath} is missing; installing Debian's chromium package`);
  try {
    execSync(`${sudo}apt-get update -q && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium`, {
      stdio: 'inherit',
    });
  } catch {
    console.error('[ensure-chromium] apt-get failed. Install Chromium yourself and set CHROMIUM_PATH to its executable.');
    process.exit(1);
  }
  if (existsSync(chromiumPath)) process.exit(0);
}
console.error(`[ensure-chromium] No Chromium at ${chromiumPath}. Install Chromium and set CHROMIUM_PATH to its executable.`);
process.exit(1);
