// A real shop's page works unchanged: one collection page per settings source (v2 globals, v1
// globals, the JSON block, v2 globals as a template writes them, a v2 theme's own settings
// globals with its search page, a v1 theme with a horizontal tree and its refine-by wrapper apart), each with its generation's
// theme markup and no `pkg-*` class. Each page is loaded once: the tree mounts, no request fails,
// the owner settings of that page are visible, and a selection survives a reload. The v1 page with
// `?owner=off` (the owner's enableFilter and enableSearch off) proves the loader then takes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, searchSettled, startHarness, violations, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Loaded {
  page: Page;
  failed: string[];
  /** Every request: `<resource type> <url>`. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

/** Opens a page, recording every request that fails or answers 400 and above (photos skipped). */
async function load(path: string, viewport = { width: 1280, height: 900 }): Promise<Loaded> {
  const failed: string[] = [];
  const requests: string[] = [];
  const page = await h.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('request', (r) => requests.push(`${r.resourceType()} ${r.url()}`));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  // Photos are skipped: a re-render (a new page of products) cancels the ones still loading.
  page.on('requestfailed', (r) => void (!/\/images\//.test(r.url()) && failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`)));
  page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
  await page.goto(h.url + path);
  return { page, failed, requests, errors };
}

/** No request failed and nothing was logged as an error; then the page is closed. */
async function closeClean(page: Page, failed: string[], errors: string[]) {
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
}

const products = (page: Page, sel: string) => page.locator(`${sel} .pkg-product`);
const settledIn = async (page: Page, sel: string) => {
  await products(page, sel).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.pkg-product-list[aria-busy="true"]'));
  await searchSettled(page);
};

/** The served HTML has no class or id of this project's own. */
async function themeMarkupOnly(path: string) {
  const html = await (await fetch(h.url + path)).text();
  expect(html).not.toMatch(/class="[^"]*\bpkg-/);
  expect(html).not.toMatch(/id="pkg-(?!settings")/);
  return html;
}

