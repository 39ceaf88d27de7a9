// What a shopper sees, checked in Chromium on the assembled demo shop: each journey here once
// failed on the default look (entity text in labels, boxes wider than the sidebar, a doubled
// title or count, a search box that forgot the term, a refused term that ended on a JSON 404, a
// term cut between < and >, empty collections offered as links, names that repeat).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, PHONE, settled, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const option = (page: Page, label: string) => page.locator('.pkg-filter-tree .pkg-filter-option').filter({ has: page.getByRole('button', { name: new RegExp(`^${label}`) }) }).first();
const headerBox = (page: Page) => page.locator('.site-header .pkg-search-box').getByRole('combobox');

describe('the default look (Chromium)', () => {
  it('[S5.2] the collection page: labels read as text, boxes fit the sidebar, names are told apart and empty collections are not links', async () => {
    const page = await h.open('/collections/women');
    await settled(page);
    // Material values: "Cocona® performance fabric", never "Cocona&reg;", and one spelling each.
    await option(page, 'Material').getByRole('button', { name: /View more/ }).click().catch(() => undefined);
    const materials = await option(page, 'Material').locator('.pkg-filter-item__label').allInnerTexts();
    expect(materials.length).toBeGreaterThan(5);
    expect(materials.filter((m) => /&[a-z#0-9]+;/i.test(m))).toEqual([]);
    expect(materials.some((m) => /[®™]/.test(m))).toBe(true);
    const lower = materials.map((m) => m.toLowerCase());
    expect(materials.filter((_, i) => lower.indexOf(lower[i] as string) !== i)).toEqual([]);

    // Every box value sits inside the sidebar, however long its label.
    const sidebar = (await page.locator('.collection__sidebar').boundingBox())!;
    const boxes = await page.locator('.collection__sidebar .pkg-filter-item--box').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(boxes.length).toBeGreaterThan(3);
    expect(Math.max(...boxes)).toBeLessThanOrEqual(sidebar.x + sidebar.width + 0.5);

    // The collection option: no title twice, no collection called "Collections". Viewed in full it
    // has more than 100 entries (collections and their tags), so it is one virtual list: scroll it through and
    // read every first-level row as it renders.
    const collection = page.locator('.collection__sidebar .pkg-filter-option').first();
    await collection.getByRole('button', { name: /View more/ }).click();
    const list = collection.locator('.pkg-multi-level-scroll');
    await list.waitFor();
    const rows = await list.evaluate(async (el) => {
      const seen = new Map<number, { text: string; off: boolean; link: boolean; button: boolean; buttonDisabled: boolean; level: number; setSize: number }>();
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (let top = 0; ; top += el.clientHeight / 2) {
        el.scrollTop = top;
        el.dispatchEvent(new Event('scroll'));
        await frame();
        for (const li of el.querySelectorAll<HTMLElement>('li[data-row]')) {
          const b = li.querySelector('button');
          seen.set(Number(li.dataset.row), {
            text: (li.querySelector(':scope > :is(a, button), :scope > * > :is(a, button)') as HTMLElement | null)?.innerText ?? li.innerText,
            off: li.classList.contains('pkg-multi-level__item--disabled'),
            link: !!li.querySelector('a'),
            button: !!b,
            buttonDisabled: !!b && (b.disabled || b.getAttribute('aria-disabled') === 'true'),
            level: Number(li.getAttribute('aria-level')),
            setSize: Number(li.getAttribute('aria-setsize')),
          });
        }
        if (top + el.clientHeight >= el.scrollHeight) break;
      }
      return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
    });
    expect(rows.length).toBeGreaterThan(100);
    const firstLevel = rows.filter((r) => r.level === 1);
    // Every first-level row was read: as many as each says its level has.
    expect(new Set(firstLevel.map((r) => r.setSize))).toEqual(new Set([firstLevel.length]));
    const names = firstLevel.map((r) => r.text.replace(/\s*\(\d+\)$/, ''));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names).not.toContain('Collections');
    expect(names).toEqual(expect.arrayContaining(["Women's Bottoms", "Men's Bottoms"]));

    // A collection with no products in Women (Bags) and its tags are shown but not links: every
    // first-level link has a count, and nothing disabled is a link.
    expect(firstLevel.filter((r) => r.link && !/\(\d+\)$/.test(r.text))).toEqual([]);
    expect(rows.filter((r) => r.off).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.off && r.link)).toEqual([]);
    const bags = firstLevel.find((r) => /^Bags/.test(r.text))!;
    expect(bags).toMatchObject({ off: true, link: false, button: true, buttonDisabled: true });
    await page.close();
  });

  it('the phone tree names its panel once', async () => {
    const page = await h.open('/collections/women', PHONE);
    await settled(page);
    await page.getByRole('button', { name: 'Filter', expanded: false }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Filter', exact: true }).count()).toBe(1);
    await page.close();
  });

  it('[S2.20] the search page shows one count line and its box keeps the term', async () => {
    const page = await h.open('/search?q=jacket');
    await settled(page);
    expect(await page.locator('.pkg-search-panel--products .pkg-search-panel__total').innerText()).toMatch(/^Showing 1–12 of \d+ results$/);
    expect(await page.locator('.pkg-toolbar__total').count()).toBe(0);
    // One visible count line (the results announcer is a live region for screen readers only).
    expect(await page.locator('main :is(p, div):visible').filter({ hasText: /^(Showing .* results|\d+ products)$/ }).count()).toBe(1);
    expect(await headerBox(page).inputValue()).toBe('jacket');
    await page.close();
  });

  it('[S4.21] the no-result view shows the term exactly as typed, angle bracket included', async () => {
    const term = 'zzqv <wwkk &xq';
    const page = await h.open(`/search?q=${encodeURIComponent(term)}`);
    const view = page.getByRole('region', { name: /couldn't find results/ });
    await view.waitFor();
    expect(await view.locator('.pkg-search-no-result__message strong').innerText()).toBe(term);
    expect(await headerBox(page).inputValue()).toBe(term);
    await page.close();
  });

  it('[F8.9] a term the engine refuses stays on the search page, says why and keeps the box; the original view is a page, not a 404', async () => {
    const term = 'jacket'.repeat(50);
    const page = await h.open(`/search?q=${term}`);
    await page.locator('.pkg-product-list__empty').waitFor();
    expect(await page.locator('.pkg-product-list__empty').innerText()).toMatch(/could not be run/);
    expect(address(page)).toBe(`/search?q=${term}`);
    expect(await headerBox(page).inputValue()).toBe(term);

    // Where the add-on does fall back (a failed service), the theme's own view answers.
    const original = await h.open(`/search?q=${term}&view=pf-original`);
    expect(await original.locator('.original-message').innerText()).toMatch(/This search could not be run: A value of "q" is longer than 256 characters/);
    expect(await original.locator('#site-search').inputValue()).toBe(term);
    const found = await h.open('/search?q=jacket&view=pf-original');
    expect(await found.locator('.original-item').count()).toBeGreaterThan(5);
    for (const p of [page, original, found]) await p.close();
  });

  it('[F3.16] a product opened from the suggestion dropdown records its view with the source suggest', async () => {
    const page = await h.open('/');
    const box = headerBox(page);
    await box.click();
    await box.pressSequentially('hoodie', { delay: 20 });
    const product = page.getByRole('option').filter({ has: page.locator('.pkg-suggest__product-title') }).first();
    await product.waitFor();
    const href = (await product.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/products\/[^?]+\?_pos=1$/);
    await product.click();
    await page.waitForURL(/\/products\//);
    const handle = href.slice('/products/'.length).split('?')[0];
    const id = await page.evaluate(() => document.documentElement.dataset.productId);
    expect(handle).toBeTruthy();
    await expect.poll(async () => (await h.analyticsRecords()).filter((r) => r.u === 'view_product' && String(r.pid) === id).map((r) => r.a), { timeout: 10_000 }).toEqual(['suggest']);
    await page.close();
  });

  it('[F8.2, F8.6] an in-collection search with no match says so; the dropdown says nothing was found for the term and offers other items', async () => {
    const page = await h.open('/collections/men?q=zzqv');
    await page.locator('.pkg-product-list__empty').waitFor();
    expect(await page.locator('.pkg-product-list__empty').innerText()).toBe('Sorry, no products matched the keyword');
    const box = headerBox(page);
    await box.click();
    await box.pressSequentially('zzqvx', { delay: 20 });
    await page.locator('.pkg-suggest__message--empty').waitFor();
    expect(await page.locator('.pkg-suggest__message--empty').innerText()).toBe('Sorry, nothing found for "zzqvx". Check out these items instead?');
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('[S7.4] a collection set to the theme product view shows the theme\'s own items, fetched at most 20 handles a call; the HTML sanitiser is a separate file loaded only there', async () => {
    const calls: string[] = [];
    const sanitiser: string[] = [];
    const page = await h.browser.newPage();
    page.on('request', (r) => {
      if (new URL(r.url()).searchParams.get('view') === 'boost-pfs-product-item') calls.push(r.url());
      if (/\/assets\/pkg-sanitizer-[^/]+\.js$/.test(new URL(r.url()).pathname)) sanitiser.push(r.url());
    });
    // A collection of plain product cards renders no shop HTML: no sanitiser is loaded.
    await page.goto(`${h.url}/collections/men`);
    await page.locator('.pkg-product-list__item').first().waitFor();
    expect(sanitiser).toEqual([]);
    await page.goto(`${h.url}/collections/watches`);
    await page.locator('.pkg-product-list__item .boost-pfs-product-item').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.pkg-product-list[aria-busy="true"]'));
    const items = await page.locator('.pkg-product-list__item').count();
    expect(items).toBeGreaterThan(0);
    expect(await page.locator('.pkg-product-list__item .boost-pfs-product-item').count()).toBe(items);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(decodeURIComponent(new URL(c).pathname).replace('/collections/all/', '').split('+').length).toBeLessThanOrEqual(20);
    // The theme's links lead to the product.
    expect(await page.locator('.boost-pfs-product-link').first().getAttribute('href')).toMatch(/^\/products\//);
    expect(sanitiser).toHaveLength(1);
    await page.close();
  });

  it('suggestions tell collections with the same name apart', async () => {
    const page = await h.open('/');
    const box = headerBox(page);
    await box.click();
    await box.pressSequentially('jackets', { delay: 20 });
    await page.getByRole('listbox').waitFor();
    const collections = await page.getByRole('option').evaluateAll((els) => els.filter((e) => (e.getAttribute('href') ?? '').startsWith('/collections/')).map((e) => e.textContent ?? ''));
    expect(collections.length).toBeGreaterThan(0);
    expect(collections.filter((c, i) => collections.indexOf(c) !== i)).toEqual([]);
    await page.close();
  });
});
