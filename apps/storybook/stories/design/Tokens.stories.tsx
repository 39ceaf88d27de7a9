import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { readDesignTokens, type DesignToken } from '@pkg/react-ui/design-tokens';
// The real stylesheet's text: the page lists what it declares, never a second list.
import stylesheet from '@pkg/react-ui/styles.css?raw';

const tokens = readDesignTokens(stylesheet);

type Kind = 'colour' | 'size' | 'shadow' | 'other';
function kindOf(t: DesignToken): Kind {
  if (/^--pkg-(color|focus-color)/.test(t.name)) return 'colour';
  if (/shadow/.test(t.name)) return 'shadow';
  if (/^--pkg-(space|radius|control-height|focus-width|focus-offset|drawer-width|font-size)/.test(t.name)) return 'size';
  return 'other';
}

/** A sample of the token as it renders under one scheme (the cell forces it with data-pkg-theme). */
function Sample({ token, scheme }: { token: DesignToken; scheme: 'light' | 'dark' }) {
  const v = `var(${token.name})`;
  const kind = kindOf(token);
  let sample: ReactNode;
  if (kind === 'colour') {
    sample = <span className="tokens__swatch" style={{ background: v }} />;
  } else if (kind === 'shadow') {
    sample = <span className="tokens__swatch tokens__swatch--raised" style={{ boxShadow: v }} />;
  } else if (token.name.startsWith('--pkg-font-size')) {
    sample = <span style={{ fontSize: v }}>Filter by size</span>;
  } else if (token.name === '--pkg-radius' || token.name === '--pkg-radius-pill') {
    sample = <span className="tokens__swatch tokens__swatch--outline" style={{ borderRadius: v, width: 56 }} />;
  } else if (kind === 'size') {
    sample = <span className="tokens__bar" style={{ width: `min(${v}, 120px)` }} />;
  } else if (token.name === '--pkg-font-weight-strong') {
    sample = <span style={{ fontWeight: v }}>Filter by size</span>;
  } else if (token.name === '--pkg-line-height') {
    sample = <span style={{ lineHeight: v, display: 'inline-block', maxWidth: '9em' }}>Two lines of widget text</span>;
  } else {
    sample = <code>{scheme === 'light' ? token.light : token.dark}</code>;
  }
  return (
    <td data-pkg-theme={scheme} className="tokens__sample">
      {sample}
    </td>
  );
}

/** Every design token of `@pkg/react-ui/styles.css` with its light and dark value and a sample. */
function TokensPage() {
  return (
    <div className="tokens">
      <style>{`
        .tokens { font-size: 14px; color: var(--pkg-color-text); }
        .tokens table { border-collapse: collapse; width: 100%; }
        .tokens th, .tokens td { border-bottom: 1px solid var(--pkg-color-border); padding: 6px 8px; text-align: start; vertical-align: middle; }
        .tokens code { font-size: 12px; overflow-wrap: anywhere; }
        .tokens__sample { background: var(--pkg-color-surface); color: var(--pkg-color-text); width: 150px; }
        .tokens__swatch { display: inline-block; width: 40px; height: 24px; border-radius: 4px; border: 1px solid var(--pkg-color-border-strong); vertical-align: middle; }
        .tokens__swatch--raised { background: var(--pkg-color-surface-raised); border-color: var(--pkg-color-border); }
        .tokens__swatch--outline { border-width: 2px; }
        .tokens__bar { display: inline-block; height: 8px; background: var(--pkg-color-accent); vertical-align: middle; }
      `}</style>
      <h1>Design tokens</h1>
      <p>
        Read from <code>@pkg/react-ui/styles.css</code>. Override any of them on <code>:root</code> or a container; colours
        take <code>light-dark(light, dark)</code>. <code>data-pkg-theme=&quot;dark&quot;</code> or <code>&quot;light&quot;</code> on an
        ancestor forces a scheme; otherwise <code>prefers-color-scheme</code> decides.
      </p>
      <table>
        <caption className="pkg-visually-hidden">Design tokens with their light and dark values</caption>
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">What it styles</th>
            <th scope="col">Light</th>
            <th scope="col">Light sample</th>
            <th scope="col">Dark</th>
            <th scope="col">Dark sample</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.name}>
              <th scope="row">
                <code>{t.name}</code>
              </th>
              <td>{t.description}</td>
              <td>
                <code>{t.light}</code>
              </td>
              <Sample token={t} scheme="light" />
              <td>
                <code>{t.dark}</code>
              </td>
              <Sample token={t} scheme="dark" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const meta = {
  title: 'Design/Tokens',
  component: TokensPage,
} satisfies Meta<typeof TokensPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllTokens: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    // One row per token declared in the stylesheet, plus the header.
    await expect(rows.length).toBe(tokens.length + 1);
    await expect(tokens.length).toBeGreaterThan(30);
    // A colour token's samples render its two values: the dark cell differs from the light one.
    const text = within(canvasElement).getByRole('rowheader', { name: '--pkg-color-text' }).closest('tr')!;
    const [light, dark] = [...text.querySelectorAll<HTMLElement>('.tokens__swatch')].map((s) => getComputedStyle(s).backgroundColor);
    await expect(light).toBe('rgb(31, 41, 51)');
    await expect(dark).toBe('rgb(228, 231, 235)');
  },
};
