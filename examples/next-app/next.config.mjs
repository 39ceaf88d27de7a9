import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The workspace root: the @pkg packages are linked from there.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
};
