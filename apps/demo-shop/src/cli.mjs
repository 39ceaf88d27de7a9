#!/usr/bin/env node
// `node src/cli.mjs [--port=3000] [--catalog=luma|shopify-csv]`: serves the demo shop and prints
// its address. PORT, HOST and CATALOG environment variables work too (flags win).
import { startDemoShop } from './server.mjs';

const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const port = Number(flag('port') ?? process.env.PORT ?? 3000);
const host = flag('host') ?? process.env.HOST ?? '127.0.0.1';
const catalog = flag('catalog') ?? process.env.CATALOG ?? 'luma';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[@apps/demo-shop] PORT must be a whole number from 0 to 65535, got "${port}".`);
  process.exit(1);
}
try {
  const shop = await startDemoShop({ port, host, catalog });
  const base = shop.url.replace('127.0.0.1', 'localhost');
  console.log(`\nDemo shop (${catalog} catalog) at ${base}/\n  collection: ${base}/collections/men\n  search:     ${base}/search?q=jacket\nPress Ctrl+C to stop.`);
  const stop = () => shop.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
