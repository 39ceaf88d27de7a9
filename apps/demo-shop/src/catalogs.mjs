// The demo shop's catalogs: the Luma catalog (default), the platform CSV samples, and two scale
// variants of Luma for the scale journeys (e2e/scale.test.ts): many products, or one huge option.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importProductCsv } from '@pkg/engine/import';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CATALOGS = ['luma', 'shopify-csv', 'luma-scaled:<products>', 'luma-wide-option:<values>'];

const SCALED = /^luma-scaled:(\d{1,6})$/;
const WIDE = /^luma-wide-option:(\d{1,6})$/;
/** Bounds of the scale variants: enough for the scale journeys, not enough to exhaust memory by a typo. */
const MAX_PRODUCTS = 200_000;
const MAX_VALUES = 100_000;

const readLuma = () => JSON.parse(readFileSync(join(repoRoot, 'data/luma/catalog.json'), 'utf8'));

/** Collections the demo shows with a photo (Luma's have none): the collection header and the search page's collections panel show it (S2.24, S5.9). */
const COLLECTION_PHOTOS = ['fitness-equipment', 'yoga-new'];

/**
 * Gives the collections of COLLECTION_PHOTOS the first photo of their first product that has one,
 * at the path a shop's files have on the platform's CDN (`/cdn/shop/files/`, served by the demo
 * server), so the components ask for sized copies of it (`_200x`, S9.15) as they would in a shop.
 */
