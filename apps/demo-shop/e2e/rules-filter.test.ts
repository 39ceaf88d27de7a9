// Rules of the filter tree (option kinds, items, view more, collapse, multi-level, clear actions)
// proven on the assembled demo shop in Chromium: one collection page walked through many rules,
// reading roles, labels, the address bar and the filter calls.
// Not observable from outside: [S8.13] a wrong clear type is an internal call of core-filter's clear; no setting or click sends one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, filterOption, type Harness, openWatched, PHONE, settled, startHarness, total, totalChanges, totalText, type Watched } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const tree = (page: Page) => page.locator('#pkg-filter-tree');
const option = filterOption;
const toggle = (page: Page, label: string) => option(page, label).locator('.pkg-filter-option__toggle');
const labels = (page: Page, label: string) => option(page, label).locator('.pkg-filter-item__label').allInnerTexts();
async function act(w: Watched, run: () => Promise<void>): Promise<URL> {
  const n = w.listingCalls().length;
  const before = await totalText(w.page);
  await run();
  await totalChanges(w.page, before);
  await expect.poll(() => w.listingCalls().length).toBeGreaterThan(n);
  return w.listingCalls().at(-1)!;
}

describe('filter tree rules (Chromium)', () => {
  it('[F3.5] [F3.12] [F5.9] [F4.6] [F9.6] [F9.3] [F2.4] [F4.17] [F9.7] option kinds and their items: list, box, swatch, range, rating, percent and stock labels, multi-level to 3 levels; empty values disabled; box widths; 5 visible before view more; the tree layout', async () => {
    const w = await openWatched(h, '/collections/men');
    const { page } = w;
    await settled(page);
    // F2.4: the tree's title, its options, and the footer line with the total in brackets.
    await expect.poll(() => tree(page).getByRole('heading', { name: 'Filter', level: 2 }).count()).toBe(1);
    expect(await tree(page).locator('.pkg-filter-tree__total').textContent()).toBe('Show Results (72)');
    // F3.5: each display kind as its controls.
    expect(await option(page, 'Brand').getByRole('checkbox').count()).toBe(5);
    expect(await option(page, 'Rating').getByRole('radio').count()).toBe(5);
    expect(await option(page, 'Price').getByRole('slider').count()).toBe(2);
    expect(await option(page, 'Color').locator('.pkg-swatch').count()).toBeGreaterThan(5);
    expect(await option(page, 'Collection').getByRole('link').count()).toBeGreaterThan(3);
    expect(await option(page, 'Department').getByRole('button', { name: /^Men/ }).getAttribute('aria-pressed')).toBe('false');
    // F4.17 / F9.7: three levels (Men > Tops > Jackets), no fourth.
    const dept = option(page, 'Department');
    expect(await dept.locator('.pkg-multi-level--level-3').getByRole('button', { name: /^Jackets/, disabled: false }).count()).toBe(1);
    expect(await dept.locator('.pkg-multi-level--level-4').count()).toBe(0);
    // F3.12 / F5.9: rating labels (ceil of from, star/stars, and up), percent labels, stock.
    expect(await labels(page, 'Rating')).toEqual(['5 stars and up', '4 stars and up', '3 stars and up', '2 stars and up', '1 star and up']);
    expect(await labels(page, 'Discount')).toEqual(['1% - 19%', '20% - 39%', 'above 40%']);
    expect((await labels(page, 'Availability'))[0]).toBe('In stock');
    // F4.6: a value with no products is disabled (Size's 6 foot, below, Rating's 5 stars), others not.
    expect(await option(page, 'Rating').getByRole('radio', { name: /^5 stars/ }).isDisabled()).toBe(true);
    expect(await option(page, 'Brand').getByRole('checkbox', { name: /^Luma/ }).isDisabled()).toBe(false);
    // F9.6: box items are as wide as the longest label at 14 px a character.
    for (const name of ['Size', 'Climate']) {
      const o = option(page, name);
      await o.getByRole('button', { name: 'View more' }).click();
      const longest = Math.max(...(await o.locator('.pkg-filter-item__label').allInnerTexts()).map((t) => t.length));
      const widths = await o.locator('li').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.minWidth));
      expect(new Set(widths), name).toEqual(new Set([`min(${Math.max(4, longest) * 14}px, 100%)`]));
    }
    // (Size lists the owner's manual sizes first, so 6 foot shows once Size is expanded.)
    expect(await option(page, 'Size').getByRole('checkbox', { name: /^6 foot/ }).isDisabled()).toBe(true);
    // F9.3: a list starts with 5 values and a view more; view more shows the rest.
    const brand = option(page, 'Brand');
    expect(await brand.getByRole('checkbox').count()).toBe(5);
    await brand.getByRole('button', { name: 'View more' }).click();
    await expect.poll(() => brand.getByRole('checkbox').count()).toBeGreaterThan(5);
    await page.close();
  });

  it('[F2.8] [F4.8] [F4.12] [F4.13] [F3.10] [F4.20] [F4.19] [F4.16] [F9.9] [F4.22] choosing, toggling and clearing: applied counts in titles, single vs multiple select, collapse, remembered view more, range keys, clear actions with their events', async () => {
    const w = await openWatched(h, '/collections/men?page=2');
    const { page } = w;
    await settled(page);
    expect(w.listingCalls()[0]!.searchParams.get('event_type')).toBe('init');
    // F4.20: no clear-all while nothing is chosen.
    expect(await tree(page).getByRole('button', { name: /Clear all/i }).count()).toBe(0);
    // F4.13: view more, remembered across the re-render that a choice brings.
    const brand = option(page, 'Brand');
    await brand.getByRole('button', { name: 'View more' }).click();
    const all = await brand.getByRole('checkbox').count();
    expect(all).toBeGreaterThan(5);
    // F4.8 multiple: checking two values keeps both; F2.8 the title counts them.
    let call = await act(w, () => brand.getByRole('checkbox', { name: /^Luma/ }).check());
    expect(call.searchParams.get('page')).toBe('1');
    call = await act(w, () => brand.getByRole('checkbox', { name: /^Overland Co\./ }).check());
    expect(call.searchParams.getAll('pf_v_vendor[]').sort()).toEqual(['Luma', 'Overland Co.']);
    await expect.poll(() => toggle(page, 'Brand').innerText()).toMatch(/^Brand\s*\(2\)$/);
    expect(await brand.getByRole('checkbox').count()).toBe(all);
    // ... and unchecking one toggles it off.
    call = await act(w, () => brand.getByRole('checkbox', { name: /^Overland Co\./ }).uncheck());
    expect(call.searchParams.getAll('pf_v_vendor[]')).toEqual(['Luma']);
    // F4.8 single (rating): a second choice replaces the first.
    const rating = option(page, 'Rating');
    await act(w, () => rating.getByRole('radio', { name: /^4 stars/ }).check());
    call = await act(w, () => rating.getByRole('radio', { name: /^3 stars/ }).check());
    expect(call.searchParams.getAll('pf_r_rating[]')).toEqual(['3']);
    expect(await rating.getByRole('radio', { name: /^4 stars/ }).isChecked()).toBe(false);
    // F3.10: a percent range value is written min:max.
    call = await act(w, () => option(page, 'Discount').getByRole('checkbox', { name: /^20% - 39%/ }).check());
    expect(call.searchParams.getAll('pf_ps_discount[]')).toEqual(['20:39']);
    await expect.poll(() => address(page)).toBe('/collections/men?pf_ps_discount=20:39&pf_r_rating=3&pf_v_vendor=Luma');
    // F4.12: the option's toggle collapses and opens its content.
    await toggle(page, 'Discount').click();
    expect(await toggle(page, 'Discount').getAttribute('aria-expanded')).toBe('false');
    expect(await option(page, 'Discount').locator('.pkg-filter-option__content').isVisible()).toBe(false);
    await toggle(page, 'Discount').click();
    expect(await toggle(page, 'Discount').getAttribute('aria-expanded')).toBe('true');

    // F4.19 / F9.9 / F4.22: clear one value (event clear), then everything (clearAll); page 1.
    const refine = tree(page).locator('.pkg-refine-by');
    expect(await tree(page).getByRole('button', { name: /Clear all/i }).count()).toBeGreaterThan(0);
    call = await act(w, () => refine.getByRole('button', { name: /Clear Rating/ }).click());
    expect([call.searchParams.get('event_type'), call.searchParams.getAll('pf_r_rating[]').length]).toEqual(['clear', 0]);
    call = await act(w, () => refine.locator('.pkg-refine-by__clear-all').click());
    expect(['clearAll', 'clear']).toContain(call.searchParams.get('event_type'));
    expect([...call.searchParams.keys()].filter((k) => k.startsWith('pf_'))).toEqual([]);
    await expect.poll(() => address(page)).toBe('/collections/men');
    expect(await tree(page).getByRole('button', { name: /Clear all/i }).count()).toBe(0);

    // F4.16: a second-level tag toggles in the multi-select department tree.
    const tops = option(page, 'Department').getByRole('button', { name: /^Tops/, disabled: false });
    await act(w, () => tops.click());
    expect(await tops.getAttribute('aria-pressed')).toBe('true');
    const narrowed = await total(page);
    expect(narrowed).toBe(48);
    await act(w, () => tops.click());
    expect(await tops.getAttribute('aria-pressed')).toBe('false');
    expect(await total(page)).toBe(72);
    await page.close();
  });

  it('[F2.12] [F4.10] [F4.15] multi-level collections: links to /collections/{handle} on a collection page (title follows); on the search page a click sets the collection scope and page 1', async () => {
    const w = await openWatched(h, '/collections/men');
    await settled(w.page);
    await option(w.page, 'Collection').getByRole('link', { name: /^Eco Friendly/ }).click();
    await w.page.waitForURL(/\/collections\/eco-friendly$/);
    await settled(w.page);
    expect(await w.page.title()).toMatch(/^Eco Friendly - /);
    await w.page.close();

    const s = await openWatched(h, '/search?q=jacket&page=2');
    await settled(s.page);
    const eco = option(s.page, 'Collection').getByRole('button', { name: /^Eco Friendly/ });
    const call = await act(s, () => eco.click());
    expect([call.searchParams.get('collection_scope'), call.searchParams.get('page')]).not.toEqual(['0', '2']);
    expect(call.searchParams.get('page')).toBe('1');
    expect(call.searchParams.get('collection_scope')).toMatch(/^\d+$/);
    expect(call.searchParams.get('collection_scope')).not.toBe('0');
    expect(await eco.getAttribute('aria-pressed')).toBe('true');
    await s.page.close();
  });

  it('[F4.7] [F4.11] [F9.5] [F4.21] a horizontal tree without instant requests: options start collapsed, one open at a time, 250 px wide for one column; a click only selects until Apply; closing with a pending choice applies it; a clear waits for Apply too', async () => {
    const w = await openWatched(h, '/collections/men', { settings: (s) => void (s.filter = { ...(s.filter as object), filterLayout: 'horizontal', requestInstantly: false }) });
    const { page } = w;
    await settled(page);
    const toggles = tree(page).locator('.pkg-filter-option__toggle');
    expect(new Set(await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded'))))).toEqual(new Set(['false']));
    await toggle(page, 'Brand').click();
    expect(await toggle(page, 'Brand').getAttribute('aria-expanded')).toBe('true');
    const content = option(page, 'Brand').locator('.pkg-filter-option__content');
    expect(await content.evaluate((e) => (e as HTMLElement).style.width)).toBe('250px');
    await toggle(page, 'Color').click();
    expect([await toggle(page, 'Color').getAttribute('aria-expanded'), await toggle(page, 'Brand').getAttribute('aria-expanded')]).toEqual(['true', 'false']);
    await toggle(page, 'Brand').click();
    // F4.7: a click selects; nothing is asked until Apply.
    const n = w.listingCalls().length;
    await option(page, 'Brand').getByRole('checkbox', { name: /^Luma/ }).check();
    expect(await option(page, 'Brand').getByRole('checkbox', { name: /^Luma/ }).isChecked()).toBe(true);
    expect(w.listingCalls().length).toBe(n);
    let call = await act(w, () => option(page, 'Brand').getByRole('button', { name: 'Apply' }).click());
    expect(call.searchParams.getAll('pf_v_vendor[]')).toEqual(['Luma']);
    // F4.11: a pending choice is applied when a click outside closes the option.
    if ((await toggle(page, 'Brand').getAttribute('aria-expanded')) !== 'true') await toggle(page, 'Brand').click();
    await option(page, 'Brand').getByRole('checkbox', { name: /^Overland Co\./ }).check();
    call = await act(w, () => page.getByRole('heading', { name: 'Men', level: 1 }).click());
    expect(call.searchParams.getAll('pf_v_vendor[]').sort()).toEqual(['Luma', 'Overland Co.']);
    expect(new Set(await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded'))))).toEqual(new Set(['false']));

    // F4.21: without requestInstantly a clear waits for Apply like a choice. The option's Clear
    // empties its boxes and asks nothing; the option stays open for its Apply, which sends 'clear'.
    await toggle(page, 'Brand').click();
    const checked = () => option(page, 'Brand').getByRole('checkbox', { checked: true }).count();
    expect(await checked()).toBe(2);
    let m = w.listingCalls().length;
    await option(page, 'Brand').locator('.pkg-filter-option__actions').getByRole('button', { name: 'Clear' }).click();
    expect(await checked()).toBe(0);
    expect([w.listingCalls().length, address(page), await toggle(page, 'Brand').getAttribute('aria-expanded')]).toEqual([m, '/collections/men?pf_v_vendor=Luma&pf_v_vendor=Overland Co.', 'true']);
    call = await act(w, () => option(page, 'Brand').getByRole('button', { name: 'Apply' }).click());
    expect([call.searchParams.get('event_type'), call.searchParams.getAll('pf_v_vendor[]'), address(page)]).toEqual(['clear', [], '/collections/men']);
    // Clear all in the refine-by block waits too: the tree's Apply sends 'clearAll'.
    await toggle(page, 'Brand').click();
    await option(page, 'Brand').getByRole('checkbox', { name: /^Luma/ }).check();
    call = await act(w, () => option(page, 'Brand').getByRole('button', { name: 'Apply' }).click());
    expect(call.searchParams.getAll('pf_v_vendor[]')).toEqual(['Luma']);
    m = w.listingCalls().length;
    await tree(page).getByRole('button', { name: 'Clear All' }).click();
    expect([w.listingCalls().length, address(page)]).toEqual([m, '/collections/men?pf_v_vendor=Luma']);
    call = await act(w, () => tree(page).locator('.pkg-filter-tree__footer').getByRole('button', { name: 'Apply' }).click());
    expect([call.searchParams.get('event_type'), call.searchParams.getAll('pf_v_vendor[]'), address(page)]).toEqual(['clearAll', [], '/collections/men']);
    await page.close();
  });

  it('[F4.9] [F4.21] on a phone, a horizontal tree without instant requests: the mobile panel (style 2) has the Apply its waiting choice and clear need; Show Results applies a waiting clear', async () => {
    const w = await openWatched(h, '/collections/men', { viewport: PHONE, settings: (s) => void (s.filter = { ...(s.filter as object), filterLayout: 'horizontal', requestInstantly: false, mobileStyle: 'style2' }) });
    const { page } = w;
    await settled(page);
    const panel = page.locator('.pkg-mobile-tree__panel');
    const footer = panel.locator('.pkg-mobile-tree__footer');
    await page.locator('.pkg-mobile-tree__toggle').click();
    await panel.locator('.pkg-mobile-tree__option-button', { hasText: /^Brand/ }).click();
    // A click only chooses: nothing is asked, and the panel offers Apply.
    const n = w.listingCalls().length;
    await panel.getByRole('checkbox', { name: /^Luma/ }).check();
    expect(await panel.getByRole('checkbox', { name: /^Luma/ }).isChecked()).toBe(true);
    expect([w.listingCalls().length, address(page)]).toEqual([n, '/collections/men']);
    let call = await act(w, () => footer.getByRole('button', { name: 'Apply' }).click());
    expect([call.searchParams.getAll('pf_v_vendor[]'), address(page)]).toEqual([['Luma'], '/collections/men?pf_v_vendor=Luma']);
    await expect.poll(() => footer.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    // Clear all (shown in the list of options) waits too; Show Results applies it and closes the panel.
    await panel.getByRole('button', { name: 'Back' }).click();
    const m = w.listingCalls().length;
    await panel.getByRole('button', { name: 'Clear All' }).click();
    expect([w.listingCalls().length, address(page)]).toEqual([m, '/collections/men?pf_v_vendor=Luma']);
    expect(await footer.getByRole('button', { name: 'Apply' }).isVisible()).toBe(true);
    call = await act(w, () => footer.getByRole('button', { name: /^Show Results/ }).click());
    expect([call.searchParams.get('event_type'), call.searchParams.getAll('pf_v_vendor[]'), address(page)]).toEqual(['clearAll', [], '/collections/men']);
    await expect.poll(() => panel.isHidden()).toBe(true);
    await page.close();
  });

  it('a multi-level value the shopper opened stays open after a new answer and after the mobile tree is closed and reopened (its values mount again)', async () => {
    // Show/hide buttons on values with sub-values, no level open at first (`multiLevelToggle`, `multiLevelOpen: []`: v1's defaults).
    const w = await openWatched(h, '/collections/men', { viewport: PHONE, settings: (s) => void (s.filter = { ...(s.filter as object), multiLevelToggle: true, multiLevelOpen: [] }) });
    const { page } = w;
    await settled(page);
    const panel = page.locator('.pkg-mobile-tree__panel');
    await page.locator('.pkg-mobile-tree__toggle').click();
    const dept = panel.locator('.pkg-filter-option').filter({ has: page.locator('.pkg-filter-option__toggle', { hasText: /^Department/ }) });
    const title = dept.locator('.pkg-filter-option__toggle');
    if ((await title.getAttribute('aria-expanded')) === 'false') await title.click();
    // A closed value with sub-values: opened by its toggle.
    const name = await dept.locator('.pkg-multi-level__toggle[aria-expanded="false"][aria-controls]').first().getAttribute('aria-label');
    const sub = dept.locator(`.pkg-multi-level__toggle[aria-label="${name}"]`);
    await sub.click();
    await expect.poll(() => sub.getAttribute('aria-expanded')).toBe('true');
    // A new answer (a brand chosen): the value is still open.
    await act(w, () => panel.getByRole('checkbox', { name: /^Luma/ }).check());
    expect(await sub.getAttribute('aria-expanded')).toBe('true');
    // The tree closed (its content leaves the page) and opened again: still open.
    await page.keyboard.press('Escape');
    await expect.poll(() => dept.count()).toBe(0);
    await page.locator('.pkg-mobile-tree__toggle').click();
    await expect.poll(() => sub.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('[F4.21] with requestInstantly a clear applies at once; the open option then closes, unless keepTabOpenState keeps it open', async () => {
    for (const keep of [false, true]) {
      const w = await openWatched(h, '/collections/men?pf_v_vendor=Luma', { settings: (s) => void (s.filter = { ...(s.filter as object), filterLayout: 'horizontal', requestInstantly: true, keepTabOpenState: keep }) });
      const { page } = w;
      await settled(page);
      await toggle(page, 'Brand').click();
      const call = await act(w, () => option(page, 'Brand').locator('.pkg-filter-option__actions').getByRole('button', { name: 'Clear' }).click());
      expect([call.searchParams.get('event_type'), call.searchParams.getAll('pf_v_vendor[]'), address(page)]).toEqual(['clear', [], '/collections/men']);
      await expect.poll(() => toggle(page, 'Brand').getAttribute('aria-expanded'), { timeout: 10_000 }).toBe(String(keep));
      await page.close();
    }
  });

  it('[S3.11] [F3.11] swatch settings: one colour, two colours (split diagonally) and an image, keyed pfs-swatch-<value>', async () => {
    const swatches = {
      'pfs-swatch-black': { type: 'two_colors', colorCodes: ['#000000', '#ffffff'] },
      'pfs-swatch-blue': { type: 'image', imageUrl: '/images/swatches/blue.png' },
      'pfs-swatch-red': { type: 'one_color', colorCodes: ['#ff0000'] },
    };
    const w = await openWatched(h, '/collections/men', { settings: (s) => void (s.swatches = swatches) });
    await settled(w.page);
    const swatch = (name: string) => option(w.page, 'Color').locator('label').filter({ hasText: new RegExp(`^${name}`) }).locator('.pkg-swatch').evaluate((e) => ({ background: (e as HTMLElement).style.background, image: (e as HTMLElement).style.backgroundImage }));
    expect((await swatch('Black')).image).toBe('linear-gradient(135deg, rgb(0, 0, 0) 50%, rgb(255, 255, 255) 50%)');
    expect((await swatch('Blue')).image).toBe('url("/images/swatches/blue.png")');
    expect((await swatch('Red')).background).toBe('rgb(255, 0, 0)');
    await w.page.close();
  });

  it('[F2.5] a theme that places a refine-by container gets the refine-by block there, out of the filter tree', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    await page.route(/\/collections\/men\?/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace('<div class="pkg-toolbar-container"></div>', '<div class="pkg-refine-by-container"></div>\n    <div class="pkg-toolbar-container"></div>');
      await route.fulfill({ response: res, body: html });
    });
    await page.goto(`${h.url}/collections/men?pf_v_vendor=Luma`);
    await settled(page);
    const own = page.locator('.pkg-refine-by-container');
    await expect.poll(() => own.getByRole('button', { name: /Clear Brand: Luma/ }).count()).toBe(1);
    expect(await tree(page).getByRole('button', { name: /Clear Brand: Luma/ }).count()).toBe(0);
    const before = await totalText(page);
    await own.getByRole('button', { name: /Clear Brand: Luma/ }).click();
    await totalChanges(page, before);
    expect(address(page)).toBe('/collections/men');
    await page.close();
  });
});
