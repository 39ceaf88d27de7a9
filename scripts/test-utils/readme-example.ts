// Runs the usage example of a package README as a test, so that the README cannot rot.
//
// The example is the first ```ts block of the README. Imports of `@pkg/<name>` (and subpaths)
// are pointed at the workspace sources. Every `console.log(...)` line that ends with a
// `// => <text>` comment is an assertion: the logged value, printed with util.inspect, must
// equal <text>. The example may use top-level await.
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ReadmeExampleResult {
  /** What each console.log call printed, in order (util.inspect of each argument, space-joined). */
  printed: string[];
  /** The `// => ...` expectations, in order. */
  expected: string[];
  /** The example source as run. */
  source: string;
}

/**
 * The first ```ts block of the README, or with `name` the block opened as ```ts <name> (a
 * further example a README runs as a test too).
 */
export function readReadmeExample(packageDir: string, name?: string): string {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const match = (name ? new RegExp('```ts ' + name.replace(/\W/g, '\\$&') + '\n([\\s\\S]*?)```') : /```ts\n([\s\S]*?)```/).exec(readme);
  if (!match?.[1]) throw new Error(`${packageDir}/README.md has no \`\`\`ts${name ? ` ${name}` : ''} example block`);
  return match[1];
}

export async function runReadmeExample(packageDir: string, name?: string): Promise<ReadmeExampleResult> {
  const original = readReadmeExample(packageDir, name);
  const source = original.replace(/from '@pkg\/([a-z-]+)(\/[a-z-]+)?'/g, (_m, name: string, sub?: string) => {
    const file = join(root, 'packages', name, 'src', `${sub ? sub.slice(1) : 'index'}.ts`);
    return `from ${JSON.stringify(pathToFileURL(file).href)}`;
  });
  const expected = [...original.matchAll(/console\.log\(.*\/\/ => (.*)$/gm)].map((m) => (m[1] ?? '').trim());
  const printed: string[] = [];
  const file = join(packageDir, `.readme-example-${process.pid}-${Date.now()}.ts`);
  writeFileSync(file, source);
  const log = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(args.map((a) => inspect(a, { depth: 10, breakLength: Infinity })).join(' '));
  };
  try {
    await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    console.log = log;
    rmSync(file, { force: true });
  }
  return { printed, expected, source };
}
