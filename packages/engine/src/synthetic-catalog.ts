// A deterministic, seeded generator of large synthetic catalogs for benchmarks and scale tests:
// Zipf-distributed vendors, types and tags, log-normal prices, colour x size variants, sales,
// ratings, multi-level category tags and collections. Same seed, same catalog, byte for byte.
import { seededRandom } from '@pkg/kit';
import type { Catalog, CatalogCollection, CatalogProduct, CatalogVariant, EngineFilterOption } from './catalog';

/** The generator's random source (the kit's seeded PRNG), for the benches and tests that draw beside it. */
export { seededRandom };

/** A Zipf(s) sampler over n ranks (0 = most frequent), by inverse CDF on a precomputed table. */
export function zipf(n: number, s: number, rnd: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const ADJ = ['Classic', 'Vintage', 'Modern', 'Essential', 'Premium', 'Everyday', 'Urban', 'Coastal', 'Alpine', 'Studio', 'Heritage', 'Summit', 'Breeze', 'Nordic', 'Desert', 'Harbor', 'Meadow', 'Metro', 'Canyon', 'Aurora'];
const MATERIAL = ['Cotton', 'Linen', 'Wool', 'Leather', 'Denim', 'Silk', 'Cashmere', 'Bamboo', 'Hemp', 'Fleece', 'Canvas', 'Suede', 'Merino', 'Nylon', 'Ceramic', 'Oak', 'Walnut', 'Steel', 'Brass', 'Glass'];
const NOUN: Array<[string, string]> = [
  ['Shirt', 'Tops'], ['Tee', 'Tops'], ['Hoodie', 'Tops'], ['Sweater', 'Tops'], ['Jacket', 'Outerwear'], ['Coat', 'Outerwear'],
  ['Vest', 'Outerwear'], ['Jeans', 'Bottoms'], ['Chinos', 'Bottoms'], ['Shorts', 'Bottoms'], ['Skirt', 'Bottoms'], ['Dress', 'Dresses'],
  ['Sneakers', 'Shoes'], ['Boots', 'Shoes'], ['Sandals', 'Shoes'], ['Backpack', 'Bags'], ['Tote', 'Bags'], ['Wallet', 'Accessories'],
  ['Belt', 'Accessories'], ['Scarf', 'Accessories'], ['Beanie', 'Accessories'], ['Watch', 'Watches'], ['Mug', 'Kitchen'], ['Bowl', 'Kitchen'],
  ['Lamp', 'Lighting'], ['Candle', 'Home Decor'], ['Blanket', 'Bedding'], ['Pillow', 'Bedding'], ['Chair', 'Furniture'], ['Table', 'Furniture'],
];
const COLORS = ['Black', 'White', 'Gray', 'Navy', 'Blue', 'Red', 'Green', 'Olive', 'Beige', 'Brown', 'Pink', 'Yellow', 'Orange', 'Purple'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const TAG_WORDS = ['new', 'sale', 'bestseller', 'eco', 'organic', 'limited', 'gift', 'summer', 'winter', 'spring', 'autumn', 'outdoor', 'indoor', 'travel', 'sport', 'casual', 'formal', 'vegan', 'handmade', 'recycled'];
const DEPARTMENTS = ['Men', 'Women', 'Kids', 'Home'];
const SYL = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'sel', 'dun', 'bri', 'cas', 'mor', 'lin', 'tha', 'quo', 'zen', 'pel'];

export interface SyntheticOptions {
  products: number;
  seed?: number;
  vendors?: number;
  tags?: number;
  /** Give products a generated description of 20-40 words (for build-time benchmarks; default false). */
  descriptions?: boolean;
  /**
   * `shop`: the density of real shops (see generateShopCatalog): 60 types, vendors specialised by
   * type, about 7.5 tags per product from 1,500 Zipf-distributed tags, 25 colours x 10 sizes and
   * about 4.9 variants per product. Default `classic`: the catalogue the older benches and tests use.
   */
  profile?: 'classic' | 'shop';
}

function pick<T>(list: readonly T[], rnd: () => number): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function word(rnd: () => number, syllables: number): string {
  let w = '';
  for (let i = 0; i < syllables; i++) w += pick(SYL, rnd);
  return w;
}

/** Generates a catalog of `products` products, deterministic for a given seed. */
export function generateCatalog(opts: SyntheticOptions): Catalog {
  if (opts.profile === 'shop') return generateShopCatalog(opts);
  const rnd = seededRandom(opts.seed ?? 1);
  // Descriptions from their own sequence, so that every other field is as it was without them.
  const rndText = seededRandom((opts.seed ?? 1) + 7919);
  const FILLER = ['made', 'with', 'soft', 'durable', 'comfortable', 'everyday', 'wear', 'easy', 'care', 'machine', 'wash', 'lightweight', 'design', 'fit', 'feel', 'quality', 'details', 'classic', 'style', 'for', 'and', 'the', 'a', 'of', 'in', 'warm', 'cool', 'weather', 'travel', 'home'];
  const description = (noun: string, material: string) => {
    const words: string[] = [];
    for (let k = 0, n = 12 + Math.floor(rndText() * 20); k < n; k++) words.push(pick(FILLER, rndText));
    return `<p>Our ${material.toLowerCase()} ${noun.toLowerCase()}: ${words.join(' ')}.</p><ul><li>${pick(ADJ, rndText)} ${pick(MATERIAL, rndText).toLowerCase()} trim</li></ul>`;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const vendorCount = opts.vendors ?? 200;
  const tagCount = opts.tags ?? 600;
  const vendors = Array.from({ length: vendorCount }, (_, i) => {
    const w = word(rnd, 2 + (i % 2));
    return `${w[0]?.toUpperCase()}${w.slice(1)} ${i % 3 === 0 ? 'Co.' : i % 3 === 1 ? 'Supply' : 'Studio'}`;
  });
  const tags = Array.from({ length: tagCount }, (_, i) => (i < TAG_WORDS.length ? (TAG_WORDS[i] as string) : `${pick(TAG_WORDS, rnd)}-${word(rnd, 2)}`));
  const vendorOf = zipf(vendorCount, 1.07, rnd);
  const tagOf = zipf(tagCount, 1.0, rnd);
  const nounOf = zipf(NOUN.length, 0.6, rnd);
  const colorOf = zipf(COLORS.length, 0.8, rnd);
  const salesOf = zipf(5000, 1.1, rnd);

  const types = [...new Set(NOUN.map(([, t]) => t))];
  const collections: CatalogCollection[] = [
    ...types.map((t, i) => ({ id: String(1000 + i), handle: t.toLowerCase().replace(/\s+/g, '-'), title: t, description: `<p>Our ${t.toLowerCase()}.</p>`, image: null, sortOrder: i + 1, tags: TAG_WORDS.slice(0, 4) })),
    ...DEPARTMENTS.map((d, i) => ({ id: String(1100 + i), handle: d.toLowerCase(), title: d, description: `<p>Everything for ${d.toLowerCase()}.</p>`, image: null, sortOrder: types.length + i + 1 })),
  ];
  const start = Date.UTC(2022, 0, 1);
  const span = 3 * 365 * 86400000;
  const products: CatalogProduct[] = [];
  for (let i = 0; i < opts.products; i++) {
    const [noun, type] = NOUN[nounOf()] as [string, string];
    const adj = pick(ADJ, rnd);
    const material = pick(MATERIAL, rnd);
    const title = `${adj} ${material} ${noun}${rnd() < 0.3 ? ` ${word(rnd, 2)}` : ''}`;
    const id = String(100000 + i);
    const handle = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`;
    const base = Math.round(Math.exp(3.4 + 0.75 * normal()) * 100) / 100;
    const price = Math.max(1, Math.floor(base)) + 0.99;
    const onSale = rnd() < 0.25;
    const compare = onSale ? Math.round(price / (1 - (0.1 + rnd() * 0.5))) + 0.99 : null;
    const nColors = 1 + Math.floor(rnd() * 3);
    const colors = [...new Set(Array.from({ length: nColors }, () => COLORS[colorOf()] as string))];
    const sized = type !== 'Kitchen' && type !== 'Lighting' && type !== 'Home Decor' && type !== 'Furniture';
    const sizeStart = Math.floor(rnd() * 4);
    const sizes = sized ? SIZES.slice(sizeStart, sizeStart + 1 + Math.floor(rnd() * 2)) : [];
    const options = [{ name: 'Color', values: colors }, ...(sizes.length > 0 ? [{ name: 'Size', values: sizes }] : [])];
    const variants: CatalogVariant[] = [];
    const productAvailable = rnd() < 0.9;
    for (const c of colors) {
      for (const s of sizes.length > 0 ? sizes : [null]) {
        const n = variants.length;
        const available = productAvailable && rnd() < 0.85;
        variants.push({
          id: `${id}${String(n + 1).padStart(2, '0')}`,
          title: s ? `${c} / ${s}` : c,
          sku: `${noun.slice(0, 3).toUpperCase()}-${id}-${n + 1}`,
          barcode: '',
          price: n === 0 ? price : Math.round((price + (rnd() < 0.3 ? 5 : 0)) * 100) / 100,
          compareAtPrice: compare,
          available,
          inventoryQuantity: available ? 1 + Math.floor(rnd() * 60) : 0,
          options: s ? [c, s] : [c],
          weight: 100 + Math.floor(rnd() * 1900),
          image: null,
          fulfillmentService: 'manual',
        });
      }
    }
    const nTags = 2 + Math.floor(rnd() * 5);
    const ptags = new Set<string>();
    for (let k = 0; k < nTags; k++) ptags.add(tags[tagOf()] as string);
    const dept = DEPARTMENTS[sized ? Math.floor(rnd() * 3) : 3] as string;
    ptags.add(`cat:${dept}>${type}>${noun}`);
    const reviewed = rnd() < 0.6;
    const created = new Date(start + Math.floor(rnd() * span)).toISOString();
    products.push({
      id,
      handle,
      title,
      vendor: vendors[vendorOf()] as string,
      productType: type,
      tags: [...ptags],
      bodyHtml: opts.descriptions ? description(noun, material) : '',
      createdAt: created,
      updatedAt: created,
      publishedAt: created,
      images: [{ src: `/images/synthetic/${noun.toLowerCase()}.jpg`, width: 360, height: 450 }],
      options,
      variants,
      collections: [type.toLowerCase().replace(/\s+/g, '-'), dept.toLowerCase()],
      rating: reviewed ? Math.round(Math.min(5, Math.max(1, 4.1 + 0.8 * normal())) * 10) / 10 : 0,
      reviewCount: reviewed ? 1 + Math.floor(rnd() * 200) : 0,
      sales: salesOf(),
    });
  }
  return { products, collections, filterTree: syntheticFilterTree() };
}

/** A filter tree over the synthetic catalog, one option per family the engine answers. */
export function syntheticFilterTree(): EngineFilterOption[] {
  const o = (position: number, filterOptionId: string, filterType: string, displayType: string, label: string, extra: Partial<EngineFilterOption> = {}): EngineFilterOption => ({
    filterOptionId, filterType, displayType, label, position, status: 'active', selectType: 'multiple', ...extra,
  });
  return [
    o(1, 'pf_c_collection', 'collection', 'list', 'Collection'),
    o(2, 'pf_v_vendor', 'vendor', 'list', 'Brand', { sortType: 'doc_count-desc' }),
    o(3, 'pf_pt_product_type', 'product_type', 'box', 'Type'),
    o(4, 'pf_opt_color', 'option', 'swatch', 'Color'),
    o(5, 'pf_opt_size', 'option', 'box', 'Size'),
    o(6, 'pf_p_price', 'price', 'range', 'Price'),
    o(7, 'pf_r_rating', 'review_ratings', 'rating', 'Rating'),
    o(8, 'pf_st_stock', 'stock', 'list', 'Availability'),
    o(9, 'pf_t_tag', 'tag', 'list', 'Tags', { sortType: 'doc_count-desc' }),
    o(10, 'pf_ps_sale', 'percent_sale', 'list', 'Discount', { manualValues: ['10:20', '20:40', '40:'] }),
    o(11, 'pf_t_category', 'multi_level_tag', 'multi_level_tag', 'Category', { prefix: 'cat:' }),
  ];
}

const SHOP_COLORS = ['Black', 'White', 'Gray', 'Charcoal', 'Navy', 'Blue', 'Sky', 'Teal', 'Green', 'Olive', 'Mint', 'Red', 'Burgundy', 'Pink', 'Coral', 'Orange', 'Yellow', 'Mustard', 'Beige', 'Cream', 'Brown', 'Tan', 'Purple', 'Lilac', 'Silver'];
const SHOP_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];

/**
 * A catalogue at the density of real shops: 60 product types (Zipf), `vendors` vendors (default
 * 200) each selling 1-3 types, so a type's products come from its own vendors (Zipf among them);
 * 5-10 tags per product (7.5 on average) from `tags` (default 1,500) Zipf-distributed tags plus a
 * category tag; 1-3 of 25 colours x 1-4 of 10 sizes (sized types only) as variants with options
 * (about 4.9 per product); log-normal prices; ratings, sales and collections as generateCatalog.
 */
export function generateShopCatalog(opts: SyntheticOptions): Catalog {
  const rnd = seededRandom(opts.seed ?? 1);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const types = Array.from({ length: 60 }, (_, i) => `${pick(ADJ, rnd)} ${(NOUN[i % NOUN.length] as [string, string])[0]}${i >= NOUN.length ? 's' : ''}`);
  const nounOfType = types.map((_, i) => (NOUN[i % NOUN.length] as [string, string])[0]);
  const sizedType = types.map((_, i) => i % 4 !== 3);
  const vendorCount = opts.vendors ?? 200;
  const vendors = Array.from({ length: vendorCount }, (_, i) => `${word(rnd, 2 + (i % 2)).replace(/^./, (c) => c.toUpperCase())} ${['Co.', 'Supply', 'Studio', 'Goods', 'Works'][i % 5] as string} ${i + 1}`);
  // Each vendor sells its own type (every type has a vendor) and up to two others.
  const vendorsOfType: number[][] = types.map(() => []);
  vendors.forEach((_, v) => {
    const own = new Set([v % types.length]);
    for (let k = 0, n = Math.floor(rnd() * 3); k < n; k++) own.add(Math.floor(rnd() * types.length));
    for (const t of own) (vendorsOfType[t] as number[]).push(v);
  });
  const vendorZipf = vendorsOfType.map((list) => zipf(list.length, 1.0, rnd));
  const tagCount = opts.tags ?? 1500;
  const tags = Array.from({ length: tagCount }, (_, i) => (i < TAG_WORDS.length ? (TAG_WORDS[i] as string) : `${pick(TAG_WORDS, rnd)}-${word(rnd, 2)}`));
  const tagOf = zipf(tagCount, 1.0, rnd);
  const typeOf = zipf(types.length, 0.8, rnd);
  const colorOf = zipf(SHOP_COLORS.length, 0.7, rnd);
  const salesOf = zipf(5000, 1.1, rnd);
  const collections: CatalogCollection[] = DEPARTMENTS.map((d, i) => ({ id: String(1100 + i), handle: d.toLowerCase(), title: d, description: `<p>Everything for ${d.toLowerCase()}.</p>`, image: null, sortOrder: i + 1 }));
  const start = Date.UTC(2022, 0, 1);
  const span = 3 * 365 * 86400000;
  const products: CatalogProduct[] = [];
  for (let i = 0; i < opts.products; i++) {
    const t = typeOf();
    const type = types[t] as string;
    const list = vendorsOfType[t] as number[];
    const vendor = vendors[list[(vendorZipf[t] as () => number)()] as number] as string;
    const title = `${pick(ADJ, rnd)} ${pick(MATERIAL, rnd)} ${nounOfType[t] as string}${rnd() < 0.3 ? ` ${word(rnd, 2)}` : ''}`;
    const id = String(100000 + i);
    const price = Math.max(1, Math.floor(Math.exp(3.4 + 0.75 * normal()))) + 0.99;
    const compare = rnd() < 0.25 ? Math.round(price / (1 - (0.1 + rnd() * 0.5))) + 0.99 : null;
    const colors = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => SHOP_COLORS[colorOf()] as string))];
    const sizeStart = Math.floor(rnd() * 7);
    const sizes = sizedType[t] ? SHOP_SIZES.slice(sizeStart, sizeStart + 1 + Math.floor(rnd() * 4)) : [];
    const productAvailable = rnd() < 0.9;
    const variants: CatalogVariant[] = [];
    for (const c of colors) {
      for (const sz of sizes.length > 0 ? sizes : [null]) {
        const n = variants.length;
        const available = productAvailable && rnd() < 0.85;
        variants.push({
          id: `${id}${String(n + 1).padStart(2, '0')}`, title: sz ? `${c} / ${sz}` : c, sku: `S-${id}-${n + 1}`, barcode: '',
          price: n === 0 ? price : Math.round((price + (rnd() < 0.3 ? 5 : 0)) * 100) / 100, compareAtPrice: compare, available,
          inventoryQuantity: available ? 1 + Math.floor(rnd() * 60) : 0, options: sz ? [c, sz] : [c], weight: 100 + Math.floor(rnd() * 1900), image: null, fulfillmentService: 'manual',
        });
      }
    }
    const ptags = new Set<string>();
    for (let k = 0, n = 5 + Math.floor(rnd() * 6); k < n; k++) ptags.add(tags[tagOf()] as string);
    const dept = DEPARTMENTS[sizedType[t] ? Math.floor(rnd() * 3) : 3] as string;
    ptags.add(`cat:${dept}>${type}`);
    const reviewed = rnd() < 0.6;
    const created = new Date(start + Math.floor(rnd() * span)).toISOString();
    products.push({
      id, handle: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`, title, vendor, productType: type, tags: [...ptags], bodyHtml: '',
      createdAt: created, updatedAt: created, publishedAt: created, images: [{ src: `/images/synthetic/${(nounOfType[t] as string).toLowerCase()}.jpg`, width: 360, height: 450 }],
      options: [{ name: 'Color', values: colors }, ...(sizes.length > 0 ? [{ name: 'Size', values: sizes }] : [])], variants,
      collections: [dept.toLowerCase()], rating: reviewed ? Math.round(Math.min(5, Math.max(1, 4.1 + 0.8 * normal())) * 10) / 10 : 0,
      reviewCount: reviewed ? 1 + Math.floor(rnd() * 200) : 0, sales: salesOf(),
    });
  }
  return { products, collections, filterTree: syntheticFilterTree() };
}

