// scripts/serve.ts started on a products file (`--products-file`, importProductsFile): it serves
// the file's products; a file cut short stops the start with the product and byte offset named,
// and nothing is served.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog, toPlatformProduct } from './synthetic-catalog';

const root = join(import.meta.dirname, '..');
const out = join(root, 'node_modules/.cache/engine-scripts/serve-file-test.js');
const dir = mkdtempSync(join(tmpdir(), 'engine-serve-file-'));

/** Runs serve on `args` until it prints `listening <url>` (then `use(url)`, then stops it) or exits. */
function serve(args: string[], use: (url: string) => Promise<void>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [out, '--port=0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (c: Buffer) => {
      output += c.toString();
      const m = /listening (\S+)/.exec(output);
      if (m) {
        child.stdout.off('data', onData);
        use(m[1] as string).then(() => child.kill('SIGTERM'), (err: unknown) => {
          child.kill('SIGKILL');
          reject(err as Error);
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('serve --products-file (a products export streamed at start)', () => {
  const products = generateCatalog({ products: 300, seed: 9, profile: 'shop' }).products.map(toPlatformProduct);
  const text = JSON.stringify({ products });

  beforeAll(async () => {
    await build({ entryPoints: [join(root, 'scripts/serve.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the products of an export file, and refuses to start on one cut short', async () => {
    const whole = join(dir, 'products.json');
    writeFileSync(whole, text);
    let total = -1;
    await serve([`--products-file=${whole}`], async (url) => {
      const res = await fetch(`${url}/api/search?q=${encodeURIComponent(String(products[0]?.title))}`);
      total = ((await res.json()) as { total_product: number }).total_product;
    });
    expect(total).toBeGreaterThan(0);
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, text.slice(0, 5000));
    const { code, output } = await serve([`--products-file=${cut}`], () => Promise.reject(new Error('a file cut short was served')));
    expect(code).toBe(1);
    expect(output).toMatch(/cut\.json \(products\[\d+\], byte 5000\): the file ends inside this product \(truncated\)/);
  }, 60_000);
});
