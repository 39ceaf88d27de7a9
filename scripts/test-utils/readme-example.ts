// Runs the code examples of a package README as tests, so that the README cannot rot: the one
// mechanism every package's readme.test.ts uses (`testReadme(import.meta.url)`).
//
// Every ```ts and ```tsx block runs, each as its own test, except a block opened as
// ```ts sketch (or ```tsx sketch): an outline of calls, not a program, listed by the test as
// skipped so it stays visible. `runReadmeExample` runs one block: the first ```ts block of the
// README, or the one opened as ```ts <name>. Imports of `@pkg/<name>` (and subpaths)
// are pointed at the workspace sources. Every `console.log(...)` line that ends with a
// `// => <text>` comment is an assertion: the logged value, printed with util.inspect, must
// equal <text>. The example may use top-level await.
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

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

/** A code block of a README: its language, the name after it (```ts kinds), its line and code. */
export interface ReadmeBlock {
  readonly lang: 'ts' | 'tsx';
  readonly name: string;
  readonly line: number;
  readonly code: string;
}

/** A block opened as ```ts sketch: an outline of calls, listed as skipped, never run. */
export function isSketch(block: ReadmeBlock): boolean {
  return block.name === 'sketch';
}

/** Every ```ts and ```tsx block of the README, in order. */
export function readmeBlocks(packageDir: string): ReadmeBlock[] {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  return [...readme.matchAll(/^```(tsx?)(?: ([\w-]+))?\n([\s\S]*?)^```/gm)].map((m) => ({
    lang: m[1] as 'ts' | 'tsx',
    name: m[2] ?? '',
    line: readme.slice(0, m.index).split('\n').length,
    code: m[3] ?? '',
  }));
}

/**
 * Declares one vitest test per README block (called at the top of a package's readme.test.ts):
 * each block runs and must print what its `// =>` comments say.
 */
export function testReadme(testFileUrl: string, options: { timeout?: number } = {}): void {
  const packageDir = resolve(dirname(fileURLToPath(testFileUrl)), '..');
  describe('README examples', () => {
    for (const block of readmeBlocks(packageDir)) {
      const title = `${block.lang}${block.name ? ` ${block.name}` : ''} example at README.md line ${block.line}`;
      if (isSketch(block)) {
        it.skip(`${title} (an outline, not run)`, () => {});
        continue;
      }
      it(`runs the ${title} and prints what it says`, async () => {
        const { printed, expected } = await runReadmeSource(packageDir, block.code, block.lang);
        expect(printed).toEqual(expected);
      }, options.timeout ?? 60_000);
    }
  });
}

/** The `// => <text>` expectations of an example's console.log lines, in order. */
export function readmeExpectations(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\/\/ => (.*)$/gm)].map((m) => (m[1] ?? '').trim());
}

export async function runReadmeExample(packageDir: string, name?: string): Promise<ReadmeExampleResult> {
  return runReadmeSource(packageDir, readReadmeExample(packageDir, name), 'ts');
}

async function runReadmeSource(packageDir: string, original: string, lang: 'ts' | 'tsx'): Promise<ReadmeExampleResult> {
  const source = original.replace(/from '@pkg\/([a-z-]+)(\/[a-z-]+)?'/g, (_m, name: string, sub?: string) => {
    const file = join(root, 'packages', name, 'src', `${sub ? sub.slice(1) : 'index'}.ts`);
    return `from ${JSON.stringify(pathToFileURL(file).href)}`;
  });
  const expected = readmeExpectations(original);
  const printed: string[] = [];
  const file = join(packageDir, `.readme-example-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.${lang}`);
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