/**
 * A normalised product as the platform's product JSON gives it (`/products.json` and its exports:
 * snake_case, prices as strings, tags as a list, `inventory_quantity` as the admin export has it),
 * for tests and benches of the importers: productFromJson reads it back to the same product but
 * for what that JSON does not carry (collections, rating, reviews, sales, metafields).
 */
export function toPlatformProduct(p: CatalogProduct): Record<string, unknown> {
  const id = Number(p.id);
  const money = (n: number) => n.toFixed(2);
  return {
    id, title: p.title, handle: p.handle, body_html: p.bodyHtml, published_at: p.publishedAt, created_at: p.createdAt, updated_at: p.updatedAt,
    vendor: p.vendor, product_type: p.productType, tags: p.tags,
    variants: p.variants.map((v, i) => ({
      id: Number(v.id) || v.id, title: v.title, option1: v.options[0] ?? null, option2: v.options[1] ?? null, option3: v.options[2] ?? null, sku: v.sku,
      requires_shipping: true, taxable: true, featured_image: v.image === null ? null : { src: v.image }, available: v.available, price: money(v.price), grams: v.weight,
      compare_at_price: v.compareAtPrice === null ? null : money(v.compareAtPrice), position: i + 1, product_id: id, created_at: p.createdAt, updated_at: p.updatedAt,
      barcode: v.barcode, inventory_quantity: v.inventoryQuantity, fulfillment_service: v.fulfillmentService,
    })),
    images: p.images.map((img, i) => ({ id: id * 10 + i, created_at: p.createdAt, position: i + 1, updated_at: p.updatedAt, product_id: id, variant_ids: [], src: img.src, width: img.width ?? null, height: img.height ?? null, alt: img.alt ?? null })),
    options: p.options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values })),
  };
}
