// Rules the libraries implemented but no shopper reached, proven on the assembled demo shop in
// Chromium: the theme's own views (collection header, most popular) and their failures, option
// visibility from the filter answer, and settings a wrong value must not stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, filterOption, type Harness, routeWithSettings, settled, startHarness, titles, total } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/**
 * Opens `path` with photos answered empty, the settings' `filter` section merged with `filter`,
 * and `prepare` (routes) in place before the first load; collects the console warnings.
 */
async function open(path: string, options: { filter?: Record<string, unknown>; settings?: (s: Record<string, Record<string, unknown>>) => void; prepare?: (page: Page) => Promise<unknown> } = {}): Promise<{ page: Page; warned: string[] }> {
  const page = await h.browser.newPage({ viewport: DESKTOP });
  const warned: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warned.push(m.text())));
  await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  const filter = options.filter;
  const edit = options.settings;
  if (filter || edit)
    await routeWithSettings(page, h, (s) => {
      if (filter) s.filter = { ...(s.filter as object), ...filter };
      edit?.(s as Record<string, Record<string, unknown>>);
    });
  await options.prepare?.(page);
  await page.goto(h.url + path);
  await settled(page);
  return { page, warned };
}

interface WireOption {
  filterOptionId: string;
  filterType: string;
  label: string;
  status: string;
  values: unknown;
  manualValues?: unknown;
}

