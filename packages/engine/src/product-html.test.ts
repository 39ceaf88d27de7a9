import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatAmount, renderProductHtml, safeUrl } from './product-html';
import { product, variant } from './test-fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const hostile = readFileSync(resolve(here, 'fixtures/hostile-input.txt'), 'utf8').split('\n').filter(Boolean);
/** The markup our template writes; anything else that looks like a tag came from the catalog. */
const OWN_TAGS = /<\/?(div|a|img|span|p|s)( class="[a-z-]+"| data-product-id="[^"<>]*"| href="[^"<>]*"| src="[^"<>]*"| alt="[^"<>]*"| loading="lazy")*>/g;

describe('product HTML (S7.4)', () => {
  it('[S7.4] renders every hostile catalog string as inert text', () => {
    for (const payload of hostile) {
      const p = product(1, { title: payload, vendor: payload, handle: payload, images: [{ src: payload, alt: payload }], variants: [variant({ options: [] })] });
      const html = renderProductHtml(p, '${{amount}}');
      expect(html.replace(OWN_TAGS, '')).not.toMatch(/[<>]/);
    }
  });
  it('lets only http(s), protocol-relative and root-relative URLs through', () => {
    expect(safeUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(safeUrl('/images/a.jpg')).toBe('/images/a.jpg');
    expect(safeUrl('//cdn.example/a.jpg')).toBe('//cdn.example/a.jpg');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:image/png;base64,xx')).toBeNull();
    expect(safeUrl('/\\evil.example')).toBeNull();
  });
  it('formats amounts with grouped thousands and two decimals', () => {
    expect(formatAmount(1234.5, '${{amount}}')).toBe('$1,234.50');
    expect(formatAmount(0.1 + 0.2, '{{amount}} EUR')).toBe('0.30 EUR');
  });
});
