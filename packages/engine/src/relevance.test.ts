// Relevance defaults of a plain search (README "Relevance"): fields and weights, stemming, stop
// words, prefixes, typos, partial matches, joined and split words, popularity, and the wire
// parameters that change them.
import type { WireFilterResponse } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyzer';
import type { Catalog } from './catalog';
import { CatalogIndex } from './catalog-index';
import { createEngine } from './create-engine';
import { matchText, searchText } from './text-search';
import { product, variant } from './test-fixtures';

const catalog = (): Catalog => ({
  products: [
    product(1, { title: 'Fast Charger', productType: 'Charger', sales: 5, variants: [variant({ options: [], sku: 'CHG-100' })] }),
    product(2, { title: 'Car Chargers 2-pack', productType: 'Charger', sales: 1 }),
    product(3, { title: 'Storm Jacket', productType: 'Jacket', bodyHtml: '<p>Fully <b>watertight</b> seams &amp; hood.</p><p>&bull; Two-tone&trade;</p>' }),
    product(4, { title: 'Waterproof Boots', productType: 'Boots' }),
    product(5, { title: 'Water Proof Trousers', productType: 'Trousers' }),
    product(6, { title: 'Studio Headphones', productType: 'Audio', vendor: 'Sonic' }),
    product(7, { title: 'Head Phone Stand', productType: 'Audio' }),
    product(8, { title: 'AT&T SIM Card', productType: 'SIM', vendor: 'AT&T' }),
    product(9, { title: 'USB-C Cable', productType: 'Cable', tags: ['usb'] }),
    product(10, { title: '12MP Camera', productType: 'Camera' }),
    product(11, { title: 'iPhone 8 Case', productType: 'Case', vendor: 'Apple', sales: 2 }),
    product(12, { title: 'iPhone Tripod 80 cm', productType: 'Tripod', vendor: 'Apple' }),
    product(13, { title: 'Samsung Galaxy Ultra', productType: 'Phone', vendor: 'Samsung', sales: 50 }),
    product(14, { title: 'SMS Charger Cable', productType: 'Cable' }),
    product(15, { title: 'Red Dress', productType: 'Dress', rating: 4.6, reviewCount: 3, sales: 1 }),
    product(16, { title: 'Dress Shoes Red Sole', productType: 'Shoes', rating: 3.4, reviewCount: 2, sales: 100 }),
  ],
});

const e = createEngine(catalog());
const ids = (r: WireFilterResponse) => r.products.map((p) => String(p.id));
const search = (q: string, extra: Record<string, string> = {}) => ids(e.search({ q, ...extra }));

describe('relevance: what is indexed', () => {
  it('indexes the description with HTML stripped (tags and entities are no words)', () => {
    expect(search('watertight')).toEqual(['3']);
    expect(search('seams hood')).toEqual(['3']);
    expect(search('amp')).toEqual([]);
    expect(search('bull')).toEqual([]);
    expect(search('trade', { fuzzy: 'false' })).toEqual([]);
  });
  it('indexes SKUs and vendors', () => {
    expect(search('chg-100')).toEqual(['1']);
    expect(search('sonic')).toEqual(['6']);
  });
});

describe('relevance: words as shoppers type them', () => {
  it('meets plurals and singulars through the English stemmer, the exact form first', () => {
    expect(search('chargers')[0]).toBe('2');
    expect(search('chargers').slice(0, 2).sort()).toEqual(['1', '2']);
    expect(search('charger').slice(0, 2).sort()).toEqual(['1', '2']);
  });
  it('never requires a stop word', () => {
    expect(search('the red dress')).toEqual(search('red dress'));
    expect(search('case for iphone')[0]).toBe('11');
  });
  it('lets every word match as a prefix while typing, but not a trailing number', () => {
    expect(search('sams ult')).toEqual(['13']);
    expect(search('iphone 8')).toEqual(['11']);
  });
  it('never corrects a word the catalogue has (sims is a plural of sim, not sms)', () => {
    expect(search('sims')).toEqual(['8']);
  });
  it('corrects an unknown word to the nearest frequent catalogue word; fuzzy=false turns that off', () => {
    expect(search('samsnug')).toEqual(['13']);
    expect(search('samsnug', { fuzzy: 'false' })).toEqual([]);
  });
});

describe('relevance: joined, split and symbol words match both ways', () => {
  it('water proof / waterproof', () => {
    expect(search('waterproof').sort()).toEqual(['4', '5']);
    expect(search('water proof').sort()).toEqual(['4', '5']);
  });
  it('head phone / headphones', () => {
    expect(search('head phone').slice(0, 2).sort()).toEqual(['6', '7']);
    expect(search('head phone', { full_min_match: 'true' }).sort()).toEqual(['6', '7']);
    expect(search('headphones').sort()).toEqual(['6', '7']);
  });
  it('AT&T, USB-C and 12MP', () => {
    expect(search('att')).toEqual(['8']);
    expect(search('at&t')).toEqual(['8']);
    expect(search('usbc')).toEqual(['9']);
    expect(search('usb c')).toEqual(['9']);
    expect(search('12 mp')).toEqual(['10']);
    expect(search('12mp')).toEqual(['10']);
  });
});

