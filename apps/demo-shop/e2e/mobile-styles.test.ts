// The mobile filter tree in each of the six mobile styles (F2.9-F2.11), at a phone viewport, on
// the demo collection page. The style comes from the page's settings block (`filter.mobileStyle`);
// the test rewrites that block as the page is served, the way a shop owner would set it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, PHONE, routeWithFilterSettings, settled, startHarness, total, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Opens a collection page at phone size with `filter.mobileStyle` set in its settings block. */
async function openStyled(path: string, mobileStyle: string): Promise<Page> {
  const page = await h.browser.newPage({ viewport: PHONE });
  page.on('pageerror', (e) => console.error(`[e2e] page error on ${path} (${mobileStyle}): ${e.message}`));
  await routeWithFilterSettings(page, h, { mobileStyle });
  await page.goto(h.url + path);
  await settled(page);
  return page;
}

const noScroll = (page: Page) => page.evaluate(() => document.body.classList.contains('pkg-no-scroll'));
const panel = (page: Page) => page.locator('.pkg-mobile-tree__panel');

async function openTree(page: Page) {
  await page.locator('.pkg-mobile-tree__toggle').click();
  await panel(page).waitFor();
  await expect.poll(() => noScroll(page)).toBe(true);
}

describe('mobile tree styles at a phone viewport (Chromium)', () => {
  it('[F2.6, F2.9] default: the whole tree in an off-canvas panel; a value filters, Show Results closes and the body scrolls again', async () => {
    const page = await openStyled('/collections/women', 'default');
    const before = await total(page);
    await openTree(page);
    expect(await panel(page).locator('.pkg-filter-tree').count()).toBe(1);
    const box = panel(page).locator('input.pkg-filter-item__input:not(:disabled)').first();
    await box.check();
    await expect.poll(() => total(page)).toBeLessThan(before);
    expect(address(page)).toMatch(/\?pf_/);
    await panel(page).getByRole('button', { name: /^Show Results \(\d+\)$/ }).click();
    await expect.poll(() => panel(page).isHidden()).toBe(true);
    await expect.poll(() => noScroll(page)).toBe(false);
    await page.close();
  });

  for (const style of ['style2', 'style2-fullwidth', 'style4'] as const) {
    it(`[F2.9, F2.10, F4.25] ${style}: one option at a time with its name, a ${style === 'style4' ? "'Apply'" : "'Back'"} button and its own clear; clear-all only when nothing is open; reopening starts from the list`, async () => {
      const page = await openStyled('/collections/women', style);
      const width = await page.evaluate(() => window.innerWidth);
      await openTree(page);
      const panelWidth = await panel(page).evaluate((e) => e.getBoundingClientRect().width);
      if (style === 'style2-fullwidth') expect(panelWidth).toBe(width);
      else expect(panelWidth).toBeLessThan(width);
      // The list of options; open Brand (a list of checkboxes).
      await panel(page).locator('.pkg-mobile-tree__option-button', { hasText: /^Brand/ }).click();
      await expect.poll(() => panel(page).locator('.pkg-mobile-tree__option-title').innerText()).toBe('Brand');
      expect(await panel(page).locator('.pkg-mobile-tree__option-button').count()).toBe(0);
      const back = panel(page).locator('.pkg-mobile-tree__option-header .pkg-button');
      expect(await back.innerText()).toBe(style === 'style4' ? 'Apply' : 'Back');
      // Focus moved to the back button (the option's button is gone from the page).
      await expect.poll(() => back.evaluate((e) => e === document.activeElement)).toBe(true);
      const before = await total(page);
      await panel(page).locator('input.pkg-filter-item__input:not(:disabled)').first().check();
      await expect.poll(() => total(page)).toBeLessThan(before);
      // The open option has its own clear button; style 2 hides clear-all while an option is open.
      const optionClear = panel(page).locator('.pkg-mobile-tree__option-header .pkg-link-button');
      expect(await optionClear.count()).toBe(1);
      const clearAll = panel(page).getByRole('button', { name: 'Clear All', exact: true });
      if (style.startsWith('style2')) expect(await clearAll.count()).toBe(0);
      await back.click();
      await panel(page).locator('.pkg-mobile-tree__option-button').first().waitFor();
      expect(await clearAll.count()).toBe(1);
      // ...and back to the option's button when the list returns.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Brand/);
      // F4.25: open an option, close the tree, reopen: the list shows again, not the option.
      await panel(page).locator('.pkg-mobile-tree__option-button').nth(1).click();
      await panel(page).locator('.pkg-mobile-tree__option-title').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => panel(page).isHidden()).toBe(true);
      await expect.poll(() => noScroll(page)).toBe(false);
      await openTree(page);
      expect(await panel(page).locator('.pkg-mobile-tree__option-title').count()).toBe(0);
      expect(await panel(page).locator('.pkg-mobile-tree__option-button').count()).toBeGreaterThan(1);
      await page.close();
    });
  }

  for (const style of ['style3', 'style3-fullwidth'] as const) {
    it(`[F2.9, F2.11] ${style}: every option stays in one list and shows its selected values under its title`, async () => {
      const page = await openStyled('/collections/women', style);
      const width = await page.evaluate(() => window.innerWidth);
      await openTree(page);
      const panelWidth = await panel(page).evaluate((e) => e.getBoundingClientRect().width);
      if (style === 'style3-fullwidth') expect(panelWidth).toBe(width);
      else expect(panelWidth).toBeLessThan(width);
      const items = panel(page).locator('.pkg-mobile-tree__options > li');
      expect(await items.count()).toBeGreaterThan(2);
      expect(await panel(page).locator('.pkg-mobile-tree__options .pkg-filter-option').count()).toBe(await items.count());
      // Pick a value in an option's block: its label appears under that option's title.
      const option = items.filter({ has: page.locator('.pkg-mobile-tree__option-button', { hasText: /^Brand/ }) });
      const box = option.locator('input.pkg-filter-item__input:not(:disabled)').first();
      const label = (await box.evaluate((e) => (e as HTMLInputElement).labels?.[0]?.innerText ?? '')).replace(/\s*\(\d+\)\s*$/, '').trim();
      expect(label.length).toBeGreaterThan(0);
      const before = await total(page);
      await box.check();
      await expect.poll(() => total(page)).toBeLessThan(before);
      await expect.poll(() => option.locator('.pkg-mobile-tree__selected').innerText()).toContain(label);
      await page.close();
    });
  }
});