/** Checks the first value of the first list option, waits for the address, reloads: still checked. */
async function selectionSurvivesReload(page: Page, tree: string, products: string) {
  const option = page.locator(`${tree} .pkg-filter-option`).filter({ has: page.locator('input[type="checkbox"]:not([disabled])') }).first();
  const toggle = option.locator('.pkg-filter-option__toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const box = option.locator('input[type="checkbox"]:not([disabled])').first();
  const name = await box.evaluate((el) => el.closest('label')?.textContent ?? '');
  const before = page.url();
  await box.check();
  await page.waitForFunction((b) => location.href !== b, before);
  await settledIn(page, products);
  const selected = page.url();
  expect(new URL(selected).search).toMatch(/pf_/);
  await page.reload();
  await settledIn(page, products);
  expect(page.url()).toBe(selected);
  const again = page.locator(`${tree} .pkg-filter-option input[type="checkbox"]:checked`);
  await expect.poll(() => again.count()).toBe(1);
  expect(await again.first().evaluate((el) => el.closest('label')?.textContent ?? '')).toBe(name);
}

describe('unchanged theme pages, one per settings source (Chromium)', () => {
  it('v2 globals (bcSfFilterConfig over bcSfFilterMainConfig): v2 ids, the service paths, load more, no counts, the owner sort list, suggestion blocks, the price slider\'s scale (decimalPriceRange, enableSliderRuler)', async () => {
    const html = await themeMarkupOnly('/collections/bottoms-men');
    expect(html).toContain('window.bcSfFilterConfig');
    const { page, failed, requests, errors } = await load('/collections/bottoms-men');
    await settledIn(page, '#bc-sf-filter-products');
    // The theme's endpoint, on the service's own path (JSONP: the transport default).
    expect(requests.some((r) => r.startsWith('script ') && r.includes('/bc-sf-filter/filter?'))).toBe(true);
    // The tree mounts in the theme's own container, which keeps its id.
    await expect.poll(() => page.locator('#bc-sf-filter-tree .pkg-filter-option').count()).toBeGreaterThan(2);
    // paginationType load_more from the page's config wins over the main config's default, with the label override.
    const more = page.locator('#bc-sf-filter-bottom-pagination .pkg-pagination__load-more');
    await expect.poll(() => more.innerText()).toBe('Show more products');
    expect(await page.locator('#bc-sf-filter-bottom-pagination .pkg-pagination__page').count()).toBe(0);
    // showFilterOptionCount false: no count is shown.
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-item__count').count()).toBe(0);
    // customSortingList, in the sorting container; the template's texts (`sorting`, `sorting_price_ascending`).
    const sort = page.locator('#bc-sf-filter-top-sorting select');
    expect(await sort.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(['manual', 'price-ascending', 'price-descending', 'title-ascending']);
    expect(await page.locator('#bc-sf-filter-top-sorting label').innerText()).toBe('Sort products');
    expect(await sort.locator('option[value="price-ascending"]').innerText()).toBe('Price: low to high');
    expect(await page.locator('#bc-sf-filter-top-show-limit select').count()).toBe(1);
    // Load more loads the rest.
    const shown = await products(page, '#bc-sf-filter-products').count();
    await more.click();
    await expect.poll(() => products(page, '#bc-sf-filter-products').count()).toBeGreaterThan(shown);
    // Instant search in the theme's search input, on the service path, with the owner's blocks.
    const suggest = page.waitForRequest((r) => r.url().includes('/bc-sf-filter/search/suggest?'));
    await page.locator('.site-header__search input[type="search"]').first().fill('short');
    const url = new URL((await suggest).url());
    expect([url.searchParams.get('suggestion_limit'), url.searchParams.get('product_limit'), url.searchParams.get('suggest_types')]).toEqual(['3', '4', 'suggestions,products']);
    // showSuggestionProductImage and ...Sku off: suggested products show title, vendor and price only.
    const product = page.locator('.pkg-suggest__product').first();
    await product.waitFor();
    expect(await product.locator('.pkg-price').count()).toBe(1);
    expect(await page.locator('.pkg-suggest__product .pkg-suggest__image, .pkg-suggest__product .pkg-suggest__sku').count()).toBe(0);
    // suggestionPosition right: the dropdown's right edge on the search box's.
    const [dropdown, input] = await Promise.all([page.locator('.pkg-suggest__dropdown').first().boundingBox(), page.locator('.site-header__search input[type="search"]').first().boundingBox()]);
    expect(Math.abs(dropdown!.x + dropdown!.width - (input!.x + input!.width))).toBeLessThan(2);
    await page.keyboard.press('Escape');
    // rangeStyle style2 (v2's second range template): the range's values as text, no min and max boxes; the handles stay.
    const tree = page.locator('#bc-sf-filter-tree');
    expect(await tree.getAttribute('data-pkg-range')).toBe('style2');
    const price = tree.locator('[data-option-id="pf_p_price"]');
    expect(await price.locator('.pkg-range__inputs').isVisible()).toBe(false);
    expect(await price.locator('.pkg-range__values').isVisible()).toBe(true);
    expect(await price.getByRole('slider').count()).toBe(2);
    // swatchStyle square-list: square swatches, one a line, the value's name beside.
    const swatch = tree.locator('.pkg-filter-item--swatch').first();
    expect(await swatch.count()).toBe(1);
    expect(await swatch.locator('.pkg-swatch').evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('50%');
    expect(await swatch.locator('.pkg-filter-item__label').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(10);
    // decimalPriceRange 1 and enableSliderRuler: the price slider's scale (the service's sliderRange, 4 parts by default), money labels with decimals, ticks.
    const scale = page.locator('#bc-sf-filter-tree [data-option-id="pf_p_price"] .pkg-range__scale');
    expect(await scale.getAttribute('aria-hidden')).toBe('true');
    const pips = await scale.locator('.pkg-range__pip').allInnerTexts();
    expect(pips).toHaveLength(5);
    for (const p of pips) expect(p).toMatch(/^\$\d+\.\d0$/);
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-tree--ruler').count()).toBe(1);
    expect(await scale.locator('.pkg-range__pip').first().evaluate((el) => getComputedStyle(el, '::before').content)).toBe('""');
    await selectionSurvivesReload(page, '#bc-sf-filter-tree', '#bc-sf-filter-products');
    // refineByStyle style2: each refine-by chip shows the value alone (its button still names the option).
    const chip = page.locator('.pkg-refine-by__value').first();
    await chip.waitFor();
    expect(await page.locator('.pkg-refine-by__option-label').first().isVisible()).toBe(false);
    expect(await chip.getAttribute('aria-label')).toMatch(/: /);
    await closeClean(page, failed, errors);
  });

  it('v1 globals (boostPFSAppConfig + boostPFSThemeConfig): v1 classes, page numbers, collapsed options, multi-level values closed at first, no refine-by, no single options, back to top, a one-handle price slider (rangeSlidersSingleHandle), a style 1 dropdown with products as a list, its greatest height and width and header colours', async () => {
    const html = await themeMarkupOnly('/collections/bottoms-women');
    expect(html).toContain('window.boostPFSAppConfig');
    const { page, failed, errors } = await load('/collections/bottoms-women');
    await settledIn(page, '.boost-pfs-filter-products');
    const options = page.locator('.boost-pfs-filter-tree .pkg-filter-option');
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    // collapseOnPCByDefault: every option starts collapsed.
    const expanded = await page.locator('.boost-pfs-filter-tree .pkg-filter-option__toggle').evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
    expect(new Set(expanded)).toEqual(new Set(['false']));
    // The v1 library's multi-level defaults: each collection with tags has a show/hide button, closed at first
    // (openMultiLevelByDefault []), opened by a click.
    const collections = page.locator('.boost-pfs-filter-tree [data-option-id="pf_c_collection"]');
    await collections.locator('.pkg-filter-option__toggle').click();
    const closed = collections.locator('.pkg-multi-level__toggle');
    await expect.poll(() => closed.count()).toBeGreaterThan(0);
    expect(new Set(await closed.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded'))))).toEqual(new Set(['false']));
    expect(await collections.locator('.pkg-multi-level--level-2').count()).toBe(0);
    await closed.first().click();
    await collections.locator('.pkg-multi-level--level-2 li').first().waitFor();
    await collections.locator('.pkg-filter-option__toggle').click();
    // showSingleOption false: no option with one value is listed.
    const sizes = await options.evaluateAll((els) => els.map((e) => e.querySelectorAll('.pkg-filter-item').length));
    expect(sizes.filter((n) => n > 0).every((n) => n >= 2)).toBe(true);
    // paginationType default: page numbers (25 products, 12 a page).
    await expect.poll(() => page.locator('.boost-pfs-filter-bottom-pagination .pkg-pagination__page').count()).toBe(3);
    // The theme config's limit choices in the limit container.
    expect(await page.locator('.boost-pfs-filter-top-show-limit option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(['12', '24']);
    // activeScrollToTop: a back-to-top button once scrolled.
    await page.mouse.wheel(0, 1500);
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await selectionSurvivesReload(page, '.boost-pfs-filter-tree', '.boost-pfs-filter-products');
    // showRefineBy false: a value is selected, and no refine-by is shown, neither in the tree nor in the theme's refine-by place.
    expect(await page.locator('.pkg-refine-by').count()).toBe(0);
    // rangeSlidersSingleHandle ["pf_p_price"]: one handle, no boxes; the chosen value is requested and kept in the address as v:v.
    const price = page.locator('.boost-pfs-filter-tree [data-option-id="pf_p_price"]');
    await price.locator('.pkg-filter-option__toggle').click();
    const handle = price.getByRole('slider');
    expect(await handle.count()).toBe(1);
    expect(await price.getByRole('textbox').count()).toBe(0);
    expect(await handle.getAttribute('aria-label')).toBe('Price');
    const from = Number(await handle.getAttribute('aria-valuemin'));
    const request = page.waitForRequest((r) => r.url().includes('/bc-sf-filter/filter?') && r.url().includes('pf_p_price'));
    await handle.focus();
    await page.keyboard.press('PageUp');
    const sent = new URL((await request).url()).searchParams.get('pf_p_price[]');
    expect(sent).toBe(`${from + 10}:${from + 10}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('pf_p_price')).toBe(sent);
    expect(await handle.getAttribute('aria-valuenow')).toBe(String(from + 10));
    // The owner's dropdown (v1 search group, strings as written): style 1 (one column) with its products as a list,
    // at most 300 px high and 420 px wide, the block titles white on dark blue at 15 px.
    await page.locator('.site-header [role="combobox"]').first().fill('short');
    const product = page.locator('.pkg-suggest__product').first();
    await product.waitFor();
    const dropdown = page.locator('.pkg-suggest__dropdown');
    expect(await dropdown.getAttribute('class')).toMatch(/pkg-suggest__dropdown--style1 pkg-suggest__dropdown--list/);
    const look = await dropdown.evaluate((el) => {
      const s = getComputedStyle(el);
      const block = el.querySelector('.pkg-suggest__block--products')!;
      const title = getComputedStyle(el.querySelector('.pkg-suggest__title')!);
      return { maxHeight: s.maxHeight, maxWidth: s.maxWidth, width: el.getBoundingClientRect().width, perRow: getComputedStyle(block).gridTemplateColumns.split(' ').length, title: [title.color, title.backgroundColor, title.fontSize] };
    });
    expect(look).toMatchObject({ maxHeight: '300px', maxWidth: '420px', perRow: 1, title: ['rgb(255, 255, 255)', 'rgb(26, 61, 124)', '15px'] });
    expect(look.width).toBeLessThanOrEqual(420);
    // A list row: the image beside the product's text.
    const [image, info] = await Promise.all([product.locator('.pkg-suggest__image').boundingBox(), product.locator('.pkg-suggest__product-info').boundingBox()]);
    expect(info!.x).toBeGreaterThanOrEqual(image!.x + image!.width);
    await closeClean(page, failed, errors);
  });

  it('v1 globals with the owner\'s enableFilter and enableSearch off (?owner=off): the theme\'s own listing and search form stay, and no filter or suggestion request is sent', async () => {
    const html = await themeMarkupOnly('/collections/bottoms-women?owner=off');
    expect(html).toContain('"enableFilter":false');
    expect(html).toContain('"enableSearch":false');
    const { page, failed, requests, errors } = await load('/collections/bottoms-women?owner=off');
    // The loader ran (its global is set once the page is parsed) and took nothing.
    await page.waitForFunction(() => 'PkgLoader' in window);
    expect(await page.evaluate(() => { const g = (window as unknown as { PkgLoader: { instance: unknown; search: unknown } }).PkgLoader; return [g.instance, g.search]; })).toEqual([null, null]);
    expect(await page.locator('.boost-pfs-filter-products').innerText()).toBe('The theme’s own listing');
    expect(await page.locator('.boost-pfs-filter-tree[data-pkg-initialised], .boost-pfs-filter-products[data-pkg-initialised], .pkg-filter-tree, .pkg-product, [role="combobox"]').count()).toBe(0);
    // The theme's search input stays a plain field: typing asks nothing.
    const input = page.locator('#site-search');
    expect(await input.isVisible()).toBe(true);
    await input.fill('shorts');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => /\/bc-sf-filter\//.test(r))).toEqual([]);
    await closeClean(page, failed, errors);
  });

  it('[F2.6] v1 filterTreeVerticalStyle style-off-canvas (?look=off-canvas): a Filter button opens the desktop tree in a drawer (body no-scroll class) and closes it by keyboard, by its close button and by the overlay, focus in and back, axe clean in the tree; the owner\'s icons shown sanitised (their script and onerror never run)', async () => {
    const html = await themeMarkupOnly('/collections/bottoms-women?look=off-canvas');
    expect(html).toContain('style-off-canvas');
    const { page, failed, errors } = await load('/collections/bottoms-women?look=off-canvas');
    await settledIn(page, '.boost-pfs-filter-products');
    const button = page.locator('.boost-pfs-filter-tree .pkg-mobile-tree__toggle');
    const panel = page.locator('.boost-pfs-filter-tree [role="dialog"][aria-label="Filter"]');
    expect([await button.innerText(), await button.getAttribute('aria-expanded'), await panel.isHidden()]).toEqual(['Filter', 'false', true]);
    expect(await button.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
    // The owner's icon before the text, hidden from screen readers; its script and onerror were dropped (the
    // image answers 204, which would fire an error handler).
    await button.locator('[aria-hidden="true"] svg.owner-icon').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __ownerIconRan?: number }).__ownerIconRan)).toBeUndefined();
    expect(await page.locator('.boost-pfs-filter-tree script, .boost-pfs-filter-tree [onerror]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Filter', exact: true }).count()).toBe(1);
    // Keyboard: Enter opens, focus moves into the dialog and Tab stays there; the page under it keeps its scroll.
    await page.evaluate(() => window.scrollTo(0, 120));
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // The focus moves in from the dialog's effect, after the paint that shows it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    await expect.poll(() => panel.locator('.pkg-filter-tree .pkg-filter-option').count()).toBeGreaterThan(2);
    await panel.locator('.pkg-mobile-tree__close svg.owner-close-icon').waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    expect(await violations(page, '.boost-pfs-filter-tree')).toEqual([]);
    // Escape closes it; focus is back on the button, the page where it was.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isHidden()).toBe(true);
    await expect.poll(async () => [await button.evaluate((b) => b === document.activeElement), await button.getAttribute('aria-expanded'), await page.evaluate(() => window.scrollY)]).toEqual([true, 'false', 120]);
    // The close button closes it too, and so does a click on the overlay beside the drawer; the body's no-scroll class goes with it.
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('pkg-no-scroll'))).toBe(true);
    await panel.locator('.pkg-mobile-tree__close').click();
    await expect.poll(() => panel.isHidden()).toBe(true);
    await button.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.mouse.click(1200, 450);
    await expect.poll(() => panel.isHidden()).toBe(true);
    // The class goes in an effect after the drawer's last paint.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('pkg-no-scroll'))).toBe(false);
    await closeClean(page, failed, errors);
  });

  it('[F2.6] v1 filterTreeVerticalStyle style-expand (?look=expand): a desktop button toggles the tree; it opens in the page under a disclosure button, its options in filterHorizontalColumn\'s three columns, axe clean in the tree', async () => {
    const { page, failed, errors } = await load('/collections/bottoms-women?look=expand');
    await settledIn(page, '.boost-pfs-filter-products');
    const button = page.locator('.boost-pfs-filter-tree .pkg-tree-expand__toggle');
    const region = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    expect([await button.innerText(), await button.getAttribute('aria-expanded'), await region.isHidden()]).toEqual(['Filter', 'false', true]);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => region.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const columns = await region.locator('.pkg-filter-tree__options').evaluate((e) => getComputedStyle(e).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    expect(await violations(page, '.boost-pfs-filter-tree')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => region.isHidden()).toBe(true);
    await closeClean(page, failed, errors);
  });

  it('the JSON settings block on a v2 theme: capitalised values, its own sort list, fetch transport, remembered open options', async () => {
    await themeMarkupOnly('/collections/tops-men');
    const { page, failed, requests, errors } = await load('/collections/tops-men');
    await settledIn(page, '#bc-sf-filter-products');
    expect(requests.some((r) => r.startsWith('fetch ') && r.includes('/bc-sf-filter/filter?'))).toBe(true);
    await expect.poll(() => page.locator('#bc-sf-filter-tree .pkg-filter-option').count()).toBeGreaterThan(2);
    // Capitals are the labels' own text (core-filter), not the stylesheet's: no word starts in lower case (rating labels keep theirs, as in the originals).
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-option:not(.pkg-filter-option--rating) .pkg-filter-item__label').evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => /(^|\s)\p{Ll}/u.test(t)))).toEqual([]);
    expect(await page.locator('#bc-sf-filter-top-sorting option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(['title-ascending', 'title-descending', 'price-ascending']);
    await expect.poll(() => page.locator('#bc-sf-filter-bottom-pagination .pkg-pagination__page').count()).toBe(4);
    // keepTabOpenState: the shopper closes the last option; after the reload below it is still closed.
    const last = page.locator('#bc-sf-filter-tree .pkg-filter-option__toggle').last();
    expect(await last.getAttribute('aria-expanded')).toBe('true');
    await last.click();
    expect(await last.getAttribute('aria-expanded')).toBe('false');
    await selectionSurvivesReload(page, '#bc-sf-filter-tree', '#bc-sf-filter-products');
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-option__toggle').last().getAttribute('aria-expanded')).toBe('false');
    await closeClean(page, failed, errors);
  });

  it('v2 globals as a template writes them (nulls, "", "true", "12", unknown keys): read, not rejected; their owner settings honoured', async () => {
    const html = await themeMarkupOnly('/collections/pants-women');
    expect(html).toMatch(/"current_tags":null/);
    expect(html).toMatch(/"showFilterOptionCount":"false"/);
    const { page, failed, requests, errors } = await load('/collections/pants-women');
    await settledIn(page, '#bc-sf-filter-products');
    await expect.poll(() => page.locator('#bc-sf-filter-tree .pkg-filter-option').count()).toBeGreaterThan(2);
    // limit "12" and paginationType load_more.
    expect(await products(page, '#bc-sf-filter-products').count()).toBe(12);
    await page.locator('#bc-sf-filter-bottom-pagination .pkg-pagination__load-more').waitFor();
    // showFilterOptionCount "false", capitalizeFilterOptionValues "true".
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-item__count').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length)).toBe(0);
    // Capitals are the labels' own text (core-filter), not the stylesheet's: no word starts in lower case (rating labels keep theirs, as in the originals).
    expect(await page.locator('#bc-sf-filter-tree .pkg-filter-option:not(.pkg-filter-option--rating) .pkg-filter-item__label').evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => /(^|\s)\p{Ll}/u.test(t)))).toEqual([]);
    // currencyRoundingRules { usd: "1" } with multi-currency: every product price in whole units.
    const prices = await page.locator('#bc-sf-filter-products .pkg-price__current').allInnerTexts();
    expect(prices.length).toBe(12);
    const amounts = prices.flatMap((p) => p.match(/\$[\d,]+\.\d\d/g) ?? []);
    expect(amounts.length).toBeGreaterThanOrEqual(12);
    for (const a of amounts) expect(a).toMatch(/\.00$/);
    // enableSuggestion "false": the theme's search form is left as it is (the loader starts before the first answer).
    const input = page.locator('.site-header__search input.bc-sf-search-box');
    expect(await input.isVisible()).toBe(true);
    expect(await input.getAttribute('data-pkg-initialised')).toBeNull();
    expect(await page.locator('[role="combobox"]').count()).toBe(0);
    expect(requests.filter((r) => r.includes('/suggest'))).toEqual([]);
    await selectionSurvivesReload(page, '#bc-sf-filter-tree', '#bc-sf-filter-products');
    await closeClean(page, failed, errors);
  });

  it('a v2 theme\'s own settings (bcSfFilterSettings, bcSfSearchSettings): its moved containers, its limits and paging over the owner\'s, box values without counts, option search boxes by the owner\'s default, multi-level show/hide buttons, its search term key from the box to the search page', async () => {
    const html = await themeMarkupOnly('/collections/shorts-men');
    expect(html).toContain('window.bcSfFilterSettings');
    expect(html).not.toContain('bc-sf-filter-products');
    const { page, failed, requests, errors } = await load('/collections/shorts-men');
    // selector overrides: tree, products, sorting, limit and pagination in the theme's own places.
    await settledIn(page, '#CollectionGrid');
    await expect.poll(() => page.locator('#CollectionFilters .pkg-filter-option').count()).toBeGreaterThan(2);
    expect(await page.locator('#CollectionSort select').count()).toBe(1);
    // The theme's limit 6 and showLimitList "6,12,24"; paginationType default over the owner's load_more (12 products: 2 pages).
    expect(await products(page, '#CollectionGrid').count()).toBe(6);
    expect(await page.locator('#CollectionPerPage option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(['6', '12', '24']);
    await expect.poll(() => page.locator('#CollectionPaging .pkg-pagination__page').count()).toBe(2);
    expect(await page.locator('.pkg-pagination__load-more').count()).toBe(0);
    // showFilterOptionCount on: list values show their counts; box values (Product type) never do, as in the original.
    const brand = page.locator('#CollectionFilters .pkg-filter-option[data-option-id="pf_v_vendor"]');
    const type = page.locator('#CollectionFilters .pkg-filter-option[data-option-id="pf_pt_product_type"]');
    await expect.poll(() => brand.locator('.pkg-filter-item__count').count()).toBeGreaterThan(0);
    expect(await type.locator('.pkg-filter-item').count()).toBeGreaterThan(0);
    expect(await type.locator('.pkg-filter-item__count').count()).toBe(0);
    // showSearchBoxFilterPCByDefault: options of several values have a search box though the service's flags are off; never the price slider.
    const tree = page.locator('#CollectionFilters');
    await expect.poll(() => tree.locator('.pkg-filter-option__search').count()).toBeGreaterThan(0);
    expect(await tree.locator('[data-option-id="pf_p_price"] .pkg-filter-option__search').count()).toBe(0);
    // collapseSubCategory (v2's default true): each multi-level value with sub-values has a show/hide button named by it, open at
    // first; a key press on it closes the list it controls and opens it again.
    const dept = tree.locator('[data-option-id="pf_t_category"]');
    const level = dept.locator('.pkg-multi-level__toggle').first();
    expect(await level.getAttribute('aria-expanded')).toBe('true');
    const controlled = page.locator(`[id="${await level.getAttribute('aria-controls')}"]`);
    expect(await controlled.locator('li').count()).toBeGreaterThan(0);
    expect(await level.getAttribute('aria-label')).toBe((await dept.locator('.pkg-multi-level--level-1 .pkg-link-button').first().innerText()).replace(/\s*\(\d+\)$/, ''));
    await level.focus();
    await page.keyboard.press('Enter');
    expect(await level.getAttribute('aria-expanded')).toBe('false');
    expect(await controlled.count()).toBe(0);
    await page.keyboard.press('Space');
    await controlled.waitFor();
    await selectionSurvivesReload(page, '#CollectionFilters', '#CollectionGrid');
    // search.termKey "keyword": the theme's input[name=keyword] is a search box; it submits `keyword`, and the search page reads it.
    const box = page.locator('.site-header__search input[type="search"]').first();
    const suggest = page.waitForRequest((r) => r.url().includes('/bc-sf-filter/search/suggest?'));
    await box.fill('shorts');
    await suggest;
    await Promise.all([page.waitForURL(/\/search\?/), box.press('Enter')]);
    const address = new URL(page.url());
    expect([address.pathname, address.searchParams.get('keyword'), address.searchParams.has('q')]).toEqual(['/search', 'shorts', false]);
    await settledIn(page, '#CollectionGrid');
    const search = requests.filter((r) => r.includes('/bc-sf-filter/search?'));
    expect(search.length).toBeGreaterThan(0);
    expect(new URL(search[search.length - 1]!.split(' ')[1]!).searchParams.get('q')).toBe('shorts');
    expect(await page.locator('.site-header__search input[type="search"]').first().inputValue()).toBe('shorts');
    expect(await products(page, '#CollectionGrid').count()).toBeGreaterThan(0);
    await closeClean(page, failed, errors);
  });
  it('the owner\'s removePriceDecimal in both v2 groups (bcSfFilterConfig.settings.general / .search): range labels and suggested prices without decimals, product cards with theirs', async () => {
    const html = await themeMarkupOnly('/collections/shorts-men');
    expect(html).toMatch(/"search":\{"removePriceDecimal":true\}/);
    const { page, failed, errors } = await load('/collections/shorts-men?pf_p_price=20.5%3A45.99');
    await settledIn(page, '#CollectionGrid');
    // general.removePriceDecimal: the refine-by chip and the slider's labels are cut (not rounded).
    const chip = page.locator('#CollectionFilters .pkg-refine-by').getByRole('button', { name: /^Clear Price: / });
    await expect.poll(() => chip.getAttribute('aria-label')).toMatch(/\$20-\$45$/);
    const thumbs = page.locator('#CollectionFilters [data-option-id="pf_p_price"] [role="slider"]');
    const thumbTexts = await thumbs.evaluateAll((els) => els.map((e) => e.getAttribute('aria-valuetext')));
    // The lower thumb at 20.5; the upper one at the collection's highest price (below 45.99), each without decimals.
    expect(thumbTexts).toHaveLength(2);
    expect(thumbTexts[0]).toBe('$20');
    expect(thumbTexts[1]).toMatch(/^\$\d+$/);
    // Product cards are not range labels: they keep their decimals.
    for (const p of await page.locator('#CollectionGrid .pkg-price__current').allInnerTexts()) expect(p).toMatch(/\.\d\d/);
    // search.removePriceDecimal: the suggested products' prices have none.
    await page.locator('.site-header__search input[type="search"]').first().fill('shorts');
    const prices = page.locator('.pkg-suggest__dropdown .pkg-price');
    await prices.first().waitFor();
    const shown = await prices.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    // Current, sale and compare-at amounts alike.
    for (const p of shown) {
      expect(p).toMatch(/\$\d+$/);
      expect(p).not.toMatch(/\$[\d,]+\.\d/);
    }
    await closeClean(page, failed, errors);
  });

  it("[S2.25, S2.26] v2 owner's suggestionMobileStyle \"style2\" (?look=phone-dropdown) at a phone viewport: typing in the theme's box shows the engine's suggestions in a style 1 dropdown under the box, no overlay dialog; without the setting the same page opens the overlay", async () => {
    const html = await themeMarkupOnly('/collections/bottoms-men?look=phone-dropdown');
    expect(html).toContain('"suggestionMobileStyle":"style2"');
    expect(await themeMarkupOnly('/collections/bottoms-men')).not.toContain('suggestionMobileStyle');
    const theirBox = (page: Page) => page.locator('.site-header__search input[type="search"]').first();
    // The owner's setting: the box stays a combobox on the phone; typing asks the engine and lists its answer under the box.
    const drop = await load('/collections/bottoms-men?look=phone-dropdown', PHONE);
    await settledIn(drop.page, '#bc-sf-filter-products');
    const box = theirBox(drop.page);
    expect(await box.getAttribute('role')).toBe('combobox');
    expect(await box.getAttribute('readonly')).toBeNull();
    const suggest = drop.page.waitForResponse((r) => r.url().includes('/bc-sf-filter/search/suggest?') && new URL(r.url()).searchParams.get('q') === 'short');
    await box.fill('short');
    const answer = await (await suggest).text();
    const list = drop.page.getByRole('listbox');
    await list.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const products = await drop.page.locator('.pkg-suggest__product .pkg-suggest__product-title').allInnerTexts();
    expect(products.length).toBeGreaterThan(0);
    // What is listed is the engine's answer (JSONP or JSON: the titles appear in its text).
    for (const title of products) expect(answer).toContain(JSON.stringify(title.trim()).slice(1, -1));
    expect(await drop.page.getByRole('dialog').count()).toBe(0);
    const dropdown = drop.page.locator('.pkg-suggest__dropdown');
    expect(await dropdown.getAttribute('class')).toMatch(/pkg-suggest__dropdown--style1\b/);
    const [d, i] = await Promise.all([dropdown.boundingBox(), box.boundingBox()]);
    // Under the box (not over it, nor a full-screen panel), within the phone's width.
    expect(d!.y).toBeGreaterThanOrEqual(i!.y + i!.height - 1);
    expect(d!.x).toBeGreaterThanOrEqual(0);
    expect(d!.x + d!.width).toBeLessThanOrEqual(PHONE.width + 1);
    expect(d!.height).toBeLessThan(PHONE.height);
    await closeClean(drop.page, drop.failed, drop.errors);
    // Without the setting (style1, the default): the same box opens the full-screen overlay dialog, and typing there lists the suggestions in it.
    const plain = await load('/collections/bottoms-men', PHONE);
    await settledIn(plain.page, '#bc-sf-filter-products');
    const trigger = theirBox(plain.page);
    expect(await trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(await plain.page.getByRole('dialog').count()).toBe(0);
    await trigger.click();
    const dialog = plain.page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    const inner = dialog.getByRole('combobox');
    await expect.poll(() => inner.evaluate((e) => e === document.activeElement)).toBe(true);
    await inner.fill('short');
    await dialog.getByRole('listbox').waitFor();
    const panel = await dialog.boundingBox();
    expect([panel!.width, panel!.height]).toEqual([PHONE.width, PHONE.height]);
    await closeClean(plain.page, plain.failed, plain.errors);
  });

  it('a v1 theme with a horizontal tree (.boost-pfs-filter-tree-h) and separateRefineByFromFilter: the horizontal layout from the container, refine-by in the theme\'s wrapper, the selection kept on reload, range labels without decimals by v1\'s default, a style 2 dropdown with its products column on the left (boostPFSInstantSearchConfig)', async () => {
    const html = await themeMarkupOnly('/collections/shorts-women');
    expect(html).toContain('"separateRefineByFromFilter":true');
    expect(html).not.toContain('filterLayout');
    expect(html).not.toContain('removePriceDecimal');
    const { page, failed, errors } = await load('/collections/shorts-women');
    await settledIn(page, '.boost-pfs-filter-products');
    const tree = page.locator('.boost-pfs-filter-tree-h .pkg-filter-tree--horizontal');
    await tree.waitFor();
    // A horizontal option is a dropdown: open one, check a value, Apply.
    const option = tree.locator('.pkg-filter-option').filter({ has: page.locator('input[type="checkbox"]') }).first();
    // filterTreeHorizontalStyle style2: a list option's values in two columns; filterHorizontalOptionsAlign center.
    const vendor = tree.locator('[data-option-id="pf_v_vendor"]');
    await vendor.locator('.pkg-filter-option__toggle').click();
    const values = vendor.locator('.pkg-filter-option__values--list');
    expect(await values.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(2);
    expect(await tree.locator('.pkg-filter-tree__options').evaluate((el) => getComputedStyle(el).justifyContent)).toBe('center');
    // showSearchBoxFilterPCByDefault on: as v1, no option search box in a horizontal tree (vendors are several values of a list).
    expect(await values.locator('li').count()).toBeGreaterThan(1);
    expect(await tree.locator('.pkg-filter-option__search').count()).toBe(0);
    await option.locator('.pkg-filter-option__toggle').click();
    const box = option.locator('input[type="checkbox"]:not([disabled])').first();
    const name = (await box.evaluate((el) => el.closest('label')?.querySelector('.pkg-filter-item__label')?.textContent ?? '')).trim();
    await box.check();
    const before = page.url();
    await option.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction((b) => location.href !== b, before);
    await settledIn(page, '.boost-pfs-filter-products');
    // Refine-by in the theme's wrapper beside the sort box, under the theme's label; none in the tree.
    const wrapper = page.locator('.boost-pfs-filter-refine-by-wrapper-h');
    await wrapper.getByRole('region', { name: 'Your choices' }).waitFor();
    expect(await wrapper.locator('.pkg-refine-by').innerText()).toContain(name);
    expect(await tree.locator('.pkg-refine-by').count()).toBe(0);
    const selected = page.url();
    await page.reload();
    await settledIn(page, '.boost-pfs-filter-products');
    expect(page.url()).toBe(selected);
    await wrapper.getByRole('region', { name: 'Your choices' }).waitFor();
    expect(await wrapper.locator('.pkg-refine-by').innerText()).toContain(name);
    // general.removePriceDecimal, which this v1 page never writes: v1's library default (true) cuts the range labels.
    await page.goto(h.url + '/collections/shorts-women?pf_p_price=20.5%3A45.99');
    await settledIn(page, '.boost-pfs-filter-products');
    const chip = wrapper.getByRole('button', { name: /^Clear Price: / });
    await expect.poll(() => chip.getAttribute('aria-label')).toMatch(/\$20-\$45$/);
    // The theme's own instant-search settings (boostPFSInstantSearchConfig): a style 2 dropdown with its products column on the left.
    await page.locator('.site-header [role="combobox"]').first().fill('short');
    await page.locator('.pkg-suggest__product').first().waitFor();
    expect(await page.locator('.pkg-suggest__dropdown').getAttribute('class')).toMatch(/pkg-suggest__dropdown--style2 .*pkg-suggest__dropdown--products-left/);
    const [productsColumn, termsColumn] = await Promise.all([page.locator('.pkg-suggest__column--products').boundingBox(), page.locator('.pkg-suggest__column--terms').boundingBox()]);
    expect(productsColumn!.x + productsColumn!.width).toBeLessThanOrEqual(termsColumn!.x + 1);
    await closeClean(page, failed, errors);
  });
});
