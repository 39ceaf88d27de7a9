#!/usr/bin/env node
// Sums the vitest summaries in a test log ("Tests  12 passed | 1 failed (13)") and prints one
// plain closing line: "tests: N passed, N failed". Usage: node scripts/test-summary.mjs LOG
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2] ?? 0, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split('\n')) {
  if (!/\bTests\s+\d/.test(line) || /Test Files/.test(line)) continue;
  passed += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(line)?.[1] ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
