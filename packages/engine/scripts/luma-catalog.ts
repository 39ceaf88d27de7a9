// Converts the Luma sample data (data/luma/csv) into the engine's catalog (data/luma/catalog.json)
// and a filter tree using every display type (data/luma/filter-tree.json). Pure and
// deterministic: the same CSVs give byte-identical files. Fields Luma lacks are derived from an
// FNV-1a hash of the SKU and documented in data/luma/DERIVED.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog, CatalogCollection, CatalogPage, CatalogProduct, CatalogVariant, EngineFilterOption } from '../src/catalog';
import { parseCsvRecords } from '../src/parse-csv';
import { slugify } from '../src/text';

/**
 * Luma's product names carry HTML entities ("HeatTec&reg;"); a product title is plain text on
 * the wire, so names are decoded here, once, at conversion.
 */
const NAMED: Record<string, string> = { reg: '\u00ae', trade: '\u2122', copy: '\u00a9', amp: '&', quot: '"', apos: "'", nbsp: ' ', lt: '<', gt: '>' };
function plainName(name: string | undefined): string {
  return (name ?? '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return NAMED[e.toLowerCase()] ?? m;
    })
    .trim();
}

/** FNV-1a, 32 bits: the one source of every derived value. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const VENDORS = ['Luma', 'Luma', 'Luma', 'Ravenna Outfitters', 'Helios Gear', 'Mistral Sport', 'Overland Co.', 'Juno Athletics'];
export const SWATCH_COLORS: Record<string, string> = {
  Black: '#1d1d1d', Blue: '#1f5fbf', Brown: '#7a4b2a', Gray: '#8a8d91', Green: '#2e8b57', Lavender: '#b497d6',
  Orange: '#f28c28', Purple: '#6b3fa0', Red: '#c8102e', White: '#ffffff', Yellow: '#f5d033',
};
const EPOCH = Date.UTC(2023, 0, 1);
const DAY = 86_400_000;

const money = (n: number) => Math.round(n * 100) / 100;
const lines = (s: string | undefined) => (s ?? '').split(/\n|\|/).map((x) => x.trim()).filter(Boolean);

export interface LumaFiles {
  catalog: string;
  filterTree: string;
  swatches: string;
}

/** Reads data/luma and builds the catalog, the filter tree and the swatch settings as JSON text. */
export function buildLumaCatalog(dataDir: string): LumaFiles {
  const read = (rel: string) => readFileSync(join(dataDir, 'csv', rel), 'utf8');
  const imageUrl = (path: string | undefined): string | null => {
    const file = (path ?? '').split('/').pop() ?? '';
    return file && existsSync(join(dataDir, 'images', file)) ? `/images/luma/${file}` : null;
  };

  // Collections from both category trees, in file order (sort_order).
  const collections: CatalogCollection[] = [];
  const byPath = new Map<string, CatalogCollection>();
  for (const file of ['ConfigurableSampleData/categories.csv', 'CatalogSampleData/categories.csv']) {
    for (const c of parseCsvRecords(read(file))) {
      const path = c.path ? `${c.path}/${c.name}` : (c.name ?? '');
      // Both files list the Collections and Yoga New categories: one collection each.
      if (byPath.has(path)) continue;
      const col: CatalogCollection = {
        id: String(2000 + collections.length + 1),
        handle: c.url_key ?? slugify(path),
        title: c.name ?? '',
        description: `<p>${c.name} from the Luma ${path.split('/')[0]} range.</p>`,
        image: null,
        sortOrder: collections.length + 1,
      };
      collections.push(col);
      byPath.set(path, col);
    }
  }
  // A title shared by several categories (Men/Bottoms and Women/Bottoms, Promotions/Pants and
  // Men/Pants) names its parent, so a shopper can tell them apart in the collection filter and in
  // the suggestions; the top category called "Collections" gets a name that says what it holds.
  const titleCount = new Map<string, number>();
  for (const c of collections) titleCount.set(c.title, (titleCount.get(c.title) ?? 0) + 1);
  for (const [path, c] of byPath) {
    const parts = path.split('/');
    const [top = '', parent = ''] = [parts[0], parts[parts.length - 2]];
    if (c.title === 'Collections' && parts.length === 1) c.title = 'Featured Collections';
    else if (parts.length > 1 && (titleCount.get(c.title) ?? 0) > 1) c.title = top === 'Men' || top === 'Women' ? `${top}'s ${c.title}` : `${c.title} (${parent})`;
  }

  const reviews = new Map<string, number[]>();
  for (const r of parseCsvRecords(read('ReviewSampleData/products_reviews.csv'))) {
    const list = reviews.get(r.sku ?? '') ?? [];
    list.push(Number(r.rating_value));
    reviews.set(r.sku ?? '', list);
  }

  const products: CatalogProduct[] = [];
  const derive = (sku: string) => {
    const h = fnv1a(sku);
    const created = new Date(EPOCH + (h % 730) * DAY).toISOString();
    const r = reviews.get(sku) ?? [];
    return {
      vendor: VENDORS[h % VENDORS.length] as string,
      createdAt: created,
      sales: Math.floor(2000 / (1 + (fnv1a(`${sku}#sales`) % 97))),
      rating: r.length ? Math.round((r.reduce((a, b) => a + b, 0) / r.length) * 10) / 10 : 0,
      reviewCount: r.length,
      onSale: h % 5 === 0,
      /** compare-at = price x markup: 10% to 70% above the price. */
      markup: 1.1 + ((h >>> 8) % 61) / 100,
    };
  };
  const variantStock = (sku: string) => {
    const h = fnv1a(`${sku}#stock`);
    return h % 8 === 0 ? 0 : 1 + (h % 60);
  };
  const categoryInfo = (paths: string[]) => {
    const cols = new Set<string>();
    const tags: string[] = [];
    let type = '';
    for (const raw of paths) {
      const path = raw.replace(/^Default Category\/?/, '');
      if (!path) continue;
      const parts = path.split('/');
      for (let i = 1; i <= parts.length; i++) {
        const c = byPath.get(parts.slice(0, i).join('/'));
        if (c) cols.add(c.handle);
      }
      if (parts[0] !== 'Collections' && parts[0] !== 'Promotions') {
        tags.push(`cat:${parts.join('>')}`);
        if (parts.length >= 2 && !type) type = parts[parts.length - 1] as string;
      }
    }
    return { collections: [...cols], tags, type };
  };

  // Configurable products with their size x colour children.
  const rows = parseCsvRecords(read('ConfigurableSampleData/products.csv'));
  const simpleBySku = new Map(rows.filter((r) => r.product_type === 'simple').map((r) => [r.sku ?? '', r]));
  for (const r of rows.filter((x) => x.product_type === 'configurable')) {
    const sku = r.sku ?? '';
    const d = derive(sku);
    const attrs = new Map((r.additional_attributes ?? '').split(',').map((kv) => kv.split('=') as [string, string]));
    const cat = categoryInfo((r.categories ?? '').split(','));
    const tags = [...cat.tags];
    for (const key of ['material', 'pattern', 'climate']) for (const v of lines(attrs.get(key))) tags.push(`${key}:${v}`);
    for (const [key, tag] of [['eco_collection', 'eco-friendly'], ['performance_fabric', 'performance-fabric'], ['erin_recommends', 'erin-recommends'], ['new', 'new'], ['sale', 'sale']] as const) {
      if (attrs.get(key) === 'Yes') tags.push(tag);
    }
    const children = (r.configurable_variations ?? '').split('|').map((v) => Object.fromEntries(v.split(',').map((kv) => kv.split('=') as [string, string])));
    const sizes = [...new Set(children.map((c) => c.size ?? '').filter(Boolean))];
    const colors = [...new Set(children.map((c) => c.color ?? '').filter(Boolean))];
    const price = Number(r.price);
    const variants: CatalogVariant[] = children.map((c, i) => {
      const child = simpleBySku.get(c.sku ?? '');
      const qty = variantStock(c.sku ?? '');
      return {
        id: String(products.length + 1) + String(i + 1).padStart(3, '0'),
        title: `${c.size} / ${c.color}`,
        sku: c.sku ?? '',
        barcode: '',
        price,
        compareAtPrice: d.onSale ? money(price * d.markup) : null,
        available: qty > 0,
        inventoryQuantity: qty,
        options: [c.size ?? '', c.color ?? ''],
        weight: Math.round(Number(child?.weight || 1) * 453.59),
        image: imageUrl(child?.base_image),
        fulfillmentService: 'manual',
      };
    });
    const images = [r.base_image, ...(r.additional_images ?? '').split(',')]
      .map(imageUrl)
      .filter((x): x is string => x !== null)
      .filter((x, i, a) => a.indexOf(x) === i)
      .map((src) => ({ src, width: 360, height: 450, alt: plainName(r.name) }));
    products.push({
      id: String(products.length + 1),
      handle: slugify(plainName(r.name) || sku),
      title: plainName(r.name),
      vendor: d.vendor,
      productType: cat.type || (r.attribute_set_code ?? ''),
      tags,
      bodyHtml: r.description ?? '',
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      publishedAt: d.createdAt,
      images,
      options: [{ name: 'Size', values: sizes }, { name: 'Color', values: colors }],
      variants,
      collections: cat.collections,
      rating: d.rating,
      reviewCount: d.reviewCount,
      sales: d.sales,
    });
  }

  // Gear: single products, plus the stasis balls and yoga straps grouped into one product each.
  const gearImages = new Map<string, string>();
  for (const f of ['images_gear_bags.csv', 'images_gear_fitness_equipment.csv', 'images_gear_watches.csv']) {
    for (const r of parseCsvRecords(read(`CatalogSampleData/SimpleProduct/${f}`))) if (!gearImages.has(r.sku ?? '')) gearImages.set(r.sku ?? '', r.image ?? '');
  }
  const gearFiles = ['products_gear_bags.csv', 'products_gear_fitness_equipment.csv', 'products_gear_watches.csv', 'products_gear_fitness_equipment_ball.csv', 'products_gear_fitness_equipment_strap.csv'];
  const groups = new Map<string, Array<Record<string, string>>>();
  for (const f of gearFiles) {
    for (const r of parseCsvRecords(read(`CatalogSampleData/SimpleProduct/${f}`))) {
      const key = f.includes('_ball') || f.includes('_strap') ? `group:${r.attribute_set}` : `sku:${r.sku}`;
      const g = groups.get(key) ?? [];
      g.push(r);
      groups.set(key, g);
    }
  }
  for (const [key, g] of groups) {
    const first = g[0] as Record<string, string>;
    const grouped = key.startsWith('group:');
    const sku = grouped ? (first.sku ?? '').replace(/-[a-z]+$/, '') : (first.sku ?? '');
    const d = derive(sku);
    // The gear category column lists parent and child names in pairs: Gear, Bags, Collections, ...
    const names = lines(first.category);
    const paths: string[] = [];
    for (let i = 0; i + 1 < names.length; i += 2) paths.push(`${names[i]}/${names[i + 1]}`);
    const cat = categoryInfo(paths);
    const tags = [...cat.tags];
    for (const k of ['activity', 'material', 'pattern', 'style_bags', 'features_bags', 'category_gear', 'gender']) for (const v of lines(first[k])) tags.push(`${k.replace(/_bags|_gear/, '')}:${v}`);
    for (const [k, tag] of [['eco_collection', 'eco-friendly'], ['performance_fabric', 'performance-fabric'], ['erin_recommends', 'erin-recommends'], ['new', 'new'], ['sale', 'sale']] as const) {
      if (first[k] === '1' || first[k] === 'Yes') tags.push(tag);
    }
    const hasSize = grouped && g.some((r) => r.size);
    const hasColor = grouped && g.some((r) => r.color);
    const options = [
      ...(hasSize ? [{ name: 'Size', values: [...new Set(g.map((r) => r.size ?? ''))] }] : []),
      ...(hasColor ? [{ name: 'Color', values: [...new Set(g.map((r) => r.color ?? ''))] }] : []),
    ];
    const pid = String(products.length + 1);
    const variants: CatalogVariant[] = g.map((r, i) => {
      const price = Number(r.price);
      const special = r.special_price ? Number(r.special_price) : NaN;
      const qty = variantStock(r.sku ?? '');
      const opts = [...(hasSize ? [r.size ?? ''] : []), ...(hasColor ? [r.color ?? ''] : [])];
      return {
        id: pid + String(i + 1).padStart(3, '0'),
        title: opts.join(' / ') || 'Default Title',
        sku: r.sku ?? '',
        barcode: '',
        price: Number.isFinite(special) && special < price ? special : price,
        compareAtPrice: Number.isFinite(special) && special < price ? price : d.onSale ? money(price * d.markup) : null,
        available: qty > 0,
        inventoryQuantity: qty,
        options: opts,
        weight: 200 + (fnv1a(`${r.sku}#weight`) % 1800),
        image: imageUrl(gearImages.get(r.sku ?? '')),
        fulfillmentService: 'manual',
      };
    });
    const name = grouped ? (first.attribute_set ?? '') : plainName(first.name);
    const images = g.map((r) => imageUrl(gearImages.get(r.sku ?? ''))).filter((x): x is string => x !== null).filter((x, i, a) => a.indexOf(x) === i).map((src) => ({ src, width: 360, height: 450, alt: name }));
    products.push({
      id: pid,
      handle: slugify(name),
      title: name,
      vendor: d.vendor,
      productType: cat.type || 'Gear',
      tags,
      bodyHtml: first.description ?? '',
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      publishedAt: d.createdAt,
      images,
      options,
      variants,
      collections: cat.collections,
      rating: d.rating,
      reviewCount: d.reviewCount,
      sales: d.sales,
    });
  }

  // Tag values are plain text, as names are ("Cocona&reg;" reads "Cocona®"), and one value is
  // spelt one way: the spelling most products use wins over a variant in letter case only
  // ("Cocona® performance Fabric" on one product joins "... fabric" on 26).
  const spellings = new Map<string, Map<string, number>>();
  for (const p of products) {
    p.tags = p.tags.map(plainName);
    for (const t of p.tags) {
      const forms = spellings.get(t.toLowerCase()) ?? new Map<string, number>();
      forms.set(t, (forms.get(t) ?? 0) + 1);
      spellings.set(t.toLowerCase(), forms);
    }
  }
  const spelling = (t: string) => {
    const forms = [...(spellings.get(t.toLowerCase()) ?? new Map<string, number>())];
    return forms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? t;
  };
  for (const p of products) p.tags = [...new Set(p.tags.map(spelling))];

  // Second-level tags of a multi-level collection option: the activities in each collection.
  for (const c of collections) {
    const counts = new Map<string, number>();
    for (const p of products) if (p.collections.includes(c.handle)) for (const t of p.tags) if (t.startsWith('climate:') || t.startsWith('activity:')) counts.set(t, (counts.get(t) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([t]) => t);
    if (top.length > 0) c.tags = top;
  }

  const pages: CatalogPage[] = parseCsvRecords(read('CmsSampleData/pages/pages.csv'))
    .filter((p) => p.identifier !== 'home')
    .map((p, i) => ({ id: String(3001 + i), title: p.title ?? '', url: `/pages/${p.identifier}`, bodyHtml: p.content ?? '' }));

  const catalog: Catalog = {
    products,
    collections,
    pages,
    redirects: { 'customer service': '/pages/customer-service', 'privacy': '/pages/privacy-policy-cookie-restriction-mode', 'about': '/pages/about-us' },
    popularQueries: [{ query: 'yoga pants', count: 40 }, { query: 'hoodie', count: 32 }, { query: 'water bottle', count: 18 }, { query: 'backpack', count: 15 }, { query: 'running jacket', count: 9 }],
  };
  const tree = lumaFilterTree();
  const swatches = Object.fromEntries(Object.entries(SWATCH_COLORS).map(([name, hex]) => [`pfs-swatch-${slugify(name)}`, { type: 'one_color', colorCodes: [hex] }]));
  return {
    catalog: stableJson({ ...catalog, filterTree: tree, swatches }),
    filterTree: `${JSON.stringify(tree, null, 2)}\n`,
    swatches: `${JSON.stringify(swatches, null, 2)}\n`,
  };
}

/** The Luma filter tree: every display type of F3.5 at least once. */
export function lumaFilterTree(): EngineFilterOption[] {
  let position = 0;
  const o = (filterOptionId: string, filterType: string, displayType: string, label: string, extra: Partial<EngineFilterOption> = {}): EngineFilterOption => ({
    filterOptionId, filterType, displayType, label, position: ++position, status: 'active', selectType: 'multiple', valueType: 'all', sortType: 'key-asc', showMoreType: 'viewmore', ...extra,
  });
  return [
    o('pf_c_collection', 'collection', 'multi_level_collections', 'Collection', { selectType: 'single', removeTextFilterValues: 'climate:,activity:' }),
    o('pf_c_category', 'collection', 'sub_category', 'Category', { selectType: 'single' }),
    o('pf_t_category', 'multi_level_tag', 'multi_level_tag', 'Department', { prefix: 'cat:' }),
    o('pf_pt_product_type', 'product_type', 'box', 'Product type'),
    o('pf_v_vendor', 'vendor', 'list', 'Brand', { sortType: 'doc_count-desc' }),
    o('pf_opt_color', 'option', 'swatch', 'Color', { field: 'Color' }),
    o('pf_opt_size', 'option', 'box', 'Size', { field: 'Size', sortManualValues: true, manualValues: ['XS', 'S', 'M', 'L', 'XL', '28', '29', '30', '31', '32', '33', '34', '36', '38'] }),
    o('pf_p_price', 'price', 'range', 'Price', { sliderStep: 1 }),
    o('pf_ps_discount', 'percent_sale', 'list', 'Discount', { manualValues: ['1:19', '20:39', '40:'] }),
    o('pf_r_rating', 'review_ratings', 'rating', 'Rating', { selectType: 'single', starColor: '#f5b301' }),
    o('pf_st_stock', 'stock', 'list', 'Availability'),
    o('pf_t_material', 'tag', 'list', 'Material', { prefix: 'material:', sortType: 'doc_count-desc' }),
    o('pf_t_climate', 'tag', 'box', 'Climate', { prefix: 'climate:' }),
    o('pf_w_weight', 'weight', 'range', 'Weight (g)'),
  ];
}

/** JSON with stable formatting: the catalog's top-level keys sorted, one product per line. */
export function stableJson(value: Record<string, unknown>): string {
  const keys = Object.keys(value).sort();
  const parts = keys.map((k) => {
    const v = value[k];
    if (Array.isArray(v)) return `${JSON.stringify(k)}: [\n${v.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n]`;
    return `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  });
  return `{\n${parts.join(',\n')}\n}\n`;
}
