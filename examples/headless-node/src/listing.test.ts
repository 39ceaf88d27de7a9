import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listing } from './listing';

describe('headless listing in Node', () => {
  it('prints the filtered listing of an address: counts, options with the chosen value, products with prices', async () => {
    const lines = await listing('/collections/all?pf_v_vendor=Acme&pf_pt_product_type=Shirts');
    expect(lines[0]).toBe('2 products, page 1 of 1');
    expect(lines).toContain('Brand: [x] Acme (2), Globex (1), Northwind (1)');
    expect(lines.slice(-2)).toEqual(['- Linen Shirt by Acme: $39.00 (was $49.00)', '- Oxford Shirt by Acme: $45.00']);
  });

  it('pages through the catalogue six products at a time', async () => {
    const lines = await listing('/collections/all?page=3');
    expect(lines[0]).toBe('16 products, page 3 of 3');
    expect(lines.filter((l) => l.startsWith('- '))).toHaveLength(4);
  });

  it('runs as the README says: the built command prints what the README shows', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const [, command = '', printed = ''] = /```sh\n[^\n]*\n(node dist\/cli\.js [^\n]+)\n```\n\nprints\n\n```\n([\s\S]*?)```/.exec(readme) ?? [];
    const url = /'([^']+)'/.exec(command)?.[1];
    expect(url).toBeDefined();
    const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
    expect(execFileSync(process.execPath, [cli, url!], { encoding: 'utf8' })).toBe(printed);
  });
});
