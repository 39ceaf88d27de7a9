// A small hand-made catalog for the engine's tests (not part of the published entry points).
import type { Catalog, CatalogProduct, CatalogVariant, EngineFilterOption } from './catalog';
import fc from 'fast-check';
import type { ProductUpdate } from './catalog-updates';

let vid = 0;
export function variant(over: Partial<CatalogVariant> & { options: string[] }): CatalogVariant {
  vid++;
  return {
    id: String(9000 + vid),
    title: over.options.join(' / '),
    sku: `SKU-${vid}`,
    barcode: '',
    price: 10,
    compareAtPrice: null,
    available: true,
    inventoryQuantity: 5,
    weight: 500,
    image: null,
    fulfillmentService: 'manual',
    ...over,
  };
}

export function product(id: number, over: Partial<CatalogProduct>): CatalogProduct {
  return {
    id: String(id),
    handle: `product-${id}`,
    title: `Product ${id}`,
    vendor: 'Acme',
    productType: 'Shirt',
    tags: [],
    bodyHtml: '',
    createdAt: `2024-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
    updatedAt: `2024-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
    publishedAt: `2024-02-${String(id).padStart(2, '0')}T00:00:00.000Z`,
    images: [{ src: `/images/p${id}.jpg` }],
    options: [
      { name: 'Color', values: [] },
      { name: 'Size', values: [] },
    ],
    variants: [],
    collections: [],
    rating: 0,
    reviewCount: 0,
    sales: 0,
    ...over,
  };
}

