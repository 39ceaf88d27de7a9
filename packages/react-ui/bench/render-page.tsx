// Benchmark page, bundled by bench/run.mjs and opened in Chromium. It renders the filter tree
// and the listing over two catalogs with the engine answering in-process (engine.fetch), and
// measures first render and the time from a value click to the updated listing.
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createFilterController } from '@pkg/core-filter';
import { createEngine, type Catalog, type CatalogProduct } from '@pkg/engine';
import { FilterProvider, FilterTree, ProductList } from '../src/index';
import luma from '../../../data/luma/catalog.json';

declare global {
  interface Window {
    runBench(name: 'luma' | 'synthetic', clicks: number): Promise<{ name: string; options: number; values: number; firstRender: number; clicks: number[] }>;
  }
}

/** 30 tag options x 200 values over 3,000 products, deterministic. */
function syntheticCatalog(): Catalog {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const products: CatalogProduct[] = Array.from({ length: 3000 }, (_, i) => ({
    id: String(i + 1),
    handle: `p-${i + 1}`,
    title: `Product ${i + 1}`,
    vendor: `Vendor ${i % 20}`,
    productType: 'Thing',
    tags: Array.from({ length: 30 }, (_, o) => `f${o}:value ${Math.floor(rnd() * 200)}`),
    bodyHtml: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    images: [],
    options: [],
    variants: [{ id: `${i + 1}01`, title: 'Default', sku: `S${i}`, barcode: '', price: 5 + (i % 90), compareAtPrice: null, available: true, inventoryQuantity: 3, options: [], weight: 100, image: null, fulfillmentService: 'manual' }],
    collections: ['all'],
    rating: 0,
    reviewCount: 0,
    sales: i,
  }));
  const filterTree = Array.from({ length: 30 }, (_, o) => ({
    filterOptionId: `pf_t_f${o}`,
    filterType: 'tag',
    displayType: 'list',
    label: `Facet ${o}`,
    position: o,
    status: 'active',
    selectType: 'multiple',
    valueType: 'all',
    showMoreType: 'scrollbar',
    isCollapsePC: false,
    prefix: `f${o}:`,
  }));
  return { products, filterTree } as unknown as Catalog;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

window.runBench = async (name, clicks) => {
  const engine = createEngine(name === 'luma' ? (luma as unknown as Catalog) : syntheticCatalog());
  const controller = createFilterController({
    settings: { api: { filterUrl: 'http://bench.test/api/filter', searchUrl: 'http://bench.test/api/search' }, shop: { domain: 'bench.test', money_format: '${{amount}}' }, filter: { transport: 'fetch' } },
    location: { pathname: '/collections/all', search: '' },
    window: null,
    fetch: (input, init) => engine.fetch(input, init),
    navigate: () => undefined,
    setTitle: () => undefined,
  });
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  const t0 = performance.now();
  await controller.init();
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <FilterProvider controller={controller}>
        <FilterTree />
        <ProductList />
      </FilterProvider>,
    ),
  );
  const firstRender = performance.now() - t0;
  const s = controller.getSnapshot();
  const values = s.options.reduce((n, o) => n + o.items.length, 0);
  const times: number[] = [];
  for (let i = 0; i < clicks; i++) {
    await nextFrame();
    // Every click toggles an unchecked checkbox, clearing first when too few products remain.
    if (controller.getSnapshot().totalProduct < 20) await controller.clear('all');
    await nextFrame();
    const boxes = host.querySelectorAll<HTMLInputElement>('input[type="checkbox"].pkg-filter-item__input:not(:disabled):not(:checked)');
    if (boxes.length === 0) break;
    const box = boxes[(i * 7) % boxes.length]!;
    const list = host.querySelector('.pkg-product-list')!;
    const changed = new Promise<number>((resolve) => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        resolve(performance.now());
      });
      mo.observe(list, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        mo.disconnect();
        resolve(Number.NaN);
      }, 2000);
    });
    const start = performance.now();
    box.click();
    const t = (await changed) - start;
    if (!Number.isNaN(t)) times.push(t);
  }
  root.unmount();
  return { name, options: s.options.length, values, firstRender, clicks: times };
};
