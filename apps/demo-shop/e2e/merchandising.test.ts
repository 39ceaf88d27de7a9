// The shop owner's synonyms and merchandising rules as a shopper meets them, in Chromium: the demo
// shop runs with its rules file (apps/demo-shop/merchandising.json): "jumper" finds sweatshirts
// (a one-way synonym), and a search for "sweatshirt" shows the pinned hoodie first and the
// owner's banner third in the grid; typing that query shows the banner in the suggestion
// dropdown. Then variant-level filtering: Size and Color selected match only products with one
// variant that has both (in stock, with the variant availability setting).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEngine, type Catalog } from '@pkg/engine';
import { address, filterOption, routeWithFilterSettings, searchBox, settled, sharedHarness, titles, total } from './harness';

const rules = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'merchandising.json'), 'utf8')) as {
  rules: Array<{ query: string; pin: Array<{ product: string; position: number }>; banner: { position: number; text: string; link: string } }>;
};
const rule = rules.rules[0]!;

const harness = sharedHarness();
/** The grid's items in order: a product's title, or `[banner] <link name>`. */
const gridItems = (page: Page) =>
  page.locator('.pkg-products-container .pkg-product-list > li').evaluateAll((lis) =>
    lis.map((li) => (li.classList.contains('pkg-product-list__banner') ? `[banner] ${li.querySelector('a')?.textContent ?? ''}` : (li.querySelector('.pkg-product__title')?.textContent ?? ''))),
  );