export const TREE: EngineFilterOption[] = [
  { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'list', label: 'Collection', position: 1 },
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', label: 'Vendor', position: 2 },
  { filterOptionId: 'pf_pt_product_type', filterType: 'product_type', displayType: 'box', label: 'Type', position: 3 },
  { filterOptionId: 'pf_opt_color', filterType: 'option', displayType: 'swatch', label: 'Color', position: 4 },
  { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'box', label: 'Size', position: 5 },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', label: 'Price', position: 6 },
  { filterOptionId: 'pf_p_price_buckets', filterType: 'price', displayType: 'list', label: 'Price', position: 7, manualValues: ['0:19.99', '20:49.99', '50:'] },
  { filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating', label: 'Rating', position: 8 },
  { filterOptionId: 'pf_st_stock', filterType: 'stock', displayType: 'list', label: 'Stock', position: 9 },
  { filterOptionId: 'pf_ps_sale', filterType: 'percent_sale', displayType: 'list', label: 'Sale', position: 10, manualValues: ['1:30', '31:'] },
  { filterOptionId: 'pf_t_tag', filterType: 'tag', displayType: 'list', label: 'Tags', position: 11, excludedValues: ['hidden'] },
  { filterOptionId: 'pf_t_cat', filterType: 'multi_level_tag', displayType: 'multi_level_tag', label: 'Category', position: 12, prefix: 'cat:' },
  { filterOptionId: 'pf_w_weight', filterType: 'weight', displayType: 'range', label: 'Weight', position: 13 },
  { filterOptionId: 'pf_ti_title', filterType: 'title', displayType: 'list', label: 'Title', position: 14, status: 'disabled' },
];

/** Six products with known facts (see each comment). */
export function smallCatalog(): Catalog {
  vid = 0;
  return {
    products: [
      // 1: Acme red/blue shirt, S/M, 20, on sale from 25 (20% off), rating 4.5, all in stock.
      product(1, {
        title: 'Red Cotton Shirt', tags: ['summer', 'cotton', 'cat:Men>Tops>Shirts'], collections: ['men', 'sale'], rating: 4.5, reviewCount: 3, sales: 50,
        options: [{ name: 'Color', values: ['Red', 'Blue'] }, { name: 'Size', values: ['S', 'M'] }],
        variants: [variant({ options: ['Red', 'S'], price: 20, compareAtPrice: 25 }), variant({ options: ['Blue', 'M'], price: 22, compareAtPrice: 25 })],
      }),
      // 2: Globex blue jacket, L, 80, rating 3.2, sold out.
      product(2, {
        title: 'Blue Winter Jacket', vendor: 'Globex', productType: 'Jacket', tags: ['winter', 'cat:Men>Outerwear'], collections: ['men'], rating: 3.2, reviewCount: 1, sales: 10,
        options: [{ name: 'Color', values: ['Blue'] }, { name: 'Size', values: ['L'] }],
        variants: [variant({ options: ['Blue', 'L'], price: 80, available: false, inventoryQuantity: 0, weight: 1500 })],
      }),
      // 3: Acme green shirt, M/L, 15, no reviews; the L variant is sold out.
      product(3, {
        title: 'Green Linen Shirt', tags: ['summer', 'linen', 'hidden', 'cat:Women>Tops>Shirts'], collections: ['women'], sales: 30,
        options: [{ name: 'Color', values: ['Green'] }, { name: 'Size', values: ['M', 'L'] }],
        variants: [variant({ options: ['Green', 'M'], price: 15 }), variant({ options: ['Green', 'L'], price: 15, available: false, inventoryQuantity: 0 })],
      }),
      // 4: Initech red dress, S, 120 from 200 (40% off), rating 5.
      product(4, {
        title: 'Red Silk Dress', vendor: 'Initech', productType: 'Dress', tags: ['party', 'cat:Women>Dresses'], collections: ['women', 'sale'], rating: 5, reviewCount: 8, sales: 90,
        options: [{ name: 'Color', values: ['Red'] }, { name: 'Size', values: ['S'] }],
        variants: [variant({ options: ['Red', 'S'], price: 120, compareAtPrice: 200, weight: 300 })],
      }),
      // 5: Globex blue/red shirt, S, 35, rating 2.
      product(5, {
        title: 'Striped Oxford Shirt', vendor: 'Globex', tags: ['cotton', 'cat:Men>Tops>Shirts'], collections: ['men'], rating: 2, reviewCount: 2, sales: 5,
        options: [{ name: 'Color', values: ['Blue', 'Red'] }, { name: 'Size', values: ['S'] }],
        variants: [variant({ options: ['Blue', 'S'], price: 35 }), variant({ options: ['Red', 'S'], price: 35 })],
      }),
      // 6: Acme mug (no size option), 8, rating 4.
      product(6, {
        title: 'Ceramic Mug C++ Edition', productType: 'Mug', tags: ['kitchen'], collections: [], rating: 4, reviewCount: 5, sales: 70,
        options: [{ name: 'Color', values: ['White'] }],
        variants: [variant({ options: ['White'], price: 8, weight: 350, sku: 'MUG-CPP' })],
      }),
    ],
    collections: [
      { id: '11', handle: 'men', title: 'Men', description: '<p>For men.</p>', image: '/images/men.jpg', sortOrder: 2, tags: ['summer'] },
      { id: '12', handle: 'women', title: 'Women', description: '<p>For women.</p>', image: null, sortOrder: 1 },
      { id: '13', handle: 'sale', title: 'Summer Sale', description: '', image: null, sortOrder: 3 },
    ],
    pages: [
      { id: '21', title: 'Shipping policy', url: '/pages/shipping', bodyHtml: '<p>We ship shirts worldwide.</p>' },
      { id: '22', title: 'About us', url: '/pages/about', bodyHtml: '<p>Since 1999.</p>' },
    ],
    filterTree: TREE,
    redirects: { 'gift card': '/pages/gift-card' },
    popularQueries: [{ query: 'red shirt', count: 10 }],
  };
}

/** The products after live updates, by a model independent of the engine: a list kept by id. */
export function updatedList(start: readonly CatalogProduct[], updates: readonly ProductUpdate[]): CatalogProduct[] {
  let list = [...start];
  for (const u of updates) {
    if (u.op === 'delete') list = list.filter((p) => p.id !== u.id);
    else if (list.some((p) => p.id === u.product.id)) list = list.map((p) => (p.id === u.product.id ? u.product : p));
    else list = [...list, u.product];
  }
  return list;
}

/** Words live-update tests put into products (joined, accented and symbol words among them). */
export const WORDS = ['Linen', 'Shirt', 'Oxford', 'Wool', 'Coat', 'Coats', 'Cotton', 'AT&T', 'USB-C', 'Charger', 'Chargers', 'Waterproof', 'Water', 'Proof', 'Café', 'C++', 'Summit', 'Walnut'];

/** A random change of a product's words (or its stock or sales, or a create or delete), for live-update properties. */
export type WordChange = { kind: 'title' | 'vendor' | 'tags' | 'sku' | 'body' | 'option' | 'stock' | 'sales' | 'delete' | 'create'; at: number; words: string[] };
export const changeArb: fc.Arbitrary<WordChange> = fc.record({
  kind: fc.constantFrom('title', 'title', 'vendor', 'tags', 'sku', 'body', 'option', 'stock', 'sales', 'delete', 'create'),
  at: fc.nat(10_000),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
});

/** A change as the platform would send it, on the products as they are now. */
export function updateOf(list: readonly CatalogProduct[], c: WordChange, serial: number): ProductUpdate {
  const p = list[c.at % list.length] as CatalogProduct;
  const text = c.words.join(' ');
  switch (c.kind) {
    case 'delete': return { op: 'delete', id: p.id };
    case 'create': return { op: 'upsert', product: { ...p, id: `new-${serial}`, handle: `new-${serial}`, title: `${text} ${p.title.split(' ').slice(c.words.length).join(' ')}`.trim() } };
    case 'title': {
      // As many words as before, so the average title length mostly stays in its step.
      const old = p.title.split(' ');
      return { op: 'upsert', product: { ...p, title: old.map((w, i) => c.words[i] ?? w).join(' ') } };
    }
    case 'vendor': return { op: 'upsert', product: { ...p, vendor: text } };
    case 'tags': return { op: 'upsert', product: { ...p, tags: [...p.tags.slice(1), ...c.words, c.words[0] as string] } };
    case 'sku': return { op: 'upsert', product: { ...p, variants: p.variants.map((v, i) => ({ ...v, sku: `${c.words[0]}-${i}` })) } };
    case 'body': return { op: 'upsert', product: { ...p, bodyHtml: `<p>${text} &amp; more</p>` } };
    case 'stock': return { op: 'upsert', product: { ...p, variants: p.variants.map((v) => ({ ...v, available: !v.available, inventoryQuantity: v.available ? 0 : 5 })) } };
    case 'sales': return { op: 'upsert', product: { ...p, sales: p.sales + (c.at % 40) } };
    case 'option': return { op: 'upsert', product: { ...p, options: p.options.map((o, i) => (i === 0 ? { ...o, values: [...o.values.slice(1), text] } : o)) } };
  }
}
