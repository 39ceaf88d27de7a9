#!/usr/bin/env node
// `node src/cli.mjs [--port=3000] [--catalog=luma|shopify-csv]`: serves the demo shop and prints
// its address. PORT, HOST and CATALOG environment variables work too (flags win).
// Data (carts, analytics, the search log, back-in-stock requests) goes to SQLite in DATA_DIR
// (default apps/demo-shop/.data), or to PostgreSQL when DATABASE_URL is set. The insights
// dashboard at /insights needs the owner's token: INSIGHTS_TOKEN, or else a random one made once
// and kept in DATA_DIR/insights-token (readable by its owner only; never printed or logged).
// Live catalogue updates: CATALOG_TOKEN enables POST /api/catalog/products/{create,update,delete}
// (the platform's product webhooks, `Authorization: Bearer <token>`); CATALOG_UPDATES_FILE (or
// --updates=FILE) is an NDJSON file of webhook payloads applied as it grows. --snapshot-out=FILE
// writes the catalogue built at start to a snapshot; --snapshot-in=FILE starts from one.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoShop } from './server.mjs';

const dataDir = resolve(process.env.DATA_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', '.data'));
const databaseUrl = process.env.DATABASE_URL || undefined;

/** INSIGHTS_TOKEN, or the dev token kept in DATA_DIR/insights-token (made on first start). */
function insightsToken() {
  if (process.env.INSIGHTS_TOKEN) return { token: process.env.INSIGHTS_TOKEN, where: 'the INSIGHTS_TOKEN environment variable' };
  const file = join(dataDir, 'insights-token');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return { token: readFileSync(file, 'utf8').trim(), where: file };
}

const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const port = Number(flag('port') ?? process.env.PORT ?? 3000);
const host = flag('host') ?? process.env.HOST ?? '127.0.0.1';
const catalog = flag('catalog') ?? process.env.CATALOG ?? 'luma';
const live = { catalogToken: process.env.CATALOG_TOKEN || undefined, updatesFile: flag('updates') ?? (process.env.CATALOG_UPDATES_FILE || undefined), snapshotIn: flag('snapshot-in'), snapshotOut: flag('snapshot-out') };
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[@apps/demo-shop] PORT must be a whole number from 0 to 65535, got "${port}".`);
  process.exit(1);
}
try {
  const owner = insightsToken();
  const shop = await startDemoShop({ port, host, catalog, dataDir, databaseUrl, insightsToken: owner.token, ...live });
  const base = shop.url.replace('127.0.0.1', 'localhost');
  const data = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${dataDir}`;
  console.log(`\nDemo shop (${catalog} catalog) at ${base}/\n  collection: ${base}/collections/men\n  search:     ${base}/search?q=jacket\n  insights:   ${base}/insights (owner token: see ${owner.where})\n  data:       ${data}\nPress Ctrl+C to stop.`);
  const stop = () => shop.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
