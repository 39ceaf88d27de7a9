// The text index after live updates made in place (TextIndex.update) against a fresh build of the
// same products: the same dictionary (every word a live product has, with the same document
// frequency, flags and stem), the same postings and weights per product, the same completions,
// typo corrections, scored search results and suggestion phrases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from './catalog';
import { CatalogIndex } from './catalog-index';
import { readCatalogSnapshot, writeCatalogSnapshot } from './catalog-snapshot';
import { indexCatalog } from './engine-context';
import type { ProductUpdate } from './catalog-updates';
import { applyInPlace } from './live-index';
import { PhraseIndex } from './suggest';
import { generateCatalog } from './synthetic-catalog';
import { searchText, typoTerms, type TextOptions } from './text-search';
import { changeArb, product, updatedList, updateOf, WORDS } from './test-fixtures';

const QUERIES = ['linen', 'shirts', 'co', 'coat', 'wat', 'water proof', 'att', 'usb-c', 'charger', 'cafe', 'c++', 'lnen', 'oxfrd shirt', 'summit walnut', 'w', 'xyz'];
const OPTS: TextOptions = { fuzzy: true, fullMinMatch: null, reduceMinMatch: 0, plusCharacter: true, prefix: true };

/** What an index's text side answers, by product id and term (slots and term ids differ between the two). */
function view(index: CatalogIndex) {
  const text = index.text;
  const id = (d: number) => index.products.id(d);
  const dictionary: Record<string, unknown> = {};
  text.terms.forEach((term, t) => {
    if (text.df(t) === 0) return; // (a word no live product has any more: absent)
    const postings: Array<[string, number]> = [];
    const codes = text.textWeightCodes;
    for (let k = text.textStart[t] as number; k < (text.textEnd[t] as number); k++) {
      postings.push([id(text.textDocs[k] as number), codes ? (text.textWeightTable[codes[k] as number] as number) : ((text.textWeights as Float32Array)[k] as number)]);
    }
    const stem = text.stemOf[t] as number;
    dictionary[term] = { postings, derived: text.derived[t], skuOnly: text.skuOnly[t], stem: stem >= 0 ? text.terms[stem] : null };
  });
  const prefixes = [...new Set(Object.keys(dictionary).flatMap((w) => [w.slice(0, 1), w.slice(0, 2), w.slice(0, 3), w.slice(0, 4)]))].sort();
  const phrases = new PhraseIndex(index, []);
  return {
    dictionary,
    completions: prefixes.map((p) => [p, text.completions(p).map((t) => text.terms[t])]),
    typos: ['lnen', 'shrit', 'chargr', 'walnutt', 'oxfrod'].map((w) => typoTerms(text, w).map(([t, d]) => [text.terms[t], d])),
    search: QUERIES.map((q) => {
      const r = searchText(index, q, OPTS);
      return r && Array.from(r.docs, (d, i) => [id(d), r.scores.at(i)]);
    }),
    phrases: ['c', 'co', 'li', 'sh', 'wat', 'sum'].map((p) => phrases.complete(p, 5).map((ph) => [ph.text, ph.weight])),
  };
}

