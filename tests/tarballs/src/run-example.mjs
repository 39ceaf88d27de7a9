#!/usr/bin/env node
// Runs one compiled README example in its own Node process, the way a user's app would: the
// example file lives inside the fresh app, so `@pkg/*`, `react` and `react-dom` resolve from that
// app's node_modules (the installed tarballs and the React major under test), through Node's own
// ESM resolution of each package's `exports` map.
//
//   node run-example.mjs <example.js> <node|jsdom> <result.json>
//
// With `jsdom` the page globals (window, document, ...) are installed first, as the package's own
// README test has them. Every console.log call is captured as util.inspect text (the `// =>`
// assertions compare against it); console.error and console.warn are captured too, because a
// README example that makes React or a package complain is not an example that works as written.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const [file, environment, resultFile] = process.argv.slice(2);
if (!file || !resultFile || (environment !== 'node' && environment !== 'jsdom')) {
  console.error('usage: node run-example.mjs <example.js> <node|jsdom> <result.json>');
  process.exit(2);
}

if (environment === 'jsdom') {
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost:3000/', pretendToBeVisual: true });
  const { window } = dom;
  // The page's own names, except those Node already has (fetch, URL, timers, ...): the same rule
  // as vitest's jsdom environment, so an example sees what it sees in the package's own test.
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key.startsWith('_')) continue;
    Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] });
  }
  for (const key of ['window', 'self', 'document', 'navigator', 'location', 'history']) {
    Object.defineProperty(globalThis, key, { configurable: true, value: key === 'window' || key === 'self' ? window : window[key] });
  }
}

const printed = [];
const complaints = [];
const text = (args) => args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10, breakLength: Infinity }))).join(' ');
console.log = (...args) => void printed.push(args.map((a) => inspect(a, { depth: 10, breakLength: Infinity })).join(' '));
console.error = (...args) => void complaints.push(`console.error: ${text(args)}`);
console.warn = (...args) => void complaints.push(`console.warn: ${text(args)}`);

let error = null;
try {
  await import(pathToFileURL(file).href);
} catch (e) {
  error = e instanceof Error ? (e.stack ?? e.message) : String(e);
}
writeFileSync(resultFile, JSON.stringify({ printed, complaints, error }));
// An example that leaves a timer or socket open must not hang the test.
process.exit(0);
