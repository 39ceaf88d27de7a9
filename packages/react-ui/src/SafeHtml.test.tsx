import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readFixtureLines } from '../../../scripts/test-utils/fixtures';
import { isSafeUrl } from '@pkg/core-filter';
import { SafeHtml, loadSanitizer } from './SafeHtml';

const payloads = readFixtureLines('hostile-input/xss-payloads.txt');

function findActiveContent(root: Element): string | null {
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'style'].includes(tag)) return `<${tag}>`;
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr)) return `${tag}[${attr}]`;
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.toLowerCase()) && !isSafeUrl(el.getAttribute(attr) ?? '')) {
        return `${tag}[${attr}=${el.getAttribute(attr)}]`;
      }
    }
  }
  return null;
}

describe('SafeHtml before its sanitiser has loaded', () => {
  it('renders nothing until DOMPurify (a separate chunk) has loaded, then the sanitised HTML', async () => {
    vi.resetModules();
    const fresh = await import('./SafeHtml');
    const { container } = render(<fresh.SafeHtml html={'<p>Warm <b>hoodie</b><img src=x onerror="alert(1)"></p>'} />);
    // Never the unsanitised markup, not even for one frame: an empty element.
    expect(container.firstElementChild?.innerHTML).toBe('');
    expect(await screen.findByText('hoodie')).toBeInTheDocument();
    expect(container.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });
});

describe('SafeHtml', () => {
  beforeAll(async () => {
    await loadSanitizer();
  });

  it('keeps ordinary theme markup', () => {
    const { container } = render(<SafeHtml html={'<div class="card"><a href="/products/hoodie"><img src="https://cdn.example/x.jpg" alt="Hoodie"></a><p>Warm <b>hoodie</b></p></div>'} />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/products/hoodie');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/x.jpg');
    expect(container.querySelector('b')?.textContent).toBe('hoodie');
  });

  it(`leaves no script, event handler or unsafe URL for any of ${payloads.length} XSS payloads`, () => {
    const leaks: string[] = [];
    for (const payload of payloads) {
      const { container, unmount } = render(<SafeHtml html={`<div>${payload}</div>`} />);
      const found = findActiveContent(container);
      if (found) leaks.push(`${found} from ${payload}`);
      unmount();
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('the detector itself fires on unsanitised active content', () => {
    const div = document.createElement('div');
    div.innerHTML = '<img src=x onerror="1"><a href="javascript:alert(1)">x</a>';
    expect(findActiveContent(div)).not.toBeNull();
  });

  it('adds rel=noopener to links opening a new tab', () => {
    const { container } = render(<SafeHtml html={'<a href="https://example.com" target="_blank">x</a>'} />);
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('isSafeUrl', () => {
  it.each(['https://shop.example/a', 'http://x', '/collections/all', 'products/x', '#top', '//cdn.example/i.png', '?page=2'])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:1', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd'])('refuses %s', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
