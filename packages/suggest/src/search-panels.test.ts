import { describe, expect, it } from 'vitest';
import { createSearchPanels, readTab } from './search-panels';
import { deferredTransport, testSettings, tick } from './test-fakes';

const collections = (n: number, total: number) => ({
  total_collection: total,
  collections: Array.from({ length: n }, (_, i) => ({ id: i, title: `<i>Col</i> ${i}`, handle: `col-${i}`, image: { src: `//cdn.shopify.com/c${i}.jpg?v=1` }, body_html: i === 0 ? `<p>${'word '.repeat(80)}</p>` : '<b>short</b>' })),
});

function setup(tab: string | null = null, settingsExtra = {}) {
  const { transport, calls } = deferredTransport();
  const panels = createSearchPanels({ settings: testSettings(settingsExtra), term: 'shoe', tab, transport, now: () => 5 });
  return { panels, calls };
}

describe('createSearchPanels', () => {
  it('[S2.20, S3.7] has three panels, each with its label, count, page size and total line', () => {
    const { panels } = setup(null, { filter: { panels: { collections: { label: 'Collections!', pageSize: '10' } } } });
    panels.update({ eventType: 'init', totalProduct: 60, totalCollection: 12, totalPage: 3, page: 2 });
    const p = panels.getSnapshot().panels;
    expect(p.products).toMatchObject({ label: 'Products', count: 60, page: 2, pageSize: 25, pageCount: 3, from: 26, to: 50 });
    expect(p.collections).toMatchObject({ label: 'Collections!', count: 12, pageSize: 10, pageCount: 2, from: 1, to: 10 });
    expect(p.pages).toMatchObject({ label: 'Pages', count: 3, pageSize: 25, from: 1, to: 3 });
  });

  it('[S2.21] the tab parameter selects the panel, default products, and is dropped when default', () => {
    expect(setup().panels.getSnapshot()).toMatchObject({ active: 'products', tabParam: null });
    expect(setup('pages').panels.getSnapshot()).toMatchObject({ active: 'pages', tabParam: 'pages' });
    expect(setup('bogus').panels.getSnapshot().active).toBe('products');
    const fromDisplay = createSearchPanels({ settings: testSettings(), term: 'x', searchDisplay: 'collections', transport: deferredTransport().transport });
    expect(fromDisplay.getSnapshot().active).toBe('collections');
    const fromSettings = createSearchPanels({ settings: testSettings({ filter: { defaultTab: 'pages' } }), term: 'x', transport: deferredTransport().transport });
    expect(fromSettings.getSnapshot().active).toBe('pages');
    expect([readTab('collections'), readTab('x'), readTab(undefined)]).toEqual(['collections', null, null]);
  });

  it('[S4.12] renders collections and pages only if active, with a total above zero, on an init answer', () => {
    const { panels } = setup(null, { filter: { panels: { pages: { active: false } } } });
    panels.update({ eventType: 'page', totalCollection: 4, totalPage: 4 });
    expect(panels.getSnapshot().panels.collections.visible).toBe(false);
    panels.update({ eventType: 'init', totalCollection: 4, totalPage: 4 });
    expect([panels.getSnapshot().panels.collections.visible, panels.getSnapshot().panels.pages.visible]).toEqual([true, false]);
    panels.update({ eventType: 'sort', totalProduct: 3 });
    expect(panels.getSnapshot().panels.collections.visible).toBe(true);
    panels.update({ eventType: 'init', totalCollection: 0 });
    expect(panels.getSnapshot().panels.collections.visible).toBe(false);
  });

  it('[S4.12, S2.22] fetches a non-product panel the first time it is opened, and shows only it', async () => {
    const { panels, calls } = setup();
    panels.update({ eventType: 'init', totalProduct: 1, totalCollection: 30, totalPage: 2 });
    expect(calls).toHaveLength(0);
    const opened = panels.select('collections');
    expect(panels.getSnapshot()).toMatchObject({ active: 'collections', tabParam: 'collections' });
    expect(calls[0]?.url).toBe('https://api.test/search/collections?t=5&shop=demo.myshopify.com&q=shoe&page=1&limit=25&event_type=init');
    calls[0]?.resolve(collections(25, 30));
    await opened;
    const c = panels.getSnapshot().panels.collections;
    expect(c).toMatchObject({ loaded: true, status: 'success', count: 30, pageCount: 2 });
    expect(c.items[1]).toMatchObject({ title: 'Col 1', url: '/collections/col-1', excerpt: 'short' });
    await panels.select('products');
    await panels.select('collections');
    expect(calls).toHaveLength(1);
    expect(panels.getSnapshot().active).toBe('collections');
    void panels.select('pages');
    expect(panels.getSnapshot().active).toBe('pages');
    expect(calls[1]?.spec.url).toBe('https://api.test/search/pages');
  });

  it('[S5.9] cuts excerpts longer than 264 characters to the configured limit plus an ellipsis, HTML stripped', async () => {
    const { panels, calls } = setup(null, { filter: { searchExcerptLimit: 100 } });
    panels.update({ eventType: 'init', totalCollection: 1 });
    const done = panels.select('collections');
    calls[0]?.resolve(collections(1, 1));
    await done;
    const excerpt = panels.getSnapshot().panels.collections.items[0]?.excerpt ?? '';
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(103);
    expect(excerpt).not.toMatch(/[<>]/);
    expect(panels.getSnapshot().panels.collections.items[0]?.image).toBe('https://cdn.shopify.com/c0_200x.jpg?v=1');
  });

  it('pages through a panel; an older page answer arriving late is dropped', async () => {
    const { panels, calls } = setup('collections');
    panels.update({ eventType: 'init', totalCollection: 60 });
    calls[0]?.resolve(collections(25, 60));
    await tick();
    void panels.setPage('collections', '2');
    void panels.setPage('collections', 3);
    calls[2]?.resolve(collections(10, 60));
    await tick();
    calls[1]?.resolve(collections(25, 60));
    await tick();
    expect(calls.map((c) => c.params.get('page'))).toEqual(['1', '2', '3']);
    expect(panels.getSnapshot().panels.collections).toMatchObject({ page: 3, from: 51, to: 60 });
    expect(panels.getSnapshot().panels.collections.items).toHaveLength(10);
    await panels.setPage('collections', 'x');
    expect(calls).toHaveLength(3);
  });

  it('keeps a failed panel fetch as state', async () => {
    const { panels, calls } = setup();
    panels.update({ eventType: 'init', totalPage: 2 });
    const done = panels.select('pages');
    calls[0]?.reject(new Error('down'));
    await done;
    expect(panels.getSnapshot().panels.pages.status).toBe('error');
  });
});
