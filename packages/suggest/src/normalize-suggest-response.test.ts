import fc from 'fast-check';
import { getPageContext } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { normalizeSuggestResponse, safeRedirect } from './normalize-suggest-response';
import { testSettings, wireAnswer } from './test-fakes';

const settings = testSettings();
const ctx = { settings, page: getPageContext(settings, '/'), highlight: true };

describe('normalizeSuggestResponse', () => {
  it('turns every block into plain, linked, highlighted rows, product images at 200x', () => {
    const r = normalizeSuggestResponse(
      wireAnswer('shoe', {
        total_product: 9,
        suggestions: ['<b>shoe</b> laces'],
        collections: [{ title: 'Shoes', handle: 'shoes', id: 1 }],
        pages: [{ title: 'Shoe care', url: '/pages/care' }],
        did_you_mean: ['shoo'],
        redirect: '/pages/shoes',
        products: [{ id: 1, title: 'shoe product', handle: 'shoe-product', images_info: [{ src: '//cdn.shopify.com/p.png' }] }],
      }),
      'shoe',
      ctx,
    );
    expect(r.suggestions.map((i) => [i.text, i.url])).toEqual([['shoe laces', '/search?q=shoe%20laces']]);
    expect(r.collections[0]).toMatchObject({ kind: 'collection', text: 'Shoes', url: '/collections/shoes' });
    expect(r.pages[0]?.url).toBe('/pages/care');
    expect(r.products[0]).toMatchObject({ kind: 'product', text: 'shoe product', url: '/products/shoe-product?_pos=1' });
    expect(r.products[0]?.parts[0]).toEqual({ text: 'shoe', highlight: true });
    expect(r.products[0]?.image).toBe('https://cdn.shopify.com/p_200x.png');
    expect([r.totalProduct, r.redirect, r.didYouMean[0]?.text]).toEqual([9, '/pages/shoes', 'shoo']);
  });

  it('reads the owner\'s banners for the term: text as text, unsafe links and images dropped, in position order', () => {
    const r = normalizeSuggestResponse(
      wireAnswer('sweatshirt', {
        banners: [
          { id: 'b', position: 3, text: 'Free <b>shipping</b>', image: 'javascript:alert(1)', link: '/collections/hoodies' },
          { id: 'a', position: 1, text: null, image: '/images/a.jpg', link: 'data:text/html,x' },
          { id: 'c', position: 2, text: null, image: null, link: '/nowhere' },
        ],
      }),
      'sweatshirt',
      ctx,
    );
    expect(r.banners).toEqual([
      { id: 'a', position: 1, text: '', name: 'a', image: '/images/a.jpg', link: '' },
      { id: 'b', position: 3, text: 'Free <b>shipping</b>', name: 'Free <b>shipping</b>', image: '', link: '/collections/hoodies' },
    ]);
    expect(normalizeSuggestResponse(wireAnswer('x', {}), 'x', ctx).banners).toEqual([]);
  });

  it('[S3.4] reads the [{key, values}] list form as well', () => {
    const r = normalizeSuggestResponse(
      [
        { key: 'query', values: 'hat' },
        { key: 'total_product', values: 3 },
        { key: 'suggestions', values: ['hat red'] },
        { key: 'suggest_query', values: 'hats' },
        { key: 'suggestions_redirect', values: { 'hat red': 'https://shop.test/red' } },
      ],
      'hat',
      ctx,
    );
    expect([r.totalProduct, r.suggestQuery, r.suggestions[0]?.url]).toEqual([3, 'hats', 'https://shop.test/red']);
  });

  it('refuses redirects and links that are not http(s) or relative', () => {
    const r = normalizeSuggestResponse(
      wireAnswer('x', {
        redirect: 'javascript:alert(1)',
        suggestions: ['x a', 'x b'],
        suggestions_redirect: { 'x a': 'data:text/html,<script>', 'x b': 'https://ok.test/b' },
        pages: [{ title: 'p', url: 'JaVaScript:void(0)' }],
      }),
      'x',
      ctx,
    );
    expect(r.redirect).toBeNull();
    expect(r.suggestionsRedirect).toEqual({ 'x b': 'https://ok.test/b' });
    expect(r.suggestions.map((i) => i.url)).toEqual(['/search?q=x%20a', 'https://ok.test/b']);
    expect(r.pages[0]?.url).toBe('#');
    expect([safeRedirect('/a'), safeRedirect('http://a.test'), safeRedirect('vbscript:x'), safeRedirect(''), safeRedirect(3)]).toEqual(['/a', 'http://a.test', null, null, null]);
  });

  it('reads the totals as counts: numbers or numeric strings, never below 0, else 0', () => {
    const totals = (v: unknown) => {
      const r = normalizeSuggestResponse({ ...wireAnswer('x'), total_product: v, suggest_total_product: v, prev_total_product: v }, 'x', ctx);
      return [r.totalProduct, r.suggestTotalProduct, r.prevTotalProduct];
    };
    expect([12, '12', ' 7 ', -3, '', 'many', true, [3], null].map((v) => totals(v)[0])).toEqual([12, 12, 7, 0, 0, 0, 0, 0, 0]);
    expect(totals('4')).toEqual([4, 4, 4]);
  });

  it('never throws on any answer (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (raw, term) => {
        const r = normalizeSuggestResponse(raw, term, ctx);
        expect(r.query).toBe(term);
        expect(r.totalProduct).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
