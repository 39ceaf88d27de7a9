// A catalogue whose products were written into the engine's product store as they arrived (a
// streaming import, node's importProductsFile), instead of being held as objects: at the bench's
// shop density (4.9 variants a product) the objects take about 4.7 KB a product, the store's
// records and variant columns about 370 bytes (4.7 GB against 370 MB at 1,000,000). The first engine built
// from such a catalogue takes its store as its own (catalog-index.ts reads each product back from
// it for the index, one at a time, so each product's objects die young).
import type { Catalog, CatalogProduct } from './catalog';
import { headroomFor } from './catalog-index';
import { ProductStore } from './product-store';
import { wordsIn } from './text-index';

/** What the index's build needs of the products before its pass, counted as they were written. */
export interface StagedProducts {
  store: ProductStore;
  count: number;
  variants: number;
  titleWords: number;
}

const STAGED = Symbol('pkg-engine-staged-products');
type WithStaged = Catalog & { [STAGED]?: StagedProducts | null };

/**
 * A catalogue of the products `source` gives (in its order) and the catalogue's other fields
 * (`rest`: filter tree, collections, ...), the products written into a product store as they
 * come, so that only the store's compact records are kept. Throws what the source throws.
 */
export async function catalogFromProducts(source: Iterable<CatalogProduct> | AsyncIterable<CatalogProduct>, rest: Omit<Catalog, 'products'> = {}): Promise<Catalog> {
  const staging = stageProducts();
  for await (const p of source) staging.add(p);
  return staging.catalog(rest);
}

/** Products written one by one (`add`), then the catalogue of them (`catalog`). */
export function stageProducts(): { add(p: CatalogProduct): void; readonly count: number; catalog(rest?: Omit<Catalog, 'products'>): Catalog } {
  const appender = ProductStore.appender();
  let variants = 0;
  let titleWords = 0;
  return {
    add(p) {
      appender.add(p);
      variants += p.variants.length;
      titleWords += wordsIn(p.title);
    },
    get count() {
      return appender.count;
    },
    catalog(rest = {}) {
      const count = appender.count;
      const staged: StagedProducts = { store: appender.finish(headroomFor(count)), count, variants, titleWords };
      const catalog = { ...rest } as WithStaged;
      Object.defineProperty(catalog, STAGED, { value: staged, writable: true, enumerable: false });
      // Decoded from the store when read (the engine does not read them: it takes the store).
      return Object.defineProperty(catalog, 'products', {
        enumerable: true,
        get(): CatalogProduct[] {
          const s = catalog[STAGED];
          if (!s) throw new TypeError('[@pkg/engine] The products of this imported catalogue were moved into the engine built from it: read engine.catalog.products.');
          return Array.from({ length: s.count }, (_, d) => s.store.get(d));
        },
      }) as Catalog;
    },
  };
}

/** Whether a catalogue holds staged products not yet taken by an engine. */
export const carriesProducts = (catalog: Catalog): boolean => Boolean((catalog as WithStaged)[STAGED]);

/** The staged products of a catalogue, taken once (the engine's live updates change the store in place). */
export function takeStaged(catalog: Catalog): StagedProducts | null {
  const s = (catalog as WithStaged)[STAGED];
  if (!s) return null;
  (catalog as WithStaged)[STAGED] = null;
  return s;
}
