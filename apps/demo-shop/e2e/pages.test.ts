import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, artifactsDir, DESKTOP, PHONE, settled, startHarness, total, titles, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('theme pages (Chromium)', () => {
  it('[F2.2, F2.3] names tree containers with numbered ids and renders each on its device class, re-evaluated after a resize', async () => {
    const page = await h.open('/collections/women', DESKTOP);
    await settled(page);
    // The theme has a desktop-only sidebar and a mobile-only tree: base id, then suffix 2.
    expect(await page.locator('.pkg-tree-vertical').evaluateAll((els) => els.map((e) => e.id))).toEqual(['pkg-filter-tree', 'pkg-filter-tree-2']);
    expect(await page.locator('#pkg-filter-tree .pkg-filter-tree').count()).toBe(1);
    expect(await page.locator('#pkg-filter-tree-2').evaluate((e) => (e as HTMLElement).hidden && e.childElementCount === 0)).toBe(true);

    await page.setViewportSize(PHONE);
    // Re-evaluated after the 500 ms debounce: the phone tree appears (lazily loaded), the sidebar empties.
    await page.locator('#pkg-filter-tree-2 .pkg-mobile-tree__toggle').waitFor({ timeout: 5000 });
    expect(await page.locator('#pkg-filter-tree').evaluate((e) => (e as HTMLElement).hidden && e.childElementCount === 0)).toBe(true);

    await page.locator('#pkg-filter-tree-2 .pkg-mobile-tree__toggle').click();
    await page.locator('#pkg-filter-tree-2 .pkg-filter-tree').waitFor();
    // The body class follows the open state in an effect: wait for it rather than race it.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('pkg-no-scroll'))).toBe(true);
    await page.locator('.pkg-mobile-tree__overlay').click({ position: { x: PHONE.width - 10, y: 400 } });
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('pkg-no-scroll'))).toBe(false);

    await page.setViewportSize(DESKTOP);
    await page.locator('#pkg-filter-tree .pkg-filter-tree').waitFor({ timeout: 5000 });
    expect(address(page)).toBe('/collections/women');
    await page.close();
  });

  it('[S4.13] loads more products on a collection configured for it, appending to page 1', async () => {
    const page = await h.open('/collections/gear');
    await settled(page);
    const count = await page.locator('.pkg-products-container .pkg-product').count();
    expect(count).toBe(12);
    const all = await total(page);
    expect(all).toBeGreaterThan(12);
    const first = (await titles(page))[0];
    await page.locator('.pkg-pagination__load-more').click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count()).toBe(Math.min(24, all));
    expect((await titles(page))[0]).toBe(first);
    expect(address(page)).toBe('/collections/gear?page=2');
    await page.close();
  });

  it('[S4.13] loads and appends the next page by scrolling to the bottom on a collection set to infinite scroll', async () => {
    // A short window: the end of the first 12 products lies more than 700 px below its bottom, so
    // nothing loads before the shopper scrolls (at 900 px it is within 700 px, and page 2 loads at once).
    const page = await h.open('/collections/tops-women', { width: 1280, height: 600 });
    await settled(page);
    const all = await total(page);
    expect(all).toBeGreaterThan(24);
    expect(await page.locator('.pkg-infinite-scroll').evaluate((e) => e.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(700);
    expect(await page.locator('.pkg-products-container .pkg-product').count()).toBe(12);
    const first = (await titles(page))[0];
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(24);
    expect((await titles(page))[0]).toBe(first);
    expect(address(page)).toMatch(/^\/collections\/tops-women\?page=[23]$/);
    await page.mouse.wheel(0, 40_000);
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(36);
    await page.close();
  });

  it('[F4.24] runs an older theme unchanged: legacy settings globals, and product items built by its legacy hook', async () => {
    const page = await h.open('/collections/erin-recommends');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    await page.locator('.pkg-products-container .legacy-item').first().waitFor();
    expect(await page.locator('#pkg-settings').count()).toBe(0);
    const shown = await page.locator('.pkg-products-container .legacy-item').count();
    expect(shown).toBe(Math.min(12, await total(page)));
    await expect.poll(() => page.locator('body').getAttribute('data-rendered')).toBe(String(shown));
    expect(await page.locator('.legacy-item__price').first().innerText()).toMatch(/^\$\d+\.\d\d$/);
    // The legacy settings drive the same UI: sort through the toolbar, the address follows.
    await page.locator('.pkg-toolbar__sort select').selectOption('title-ascending');
    await page.waitForURL(/sort=title-ascending/);
    await page.waitForFunction(() => !document.querySelector('.pkg-product-list[aria-busy="true"]'));
    await expect.poll(async () => {
      const t = await page.locator('.legacy-item a').allInnerTexts();
      return t.length > 1 && t.every((x, i) => i === 0 || t[i - 1]!.localeCompare(x) <= 0);
    }).toBe(true);
    expect(address(page)).toBe('/collections/erin-recommends?sort=title-ascending');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves vendor, type, tag and search pages filtered by the engine', async () => {
    const vendor = await h.open('/collections/vendors?q=Luma');
    await settled(vendor);
    expect(new Set(await vendor.locator('.pkg-product__vendor').allInnerTexts())).toEqual(new Set(['Luma']));
    expect(await vendor.locator('h1').innerText()).toBe('Luma');
    await vendor.close();

    const type = await h.open('/collections/types?q=Jackets');
    await settled(type);
    const jackets = await total(type);
    expect(jackets).toBeGreaterThan(0);
    expect(jackets).toBeLessThan(181);
    await type.close();

    const tag = await h.open('/collections/all/eco-friendly');
    await settled(tag);
    const eco = await total(tag);
    expect(eco).toBeGreaterThan(0);
    expect(eco).toBeLessThan(181);
    expect(address(tag)).toBe('/collections/all/eco-friendly');
    await tag.close();

    const search = await h.open('/search?q=hoodie');
    await settled(search);
    expect(await total(search)).toBeGreaterThan(0);
    for (const t of await titles(search)) expect(t.toLowerCase()).toMatch(/hoodie|sweatshirt|jacket|pullover|kangeroo|zip/);
    expect(address(search)).toBe('/search?q=hoodie');
    await search.close();
  });

  it('[S1.1] collection, vendor, product-type, tag and search-results pages list products in grid, list or collage style', async () => {
    const pages: Array<[string, 'grid' | 'list' | 'collage']> = [
      ['/collections/women', 'grid'],
      ['/collections/vendors?q=Luma&display=list', 'list'],
      ['/collections/types?q=Jackets&display=collage', 'collage'],
      ['/collections/all/eco-friendly?display=collage', 'collage'],
      ['/search?q=hoodie&display=list', 'list'],
    ];
    for (const [path, display] of pages) {
      const page = await h.open(path);
      await settled(page);
      expect(await page.locator('.pkg-products-container .pkg-product').count(), path).toBeGreaterThan(0);
      expect(await page.locator(`.pkg-products-container .pkg-product-list--${display}`).count(), path).toBe(1);
      // The toolbar's toggle (grid and list in this theme) shows the style as pressed.
      if (display !== 'collage') expect(await page.locator('.pkg-toolbar-container [aria-pressed="true"]').first().innerText(), path).toMatch(new RegExp(display, 'i'));
      await page.close();
    }
  });

  it('keeps the theme search form where instant search is off (no script), and it submits by GET to the search page', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${h.url}/`);
    await page.locator('#site-search').fill('jacket');
    await page.locator('#site-search').press('Enter');
    await page.waitForURL(/\/search\?q=jacket$/);
    expect(address(page)).toBe('/search?q=jacket');
    await context.close();
  });

  it('records a product view, an add to cart and shows the cart', async () => {
    const page = await h.open('/products/chaz-kangeroo-hoodie');
    await expect.poll(async () => (await h.analyticsRecords()).filter((r) => r.u === 'view_product' && String(r.pid) === '1').length, { timeout: 10_000 }).toBe(1);
    const record = (await h.analyticsRecords()).find((r) => r.u === 'view_product')!;
    expect(record.tid).toBe('demo-shop.example');

    await page.locator('#variant').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to cart.').waitFor();
    await expect.poll(async () => (await h.analyticsRecords()).filter((r) => r.u === 'add_to_cart').length, { timeout: 10_000 }).toBe(1);
    const cart = (await (await page.request.get(`${h.url}/cart.js`)).json()) as { item_count: number };
    expect(cart.item_count).toBe(1);
    await page.goto(`${h.url}/cart`);
    expect(await page.locator('.cart tbody tr').count()).toBe(1);
    expect(address(page)).toBe('/cart');
    await page.close();
  });

  it('writes screenshots of the main pages at desktop and phone sizes', async () => {
    const shots: string[] = [];
    for (const [name, path] of [
      ['home', '/'],
      ['collection', '/collections/men'],
      ['search', '/search?q=jacket'],
      ['product', '/products/chaz-kangeroo-hoodie'],
    ] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await h.open(path, viewport);
        if (name === 'collection' || name === 'search') await settled(page);
        if (name === 'search') await page.getByRole('tab').first().waitFor();
        else await page.waitForLoadState('load');
        const file = join(artifactsDir, `${name}-${size}.png`);
        await page.screenshot({ path: file });
        shots.push(file);
        await page.close();
      }
    }
    writeFileSync(join(artifactsDir, 'screenshots.txt'), `${shots.join('\n')}\n`);
    expect(shots).toHaveLength(8);
  });
});
