/** One design token of the default stylesheet: its name, light and dark values and what it styles. */
export interface DesignToken {
  /** The custom property, e.g. `--pkg-color-text`. */
  name: string;
  /** The value under the light scheme (the value itself when it does not change with the scheme). */
  light: string;
  /** The value under the dark scheme. */
  dark: string;
  /** What the token styles (the comment after its declaration). */
  description: string;
}

const DECLARATION = /(--pkg-[a-z0-9-]+)\s*:\s*([^;]+);[ \t]*(?:\/\*\s*([\s\S]*?)\s*\*\/)?/g;

/** Splits `light-dark(a, b)` at its top-level comma; values without it are the same in both schemes. */
function schemes(value: string): [string, string] {
  const m = /^light-dark\(([\s\S]*)\)$/.exec(value);
  if (!m) return [value, value];
  const inner = m[1]!;
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) return [inner.slice(0, i).trim(), inner.slice(i + 1).trim()];
  }
  return [value, value];
}

/** Replaces each `light-dark(a, b)` inside a value by one of its two sides. */
function pick(value: string, side: 0 | 1): string {
  let out = '';
  let rest = value;
  for (;;) {
    const at = rest.indexOf('light-dark(');
    if (at < 0) return out + rest;
    let depth = 0;
    let end = at + 'light-dark'.length;
    for (; end < rest.length; end++) {
      if (rest[end] === '(') depth++;
      else if (rest[end] === ')' && --depth === 0) break;
    }
    out += rest.slice(0, at) + schemes(rest.slice(at, end + 1))[side];
    rest = rest.slice(end + 1);
  }
}

/**
 * Reads the design tokens declared in the first `:root { ... }` block of a stylesheet (the default
 * stylesheet's token block), in their order. Colours written as `light-dark(light, dark)` give both
 * values. Used by the Storybook tokens page and the README check, so the list has one source.
 */
export function readDesignTokens(css: string): DesignToken[] {
  const start = css.search(/(^|\n):root\s*\{/);
  if (start < 0) return [];
  const open = css.indexOf('{', start);
  const close = css.indexOf('\n}', open);
  const block = css.slice(open + 1, close < 0 ? undefined : close);
  const tokens: DesignToken[] = [];
  for (const m of block.matchAll(DECLARATION)) {
    const value = m[2]!.trim().replace(/\s+/g, ' ');
    tokens.push({ name: m[1]!, light: pick(value, 0), dark: pick(value, 1), description: (m[3] ?? '').replace(/\s+/g, ' ') });
  }
  return tokens;
}
