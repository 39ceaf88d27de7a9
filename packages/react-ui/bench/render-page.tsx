// Benchmark page, bundled by bench/run.mjs and opened in Chromium. It renders the filter tree
// and the listing over two catalogs with the engine answering in-process (its HTTP handler), and
// measures first render and the time from a value click to the updated listing; and, for one
// option of 6,000 values, the time from a click (open, view more) or a search-box keystroke to
// the laid-out list.
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createFilterController } from '@pkg/core-filter';
import { createEngine, type Catalog, type CatalogProduct } from '@pkg/engine';
import { FilterProvider, FilterTree, ProductList } from '../src/index';
import luma from '../../../data/luma/catalog.json';

declare global {
  interface Window {
    runBench(name: 'luma' | 'synthetic', clicks: number): Promise<{ name: string; options: number; values: number; firstRender: number; clicks: number[]; engine: number[]; bytes: number; blobRead: number[] }>;
    runLongOption(rounds: number): Promise<{ values: number; rendered: number; open: number[]; viewMore: number[]; search: number[] }>;
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

/** Luma-like products plus one tag option "Lot" of 6,000 values (one per product), collapsed, with view more. */
function longOptionCatalog(): Catalog {
  const base = syntheticCatalog();
  const products = Array.from({ length: 6000 }, (_, i) => ({ ...base.products[i % base.products.length]!, id: String(i + 1), handle: `l-${i + 1}`, tags: [`lot:Lot ${String(i + 1).padStart(4, '0')}`] }));
  const lot = { filterOptionId: 'pf_t_lot', filterType: 'tag', displayType: 'list', label: 'Lot', position: 0, status: 'active', selectType: 'multiple', valueType: 'all', sortType: 'key-asc', showMoreType: 'viewmore', isCollapsePC: true, showSearchBoxFilterPC: true, prefix: 'lot:' };
  return { products, filterTree: [lot] } as unknown as Catalog;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

let engineMs = 0;
/** The answers' size and what reading them back from a page-built Response costs (not in the figures). */
const answers = { last: '' };
function controllerFor(engine: ReturnType<typeof createEngine>) {
  return createFilterController({
    settings: { api: { filterUrl: 'http://bench.test/api/filter', searchUrl: 'http://bench.test/api/search' }, shop: { domain: 'bench.test', money_format: '${{amount}}' }, filter: { transport: 'fetch' } },
    location: { pathname: '/collections/all', search: '' },
    window: null,
    // The engine's share of a click: answering, serialised to the wire's JSON, through the
    // handler behind engine.fetch. Its body is handed over as the text it is: a Response built in
    // the page keeps its body as a Blob, and reading that back goes through the browser process
    // (a cost of this stand-in for the network, measured apart: `blobRead`).
    fetch: async (input) => {
      const t = performance.now();
      const answer = await engine.handleAsync({ method: 'GET', url: input });
      engineMs += performance.now() - t;
      answers.last = answer.body;
      return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => answer.body };
    },
    navigate: () => undefined,
    setTitle: () => undefined,
  });
}

/** Renders the tree (and the listing) into `host`, the page's only content, synchronously. */
function mount(host: HTMLElement, controller: ReturnType<typeof controllerFor>, listing: boolean) {
  document.body.replaceChildren(host);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <FilterProvider controller={controller}>
        <FilterTree />
        {listing && <ProductList />}
      </FilterProvider>,
    ),
  );
  return root;
}

/** Time from `act` to the DOM update under `target`, with layout done (a forced reflow). */
function timed(target: Element, act: () => void): Promise<number> {
  return new Promise<number>((resolve) => {
    const mo = new MutationObserver(() => {
      mo.disconnect();
      void (target as HTMLElement).offsetHeight;
      resolve(performance.now() - start);
    });
    mo.observe(target, { childList: true, subtree: true, attributes: true, characterData: true });
    const start = performance.now();
    act();
  });
}

window.runLongOption = async (rounds) => {
  const controller = controllerFor(createEngine(longOptionCatalog()));
  const host = document.createElement('div');
  await controller.init();
  const root = mount(host, controller, false);
  await nextFrame();
  const section = host.querySelector('.pkg-filter-option')!;
  const button = (selector: string) => section.querySelector<HTMLButtonElement>(selector)!;
  const open: number[] = [];
  const viewMore: number[] = [];
  const search: number[] = [];
  let rendered = 0;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const type = (input: HTMLInputElement, text: string) => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  for (let i = 0; i < rounds; i++) {
    open.push(await timed(section, () => button('.pkg-filter-option__toggle').click()));
    await nextFrame();
    viewMore.push(await timed(section, () => button('.pkg-filter-option__view-more').click()));
    await nextFrame();
    rendered = section.querySelectorAll('.pkg-filter-item').length;
    const box = section.querySelector<HTMLInputElement>('.pkg-filter-option__search')!;
    // "Lot 1" matches 1,111 values, then back to all 6,000.
    search.push(await timed(section, () => type(box, 'Lot 1')));
    await nextFrame();
    search.push(await timed(section, () => type(box, '')));
    await nextFrame();
    button('.pkg-filter-option__view-more').click();
    await nextFrame();
    button('.pkg-filter-option__toggle').click();
    await nextFrame();
  }
  const values = controller.getSnapshot().options[0]?.items.length ?? 0;
  root.unmount();
  return { values, rendered, open, viewMore, search };
};

window.runBench = async (name, clicks) => {
  const engine = createEngine(name === 'luma' ? (luma as unknown as Catalog) : syntheticCatalog());
  const controller = controllerFor(engine);
  const host = document.createElement('div');
  const t0 = performance.now();
  await controller.init();
  const root = mount(host, controller, true);
  const firstRender = performance.now() - t0;
  const s = controller.getSnapshot();
  const values = s.options.reduce((n, o) => n + o.items.length, 0);
  const times: number[] = [];
  const engineTimes: number[] = [];
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
    engineMs = 0;
    const start = performance.now();
    box.click();
    const t = (await changed) - start;
    if (!Number.isNaN(t)) {
      times.push(t);
      engineTimes.push(engineMs);
    }
  }
  root.unmount();
  // What the last answer would cost to read back from a Response built in the page.
  const blobRead: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await new Response(answers.last).text();
    blobRead.push(performance.now() - t);
  }
  return { name, options: s.options.length, values, firstRender, clicks: times, engine: engineTimes, bytes: answers.last.length, blobRead };
};
