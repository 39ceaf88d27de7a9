// Accessibility of the assembled shop in Chromium: axe-core (WCAG 2 A/AA rules plus best practices)
// over the pages as a shopper meets them, with the loader's widgets mounted into the theme and in
// their open states (suggestion dropdown, mobile filter tree, quick view, mini cart). Storybook
// checks each component alone; this checks them together with the theme, where duplicate ids
// between roots, missing landmarks or clashing roles would show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, searchBox, searchSettled, settled, startHarness, violations, type Harness } from './harness';

/** Waits for the colour transitions a scheme switch starts (axe must see the final colours). */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null))));
}

/**
 * axe in the light scheme, then again in dark (prefers-color-scheme: the default theme follows
 * it), dark findings prefixed `dark:`. The page is left in light, its colour transitions done.
 */
async function violationsLightAndDark(page: Page): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  await transitionsDone(page);
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await transitionsDone(page);
  const dark = (await violations(page)).map((v) => `dark: ${v}`);
  // Back to light, and settled: a check right after this one must not meet the buttons' colour
  // transitions half-way (text and background pass through the same grey; CI met it once).
  await page.emulateMedia({ colorScheme: 'light' });
  await transitionsDone(page);
  return [...light, ...dark];
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('accessibility of the demo shop in light and dark (axe-core in Chromium)', () => {
  it('finds a planted fault, so a clean result below means something', async () => {
    const page = await h.open('/collections/men');
    await settled(page);
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<main><img src="/x.png"><button></button></main>'));
    const found = await violations(page);
    expect(found.some((v) => v.startsWith('image-alt'))).toBe(true);
    expect(found.some((v) => v.startsWith('button-name'))).toBe(true);
  });

  it('a collection page with the filter tree and the listing, before and after a filter is applied', async () => {
    const page = await h.open('/collections/men');
    await settled(page);
    expect(await violationsLightAndDark(page)).toEqual([]);
    await page.locator('.pkg-filter-item__input:not(:disabled)').first().check();
    await page.waitForFunction(() => location.search.includes('pf_'));
    await settled(page);
    expect(await violationsLightAndDark(page)).toEqual([]);
    // Right to left: the same page mirrored by the theme's dir attribute.
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await transitionsDone(page);
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('the header search box with its suggestion dropdown open', async () => {
    const page = await h.open('/collections/men');
    await settled(page);
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    await box.click();
    await box.pressSequentially('jack', { delay: 20 });
    await page.getByRole('listbox').waitFor();
    await box.press('ArrowDown');
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('an unchanged v1 theme page (boostPFSAppConfig, the theme\'s own containers), whole page, with its search box mounted and its dropdown open', async () => {
    const page = await h.open('/collections/bottoms-women');
    await page.locator('.boost-pfs-filter-products .pkg-product').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.pkg-product-list[aria-busy="true"]'));
    await searchSettled(page);
    // One search box in sight: the theme's form, styled `display: flex` by its stylesheet, is hidden all the same.
    expect(await page.locator('#site-search').evaluate((input) => { const form = (input as HTMLInputElement).form; return [form?.hidden, form && getComputedStyle(form).display]; })).toEqual([true, 'none']);
    expect(await violationsLightAndDark(page)).toEqual([]);
    await page.locator('.pkg-search-box-mount [role="combobox"]').first().fill('short');
    await page.locator('[role="listbox"]').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('the search page with its panels', async () => {
    const page = await h.open('/search?q=jacket');
    await settled(page);
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('a search page with the owner\'s banner in the product grid and in the suggestion dropdown (merchandising.json)', async () => {
    const page = await h.open('/search?q=sweatshirt');
    await settled(page);
    await page.locator('.pkg-product-list__banner').waitFor();
    expect(await violationsLightAndDark(page)).toEqual([]);
    const box = searchBox(page);
    await box.fill('');
    await box.pressSequentially('sweatshirt', { delay: 20 });
    await page.locator('.site-header .pkg-suggest__banners .pkg-banner').waitFor();
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('the mobile filter tree open at phone size', async () => {
    const page = await h.open('/collections/women', PHONE);
    await settled(page);
    await page.locator('.pkg-mobile-tree__toggle').click();
    await page.locator('.pkg-mobile-tree__panel').waitFor();
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('quick view open, then the mini cart after an add to cart', async () => {
    const page = await h.open('/collections/hoodies-and-sweatshirts-men', DESKTOP);
    await settled(page);
    await page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    await page.getByRole('dialog').first().waitFor();
    expect(await violationsLightAndDark(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add to cart, Chaz Kangeroo Hoodie', exact: true }).click();
    await page.locator('.site-header .pkg-minicart__panel').waitFor({ state: 'visible' });
    expect(await violationsLightAndDark(page)).toEqual([]);
  });

  it('product pages: the recently-viewed slider, and the back-in-stock form of a sold-out product', async () => {
    // One page (one storage): the first product's view fills the second one's slider.
    const page = await h.open('/products/chaz-kangeroo-hoodie');
    await page.waitForFunction(() => (window as unknown as { PkgLoader?: unknown }).PkgLoader !== undefined);
    await page.goto(`${h.url}/products/teton-pullover-hoodie`);
    await page.locator('.pkg-recently-viewed-container .pkg-product__title').first().waitFor();
    expect(await violationsLightAndDark(page)).toEqual([]);
    const soldOut = await h.open('/products/strive-shoulder-pack');
    await soldOut.locator('.pkg-back-in-stock-container form').waitFor();
    expect(await violationsLightAndDark(soldOut)).toEqual([]);
  });
});