export function withCollectionPhotos(luma) {
  const photoOf = (handle) => luma.products.find((p) => p.collections?.includes(handle) && p.images?.[0]?.src)?.images[0].src.replace(/^\/images\/luma\//, '/cdn/shop/files/') ?? null;
  return { ...luma, collections: luma.collections.map((c) => (COLLECTION_PHOTOS.includes(c.handle) ? { ...c, image: photoOf(c.handle) } : c)) };
}

/**
 * Luma's prices are whole dollars but one (56.99). The demo prices the Harmony Lumaflex™ Strength Band Kit at
 * 19.99, which a binary float cannot hold exactly (19.99 x 100 is 1998.9999999999998): a search
 * for "lumaflex" in Fitness Equipment shows a Price slider from 16 to 19.99, not 19.98 (F5.6).
 */
export function withPriceEdge(luma) {
  return { ...luma, products: luma.products.map((p) => (p.handle === 'harmony-lumaflextm-strength-band-kit' ? { ...p, variants: p.variants.map((v) => ({ ...v, price: 19.99 })) } : p)) };
}

/** Luma as the demo shop shows it (collection photos, the 19.99 price): the base of every Luma catalogue. */
const demoLuma = () => withPriceEdge(withCollectionPhotos(readLuma()));

/**
 * Luma's products repeated until there are `count`: copy k of a product gets its own id, handle
 * and title (`… #k`, so search and sorting see distinct products) and keeps its first two
 * variants (variants are not what this catalog scales). Collections, tags, vendors and the filter
 * tree are Luma's, so every listing, option and count has `count / 181` times as many products.
 */
export function scaleLuma(luma, count) {
  const base = luma.products;
  const products = new Array(count);
  for (let i = 0; i < count; i++) {
    const p = base[i % base.length];
    const k = Math.floor(i / base.length);
    if (k === 0) {
      products[i] = p;
      continue;
    }
    const id = String(1_000_000 * k + Number(p.id));
    products[i] = {
      ...p,
      id,
      handle: `${p.handle}-${k}`,
      title: `${p.title} #${k}`,
      variants: p.variants.slice(0, 2).map((v, n) => ({ ...v, id: `${id}${n}`, sku: `${v.sku}-${k}` })),
    };
  }
  return { ...luma, products };
}

/**
 * Luma with one more filter option, "Lot", a tag option of `values` distinct values (`lot:Lot 00001`,
 * …), dealt round the products so every value has a product and the option is as wide as asked.
 */
export function widenLuma(luma, values) {
  const width = String(values).length;
  const extra = luma.products.map(() => []);
  for (let v = 1; v <= values; v++) extra[(v - 1) % extra.length].push(`lot:Lot ${String(v).padStart(width, '0')}`);
  const products = luma.products.map((p, i) => ({ ...p, tags: [...(p.tags ?? []), ...extra[i]] }));
  const position = Math.max(0, ...luma.filterTree.map((o) => o.position ?? 0)) + 1;
  const lot = { filterOptionId: 'pf_t_lot', filterType: 'tag', displayType: 'list', label: 'Lot', position, status: 'active', selectType: 'multiple', valueType: 'all', sortType: 'key-asc', showMoreType: 'viewmore', showSearchBoxFilterPC: true, showSearchBoxFilterMobile: true, prefix: 'lot:' };
  return { ...luma, products, filterTree: [...luma.filterTree, lot] };
}

/** A filter tree for catalogs that come without one (the CSV samples). */
const CSV_TREE = [
  { filterOptionId: 'pf_pt_product_type', filterType: 'product_type', displayType: 'list', label: 'Product type', position: 1, status: 'active', selectType: 'multiple' },
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Vendor', position: 2, status: 'active', selectType: 'multiple' },
  { filterOptionId: 'pf_t_tag', filterType: 'tag', displayType: 'box', label: 'Tag', position: 3, status: 'active', selectType: 'multiple' },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', position: 4, status: 'active', selectType: 'multiple', sliderStep: 1 },
  { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list', label: 'Availability', position: 5, status: 'active', selectType: 'single' },
];

/**
 * Loads a catalog by name. `luma` reads data/luma/catalog.json (its photos are served from
 * data/luma/images); `shopify-csv` imports data/shopify-csv/*.csv with the engine's CSV importer
 * (their photo URLs point to a CDN, so pictures show only with network access);
 * `luma-scaled:<products>` is Luma repeated to that many products (scaleLuma) and
 * `luma-wide-option:<values>` is Luma with a tag option of that many values (widenLuma).
 */
export function loadCatalog(name = 'luma') {
  if (name === 'luma') return { name, title: 'Luma', catalog: demoLuma(), imagesDir: join(repoRoot, 'data/luma/images') };
  const scaled = SCALED.exec(name);
  if (scaled) {
    const count = Number(scaled[1]);
    if (count < 1 || count > MAX_PRODUCTS) throw new Error(`[@apps/demo-shop] Catalog "${name}": the product count must be 1 to ${MAX_PRODUCTS}.`);
    return { name, title: `Luma x${count}`, catalog: scaleLuma(demoLuma(), count), imagesDir: join(repoRoot, 'data/luma/images') };
  }
  const wide = WIDE.exec(name);
  if (wide) {
    const values = Number(wide[1]);
    if (values < 1 || values > MAX_VALUES) throw new Error(`[@apps/demo-shop] Catalog "${name}": the value count must be 1 to ${MAX_VALUES}.`);
    return { name, title: 'Luma', catalog: widenLuma(demoLuma(), values), imagesDir: join(repoRoot, 'data/luma/images') };
  }
  if (name === 'shopify-csv') {
    const dir = join(repoRoot, 'data/shopify-csv');
    const csv = readdirSync(dir).filter((f) => f.endsWith('.csv')).sort().map((f) => readFileSync(join(dir, f), 'utf8'));
    const products = importProductCsv(csv);
    // Collections from the product type, or the first tag when the CSV has no type (men, women, ...).
    const groupOf = (p) => p.productType || p.tags?.[0] || '';
    const groups = [...new Set(products.map(groupOf).filter(Boolean))];
    const handleOf = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const collections = groups.map((t, i) => ({ id: String(3001 + i), handle: handleOf(t), title: t.charAt(0).toUpperCase() + t.slice(1), sortOrder: i + 1 }));
    for (const p of products) {
      const g = groupOf(p);
      if (g) p.collections = [...new Set([...(p.collections ?? []), handleOf(g)])];
    }
    return { name, title: 'CSV sample', catalog: { products, collections, filterTree: CSV_TREE }, imagesDir: null };
  }
  throw new Error(`[@apps/demo-shop] Unknown catalog "${name}". Choose one of: ${CATALOGS.join(', ')} (CATALOG=... or --catalog=...).`);
}
