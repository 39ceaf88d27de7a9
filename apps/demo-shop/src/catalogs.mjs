// The demo shop's catalogs: the Luma catalog (default) or the platform CSV samples.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importProductCsv } from '@pkg/engine';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CATALOGS = ['luma', 'shopify-csv'];

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
 * (their photo URLs point to a CDN, so pictures show only with network access).
 */
export function loadCatalog(name = 'luma') {
  if (name === 'luma') {
    const catalog = JSON.parse(readFileSync(join(repoRoot, 'data/luma/catalog.json'), 'utf8'));
    return { name, title: 'Luma', catalog, imagesDir: join(repoRoot, 'data/luma/images') };
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
