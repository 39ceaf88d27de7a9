// The variant tables brought up to date after live updates (variant-tables.ts) against the tables
// a build on the same updated index makes: the variant offsets and prices by product, the
// availability and product of each variant, and per option each variant's value id and each
// value's variants. Batches change prices, stock, option values and variant counts, create and
// delete products; between batches only some tables are read, so others stay behind for several.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct, CatalogVariant } from './catalog';
import { CatalogIndex } from './catalog-index';
import type { ProductUpdate } from './catalog-updates';
import { createEngine } from './create-engine';
import { applyInPlace } from './live-index';
import { generateCatalog } from './synthetic-catalog';
import { updatedList } from './test-fixtures';
import { variantList, variantTable, variantValues } from './variant-match';
import { variantCarry } from './variant-tables';

const NAMES = ['color', 'size'];
const COLORS = ['Red', 'Blue', 'Teal', 'Ochre', 'Mauve'];

/** Every variant table of an index, read (and so built or brought up to date). */
function tables(index: CatalogIndex, which: readonly boolean[] = [true, true, true, true]) {
  const out: Record<string, unknown> = {};
  if (which[0]) out.prices = [Array.from(index.variantPriceOffsets), Array.from(index.variantPrices)];
  if (which[1]) {
    const t = variantTable(index);
    out.table = [Array.from(t.offsets), Array.from(t.available), Array.from(t.docs)];
  }
  NAMES.forEach((name, i) => {
    if (!which[2 + i]) return;
    const v = variantValues(index, name);
    out[name] = [v.field.keys.slice(), Array.from(v.vals), Array.from(v.counts), v.field.keys.map((_, id) => Array.from(variantList(v, id)))];
  });
  return out;
}

/** The same tables built from the store as a first use does. */
function rebuilt(index: CatalogIndex) {
  for (const key of [...index.memo.keys()]) if (key === 'variant-table' || key.startsWith('variant-values:')) index.memo.delete(key);
  index.variantPriceIndex = null;
  return tables(index);
}

type Change = { kind: 'price' | 'stock' | 'color' | 'drop' | 'add' | 'delete' | 'create'; at: number };
const changeArb: fc.Arbitrary<Change> = fc.record({ kind: fc.constantFrom('price', 'stock', 'color', 'drop', 'add', 'delete', 'create'), at: fc.nat(10_000) });

function updateOf(list: readonly CatalogProduct[], c: Change, serial: number): ProductUpdate {
  const p = list[c.at % list.length] as CatalogProduct;
  const vs = p.variants;
  const with_ = (variants: CatalogVariant[]): ProductUpdate => ({ op: 'upsert', product: { ...p, variants } });
  switch (c.kind) {
    case 'price': return with_(vs.map((v, i) => ({ ...v, price: v.price + 1 + i })));
    case 'stock': return with_(vs.map((v) => ({ ...v, available: !v.available })));
    case 'color': return with_(vs.map((v) => ({ ...v, options: [COLORS[(c.at + serial) % COLORS.length] as string, ...v.options.slice(1)] })));
    case 'drop': return with_(vs.length > 1 ? vs.slice(0, -1) : vs);
    case 'add': {
      const v = vs[0] as CatalogVariant;
      return with_([...vs, { ...v, id: `v-${serial}`, price: v.price + 3, options: [COLORS[c.at % COLORS.length] as string, ...v.options.slice(1)] }]);
    }
    case 'delete': return { op: 'delete', id: p.id };
    case 'create': return { op: 'upsert', product: { ...p, id: `new-${serial}`, handle: `new-${serial}`, variants: vs.map((v, i) => ({ ...v, id: `nv-${serial}-${i}` })) } };
  }
}

describe('variant tables after live updates (variant-tables.ts)', () => {
  it('equal the tables built on the updated index, after any sequence of batches and reads', () => {
    const catalog = generateCatalog({ products: 80, seed: 9, vendors: 5, tags: 8 });
    const carried = variantCarry.carried;
    fc.assert(
      fc.property(
        fc.array(fc.record({ changes: fc.array(changeArb, { minLength: 1, maxLength: 5 }), read: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }), { minLength: 1, maxLength: 6 }),
        (batches) => {
          const index = new CatalogIndex(catalog);
          tables(index);
          let list = [...catalog.products];
          let serial = 0;
          for (const { changes, read } of batches) {
            const batch: ProductUpdate[] = [];
            for (const c of changes) batch.push(updateOf(updatedList(list, batch), c, serial++));
            if (!applyInPlace(index, batch, () => undefined, () => undefined)) return;
            list = updatedList(list, batch);
            // Some tables read now (brought up to date), the others left behind for later batches.
            tables(index, read);
          }
          expect(tables(index)).toEqual(rebuilt(index));
        },
      ),
      { numRuns: 60 },
    );
    // The tables were brought up to date, not only built again.
    expect(variantCarry.carried - carried).toBeGreaterThan(100);
  });

  it('gives the answers of a fresh engine to variant queries after updates that change variant counts', () => {
    const catalog = generateCatalog({ products: 150, seed: 3, vendors: 5, tags: 8 });
    const engine = createEngine(catalog);
    const queries = [
      { build_filter_tree: 'true', 'pf_opt_color[]': 'Red' },
      { build_filter_tree: 'true', 'pf_opt_color[]': ['Blue', 'Black'], 'pf_opt_size[]': 'M', pf_p_price: '10:80' },
      { build_filter_tree: 'true', 'pf_opt_size[]': 'L', variant_available: 'true' },
    ];
    for (const q of queries) engine.filter(q);
    let list = [...catalog.products];
    for (let k = 0; k < 12; k++) {
      const batch = [updateOf(list, { kind: (['drop', 'add', 'delete', 'create', 'color', 'price'] as const)[k % 6] as Change['kind'], at: k * 37 }, k)];
      engine.applyProductUpdates(batch);
      list = updatedList(list, batch);
      const fresh = createEngine({ ...catalog, products: list });
      for (const q of queries) expect(JSON.stringify(engine.filter(q))).toBe(JSON.stringify(fresh.filter(q)));
    }
  });
});
