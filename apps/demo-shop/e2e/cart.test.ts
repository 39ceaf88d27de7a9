// The cart journeys in Chromium: quick view, add to cart, the mini cart, back in stock and the
// recently-viewed slider, against the demo shop's engine (read through the server's handle).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Engine } from '@pkg/engine';
import { launchOptions } from '../../../scripts/chromium.mjs';
import { startDemoShop } from '../src/server.mjs';
import { DESKTOP, settled } from './harness';

let shop: { url: string; engine: Engine; close(): Promise<void> };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = (await startDemoShop({ port: 0 })) as typeof shop;
  browser = await chromium.launch(launchOptions as Parameters<typeof chromium.launch>[0]);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await shop?.close();
});

/** A fresh shopper (own cookies and storage); page errors and console errors are collected. */
async function shopper(): Promise<{ context: BrowserContext; open(path: string): Promise<Page>; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  const errors: string[] = [];
  return {
    context,
    errors,
    async open(path) {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`${path}: ${m.text()}`));
      await page.goto(shop.url + path);
      return page;
    },
  };
}

const cartToken = async (context: BrowserContext) => (await context.cookies(shop.url)).find((c) => c.name === 'cart')?.value ?? null;
const analytics = async () => (await (await fetch(`${shop.url}/api/analytics`)).json()) as Array<Record<string, string>>;
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('cart journeys (Chromium)', () => {
  it('[S9.12, F4.26] adds a chosen variant from quick view: the mini cart opens with the count and the line, closes by itself, and the engine holds the line', async () => {
    const s = await shopper();
    const recordsBefore = (await analytics()).length;
    const page = await s.open('/collections/hoodies-and-sweatshirts-men');
    await settled(page);
    const miniCart = page.locator('.site-header .pkg-minicart');
    await expect.poll(() => miniCart.locator('.pkg-minicart__toggle').innerText()).toBe('Cart (0)');

    const opener = page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Ids stay unique with the dialog, the mini cart and the filter UI on one page (they name each other).
    expect(await page.evaluate(() => { const seen = new Map<string, number>(); for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) ?? 0) + 1); return [...seen].filter(([, n]) => n > 1); })).toEqual([]);
    // The first available variant is chosen first; pick M / Orange instead.
    expect(await dialog.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'XS' }).isChecked()).toBe(true);
    await dialog.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
    await dialog.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'Orange' }).check();
    await dialog.getByText('In stock').waitFor();
    await dialog.getByRole('button', { name: 'Add to cart', exact: true }).click();

    // The dialog gives way to the mini cart, which shows the new count and the line.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Quick view, Chaz Kangeroo Hoodie');
    const panel = miniCart.getByRole('dialog', { name: 'Your cart' });
    await panel.waitFor({ state: 'visible' });
    expect(await miniCart.locator('.pkg-minicart__toggle').innerText()).toBe('Cart (1)');
    expect(await panel.locator('.pkg-minicart__line-title').allInnerTexts()).toEqual(['Chaz Kangeroo Hoodie - M / Orange']);
    // S9.12: it closes by itself (2000 ms; only the state is awaited here, never the time).
    await panel.waitFor({ state: 'hidden', timeout: 15_000 });

    const token = await cartToken(s.context);
    expect(token).toBeTruthy();
    const cart = shop.engine.cart(token);
    expect(cart.item_count).toBe(1);
    expect(cart.items?.map((i) => [String(i.variant_id), i.quantity])).toEqual([['1009', 1]]);

    // F4.26: the add from quick view is attributed to the product the quick view showed.
    await expect
      .poll(async () => (await analytics()).slice(recordsBefore).map((r) => [r.u, String(r.pid), r.a]), { timeout: 15_000 })
      .toEqual([
        ['quick_view', '1', 'filter'],
        ['add_to_cart', '1', 'filter'],
      ]);
    expect(s.errors).toEqual([]);
  });

  it('adds from a listing item and shows it in the header count on the next page', async () => {
    const s = await shopper();
    const page = await s.open('/collections/hoodies-and-sweatshirts-men');
    await settled(page);
    await page.getByRole('button', { name: 'Add to cart, Chaz Kangeroo Hoodie', exact: true }).click();
    await page.locator('.site-header .pkg-minicart__panel').waitFor({ state: 'visible' });
    expect(shop.engine.cart(await cartToken(s.context)).items?.map((i) => String(i.variant_id))).toEqual(['1002']);
    await page.goto(`${shop.url}/products/chaz-kangeroo-hoodie`);
    await expect.poll(() => page.locator('.site-header .pkg-minicart__toggle').innerText()).toBe('Cart (1)');
    expect(s.errors).toEqual([]);
  });

  it('keeps the open mini cart inside a phone screen wherever the theme puts its toggle', async () => {
    const s = await shopper();
    const page = await s.open('/collections/hoodies-and-sweatshirts-men');
    await page.setViewportSize({ width: 360, height: 740 });
    await settled(page);
    const width = 360;
    for (const place of ['end', 'start']) {
      // The theme's header as it is (toggle at the end), then a theme that puts the toggle first.
      if (place === 'start') await page.addStyleTag({ content: '.site-header .pkg-minicart { position: fixed; inset-inline-start: 0; top: 0; }' });
      const toggle = page.locator('.site-header .pkg-minicart__toggle');
      await toggle.click();
      const panel = page.locator('.site-header .pkg-minicart__panel');
      await panel.waitFor({ state: 'visible' });
      const box = (await panel.boundingBox())!;
      expect([place, box.x >= 0, box.x + box.width <= width]).toEqual([place, true, true]);
      await toggle.click();
      await panel.waitFor({ state: 'hidden' });
    }
    expect(s.errors).toEqual([]);
  });

  it('[F4.26] buys now from quick view: the line is added, the cart page shows it, and buy_now refers to the quick view\'s product', async () => {
    const s = await shopper();
    const recordsBefore = (await analytics()).length;
    const page = await s.open('/collections/hoodies-and-sweatshirts-men');
    await settled(page);
    await page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await dialog.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(`${shop.url}/cart`);
    const cells = await page.locator('.cart tbody tr td').allInnerTexts();
    expect([cells[0], cells[2]]).toEqual(['Chaz Kangeroo Hoodie - XS / Gray', '1']);
    expect(shop.engine.cart(await cartToken(s.context)).items?.map((i) => String(i.variant_id))).toEqual(['1002']);
    await expect
      .poll(async () => (await analytics()).slice(recordsBefore).map((r) => [r.u, String(r.pid), r.a]), { timeout: 15_000 })
      .toEqual([
        ['quick_view', '1', 'filter'],
        ['buy_now', '1', 'filter'],
      ]);
    expect(s.errors).toEqual([]);
  });

  it('keeps quick view keyboard operable: Tab stays inside, Escape closes, focus returns to the quick-view button', async () => {
    const s = await shopper();
    const page = await s.open('/collections/hoodies-and-sweatshirts-men');
    await settled(page);
    const opener = page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await dialog.waitFor();
    // The dialog takes focus in an effect after it renders: wait for that, then Tab around.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Quick view, Chaz Kangeroo Hoodie');
    expect(s.errors).toEqual([]);
  });

  it('[S3.10] records product views and shows the earlier product in the recently-viewed slider of the next product page', async () => {
    const s = await shopper();
    const first = await s.open('/products/chaz-kangeroo-hoodie');
    await first.waitForFunction(() => (window as unknown as { PkgLoader?: unknown }).PkgLoader !== undefined);
    // Nothing viewed before: no slider.
    expect(await first.locator('.pkg-recently-viewed-container .pkg-product').count()).toBe(0);
    const second = await s.open('/products/teton-pullover-hoodie');
    const slider = second.locator('.pkg-recently-viewed-container');
    await slider.locator('.pkg-product__title').first().waitFor();
    expect(await slider.locator('.pkg-product__title').allInnerTexts()).toEqual(['Chaz Kangeroo Hoodie']);
    expect(await slider.locator('a.pkg-product__link').first().getAttribute('href')).toBe('/products/chaz-kangeroo-hoodie');
    expect(await second.evaluate(() => localStorage.getItem('pkg-recently-viewed'))).toBe('["2","1"]');
    expect(s.errors).toEqual([]);
  });

  it('[F8.7, F8.8] asks for a valid address on a sold-out product, then thanks the shopper, and the engine records the request', async () => {
    const s = await shopper();
    const page = await s.open('/products/strive-shoulder-pack');
    const form = page.locator('.pkg-back-in-stock-container form');
    await form.waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart', exact: true }).isDisabled()).toBe(true);
    const before = shop.engine.backInStockRequests().length;

    await form.getByLabel('Email address').fill('shopper@nowhere');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please provide a valid email address.' }).waitFor();
    expect(await form.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(shop.engine.backInStockRequests()).toHaveLength(before);

    await form.getByLabel('Email address').fill('shopper@example.com');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('status').filter({ hasText: 'Thanks! We will notify you when this product becomes available!' }).waitFor();
    expect(shop.engine.backInStockRequests().slice(before)).toEqual([{ email: 'shopper@example.com', product_id: '149', variant_id: '149001', at: expect.any(Number) }]);
    expect(s.errors).toEqual([]);
  });

  it('shows the back-in-stock form only while the chosen variant is sold out', async () => {
    const s = await shopper();
    const page = await s.open('/products/chaz-kangeroo-hoodie');
    const form = page.locator('.pkg-back-in-stock-container form');
    await page.waitForFunction(() => document.querySelector('.pkg-back-in-stock-container')?.hasAttribute('data-pkg-initialised'));
    expect(await form.count()).toBe(0);
    await page.locator('#variant').selectOption('1001'); // XS / Black, sold out
    await form.waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart', exact: true }).isDisabled()).toBe(true);
    await page.locator('#variant').selectOption('1002'); // XS / Gray
    await form.waitFor({ state: 'detached' });
    expect(s.errors).toEqual([]);
  });
});
