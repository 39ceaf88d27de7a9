// The owner's insights, end to end: a shopper searches, clicks the second product, adds it to the
// cart, searches for something that does not exist and filters a collection, in Chromium on the
// demo shop with its SQLite store; then the owner opens /insights, gives the token, and the
// dashboard shows exactly those figures. Only the owner gets in: no token configured -> 404,
// wrong or missing -> 401.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDemoShop } from '../src/server.mjs';
import { settled, startHarness, violations, type Harness } from './harness';

const TOKEN = 'e2e-owner-token-7f3a';
const dataDir = mkdtempSync(join(tmpdir(), 'demo-insights-'));

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ dataDir, insightsToken: TOKEN });
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const totalOf = (page: Page, label: string) => page.locator(`[data-total="${label}"] dd`).innerText();
const rowsOf = (page: Page, caption: string) =>
  page.locator('table', { has: page.locator('caption', { hasText: caption }) }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

describe('search insights (SQLite, Chromium)', () => {
  it('shows the figures of what a shopper just did, to the owner only', async () => {
    // A search, and a click on the second product listed.
    const search = await h.open('/search?q=jacket');
    await settled(search);
    const second = search.locator('.pkg-products-container .pkg-product').nth(1);
    const title = await second.locator('.pkg-product__title').innerText();
    await second.locator('a').first().click();
    await search.waitForURL(/\/products\//);
    // An available variant (the second in the list may be sold out).
    const available = await search.locator('#variant option[data-available="true"]').last().getAttribute('value');
    await search.locator('#variant').selectOption(available ?? '');
    await search.getByRole('button', { name: 'Add to cart' }).click();
    await search.getByText('Added to cart.').waitFor();
    await expect.poll(async () => (await h.analyticsRecords()).map((r) => r.u).sort(), { timeout: 10_000 }).toEqual(['add_to_cart', 'view_product']);
    // A search that finds nothing, and a filter on a collection.
    const none = await h.open('/search?q=zzxqv');
    await none.getByRole('region', { name: /couldn't find results/ }).waitFor();
    const men = await h.open('/collections/men');
    await settled(men);
    const filter = men.locator('.pkg-filter-item__input:not(:disabled)').first();
    await filter.check();
    await men.waitForFunction(() => location.search.includes('pf_'));
    await settled(men);
    const filteredAddress = decodeURIComponent(new URL(men.url()).search.replace(/\+/g, ' '));
    // A second value on top: the first is shown in a second listing but was turned on only once.
    const oneValue = new URL(men.url()).search;
    await men.locator('.pkg-filter-item__input:not(:disabled):not(:checked)').first().check();
    await men.waitForFunction((before) => location.search !== before, oneValue);
    await settled(men);

    // The owner's dashboard.
    const page = await h.open('/insights');
    // An owner's page: search engines are asked not to list it.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await page.getByLabel('Owner token').fill(TOKEN);
    await page.getByRole('button', { name: 'Show insights' }).click();
    await page.getByRole('heading', { name: 'Totals' }).waitFor();
    expect(page.url()).not.toContain(TOKEN);
    expect(await page.evaluate(() => sessionStorage.getItem('pkg-insights-token'))).toBe(TOKEN);
    expect(await totalOf(page, 'Events')).toBe('2');
    expect(await totalOf(page, 'Searches')).toBe('2');
    expect(await totalOf(page, 'Searches with no result')).toBe('1');
    expect(await totalOf(page, 'Product clicks')).toBe('1');
    expect(await totalOf(page, 'Adds to cart')).toBe('1');
    expect((await rowsOf(page, 'Top queries')).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([['jacket', '1', '1', '1'], ['zzxqv', '1', '0', '0']]);
    expect((await rowsOf(page, 'Queries with no result')).map((r) => r[0])).toEqual(['zzxqv']);
    expect(await rowsOf(page, 'Add to cart by query')).toEqual([['jacket', '1', '0']]);
    const positions = await rowsOf(page, 'Click-through by position');
    expect(positions.find((r) => r[0] === '2')?.[2]).toBe('1');
    expect(positions.filter((r) => r[2] !== '0').map((r) => r[0])).toEqual(['2']);
    // The first value: turned on once, shown in two listings; the value is the one in the shopper's address bar.
    const filters = await rowsOf(page, 'Filter use');
    expect(filters).toHaveLength(2);
    expect(filters[0]?.[0]).toMatch(/^pf_/);
    expect([filters[0]?.[2], filters[0]?.[3]]).toEqual(['1', '2']);
    expect([filters[1]?.[2], filters[1]?.[3]]).toEqual(['1', '1']);
    expect(filteredAddress).toContain(`=${filters[0]?.[1]}`);
    expect(title.length).toBeGreaterThan(0);

    // Tables sort by their headers.
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Top queries' }) });
    await table.getByRole('button', { name: 'Query' }).click();
    expect(await table.locator('th').first().getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('button', { name: 'Query' }).click();
    expect((await rowsOf(page, 'Top queries')).map((r) => r[0])).toEqual(['zzxqv', 'jacket']);

    // A date range before today shows nothing.
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await expect.poll(() => totalOf(page, 'Events')).toBe('0');

    // Accessible: axe finds nothing on the dashboard.
    await page.getByRole('button', { name: 'All time' }).click();
    await expect.poll(() => totalOf(page, 'Events')).toBe('2');
    expect(await violations(page)).toEqual([]);
  });

  it('answers 401 to a missing or wrong token, and 404 when no token is configured', async () => {
    expect((await fetch(`${h.url}/api/insights`)).status).toBe(401);
    expect((await fetch(`${h.url}/api/insights`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${h.url}/api/insights?token=${TOKEN}`)).status).toBe(401);
    expect((await fetch(`${h.url}/api/insights`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    // The dashboard asks again when the token is refused.
    const page = await h.open('/insights');
    await page.evaluate(() => sessionStorage.setItem('pkg-insights-token', 'wrong'));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'refused' }).waitFor();
    const open = await startDemoShop({ port: 0, catalog: 'shopify-csv' });
    try {
      expect((await fetch(`${open.url}/api/insights`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
