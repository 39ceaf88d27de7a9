// A catalogue whose products are made one at a time while an engine's build writes them
// (catalogFromProductsJson in import-products-json.ts): each product is imported, written into
// the product store and indexed, then let go, so a build never holds the catalogue as objects
// (about 4.7 KB a product) beside its records. Kept apart from the store and the index so that
// the import entry, which makes such catalogues, carries neither.
import type { Catalog, CatalogProduct } from './catalog';

/** Products made in order, each once, as a build writes them (see ProductStore.build). */
export interface ProductSequence {
  readonly length: number;
  /** Product d, made now (throws what its import throws). Called once per product, in order. */
  at(d: number): CatalogProduct;
  /**
   * What a build sizes its arrays and weights by before its pass: product d's variant count and
   * title as `at` will make them (0 and '' for a product `at` will refuse: that build fails).
   */
  variantCount(d: number): number;
  title(d: number): string;
}

const SEQUENCE = Symbol('pkg-engine-product-sequence');
type WithSequence = Catalog & { [SEQUENCE]?: ProductSequence | null };

/**
 * A catalogue of `rest` whose products a build makes from `sequence` one at a time. Its
 * `products`, when read, are `all()` (made once and kept; a build after that takes them, as it
 * takes products set in their place).
 */
export function sequenceCatalog(sequence: ProductSequence, all: () => CatalogProduct[], rest: Omit<Catalog, 'products'>): Catalog {
  const catalog = { ...rest } as WithSequence;
  Object.defineProperty(catalog, SEQUENCE, { value: sequence, writable: true, enumerable: false });
  // From then on a plain catalogue of these products.
  const settle = (products: CatalogProduct[]): CatalogProduct[] => {
    catalog[SEQUENCE] = null;
    Object.defineProperty(catalog, 'products', { value: products, enumerable: true, writable: true, configurable: true });
    return products;
  };
  return Object.defineProperty(catalog, 'products', {
    enumerable: true,
    configurable: true,
    get(): CatalogProduct[] {
      return settle(all());
    },
    set(products: CatalogProduct[]) {
      settle(products);
    },
  }) as Catalog;
}

/** The product sequence of a catalogue whose products have not been made yet (a build then makes them as it goes). */
export const sequenceOf = (catalog: Catalog): ProductSequence | null => (catalog as WithSequence)[SEQUENCE] ?? null;
