import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, settled, startHarness, total, totalChanges, totalText, vendors, titles, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const option = (page: Page, label: string) => page.locator('#pkg-filter-tree .pkg-filter-option').filter({ has: page.locator('.pkg-filter-option__toggle', { hasText: label }) });
const prices = async (page: Page) =>
  (await page.locator('.pkg-products-container .pkg-price').evaluateAll((els) => els.map((e) => e.querySelector('.pkg-price__current, .pkg-price__sale, span')?.textContent ?? e.textContent ?? ''))).map((t) => Number(t.replace(/[^0-9.]/g, '').slice(0, 8)));

describe('collection page journeys (Chromium)', () => {
  it('picks values in several options and sees counts, products and the address change', async () => {
    const page = await h.open('/collections/all');
    await settled(page);
    const all = await total(page);
    expect(all).toBe(181);
    expect(address(page)).toBe('/collections/all');

    const before = await totalText(page);
    await option(page, 'Brand').getByRole('checkbox', { name: /Luma/ }).check();
    await totalChanges(page, before);
    const luma = await total(page);
    expect(luma).toBeLessThan(all);
    expect(new Set(await vendors(page))).toEqual(new Set(['Luma']));
    expect(address(page)).toMatch(/pf_v_vendor=Luma/);

    const materialBefore = await option(page, 'Material').locator('.pkg-filter-item__count').allInnerTexts();
    const brandBefore = await option(page, 'Brand').locator('.pkg-filter-item__count').allInnerTexts();
    const t2 = await totalText(page);
    await option(page, 'Material').getByRole('checkbox').first().check();
    await totalChanges(page, t2);
    expect(await total(page)).toBeLessThan(luma);
    expect(address(page)).toMatch(/pf_v_vendor=Luma.*pf_t_material=|pf_t_material=.*pf_v_vendor=Luma/);
    // Counts ignore only their own option: brand counts follow the material choice, material's do not.
    expect(await option(page, 'Brand').locator('.pkg-filter-item__count').allInnerTexts()).not.toEqual(brandBefore);
    expect(await option(page, 'Material').locator('.pkg-filter-item__count').allInnerTexts()).toEqual(materialBefore);
    await page.close();
  });

  it('clears one value, then an option, then everything, from the refine-by block', async () => {
    const page = await h.open('/collections/all?pf_v_vendor=Luma&pf_v_vendor=Overland+Co.&pf_v_vendor=Juno+Athletics&pf_st_stock=in-stock');
    await settled(page);
    expect(address(page)).toBe('/collections/all?pf_v_vendor=Luma&pf_v_vendor=Overland Co.&pf_v_vendor=Juno Athletics&pf_st_stock=in-stock');
    const refine = page.locator('#pkg-filter-tree .pkg-refine-by');
    await expect.poll(() => refine.locator('.pkg-refine-by__value').count()).toBe(4);
    const both = await total(page);

    let t = await totalText(page);
    await refine.getByRole('button', { name: /Clear Brand: Juno Athletics/ }).click();
    await totalChanges(page, t);
    expect(address(page)).toBe('/collections/all?pf_st_stock=in-stock&pf_v_vendor=Luma&pf_v_vendor=Overland Co.');
    expect(new Set(await vendors(page))).toEqual(new Set(['Luma', 'Overland Co.']));
    expect(await total(page)).toBeLessThan(both);

    t = await totalText(page);
    await refine.locator('.pkg-refine-by__option', { hasText: 'Brand' }).locator('.pkg-refine-by__clear-option').click();
    await totalChanges(page, t);
    expect(address(page)).toBe('/collections/all?pf_st_stock=in-stock');
    expect(new Set(await vendors(page)).size).toBeGreaterThan(1);

    t = await totalText(page);
    await refine.locator('.pkg-refine-by__clear-all').click();
    await totalChanges(page, t);
    expect(address(page)).toBe('/collections/all');
    expect(await total(page)).toBe(181);
    await expect.poll(() => page.locator('#pkg-filter-tree .pkg-refine-by__value').count()).toBe(0);
    await page.close();
  });

  it('types a price range and drags the slider', async () => {
    const page = await h.open('/collections/all');
    await settled(page);
    const price = option(page, 'Price');
    const [min, max] = [price.locator('.pkg-range__input').nth(0), price.locator('.pkg-range__input').nth(1)];
    // One bound at a time, each committed with Enter. (A second bound typed while the first one's
    // request is in flight was once written back when that request settled; react-ui's
    // RangeSlider test covers it, as this journey's timing seldom meets it.)
    await min.fill('30');
    await min.press('Enter');
    await page.waitForURL(/pf_p_price=30(%3A|:)99$/);
    await settled(page);
    await max.fill('50');
    await max.press('Enter');
    await page.waitForURL(/pf_p_price=30(%3A|:)50$/);
    await settled(page);
    await expect.poll(async () => (await prices(page)).every((p) => p >= 30 && p <= 50)).toBe(true);
    const typed = await total(page);
    expect(typed).toBeGreaterThan(0);
    expect(typed).toBeLessThan(181);

    const thumb = price.locator('.pkg-range__thumb--max');
    const box = (await thumb.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForURL((u) => /pf_p_price=30(%3A|:)\d/.test(u.search) && !/pf_p_price=30(%3A|:)50$/.test(u.search));
    await settled(page);
    const m = /pf_p_price=30:(\d+(?:\.\d+)?)/.exec(address(page));
    expect(m).not.toBeNull();
    const upper = Number(m![1]);
    expect(upper).toBeGreaterThan(50);
    await expect.poll(async () => (await prices(page)).every((p) => p >= 30 && p <= upper)).toBe(true);
    expect(await total(page)).toBeGreaterThanOrEqual(typed);
    await page.close();
  });

  it('sorts, changes the limit and the display', async () => {
    const page = await h.open('/collections/all');
    await settled(page);
    await page.locator('.pkg-toolbar__sort select').selectOption('price-ascending');
    await page.waitForURL(/sort=price-ascending/);
    await settled(page);
    const p = await prices(page);
    expect(p.length).toBe(12);
    expect([...p].sort((a, b) => a - b)).toEqual(p);

    await page.locator('.pkg-toolbar__limit select').selectOption('24');
    await page.waitForURL(/limit=24/);
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count()).toBe(24);

    await page.getByRole('button', { name: 'List' }).click();
    await page.waitForURL(/display=list/);
    await page.locator('.pkg-product-list--list').waitFor();
    expect(address(page)).toBe('/collections/all?display=list&limit=24&sort=price-ascending');
    await page.close();
  });

  it('pages with numbers, then goes back and forward through the history', async () => {
    const page = await h.open('/collections/all');
    await settled(page);
    const first = await titles(page);
    await page.locator('.pkg-pagination').getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await settled(page);
    await expect.poll(async () => (await titles(page))[0]).not.toBe(first[0]);
    expect(await page.locator('.pkg-pagination [aria-current="page"]').innerText()).toBe('2');
    const second = await titles(page);

    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('page=2'));
    await expect.poll(async () => (await titles(page))[0]).toBe(first[0]);
    expect(address(page)).toBe('/collections/all');
    expect(await page.locator('.pkg-pagination [aria-current="page"]').innerText()).toBe('1');

    await page.goForward();
    await page.waitForURL(/page=2/);
    await expect.poll(async () => (await titles(page))[0]).toBe(second[0]);
    await page.close();
  });

  it('reloads a filtered address and lands in the same state', async () => {
    const page = await h.open('/collections/men?pf_v_vendor=Luma&sort=price-descending');
    await settled(page);
    const before = { total: await total(page), titles: await titles(page) };
    expect(await option(page, 'Brand').getByRole('checkbox', { name: /Luma/ }).isChecked()).toBe(true);
    expect(await page.locator('.pkg-toolbar__sort select').inputValue()).toBe('price-descending');
    await page.reload();
    await settled(page);
    expect(address(page)).toBe('/collections/men?pf_v_vendor=Luma&sort=price-descending');
    expect(await total(page)).toBe(before.total);
    expect(await titles(page)).toEqual(before.titles);
    expect(await option(page, 'Brand').getByRole('checkbox', { name: /Luma/ }).isChecked()).toBe(true);
    await page.close();
  });

  it('[S1.2, F2.1] one shopper, one page: filters, sorts, picks a limit, pages and searches with live suggestions, and the page never leaves the shop path', async () => {
    const page = await h.open('/collections/women');
    await settled(page);
    const paths = new Set<string>();
    page.on('framenavigated', (f) => f === page.mainFrame() && paths.add(new URL(f.url()).pathname));
    await page.locator('.pkg-toolbar__sort select').selectOption('price-descending');
    await page.waitForURL(/sort=price-descending/);
    await settled(page);
    const p = await prices(page);
    expect([...p].sort((a, b) => b - a)).toEqual(p);
    await page.locator('.pkg-toolbar__limit select').selectOption('24');
    await page.waitForURL(/limit=24/);
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count()).toBe(24);
    const first = await titles(page);
    await page.locator('.pkg-pagination').getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await settled(page);
    expect(await titles(page)).not.toEqual(first);
    const t = await totalText(page);
    await option(page, 'Brand').getByRole('checkbox').first().check();
    await totalChanges(page, t);
    expect(address(page)).toMatch(/pf_v_vendor=/);
    // No route of its own: filtering, sorting, the limit and paging only change the query of the shop's page.
    expect(new URL(page.url()).pathname).toBe('/collections/women');
    expect([...paths].filter((x) => x !== '/collections/women')).toEqual([]);
    // Live suggestions from the header box, on the same page.
    await page.getByRole('combobox', { name: 'Search' }).first().fill('jacket');
    await page.getByRole('listbox').first().waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(2);
    expect(new URL(page.url()).pathname).toBe('/collections/women');
    await page.close();
  });

  it('[F1.1] the tree shows list, box, swatch, rating, range, multi-level collection and multi-level tag options; refine-by lists the applied values with clear buttons; a product page records its view', async () => {
    const page = await h.open('/collections/all');
    await settled(page);
    // Sub-category options are always disabled in the tree (F4.4), so they never show there; the
    // other seven kinds do, on the demo catalog's filter tree.
    for (const kind of ['list', 'box', 'swatch', 'rating', 'range', 'multi_level_collections', 'multi_level_tag']) {
      expect(await page.locator(`#pkg-filter-tree .pkg-filter-option--${kind}`).count(), kind).toBeGreaterThan(0);
    }
    let t = await totalText(page);
    await option(page, 'Brand').getByRole('checkbox').first().check();
    await totalChanges(page, t);
    t = await totalText(page);
    await option(page, 'Material').getByRole('checkbox').first().check();
    await totalChanges(page, t);
    const refine = page.locator('#pkg-filter-tree .pkg-refine-by');
    await expect.poll(() => refine.locator('.pkg-refine-by__value').count()).toBe(2);
    expect(await refine.getByRole('button', { name: /^Clear Brand: / }).count()).toBe(1);
    expect(await refine.getByRole('button', { name: /^Clear Material: / }).count()).toBe(1);
    await page.close();
    const views = async () => (await h.analyticsRecords()).filter((r) => r.u === 'view_product' && String(r.pid) === '1').length;
    const before = await views();
    const product = await h.open('/products/chaz-kangeroo-hoodie');
    await expect.poll(views).toBe(before + 1);
    await product.close();
  });
});
