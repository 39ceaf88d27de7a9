// Rules of the wire data (the filter answer's options, values and products; the suggestion
// answer) proven on the assembled demo shop in Chromium: the engine's real answer is read as the
// page receives it and compared with what the page shows.
// Not observable from outside: [S9.21] the 99999 inventory fallback is kept on the normalised product, and no view shows inventory.
// Not observable from outside (S3.1, S3.2; asserted in core-filter's normalize-product tests): template_suffix, split_product,
// media kept only when of type image (no view shows media), per-currency price copies and a gift card's skipped conversion
// (the demo's answers carry neither), prices in cents (only the embedded no-result JSON and theme views send cents).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editJsonAnswers, routeWithSettings, settled, startHarness, titles, total, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface WireValue { key?: string; label?: string; doc_count?: number; tag?: string; displayName?: string }
interface WireOption { filterOptionId: string; filterType: string; displayType: string; label: string; position: number; status: string; selectType: string; sortType?: string; manualValues?: string[]; prefix?: string; values: WireValue[] | { min: number; max: number } }
interface WireProduct { id: number; title: string; vendor: string; images_info: Array<{ src: string }>; price_min: number }
interface FilterAnswer { total_product: number; from_cache: boolean; event_type: string; products: WireProduct[]; filter: { options: WireOption[] } }

const tree = (page: Page) => page.locator('#pkg-filter-tree');
const option = (page: Page, id: string) => tree(page).locator(`[data-option-id="${id}"]`);
const shownLabels = (page: Page, id: string) => option(page, id).locator('.pkg-filter-item__label').allInnerTexts();