describe('merchandising rules and synonyms in the demo shop (Chromium)', () => {
  it('a shopper searching "jumper" (a word no product has) finds the sweatshirts through the owner\'s synonym', async () => {
    const h = harness();
    const page = await h.open('/collections/all');
    await settled(page);
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('jumper', { delay: 20 });
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=jumper$/);
    await settled(page);
    expect(address(page)).toBe('/search?q=jumper');
    const shown = await titles(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.some((t) => /sweatshirt/i.test(t))).toBe(true);
    expect(shown.some((t) => /jumper/i.test(t))).toBe(false);
    // The same catalog without the owner's rules finds nothing for it; with them, what "sweatshirt" finds.
    const bare = createEngine(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'data', 'luma', 'catalog.json'), 'utf8')) as Catalog);
    expect(bare.search({ q: 'jumper' }).total_product).toBe(0);
    expect(await total(page)).toBe(bare.search({ q: 'sweatshirt' }).total_product);
    await page.close();
  });

  it('a search for the rule\'s query shows the pinned product first and the banner at its position, a named link not counted as a product', async () => {
    const page = await harness().open(`/search?q=${rule.query}`);
    await settled(page);
    await page.locator('.pkg-product-list__banner').waitFor();
    const items = await gridItems(page);
    expect(items[0]).toBe('Chaz Kangeroo Hoodie');
    expect(items.indexOf(`[banner] ${rule.banner.text}`)).toBe(rule.banner.position - 1);
    const banner = page.getByRole('link', { name: rule.banner.text });
    expect(await banner.getAttribute('href')).toBe(rule.banner.link);
    // Products counted: the total and the product items leave the banner out.
    const products = await page.locator('.pkg-products-container .pkg-product').count();
    expect(items.length).toBe(products + 1);
    expect(await total(page)).toBeGreaterThanOrEqual(products);
    // The banner is a link the keyboard reaches, and it leads to the owner's page.
    await banner.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === rule.banner.link);
    await page.close();
  });

  it('typing the rule\'s query shows the owner\'s banner in the suggestion dropdown, outside the listbox; Tab reaches its link and Enter follows it', async () => {
    const page = await harness().open('/collections/all');
    await settled(page);
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially(rule.query, { delay: 20 });
    const dropdown = page.locator('.site-header .pkg-suggest__dropdown');
    const banner = dropdown.getByRole('group', { name: 'From the shop' }).getByRole('link', { name: rule.banner.text });
    await banner.waitFor();
    expect(await banner.getAttribute('href')).toBe(rule.banner.link);
    expect(await dropdown.getByRole('listbox').getByRole('link', { name: rule.banner.text }).count()).toBe(0);
    // A word short of the query: no banner.
    await box.press('Backspace');
    await dropdown.getByRole('listbox').waitFor();
    await page.waitForFunction(() => document.querySelector('.site-header .pkg-suggest__banners') === null);
    await box.press('t');
    await banner.waitFor();
    // Keyboard: Tab leaves the box for the banner link (the dropdown stays open), Enter follows it.
    await box.focus();
    for (let i = 0; i < 5 && !(await banner.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await banner.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === rule.banner.link);
    await page.close();
  });

  it('[F7.1] Size XS + Color Black with in-stock variants only: a product needs one variant that is both and in stock; counts and card photos agree', async () => {
    // Chaz Kangeroo Hoodie has XS in stock (other colours) and Black in stock (other sizes), but
    // its XS/Black variant is sold out: it is not a match.
    const h = harness();
    const page = await h.browser.newPage();
    await routeWithFilterSettings(page, h, { variantAvailable: true });
    await page.goto(`${h.url}/collections/hoodies-and-sweatshirts-men?pf_opt_size=XS&pf_opt_color=Black`);
    await settled(page);
    const shown = await titles(page);
    expect(shown).not.toContain('Chaz Kangeroo Hoodie');
    expect([...shown].sort()).toEqual(['Bruno Compete Hoodie', 'Hero Hoodie', 'Mach Street Sweatshirt', 'Stark Fundamental Hoodie', 'Teton Pullover Hoodie']);
    expect(await total(page)).toBe(5);
    // The colour counts are taken variant by variant: Black's count is the listing's total.
    const black = filterOption(page, 'Color').locator('.pkg-filter-item', { hasText: 'Black' }).locator('.pkg-filter-item__count');
    expect((await black.innerText()).trim()).toBe('(5)');
    // Each card shows the photo of its black variant.
    const photos = await page.locator('.pkg-products-container .pkg-product__image').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    expect(photos).toHaveLength(5);
    for (const src of photos) expect(src).toMatch(/-black_main\.jpg$/);
    await page.close();
  });

  it('Size M + Color Orange: each card links to its matching variant (?variant=), quick view opens on it, add to cart adds it, and the product page opens on it', async () => {
    const catalog = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'data', 'luma', 'catalog.json'), 'utf8')) as Catalog;
    const variantsOf = new Map(catalog.products.map((p) => [p.handle, p.variants]));
    const chaz = variantsOf.get('chaz-kangeroo-hoodie')!.find((v) => v.options?.[0] === 'M' && v.options?.[1] === 'Orange')!;
    const page = await harness().open('/collections/hoodies-and-sweatshirts-men?pf_opt_size=M&pf_opt_color=Orange');
    await settled(page);
    const links = await page.locator('.pkg-products-container .pkg-product .pkg-product__link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBe(await total(page));
    // Every link names a variant of its product that is M and Orange.
    for (const href of links) {
      const url = new URL(href, 'http://shop.test');
      const variant = variantsOf.get(url.pathname.split('/').pop()!)?.find((v) => String(v.id) === url.searchParams.get('variant'));
      expect([href, variant?.options]).toEqual([href, ['M', 'Orange']]);
    }
    const card = page.locator('.pkg-products-container .pkg-product', { hasText: 'Chaz Kangeroo Hoodie' });
    expect(new URL((await card.locator('.pkg-product__link').getAttribute('href'))!, 'http://shop.test').search).toBe(`?variant=${chaz.id}`);
    // Quick view starts on the matching variant.
    await page.getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    expect(await dialog.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'Orange' }).isChecked()).toBe(true);
    // Escape closes it wherever the focus is: wait for the focus its effect moves in, take the
    // focus out of the dialog, then press Escape; the opener gets the focus back.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.evaluate((d) => (d.ownerDocument.activeElement as HTMLElement).blur());
    expect(await dialog.evaluate((d) => d.ownerDocument.activeElement === d.ownerDocument.body)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Quick view, Chaz Kangeroo Hoodie');
    // The listing's add to cart adds that variant, not the product's first available one.
    await page.getByRole('button', { name: 'Add to cart, Chaz Kangeroo Hoodie', exact: true }).click();
    await page.locator('.site-header .pkg-minicart__panel').waitFor({ state: 'visible' });
    const lines = await page.evaluate(async () => ((await (await fetch('/cart.js')).json()) as { items: Array<{ variant_id: number | string }> }).items.map((i) => String(i.variant_id)));
    expect(lines).toEqual([String(chaz.id)]);
    // The product page opens on the variant the link names.
    await page.goto(new URL((await card.locator('.pkg-product__link').getAttribute('href'))!, harness().url).href);
    expect(await page.locator('#variant').inputValue()).toBe(String(chaz.id));
    expect(await page.locator('.product__media img').getAttribute('src')).toBe(chaz.image);
    await page.close();
  });
});
