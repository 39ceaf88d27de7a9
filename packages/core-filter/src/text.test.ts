import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutExcerpt, escapeHtml, imageSize, isShopCdnImage, normalizeTerm, slugify, stripHtml } from './text';
import { renderTemplate } from './template';
import { normalizeProduct } from './normalize-product';

describe('text', () => {
  it('[S5.2] strips HTML from terms, labels, excerpts and descriptions and escapes output', () => {
    expect(stripHtml('<p>Hello <b>world</b></p><script>alert(1)</script>&amp; more<!-- c -->')).toBe('Hello world & more');
    expect(stripHtml('a < b')).toBe('a b');
    expect(stripHtml(null)).toBe('');
    expect(escapeHtml('<a href="x">\'&')).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;');
    fc.assert(fc.property(fc.string(), (s) => !/[<>]/.test(stripHtml(s))));
  });
  it('[S5.2] labels written with entities read as text: Cocona&reg;, CoolTech&trade;, &hellip;', () => {
    expect(stripHtml('Cocona&reg; performance fabric')).toBe('Cocona® performance fabric');
    expect(stripHtml('CoolTech&trade; &amp; more&hellip;')).toBe('CoolTech™ & more…');
    expect(stripHtml('&#39;quoted&#39; &copy; &bull; &unknown;')).toBe("'quoted' © • &unknown;");
  });
  it('stripHtml returns plain text as is and only collapses the whitespace of text without markup (its fast path agrees with the full one)', () => {
    expect(stripHtml('Blue Jeans 32')).toBe('Blue Jeans 32');
    expect(stripHtml(' Blue  Jeans\t')).toBe('Blue Jeans');
    expect(stripHtml('Blue\u00a0Jeans')).toBe('Blue Jeans');
    const plain = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', 'é', ';', '#') });
    fc.assert(fc.property(plain, (s) => stripHtml(s) === s.replace(/\s+/g, ' ').trim()));
    fc.assert(fc.property(fc.string().filter((s) => !/[<>&]/.test(s)), (s) => stripHtml(s) === s.replace(/\s+/g, ' ').trim()));
  });
  it('[S5.9, S9.11] excerpts over 264 characters are cut to the limit plus an ellipsis', () => {
    const short = 'x'.repeat(264);
    expect(cutExcerpt(short)).toBe(short);
    const long = 'abc '.repeat(100);
    const cut = cutExcerpt(long, 100);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(103);
    expect(cutExcerpt('y'.repeat(300), 50)).toBe(`${'y'.repeat(50)}...`);
  });
  it('[S5.3] terms are whitespace-collapsed and trimmed', () => {
    expect(normalizeTerm('  red \n\t shirt ')).toBe('red shirt');
  });
  it('[S9.15] image size suffixes go before the extension on the shop CDN, replacing a size already there', () => {
    expect(imageSize('https://cdn.shopify.com/s/files/1/a.b/photo.jpg?v=12', '200x')).toBe('https://cdn.shopify.com/s/files/1/a.b/photo_200x.jpg?v=12');
    expect(imageSize('//cdn.shopify.com/s/files/1/b.PNG#x', '400x')).toBe('//cdn.shopify.com/s/files/1/b_400x.PNG#x');
    expect(imageSize('https://shop.example/cdn/shop/files/b_100x100.webp', '200x')).toBe('https://shop.example/cdn/shop/files/b_200x.webp');
    expect(imageSize('/cdn/shop/products/photo.png', '400x')).toBe('/cdn/shop/products/photo_400x.png');
    expect(imageSize('https://cdn.shopify.com/s/files/1/photo', '200x')).toBe('https://cdn.shopify.com/s/files/1/photo');
    expect(imageSize('https://cdn.shopify.com/s/files/1/photo.jpg', '')).toBe('https://cdn.shopify.com/s/files/1/photo.jpg');
  });
  it('[S9.15] leaves images of other servers as they are (they do not resize by name)', () => {
    for (const url of ['https://cdn.example/a.b/photo.jpg?v=12', '/x/photo.png', '/images/luma/mh01_main.jpg', 'data:image/png;base64,AAAA', 'https://evil.example/cdn.shopify.com/a.jpg', '']) expect(imageSize(url, '200x')).toBe(url);
    expect(imageSize(null as unknown as string, '200x')).toBe('');
  });
  it('[S9.15] only ever adds or replaces the size suffix (property)', () => {
    const bases = ['https://cdn.shopify.com/s/files/1/', '//cdn.shopify.com/s/files/', 'https://shop.example/cdn/shop/files/', '/cdn/shop/products/', 'https://other.example/img/', '/images/', 'data:image/png;base64,'];
    const name = fc.array(fc.constantFrom('a', 'b', '1', '2', 'x', '-', '_', '.'), { minLength: 1, maxLength: 12 }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.constantFrom(...bases), name, fc.constantFrom('', '.jpg', '.PNG', '.webp'), fc.constantFrom('', '?v=1', '#x'), fc.constantFrom('200x', '400x', '1024x1024'), (base, file, ext, tail, size) => {
        const url = `${base}${file}${ext}${tail}`;
        const out = imageSize(url, size);
        expect(out === url || (isShopCdnImage(url) && out.includes(`_${size}.`))).toBe(true);
        expect(imageSize(out, size)).toBe(out);
        if (!isShopCdnImage(url)) expect(out).toBe(url);
        if (isShopCdnImage(url) && /^[a-z0-9-]+$/i.test(file) && ext) expect(out).toBe(`${base}${file}_${size}${ext}${tail}`);
      }),
    );
  });
  it('slugifies', () => {
    expect(slugify('Crème Brûlée & Co.')).toBe('creme-brulee-co');
  });
});

describe('renderTemplate', () => {
  const p = normalizeProduct({ id: 1, title: '<img src=x onerror=alert(1)>', handle: 'h', price_min: 10, tags: ['a', 'b'], metafields: [{ namespace: 'spec', key: 'fit', value: 'Slim "fit"' }] });
  it('[S3.3] fills {{product.*}} placeholders, including metafields and formatted prices, escaping the output', () => {
    expect(renderTemplate('<h2>{{product.title}}</h2>', p)).toBe('<h2>&#60;img src=x onerror=alert(1)&#62;</h2>');
    expect(renderTemplate('{{ product.price }}|{{product.metafields.spec.fit}}|{{product.tags}}|{{product.nope}}', p, (n) => `$${n.toFixed(2)}`)).toBe('$10.00|Slim &#34;fit&#34;|a, b|');
    expect(renderTemplate('{{product.price_min}} {{product.handle}}', p)).toBe('10 h');
  });
});