describe('wire data rules (Chromium)', () => {
  it('[F3.13] [S3.5] [F3.1] [F3.3] [F3.4] [F3.7] [F3.9] [F3.14] [F4.1] the filter answer as shown: total and products in order, options by position (a one-value range and sub-categories left out), single select as radios, values sorted by the option sort type, tag prefixes removed, counts', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/filter');
    await page.goto(`${h.url}/collections/men`);
    const answer = (await (await answered).json()) as FilterAnswer;
    await settled(page);
    // F3.13 / S3.5: the answer's fields; total and products are what the page shows.
    expect(Object.keys(answer)).toEqual(expect.arrayContaining(['filter', 'products', 'total_product', 'from_cache', 'event_type']));
    expect(answer.event_type).toBe('init');
    expect(await total(page)).toBe(answer.total_product);
    expect(await titles(page)).toEqual(answer.products.map((p) => p.title));
    // F3.14: each product card from the product's title, vendor, first image and lowest price.
    const first = page.locator('.pkg-products-container .pkg-product').first();
    const p0 = answer.products[0]!;
    expect(await first.locator('.pkg-product__vendor').innerText()).toBe(p0.vendor);
    expect(await first.locator('img').getAttribute('src')).toBe(p0.images_info[0]!.src);
    expect(await first.locator('.pkg-price__current').innerText()).toMatch(new RegExp(`\\$${p0.price_min.toFixed(2).replace('.', '\\.')}$`));

    // F3.1 / F3.2 / F3.3 / F4.1 / F4.3: the shown options are the active ones in position order,
    // minus the sub-category option and the range whose min equals its max (Weight, 454 g).
    const opts = answer.filter.options;
    expect(new Set(opts.map((o) => o.filterType))).toEqual(new Set(['collection', 'multi_level_tag', 'product_type', 'vendor', 'option', 'price', 'percent_sale', 'review_ratings', 'stock', 'tag', 'weight']));
    const weight = opts.find((o) => o.filterOptionId === 'pf_w_weight')!;
    expect(weight.values).toEqual({ min: 454, max: 454 });
    expect(opts.find((o) => o.displayType === 'sub_category')?.status).toBe('active');
    const expected = [...opts]
      .filter((o) => o.status === 'active' && o.displayType !== 'sub_category' && o.filterOptionId !== 'pf_w_weight' && (Array.isArray(o.values) ? o.values.length > 0 : true))
      .sort((a, b) => a.position - b.position)
      .map((o) => o.filterOptionId);
    expect(await tree(page).locator('[data-option-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option-id')))).toEqual(expected);
    expect(await tree(page).locator('.pkg-filter-option__toggle').allInnerTexts()).toEqual(expected.map((id) => opts.find((o) => o.filterOptionId === id)!.label));
    // F3.4: single select (Rating) as radios, multiple (Brand) as checkboxes.
    expect([opts.find((o) => o.filterOptionId === 'pf_r_rating')!.selectType, await option(page, 'pf_r_rating').getByRole('radio').count()]).toEqual(['single', 4 + 1]);
    expect([opts.find((o) => o.filterOptionId === 'pf_v_vendor')!.selectType, await option(page, 'pf_v_vendor').getByRole('radio').count()]).toEqual(['multiple', 0]);

    // F3.7 / F3.9: values ordered by the sort type: Brand by count (descending), Climate by key,
    // Size naturally; tag prefixes (material:) removed; counts from doc_count.
    for (const id of ['pf_v_vendor', 'pf_t_climate', 'pf_opt_size', 'pf_t_material']) await option(page, id).getByRole('button', { name: 'View more' }).click();
    const brand = opts.find((o) => o.filterOptionId === 'pf_v_vendor')!;
    const brandValues = brand.values as WireValue[];
    expect(brand.sortType).toBe('doc_count-desc');
    expect(await shownLabels(page, 'pf_v_vendor')).toEqual([...brandValues].sort((a, b) => b.doc_count! - a.doc_count!).map((v) => v.key));
    expect(await option(page, 'pf_v_vendor').locator('.pkg-filter-item__count').allInnerTexts()).toEqual([...brandValues].sort((a, b) => b.doc_count! - a.doc_count!).map((v) => `(${v.doc_count})`));
    const climate = await shownLabels(page, 'pf_t_climate');
    expect(climate).toEqual([...climate].sort((a, b) => a.localeCompare(b)));
    // Size (key-asc, valueType all, sortManualValues): the owner's manual values first, in their
    // order; the rest after them in natural order, numbers by value (6 foot before 10 foot).
    const sizes = await shownLabels(page, 'pf_opt_size');
    const size = opts.find((o) => o.filterOptionId === 'pf_opt_size')! as WireOption & { valueType: string; sortManualValues: boolean };
    expect([size.sortType, size.valueType, size.sortManualValues]).toEqual(['key-asc', 'all', true]);
    const sizeKeys = (size.values as WireValue[]).map((v) => v.key!);
    const manualShown = size.manualValues!.filter((m) => sizeKeys.includes(m));
    expect(manualShown.length).toBeGreaterThan(3);
    expect(sizes.slice(0, manualShown.length)).toEqual(manualShown);
    expect(sizes.slice(manualShown.length, manualShown.length + 3)).toEqual(['6 foot', '8 foot', '10 foot']);
    expect(sizes).toHaveLength(sizeKeys.length);
    const material = opts.find((o) => o.filterOptionId === 'pf_t_material')!;
    expect((material.values as WireValue[])[0]!.key).toMatch(/^material:/);
    expect(await shownLabels(page, 'pf_t_material')).toEqual((material.values as WireValue[]).map((v) => v.key!.slice('material:'.length)));
    await page.close();
  });

  it('[S3.1] [S3.2] a product\'s fields as the shop sends them, as the shopper sees them: images numbered from 1 with https added, the no-image URL, content for a missing body_html, the theme\'s html value, and a variant\'s merged options, price, compare-at price and featured image in quick view', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/images\/|cdn\.example\.test/, (route) => route.fulfill({ status: 204 }));
    await routeWithSettings(page, h, (s) => void (s.general = { ...(s.general as object), no_image_url: '/cdn/shop/no-image.png' }));
    let ids: string[] = [];
    await editJsonAnswers<{ products: Array<Record<string, unknown>> }>(page, /\/api\/filter/, (answer) => {
      const a = answer.products.find((p) => p.title === 'Chaz Kangeroo Hoodie')!;
      const [b, c, d] = answer.products.filter((p) => p !== a) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
      ids = [a, b, c, d].map((p) => String(p.id));
      // Protocol-relative photos; a video among the media.
      a.images_info = [{ src: '//cdn.example.test/a-1.jpg' }, { src: '//cdn.example.test/a-2.jpg' }];
      a.media = [{ media_type: 'video', src: '//cdn.example.test/clip.mp4' }, { media_type: 'image', src: '//cdn.example.test/a-1.jpg' }];
      // The variant size M / colour Orange: its own price, compare-at price and featured image (no image field).
      const variant = (a.variants as Array<{ merged_options: string[] } & Record<string, unknown>>).find((v) => v.merged_options.includes('size:M') && v.merged_options.includes('color:Orange'))!;
      Object.assign(variant, { price: 12.34, compare_at_price: 56.78, featured_image: { src: '//cdn.example.test/a-orange.jpg' }, available: true });
      delete variant.image;
      // No photos at all; no body_html but content; the theme's own item HTML.
      b.images_info = [];
      b.media = [];
      delete c.body_html;
      c.content = '<p>Written in <b>content</b>.</p>';
      d.html = { value: '<div class="theme-html-card">From the theme</div>', theme_id: 1 };
    });
    await page.goto(`${h.url}/collections/hoodies-and-sweatshirts-men?display=list`);
    await settled(page);
    const item = (n: number) => page.locator(`.pkg-products-container .pkg-product-list__item[data-product-id="${ids[n]}"]`);
    expect(await item(0).locator('.pkg-product__title').innerText()).toBe('Chaz Kangeroo Hoodie');
    expect(await item(0).locator('img.pkg-product__image').getAttribute('src')).toMatch(/^https:\/\/cdn\.example\.test\/a-1(_\w+)?\.jpg$/);
    expect(await item(1).locator('img.pkg-product__image').getAttribute('src')).toMatch(/^\/cdn\/shop\/no-image(_\w+)?\.png$/);
    // Shop HTML renders once the sanitiser file has arrived: poll for it.
    await expect.poll(() => item(2).locator('.pkg-product__description').innerText()).toBe('Written in content.');
    expect(await item(3).locator('.theme-html-card').innerText()).toBe('From the theme');
    expect(await item(3).locator('.pkg-product').count()).toBe(0);

    // Quick view: the two photos as thumbnails, then the variant M / Orange found by its merged options.
    await item(0).getByRole('button', { name: 'Quick view, Chaz Kangeroo Hoodie', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Chaz Kangeroo Hoodie' });
    await dialog.waitFor();
    expect(await dialog.locator('.pkg-quickview__thumb').count()).toBe(2);
    await dialog.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
    await dialog.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'Orange' }).check();
    await expect.poll(() => dialog.locator('.pkg-quickview__image').getAttribute('src')).toBe('https://cdn.example.test/a-orange.jpg');
    const price = await dialog.locator('.pkg-price').innerText();
    expect(price).toContain('$12.34');
    expect(price).toContain('$56.78');
    // The second photo of the numbered map, https added.
    await dialog.locator('.pkg-quickview__thumb').nth(1).click();
    expect(await dialog.locator('.pkg-quickview__image').getAttribute('src')).toBe('https://cdn.example.test/a-2.jpg');
    await page.close();
  });

  it('[S3.4] [S3.6] the suggestion answer as shown: suggestions, collections (title, link to the handle), products and the total in view all', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    await page.goto(`${h.url}/collections/men`);
    await settled(page);
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/suggest' && new URL(r.url()).searchParams.get('q') === 'hood');
    await box.fill('hood');
    const answer = (await (await answered).json()) as { query: string; event_type: string; total_product: number; suggestions: string[]; collections: Array<{ title: string; handle: string; id: number }>; pages: unknown[]; products: Array<{ title: string; handle: string }> };
    expect([answer.query, answer.event_type]).toEqual(['hood', 'suggest']);
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await list.waitFor();
    const options = await list.getByRole('option').evaluateAll((els) => els.map((e) => ({ text: (e.querySelector('.pkg-suggest__product-title') ?? e).textContent, href: e.getAttribute('href') })));
    expect(options.slice(0, answer.suggestions.length).map((o) => o.text)).toEqual(answer.suggestions);
    const collections = options.slice(answer.suggestions.length, answer.suggestions.length + answer.collections.length);
    expect(collections).toEqual(answer.collections.map((c) => ({ text: c.title, href: `/collections/${c.handle}` })));
    const products = options.filter((o) => o.href?.startsWith('/products/'));
    expect(products.map((o) => o.href?.split('?')[0])).toEqual(answer.products.map((p) => `/products/${p.handle}`));
    expect(options.at(-1)!.text).toBe(`View all ${answer.total_product} products`);
    await page.close();
  });
});