describe('relevance: minimum should match', () => {
  it('returns the best partial matches rather than nothing, the most words first', () => {
    // No product has three of the four words: the one with two comes before those with one.
    const r = search('galaxy ultra fast sms');
    expect(r[0]).toBe('13');
    expect(r.slice(1).sort()).toEqual(['1', '14']);
    expect(search('samsung charger cable')[0]).toBe('14');
  });
  it('lets one word of three or more miss by default, when some products have them all', () => {
    expect(search('iphone case apple tripod').slice(0, 2).sort()).toEqual(['11', '12']);
  });
  it('lets a word naming the product type count twice when few products match every word', () => {
    // "cable" names the type Cable: the cables come after the one product with both words.
    expect(search('sms cable')).toEqual(['14', '9']);
    expect(search('sms cable', { full_min_match: 'true' })).toEqual(['14']);
  });
  it('full_min_match=true needs every word and answers nothing rather than a partial match', () => {
    expect(search('samsung charger cable', { full_min_match: 'true' })).toEqual([]);
    expect(search('samsung charger cable', { full_min_match: 'true', reduce_min_match: '1' })).toEqual(['14']);
  });
  it('full_min_match=false accepts any one word', () => {
    expect(search('samsung tripod', { full_min_match: 'false' }).sort()).toEqual(['12', '13']);
  });
});

describe('relevance: ranking', () => {
  it('puts a title holding the phrase before one holding the words apart', () => {
    expect(search('red dress')).toEqual(['15', '16']);
  });
  it('combines text score with popularity, as the relevance options say', () => {
    // Equal text: the better seller first.
    expect(search('iphone')).toEqual(['11', '12']);
    const textOnly = createEngine(catalog(), { relevance: { popularity: 0, recency: 0, phrase: 1 } });
    const selling = createEngine(catalog(), { relevance: { popularity: 5, recency: 0, phrase: 1 } });
    // "dress": the Red Dress has the shorter title; the shoes sell a hundred times more.
    expect(ids(textOnly.search({ q: 'dress' }))).toEqual(['15', '16']);
    expect(ids(selling.search({ q: 'dress' }))).toEqual(['16', '15']);
  });
});

describe('relevance: per-locale analysers', () => {
  it('uses the analyser it is given (no stemming: chargers no longer meets charger)', () => {
    const plain = createEngine(catalog(), { analyzer: createAnalyzer({ locale: 'xx' }) });
    expect(ids(plain.search({ q: 'chargers', fuzzy: 'false' }))).toEqual(['2']);
    expect(ids(plain.search({ q: 'the' }))).toEqual([]);
  });
});

describe('fractional rating bounds', () => {
  it('honours pf_r_rating=3.5 (at least 3.5), and answers 400 naming the parameter past 5', () => {
    expect(ids(e.filter({ 'pf_r_rating[]': '3.5' }))).toEqual(['15']);
    expect(ids(e.filter({ 'pf_r_rating[]': '3' })).sort()).toEqual(['15', '16']);
    const bad = e.handle({ method: 'GET', url: '/api/filter?pf_r_rating[]=5.5' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 'invalid_parameter', param: 'pf_r_rating' });
  });
});

describe('relevance over HTTP', () => {
  it('answers a plain /search?q= with the defaults, and did_you_mean only when nothing matched', () => {
    const r = e.handle({ method: 'GET', url: '/api/search?q=water%20proof' });
    const body = JSON.parse(r.body) as WireFilterResponse;
    expect(body.total_product).toBe(2);
    expect(body.did_you_mean).toBeUndefined();
    const none = JSON.parse(e.handle({ method: 'GET', url: '/api/search?q=tripdo&fuzzy=false' }).body) as WireFilterResponse;
    expect(none.total_product).toBe(0);
    expect(none.did_you_mean).toEqual(['tripod']);
  });
});

describe('counting without scores (suggest)', () => {
  it('matches the same set as the scored search, word by word', () => {
    const index = new CatalogIndex(catalog());
    const opts = { fuzzy: true, fullMinMatch: null, reduceMinMatch: 0, plusCharacter: false, prefix: true };
    for (const q of ['charg', 'chargers', 'samsnug', 'sims', 'att', 'usb-c', 'chg-100', 'headphones', 'waterproof', 'iph', 'the', 'red dress', 'zzz']) {
      expect([...(matchText(index, q, opts) ?? [])], q).toEqual([...(searchText(index, q, opts)?.bits ?? [])]);
    }
  });
});