describe('rules that reach the shopper (Chromium)', () => {
  it('[S7.3] [S7.5] [S8.11] [S8.9] the theme views: the collection header from ?view=desc and the most-popular slider (best selling) where the theme places them; a failed description falls back to the all-collection data, a failed or unparsable most-popular call only warns', async () => {
    const path = '/collections/fitness-equipment';
    const desc = `${path}?view=desc`;
    const popular = `${path}?view=boost-pfs-most-popular&sort_by=best-selling`;
    const asked: string[] = [];
    let answered!: Promise<unknown>;
    const w = await open(path, {
      prepare: async (page) => {
        page.on('request', (r) => {
          const u = new URL(r.url());
          if (u.searchParams.has('view')) asked.push(u.pathname + u.search);
        });
        answered = page.waitForResponse((r) => r.url().endsWith(popular)).then((r) => r.json());
      },
    });
    const mostPopular = (await answered) as { products: Array<{ title: string }> };
    expect(asked).toEqual(expect.arrayContaining([desc, popular]));
    // S7.3: the collection's own title, its description as text (markup stripped), the breadcrumb.
    const header = w.page.locator('.pkg-collection-header');
    await header.waitFor();
    expect(await header.locator('h1').innerText()).toBe('Fitness Equipment');
    expect(await header.locator('.pkg-collection-header__description').innerText()).toBe('Fitness Equipment from the Luma Gear range.');
    expect(await header.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toMatch(/Home\s+Fitness Equipment/);
    // S7.5: the slider shows the most-popular answer's first products in its order.
    expect(mostPopular.products.length).toBeGreaterThan(1);
    const slider = w.page.locator('.pkg-most-popular-container');
    await slider.getByText('Most popular').waitFor();
    const shown = await slider.locator('.pkg-product__title').allInnerTexts();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual(mostPopular.products.slice(0, shown.length).map((p) => p.title));
    // The listing itself is unchanged by them.
    expect((await titles(w.page)).length).toBeGreaterThan(0);
    await w.page.close();

    // S8.11: the description call fails: the all-collection data. S8.9: most popular fails: a warning, no slider.
    for (const broken of [{ status: 503, body: 'down', warned: /Error getting most popular: 503/ }, { status: 200, body: '{"products": [', warned: /Could not parse the most-popular template JSON/ }]) {
      const f = await open(path, {
        prepare: async (page) => {
          await page.route(/\/collections\/fitness-equipment\?view=desc/, (route) => route.fulfill({ status: 500, body: 'error' }));
          await page.route(/view=boost-pfs-most-popular/, (route) => route.fulfill({ status: broken.status, contentType: 'application/json', body: broken.body }));
        },
      });
      const warned = f.warned;
      await expect.poll(() => f.page.locator('.pkg-collection-header h1').innerText().catch(() => '')).toBe('All products');
      await expect.poll(() => warned.join('\n')).toMatch(broken.warned);
      expect(await f.page.locator('.pkg-most-popular-container .pkg-product').count()).toBe(0);
      expect(await f.page.locator('.pkg-most-popular-container').innerText()).toBe('');
      await f.page.close();
    }
  });

  it('[F3.2] [F4.3] [F4.2] [F8.11] which options show: disabled ones and ones without values are left out, a one-value option only while single options are shown; a wrong tree type or filter layout warns and the filter still works', async () => {
    const load = async (filter: Record<string, unknown>) => {
      let options: WireOption[] = [];
      const prepare = (page: Page) => page.route(/\/api\/filter/, async (route) => {
        const res = await route.fetch();
        const answer = (await res.json()) as { filter: { options: WireOption[] } };
        options = answer.filter.options;
        const byType = (t: string) => options.find((o) => o.filterType === t)!;
        byType('vendor').status = 'disabled';
        Object.assign(byType('product_type'), { values: [], manualValues: [] });
        const tag = byType('tag');
        tag.values = (tag.values as unknown[]).slice(0, 1);
        options.filter((o) => o.filterType === 'tag')[1]!.filterType = 'no_such_type';
        await route.fulfill({ response: res, json: answer });
      });
      const w = await open('/collections/men', { filter, prepare });
      await w.page.locator('#pkg-filter-tree .pkg-filter-option').first().waitFor();
      const shown = async (t: string) => filterOption(w.page, options.find((o) => o.filterType === t)!.label).count();
      return { w: w.page, warned: w.warned, shown, label: (t: string) => options.find((o) => o.filterType === t)!.label };
    };
    // A filter layout that does not exist: the vertical tree, and a warning naming the setting.
    const a = await load({ filterLayout: 'sideways' });
    expect(await a.shown('vendor'), 'disabled').toBe(0);
    expect(await a.shown('product_type'), 'no values').toBe(0);
    expect(await a.shown('tag'), 'one value, single options shown').toBe(1);
    expect(await a.shown('option'), 'an active option').toBeGreaterThan(0);
    // The unknown tree type is read as a list of values, with a warning.
    expect(await a.shown('no_such_type')).toBe(1);
    expect(a.warned.join('\n')).toMatch(/Wrong filter tree type 'no_such_type'/);
    expect(a.warned.join('\n')).toMatch(/settings\.filter\.filterLayout\b.*using "vertical"/);
    // The filter works: a value narrows the listing.
    const before = await total(a.w);
    await filterOption(a.w, a.label('no_such_type')).getByRole('checkbox').first().check();
    await expect.poll(() => total(a.w)).toBeLessThan(before);
    await a.w.close();
    // Single options not shown: the one-value option is left out, options with more stay.
    const b = await load({ showSingleOption: false });
    expect(await b.shown('tag'), 'one value, single options hidden').toBe(0);
    expect(await b.shown('option')).toBeGreaterThan(0);
    expect(b.warned.join('\n')).not.toMatch(/filterLayout/);
    await b.w.close();
  });

  it('[S1.7] [S1.8] [F4.18] a shopper in yen: prices converted and rounded up by the currency rule; a price option with shortenPipsRange labels its slider in K; dragging a handle from its start updates the boxes and applies on release', async () => {
    const yen = (s: Record<string, Record<string, unknown>>) => {
      Object.assign(s.general!, { current_currency: 'JPY', currency_rate: 150 });
      Object.assign(s.shop!, { money_format: '¥{{amount_no_decimals}}' });
      Object.assign(s.filter!, { multiCurrency: true, convertPriceInBrowser: true, currencyRoundingRules: { jpy: 100 } });
    };
    const load = async (short: boolean) => {
      let products: Array<{ price_min: number }> = [];
      const prepare = (page: Page) =>
        page.route(/\/api\/filter/, async (route) => {
          const res = await route.fetch();
          const answer = (await res.json()) as { products: Array<{ price_min: number }>; filter: { options: Array<Record<string, unknown>> } };
          products = answer.products;
          if (short) for (const o of answer.filter.options) if (o.filterType === 'price') o.shortenPipsRange = true;
          await route.fulfill({ response: res, json: answer });
        });
      const w = await open('/collections/men', { settings: yen, prepare });
      const price = filterOption(w.page, 'Price');
      await price.locator('.pkg-range__values').waitFor();
      return { ...w, products: () => products, labels: () => price.locator('.pkg-range__values span').allInnerTexts(), price };
    };
    // S1.7: every price x 150, up to the next 100 yen (rule 100), in the yen format.
    const a = await load(false);
    const shown = (await a.page.locator('.pkg-products-container .pkg-price__current').allInnerTexts()).map((t) => t.replace(/^Sale price\s*/, ''));
    const expected = a.products().map((p) => `¥${(Math.ceil(Math.round(p.price_min * 150 * 100) / 100 / 100) * 100).toLocaleString('en-US')}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(expected);
    expect(shown.every((t) => /00$/.test(t))).toBe(true);
    // Without shortenPipsRange the slider's labels are whole amounts.
    const full = await a.labels();
    expect(full[1]).toMatch(/^¥\d{1,3}(,\d{3})+$/);
    await a.page.close();

    // S1.8: with it, amounts from 1000 read K.
    const b = await load(true);
    const short = await b.labels();
    expect(short[1]).toMatch(/^¥\d+(\.\d+)?K$/);
    expect(short[1]).not.toBe(full[1]);

    // F4.18: the minimum handle dragged from its start position: the boxes follow while dragging,
    // nothing is asked until release; then the listing is filtered by the new range.
    const thumb = b.price.locator('.pkg-range__thumb--min');
    await thumb.scrollIntoViewIfNeeded();
    const track = await b.price.locator('.pkg-range__track').boundingBox();
    const box = (await thumb.boundingBox())!;
    const minBox = b.price.locator('.pkg-range__input').first();
    const startMin = await minBox.inputValue();
    const before = await total(b.page);
    let asked = 0;
    b.page.on('request', (r) => void (r.url().includes('/api/filter') && asked++));
    await b.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await b.page.mouse.down();
    await b.page.mouse.move(track!.x + track!.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await expect.poll(() => minBox.inputValue()).not.toBe(startMin);
    expect(asked).toBe(0);
    await b.page.mouse.up();
    await expect.poll(() => total(b.page)).toBeLessThan(before);
    expect(new URL(b.page.url()).searchParams.get('pf_p_price')).toMatch(/^\d+(\.\d+)?:\d+(\.\d+)?$/);
    await b.page.close();
  });

  it('[S4.19] [F2.7] [S4.20] [S9.18] the owner\'s sticky setting keeps the filter tree in view while the products scroll (or at the product area\'s bottom); the back-to-top button appears past 100 px and goes back up', async () => {
    const tree = (page: Page) => page.locator('#pkg-filter-tree .pkg-filter-tree');
    const scroll = async (page: Page, y: number) => {
      // Scrolled as far as asked, or to the end of a shorter page (measured when it settles).
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.waitForFunction((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) < 2;
      }, y);
    };
    // 48 products: a product column well taller than the tree, so there is room to stick.
    const a = await open('/collections/all', { filter: { stickyFilterPc: 'fixed', showScrollToTop: true, limit: 48 } });
    await tree(a.page).waitFor();
    expect(await tree(a.page).getAttribute('class')).toContain('pkg-filter-tree--sticky-fixed');
    const button = a.page.getByRole('button', { name: 'Back to top' });
    await scroll(a.page, 60);
    expect(await button.count()).toBe(0);
    await scroll(a.page, 1500);
    await button.waitFor();
    // Fixed: the tree's top stays at the top of the viewport.
    expect(Math.abs((await tree(a.page).boundingBox())!.y)).toBeLessThan(2);
    await button.click();
    await a.page.waitForFunction(() => window.scrollY === 0);
    await expect.poll(() => button.count()).toBe(0);
    await a.page.close();
    // Normal (the default): the tree scrolls away with the page; absolute: its bottom rests at the viewport's bottom.
    for (const [mode, inView] of [['normal', false], ['absolute', true]] as const) {
      const b = await open('/collections/all', { filter: { stickyFilterPc: mode, limit: 48 } });
      await tree(b.page).waitFor();
      expect(await tree(b.page).getAttribute('class')).toContain(`pkg-filter-tree--sticky-${mode}`);
      await scroll(b.page, 3500);
      const box = (await tree(b.page).boundingBox())!;
      const bottomInView = box.y + box.height > 0 && box.y + box.height <= 900 + 1;
      expect(bottomInView, `${mode}: ${box.y} + ${box.height}`).toBe(inView);
      await b.page.close();
    }
  });

  it('[S9.6] a sticky tree sticks only beside a product area at least 300 px tall: a theme with small cards keeps it in the flow beside two rows, and it sticks again beside six', async () => {
    const tree = (page: Page) => page.locator('#pkg-filter-tree .pkg-filter-tree');
    const listHeight = (page: Page) => page.locator('.pkg-products-container .pkg-product-list').evaluate((e) => e.getBoundingClientRect().height);
    const { page } = await open('/collections/all?limit=8', { filter: { stickyFilterPc: 'fixed' } });
    expect(await listHeight(page)).toBeGreaterThanOrEqual(300);
    expect(await tree(page).getAttribute('class')).toContain('pkg-filter-tree--sticky-fixed');
    // The theme's cards without photos: two rows of 4 are under 300 px, and the tree stays in the flow.
    await page.addStyleTag({ content: '.pkg-product__image { display: none; }' });
    await expect.poll(() => tree(page).getAttribute('class'), { timeout: 10_000 }).toContain('pkg-filter-tree--sticky-normal');
    expect(await listHeight(page)).toBeLessThan(300);
    // 24 a page: six rows, past 300 px: it sticks again.
    await page.locator('.pkg-toolbar__limit select').selectOption('24');
    await expect.poll(() => page.locator('.pkg-products-container .pkg-product').count(), { timeout: 10_000 }).toBe(24);
    await expect.poll(() => tree(page).getAttribute('class'), { timeout: 10_000 }).toContain('pkg-filter-tree--sticky-fixed');
    expect(await listHeight(page)).toBeGreaterThanOrEqual(300);
    await page.close();
  });

  it('[F4.23] with partial render on, a click re-renders the options around the clicked one; the clicked option keeps the values it was clicked in', async () => {
    let calls = 0;
    // After the click every option's counts read 999 in the answer, the clicked Brand's too.
    const prepare = (page: Page) =>
      page.route(/\/api\/filter/, async (route) => {
        const res = await route.fetch();
        const answer = (await res.json()) as { filter: { options: WireOption[] } };
        if (calls++ > 0) for (const o of answer.filter.options) if (Array.isArray(o.values)) for (const v of o.values as Array<{ doc_count?: number }>) v.doc_count = 999;
        await route.fulfill({ response: res, json: answer });
      });
    const w = await open('/collections/men', { filter: { partialRender: true }, prepare });
    const counts = (label: string) => filterOption(w.page, label).locator('.pkg-filter-item__count').allInnerTexts();
    const brandBefore = await counts('Brand');
    expect(brandBefore.length).toBeGreaterThan(1);
    expect(brandBefore).not.toContain('(999)');
    const before = await total(w.page);
    await filterOption(w.page, 'Brand').getByRole('checkbox').first().check();
    await expect.poll(() => total(w.page)).toBeLessThan(before);
    await expect.poll(() => counts('Material')).toContain('(999)');
    expect(await counts('Brand')).toEqual(brandBefore);
    expect(await filterOption(w.page, 'Brand').getByRole('checkbox').first().isChecked()).toBe(true);
    await w.page.close();
  });

  it('[F4.5] [F5.5] Size in the advanced range-slider setting: a text-range slider over the sizes in the owner\'s order; a move asks for every size between the handles; handles that end equal revert', async () => {
    const w = await open('/collections/men', { filter: { advancedRangeSliderOptions: ['pf_opt_size'] } });
    const calls: URL[] = [];
    w.page.on('request', (r) => void (r.url().includes('/api/filter') && calls.push(new URL(r.url()))));
    const size = w.page.locator('#pkg-filter-tree [data-option-id="pf_opt_size"]');
    const [low, high] = [size.getByRole('slider', { name: /Minimum/ }), size.getByRole('slider', { name: /Maximum/ })];
    await low.waitFor();
    // The men's sizes, the owner's manual order first (XS..XL, then waist sizes).
    expect(await low.getAttribute('aria-valuetext')).toBe('XS');
    const last = (await high.getAttribute('aria-valuetext'))!;
    expect(['XS', 'S', 'M', 'L', 'XL']).not.toContain(last);
    expect(await size.locator('.pkg-range__input').count()).toBe(0);
    const before = await total(w.page);
    // One step up from XS: every size from S to the last one.
    await low.focus();
    await w.page.keyboard.press('ArrowRight');
    await expect.poll(() => calls.length).toBe(1);
    const asked = calls[0]!.searchParams.getAll('pf_opt_size[]');
    expect(asked.slice(0, 4)).toEqual(['S', 'M', 'L', 'XL']);
    expect(asked.at(-1)).toBe(last);
    expect(asked).not.toContain('XS');
    await expect.poll(() => total(w.page)).toBeLessThanOrEqual(before);
    await expect.poll(() => low.getAttribute('aria-valuetext')).toBe('S');
    // The maximum handle moved onto the minimum: the ends would be equal, so the slider reverts and nothing is asked.
    await high.focus();
    await w.page.keyboard.press('Home');
    await expect.poll(() => high.getAttribute('aria-valuetext')).toBe(last);
    expect(await low.getAttribute('aria-valuetext')).toBe('S');
    expect(calls).toHaveLength(1);
    await w.page.close();
  });
});
