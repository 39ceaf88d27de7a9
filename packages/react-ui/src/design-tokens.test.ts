import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDesignTokens, type DesignToken } from './design-tokens';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const css = readFileSync(resolve(pkgDir, 'src/styles.css'), 'utf8');
const readme = readFileSync(resolve(pkgDir, 'README.md'), 'utf8');

/** The README's row for a token: name, default (light, and dark when it differs), what it styles. */
const readmeRow = (t: DesignToken) =>
  `| \`${t.name}\` | \`${t.light}\`${t.dark !== t.light ? `, dark \`${t.dark}\`` : ''} | ${t.description} |`;

describe('design tokens', () => {
  it('reads names, light and dark values and descriptions from the token block', () => {
    const tokens = readDesignTokens(`a { --pkg-x: 1px; }
:root {
  color-scheme: light dark;
  --pkg-a: light-dark(#fff, rgb(0 0 0 / 0.5)); /* the a */
  --pkg-b: 0 1px 2px light-dark(rgb(1 2 3), #000);   /* shadow
     on two lines */
  --pkg-c: 8px;
}
[data-pkg-theme='dark'] { --pkg-d: 1px; }`);
    expect(tokens).toEqual([
      { name: '--pkg-a', light: '#fff', dark: 'rgb(0 0 0 / 0.5)', description: 'the a' },
      { name: '--pkg-b', light: '0 1px 2px rgb(1 2 3)', dark: '0 1px 2px #000', description: 'shadow on two lines' },
      { name: '--pkg-c', light: '8px', dark: '8px', description: '' },
    ]);
    expect(readDesignTokens('.x { color: red }')).toEqual([]);
  });

  it('every token of the stylesheet says what it styles, and colours have a dark value', () => {
    const tokens = readDesignTokens(css);
    expect(tokens.length).toBeGreaterThan(30);
    for (const t of tokens) expect(t.description, t.name).not.toBe('');
    for (const t of tokens.filter((x) => x.name.startsWith('--pkg-color-') && x.name !== '--pkg-color-backdrop')) {
      expect(t.dark, t.name).not.toBe(t.light);
    }
  });

  it("the README's token table lists every token of the stylesheet with its defaults, in order", () => {
    const rows = readme.split('\n').filter((l) => /^\| `--pkg-/.test(l));
    const expected = readDesignTokens(css).map(readmeRow);
    expect(rows, `README rows should be:\n${expected.join('\n')}`).toEqual(expected);
  });
});