describe('text index updated in place (TextIndex.update)', () => {
  it('answers exactly like a fresh build after any sequence of live updates', () => {
    const catalog = generateCatalog({ products: 120, seed: 5, vendors: 6, tags: 10 });
    let inPlace = 0;
    fc.assert(
      fc.property(fc.array(fc.array(changeArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (batches) => {
        const index = new CatalogIndex(catalog);
        const text = index.text;
        let list = [...catalog.products];
        let serial = 0;
        for (const changes of batches) {
          const batch: ProductUpdate[] = [];
          for (const c of changes) {
            const u = updateOf(updatedList(list, batch), c, serial++);
            batch.push(u);
          }
          expect(applyInPlace(index, batch, () => undefined, () => undefined)).not.toBeNull();
          list = updatedList(list, batch);
          if (index.textBuilt && index.text === text) inPlace++;
          expect(view(index)).toEqual(view(new CatalogIndex({ ...catalog, products: list })));
        }
      }),
      { numRuns: 25 },
    );
    // Most runs stay in place (a rebuild answers like a fresh build by construction).
    expect(inPlace).toBeGreaterThan(25);
  });

  it('keeps its answers through many updates, and gives a snapshot its postings packed in term order', () => {
    const catalog = generateCatalog({ products: 300, seed: 9, vendors: 5, tags: 8 });
    const index = new CatalogIndex(catalog);
    const text = index.text;
    let list = [...catalog.products];
    for (let round = 0; round < 40; round++) {
      const batch: ProductUpdate[] = list.slice(round * 7 % 250, (round * 7 % 250) + 7).map((p, k) => ({ op: 'upsert', product: { ...p, tags: [...p.tags.slice(1), `${WORDS[(round + k) % WORDS.length]}`], vendor: WORDS[(round * 3 + k) % WORDS.length] as string } }));
      applyInPlace(index, batch, () => undefined, () => undefined);
      list = updatedList(list, batch);
    }
    expect(index.text).toBe(text);
    expect(text.changes).toBe(40);
    expect(view(index)).toEqual(view(new CatalogIndex({ ...catalog, products: list })));
    // A snapshot's parts are packed in term order.
    const parts = text.parts();
    expect(parts.textOffsets[parts.terms.length]).toBe(parts.textDocs.length);
  });

  it('turns a word back into a derived term when only its stem form stays, and offers it again when it comes back', () => {
    const catalog = { products: [product(1, { title: 'Wool Coat' }), product(2, { title: 'Rain Coats' }), product(3, { title: 'Linen Shirt' })] };
    const index = new CatalogIndex(catalog);
    const coat = index.text.termId('coat');
    const apply = (title: string) => applyInPlace(index, [{ op: 'upsert', product: { ...index.products.get(0), title } }], () => undefined, () => undefined);
    apply('Wool Jacket');
    expect(index.text.derived[coat]).toBe(1);
    expect(index.text.completions('co').map((t) => index.text.terms[t])).toEqual(['coats']);
    expect(view(index)).toEqual(view(new CatalogIndex({ products: [{ ...index.products.get(0) }, ...catalog.products.slice(1)] })));
    apply('Wool Coat');
    expect(index.text.derived[coat]).toBe(0);
    expect(view(index)).toEqual(view(new CatalogIndex(catalog)));
  });

  it('changes an index read from a snapshot in place too, and answers like a fresh build', () => {
    const catalog = generateCatalog({ products: 200, seed: 12, vendors: 5, tags: 8, descriptions: true });
    const dir = mkdtempSync(join(tmpdir(), 'engine-text-updates-'));
    try {
      const file = join(dir, 'catalog.snapshot');
      writeCatalogSnapshot(file, catalog);
      const { index } = indexCatalog(readCatalogSnapshot(file), [], {});
      const text = index.text;
      let list = [...catalog.products];
      for (let round = 0; round < 4; round++) {
        // The first rounds with words the catalogue has (no new term), then new words too.
        const other = list[100 + round] as CatalogProduct;
        const batch: ProductUpdate[] = [
          ...list.slice(round * 9, round * 9 + 3).map((p, k): ProductUpdate => ({
            op: 'upsert',
            product: round < 2 ? { ...p, vendor: other.vendor, tags: other.tags, bodyHtml: other.bodyHtml } : { ...p, vendor: WORDS[round + k] as string, tags: [...p.tags, 'festival'], bodyHtml: `<p>${WORDS[k]} waterproof</p>` },
          })),
          { op: 'delete', id: (list[round * 9 + 5] as CatalogProduct).id },
        ];
        expect(applyInPlace(index, batch, () => undefined, () => undefined)).not.toBeNull();
        list = updatedList(list, batch);
        expect(view(index)).toEqual(view(new CatalogIndex({ ...catalog, products: list })));
      }
      expect([index.text === text, text.changes]).toEqual([true, 4]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
