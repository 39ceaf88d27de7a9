// Reads the project's test fixtures (fixtures/ at the repository root). Works in every vitest
// environment: jsdom replaces the global URL, so paths are built from strings here.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

/** The non-empty lines of a fixture file (split on "\n" only: some payloads hold control characters). */
export function readFixtureLines(name: string): string[] {
  return readFileSync(join(fixturesDir, name), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);
}
