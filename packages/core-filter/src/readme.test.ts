import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReadmeExample } from '../../../scripts/test-utils/readme-example';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('README', () => {
  it('runs the usage example and prints what it says', async () => {
    const { printed, expected } = await runReadmeExample(pkgDir);
    expect(expected.length).toBeGreaterThan(0);
    expect(printed).toEqual(expected);
  });

  it('runs the option-kind example: an agency kind and a headless page with its own kinds', async () => {
    const { printed, expected } = await runReadmeExample(pkgDir, 'kinds');
    expect(expected.length).toBe(2);
    expect(printed).toEqual(expected);
  });
});
