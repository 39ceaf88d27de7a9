// The built Vite theme in Chromium: served as static files (every page is index.html, as a theme
// host would serve it), the engine answering in the page.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProblems } from '../../../scripts/test-utils/page-problems';
import { startBrowserSite, type BrowserSite } from '../../../scripts/test-utils/browser-site';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };
let site: BrowserSite;
let origin = '';
let browser: Browser;

beforeAll(async () => {
  site = await startBrowserSite((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.startsWith('/assets/') ? join(dist, normalize(path).replace(/^(\.\.[/\\])+/, '')) : join(dist, 'index.html');
    readFile(file)
      .then((body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body))
      .catch(() => res.writeHead(404).end());
  });
  ({ origin, browser } = site);
});

afterAll(async () => {
  await site?.close();
});

const titles = (page: Page) => page.locator('.pkg-product__title').allTextContents();

describe('Vite theme example', () => {
  it('filters, pages and searches: tree, toolbar, listing, pagination and search box', async () => {
    const page = await browser.newPage();
    const messages = watchProblems(page);
    await page.goto(`${origin}/collections/all`);
    await expect.poll(() => titles(page)).toHaveLength(6);
    await expect.poll(() => page.locator('.pkg-toolbar__total').textContent()).toBe('16 products');

    // A brand from the tree: the address and the listing follow.
    await page.getByRole('checkbox', { name: /Globex/ }).check();
    await page.waitForURL(/pf_v_vendor=Globex/);
    await expect.poll(() => page.locator('.pkg-toolbar__total').textContent()).toBe('5 products');
    // Screen readers hear the new count from the page's polite live region.
    expect(await page.getByRole('status').filter({ hasText: 'products found' }).textContent()).toBe('5 products found');

    // Back to everything, then page 3 through the pagination links.
    await page.goBack();
    await expect.poll(() => page.locator('.pkg-toolbar__total').textContent()).toBe('16 products');
    await page.getByRole('link', { name: 'Page 3' }).click();
    await page.waitForURL(/page=3/);
    await expect.poll(() => titles(page)).toHaveLength(4);

    // The search box suggests products as the shopper types.
    await page.locator('.shop-header').getByRole('combobox').fill('trousers');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Chino Trousers')]));
    expect(messages).toEqual([]);
    await page.close();
  });

  it("on a phone, the page's tree is the mobile tree behind a Filter button; a wider window brings the tree back beside the products", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const messages = watchProblems(page);
    await page.goto(`${origin}/collections/all`);
    await expect.poll(() => page.locator('.pkg-toolbar__total').textContent()).toBe('16 products');
    expect(await page.locator('.pkg-filter-page > .pkg-filter-tree').count()).toBe(0);
    const toggle = page.locator('.pkg-filter-page__products').getByRole('button', { name: 'Filter', exact: true });
    await toggle.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: /Globex/ }).check();
    await page.waitForURL(/pf_v_vendor=Globex/);
    await expect.poll(() => page.locator('.pkg-toolbar__total').textContent()).toBe('5 products');
    // Escape closes the panel and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // A tablet held sideways: the tree is beside the products again, with the brand chosen on the phone.
    await page.setViewportSize({ width: 1024, height: 740 });
    const tree = page.locator('.pkg-filter-page > .pkg-filter-tree');
    await expect.poll(() => tree.count()).toBe(1);
    expect(await tree.getByRole('checkbox', { name: /Globex/ }).isChecked()).toBe(true);
    expect(await page.locator('.pkg-mobile-tree').count()).toBe(0);
    expect(messages).toEqual([]);
    await page.close();
  });
});
