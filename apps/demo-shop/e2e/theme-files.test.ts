// The theme's files as a collection page fetches them (packages/loader/scripts/build-theme.mjs): the
// one classic script a shop adds and the modules of the first load; the search box's file only when
// the shopper reaches a box; a file that cannot be loaded leaves the theme's own search form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedHarness } from './harness';
import { themeAssets } from '../src/server.mjs';

const h = sharedHarness();
const manifest = JSON.parse(readFileSync(join(themeAssets().dir, 'manifest.json'), 'utf8')) as {
  js: string;
  modules: string[];
  sanitizer: string;
  lazy: Array<{ part: string; files: string[] }>;
};
const searchFiles = manifest.lazy.find((p) => p.part === 'mount-search-boxes')!.files;
const quickViewFile = manifest.lazy.find((p) => p.part === 'quick-view')!.files[0]!;
const plainInput = (page: Page) => page.locator('.site-header .pkg-search-box input[type="search"]');

/**
 * A collection page on a browser that never gets idle (its idle callbacks never run), so only the
 * shopper reaching a box loads the search box's file; the theme JavaScript files it fetched are listed.
 */
async function openBusy(path: string) {
  const page = await h().browser.newPage({ viewport: { width: 1280, height: 900 } });
  const scripts: string[] = [];
  const loaderErrors: string[] = [];
  page.on('request', (r) => void (r.url().includes('/assets/') && r.url().endsWith('.js') && scripts.push(r.url().split('/').pop()!)));
  page.on('console', (m) => void (m.type() === 'error' && m.text().includes('[@pkg/loader]') && loaderErrors.push(m.text())));
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  return { page, scripts, loaderErrors, go: () => page.goto(h().url + path) };
}

describe('theme files (Chromium)', () => {
  it("a collection page's first load fetches the classic script and its first-load modules only; typing into the theme's box loads the search box's file, keeps the text and shows its suggestions", async () => {
    const { page, scripts, loaderErrors, go } = await openBusy('/collections/men');
    await go();
    await page.locator('.pkg-filter-tree .pkg-filter-option').first().waitFor();
    await page.locator('.pkg-products-container .pkg-product').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Everything before the tree and the products rendered, and nothing more since (the sanitiser
    // only where shop HTML renders; none on this page).
    expect(scripts.sort()).toEqual([manifest.js, ...manifest.modules].sort());
    expect(scripts.some((s) => searchFiles.includes(s))).toBe(false);
    // The theme's own form is still there: no instant-search box yet.
    expect(await page.locator('.site-header').getByRole('combobox').count()).toBe(0);
    const searchFile = page.waitForRequest((r) => r.url().endsWith(`/${searchFiles[0]}`));
    await plainInput(page).focus();
    await page.keyboard.type('jack', { delay: 30 });
    await searchFile;
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    await expect.poll(() => box.inputValue()).toBe('jack');
    expect(await box.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.getByRole('listbox').waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(1);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // Each file once (the main module's code is not fetched again by the search box's file).
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(loaderErrors).toEqual([]);
    await page.close();
  });

  it("a search box's file that cannot be loaded gives one console error, and the theme's plain search form still searches", async () => {
    const { page, scripts, loaderErrors, go } = await openBusy('/collections/men');
    await page.route((url) => url.pathname.endsWith(`/${searchFiles[0]}`), (route) => route.fulfill({ status: 404, body: 'gone' }));
    await go();
    await page.locator('.pkg-products-container .pkg-product').first().waitFor();
    await plainInput(page).focus();
    await page.keyboard.type('jacket', { delay: 20 });
    await expect.poll(() => loaderErrors.length).toBe(1);
    expect(loaderErrors[0]).toContain('The instant-search code could not be loaded');
    expect(scripts).toContain(searchFiles[0]);
    // The theme's input kept the text and focus; Enter submits its form by GET.
    expect(await plainInput(page).inputValue()).toBe('jacket');
    expect(await page.locator('.site-header').getByRole('combobox').count()).toBe(0);
    await Promise.all([page.waitForURL(/\/search\?/), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('jacket');
    expect(loaderErrors).toHaveLength(1);
    await page.close();
  });

  it("quick view's file is fetched on the first click, which shows the page busy until the dialog opens; a file that cannot be loaded closes it again with one console error", async () => {
    const { page, scripts, loaderErrors, go } = await openBusy('/collections/hoodies-and-sweatshirts-men');
    // The file's answer waits until the busy mark was seen.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route((url) => url.pathname.endsWith(`/${quickViewFile}`), async (route) => {
      await released;
      await route.continue();
    });
    await go();
    await page.locator('.pkg-products-container .pkg-product').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).not.toContain(quickViewFile);
    await page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    const busy = page.getByRole('progressbar', { name: 'Chaz Kangeroo Hoodie' });
    await busy.waitFor();
    expect(scripts).toContain(quickViewFile);
    release();
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await dialog.waitFor();
    expect(await busy.count()).toBe(0);
    expect(loaderErrors).toEqual([]);
    await page.close();

    const failing = await openBusy('/collections/hoodies-and-sweatshirts-men');
    await failing.page.route((url) => url.pathname.endsWith(`/${quickViewFile}`), (route) => route.fulfill({ status: 404, body: 'gone' }));
    await failing.go();
    await failing.page.locator('.pkg-products-container .pkg-product').first().waitFor();
    await failing.page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    await expect.poll(() => failing.loaderErrors.length).toBe(1);
    expect(failing.loaderErrors[0]).toContain('The quick view could not be loaded');
    await expect.poll(() => failing.page.locator('.pkg-quickview-loading, .pkg-quickview').count()).toBe(0);
    // The listing still works: the product's own link leads to it.
    await Promise.all([failing.page.waitForURL(/\/products\/chaz-kangeroo-hoodie/), failing.page.locator('.pkg-products-container a[href*="chaz-kangeroo-hoodie"]').first().click()]);
    await failing.page.close();
  });
});
