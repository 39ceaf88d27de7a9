// Search journeys in Chromium: the header search box and its suggestion dropdown, the search page's
// panels, the no-result view and the phone overlay, each checking what the page shows and the
// address bar.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, artifactsDir, PHONE, settled, startHarness, titles, total, type Harness, searchBox, searchSettled } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const active = (page: Page) => searchBox(page).getAttribute('aria-activedescendant');
const optionText = (page: Page, id: string) => page.locator(`[id="${id}"]`).evaluate((e) => e.querySelector('.pkg-suggest__product-title')?.textContent ?? e.textContent ?? '');

describe('search (Chromium)', () => {
  it('[S4.6] types in the header box, moves through suggestions and products with the arrow keys (the input follows) and opens the chosen product with Enter', async () => {
    const page = await h.open('/collections/men');
    await settled(page);
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('jack', { delay: 20 });
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // Suggested terms, collections and products, each an option.
    const options = page.getByRole('option');
    const hrefs = await options.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(hrefs.filter((u) => u.startsWith('/search?q='))[0]).toBe('/search?q=Jackets');
    expect(hrefs.some((u) => u.startsWith('/collections/'))).toBe(true);
    const firstProduct = hrefs.findIndex((u) => u.startsWith('/products/'));
    expect(firstProduct).toBeGreaterThan(0);
    expect(await listbox.locator('.pkg-suggest__product-title').first().innerText()).toMatch(/jack/i);
    // The dropdown is right-aligned under a box in the right half of the window, inside the window.
    const drop = (await page.locator('.pkg-suggest__dropdown').boundingBox())!;
    const input = (await box.boundingBox())!;
    expect(Math.round(drop.x + drop.width)).toBe(Math.round(input.x + input.width));
    expect(drop.x).toBeGreaterThanOrEqual(0);
    // Product photos load (the 200x sizes the dropdown asks for).
    await expect.poll(() => listbox.locator('.pkg-suggest__image').first().evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: join(artifactsDir, 'search-dropdown-desktop.png') });

    // Down selects the first option and the input shows its text; Up from the first wraps to none
    // and restores the typed term.
    await box.press('ArrowDown');
    const first = (await options.nth(0).getAttribute('id'))!;
    expect(await active(page)).toBe(first);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await box.inputValue()).toBe('Jackets');
    await box.press('ArrowUp');
    expect(await active(page)).toBeNull();
    expect(await box.inputValue()).toBe('jack');

    // Down to the first product, then one more and back up: the input follows each move.
    for (let i = 0; i <= firstProduct + 1; i++) await box.press('ArrowDown');
    const next = (await options.nth(firstProduct + 1).getAttribute('id'))!;
    expect(await active(page)).toBe(next);
    expect(await box.inputValue()).toBe(await optionText(page, next));
    await box.press('ArrowUp');
    const chosen = (await options.nth(firstProduct).getAttribute('id'))!;
    expect(await active(page)).toBe(chosen);
    const title = await optionText(page, chosen);
    expect(await box.inputValue()).toBe(title);

    await box.press('Enter');
    await page.waitForURL((u) => u.pathname + u.search === hrefs[firstProduct]);
    expect(address(page)).toBe(hrefs[firstProduct]);
    expect(await page.locator('h1.product__title').innerText()).toBe(title);
    await page.close();
  });

  it('[S2.26] submits the typed term by GET to the search page with Enter when no suggestion is selected', async () => {
    const page = await h.open('/');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('hoodie', { delay: 20 });
    await page.getByRole('listbox').waitFor();
    expect(await box.getAttribute('name')).toBe('q');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=hoodie$/);
    await settled(page);
    expect(address(page)).toBe('/search?q=hoodie');
    expect(await total(page)).toBeGreaterThan(0);
    for (const t of await titles(page)) expect(t.toLowerCase()).toMatch(/hoodie|sweatshirt|jacket|pullover|kangeroo|zip/);
    expect(await page.locator('.pkg-toolbar__sort select').inputValue()).toBe('relevance');
    await page.close();
  });

  it('[S2.23, S4.21, S7.7] a search without results shows the no-result view: message with the term, tips and suggested terms that search again, read from the page, not fetched', async () => {
    const page = await h.open('/');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('zzxqv', { delay: 20 });
    // The dropdown says nothing matched.
    await page.locator('.pkg-suggest__message--empty').waitFor();
    expect(await page.locator('.pkg-suggest__message--empty strong').innerText()).toBe('zzxqv');
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push(u.pathname);
    });
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=zzxqv$/);

    const view = page.getByRole('region', { name: /couldn't find results/ });
    await view.waitFor();
    expect(await view.locator('.pkg-search-no-result__message').innerText()).toContain(`We are sorry! We couldn't find results for "zzxqv".`);
    expect(await view.locator('.pkg-search-no-result__message strong').innerText()).toBe('zzxqv');
    expect(await view.locator('.pkg-search-no-result__tips li').allInnerTexts()).toEqual(["But don't give up – check the spelling or try less specific search terms."]);
    // Suggested terms and most-popular products come from the JSON the theme embeds (S3.12).
    const terms = view.getByRole('navigation', { name: 'Try searching for' }).getByRole('link');
    expect(await terms.allInnerTexts()).toEqual(['yoga pants', 'hoodie', 'water bottle', 'backpack', 'running jacket']);
    expect(await terms.first().getAttribute('href')).toBe('/search?q=yoga%20pants');
    expect(await view.locator('.pkg-search-no-result__popular .pkg-product').count()).toBe(4);
    // S7.7: the no-result data is the page's embedded JSON; the only call the search page made is the search.
    expect(await page.locator('script#pkg-no-result[type="application/json"]').count()).toBe(1);
    expect(calls).toEqual(['/api/search']);
    // The listing is hidden: no filter tree, toolbar, product list or pagination; the body is marked.
    expect(await page.locator('.pkg-filter-tree, .pkg-toolbar, .pkg-products-container, .pkg-pagination').count()).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('pkg-no-result'))).toBe(true);
    expect(address(page)).toBe('/search?q=zzxqv');
    await page.screenshot({ path: join(artifactsDir, 'search-no-result-desktop.png'), fullPage: true });

    await terms.filter({ hasText: 'hoodie' }).click();
    await page.waitForURL(/\/search\?q=hoodie$/);
    await settled(page);
    expect(await total(page)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.body.classList.contains('pkg-no-result'))).toBe(false);
    await page.close();
  });

  it('[S2.20, S2.21, S2.22, S7.6] switches between the products, collections and pages panels with the tabs (the search call, then one panel fetch each for collections and pages); the tab goes to the address bar and a reload keeps it', async () => {
    const page = await h.browser.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push(`${u.pathname} ${u.searchParams.get('q')}`);
    });
    await page.goto(`${h.url}/search?q=luma`);
    await settled(page);
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Products (87)', 'Collections (1)', 'Pages (3)']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').locator('.pkg-product').count()).toBe(12);

    await tabs.nth(1).click();
    const panel = page.getByRole('tabpanel');
    await panel.locator('.pkg-search-panel__link').first().waitFor();
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('false');
    const collectionLinks = await panel.locator('.pkg-search-panel__link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(collectionLinks).toEqual(['/collections/yoga-new']);
    expect(await panel.locator('.pkg-product').count()).toBe(0);
    expect(await panel.innerText()).toMatch(/Showing 1–1 of 1 results/);
    expect(address(page)).toBe('/search?q=luma&tab=collections');

    await tabs.nth(2).click();
    await page.getByRole('tabpanel').locator('a[href^="/pages/"]').first().waitFor();
    expect(calls).toEqual(['/api/search luma', '/api/search/collections luma', '/api/search/pages luma']);
    expect(await tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').locator('.pkg-search-panel__link').evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toContain('/pages/about-us');
    expect(address(page)).toBe('/search?q=luma&tab=pages');

    await page.reload();
    await page.getByRole('tabpanel').locator('a[href="/pages/about-us"]').waitFor();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Pages (3)');
    expect(address(page)).toBe('/search?q=luma&tab=pages');

    await page.getByRole('tab', { name: /Products/ }).click();
    await page.getByRole('tabpanel').locator('.pkg-product').first().waitFor();
    expect(await page.getByRole('tabpanel').locator('.pkg-product').count()).toBe(12);
    expect(address(page)).toBe('/search?q=luma');
    await page.close();
  });

  it('[S2.26] opens the search overlay on a phone when the box gets focus, suggests as the shopper types and closes with the back button', async () => {
    const page = await h.open('/', PHONE);
    await searchSettled(page);
    const trigger = searchBox(page).or(page.locator('.site-header .pkg-search-box input[type="search"]')).first();
    await trigger.waitFor();
    expect(await trigger.getAttribute('readonly')).not.toBeNull();
    await trigger.focus();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const input = dialog.getByRole('combobox');
    await expect.poll(() => input.evaluate((e) => e === document.activeElement)).toBe(true);
    await input.pressSequentially('tee', { delay: 20 });
    await dialog.getByRole('listbox').waitFor();
    expect(await dialog.getByRole('option').count()).toBeGreaterThan(1);
    // The overlay covers the phone's width.
    const box = await dialog.locator('.pkg-suggest-overlay__panel').boundingBox();
    expect(Math.round(box!.width)).toBe(PHONE.width);
    await page.screenshot({ path: join(artifactsDir, 'search-overlay-phone.png') });
    await dialog.locator('.pkg-suggest-overlay__back').click();
    await dialog.waitFor({ state: 'detached' });
    expect(address(page)).toBe('/');
    await page.close();
  });
});
