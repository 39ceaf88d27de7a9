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
