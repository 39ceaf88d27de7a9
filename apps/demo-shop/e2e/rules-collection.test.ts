// The theme's full collection page (Fitness Equipment: the header from the collection's own view,
// the in-collection search box, the toolbar, the most-popular slider), proven on the assembled
// demo shop in Chromium: one page load walks its elements, the in-collection search and the slider.
// Not observable from outside (timings; the standards forbid timed assertions): the 300 ms search
// debounce and the 300 ms slider shift. The slider's drag threshold and overshoot (S9.17) are proven with real pointer drags.
// Not observable from outside: [S2.1] [S2.2] the cart and product page kinds. core-filter's page context recognises them
// from the path, but nothing on the shopper's path acts on them: the loader mounts the filter where the theme has its
// containers, and it knows a product page by `data-product-id`.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { address, DESKTOP, editJsonAnswers, filterOption, openWatched, routeWithSettings, searchBox, settled, sharedHarness, titles, typeWordsAwaitingCalls, vendors } from './harness';

const harness = sharedHarness();
/** A new page with photos answered empty (the journeys here do not look at them). */
async function blankPage(viewport = DESKTOP): Promise<Page> {
  const page = await harness().browser.newPage({ viewport });
  await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  return page;
}

/** The page's console warnings, as they come. */
function warnings(page: Page): string[] {
  const warned: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warned.push(m.text())));
  return warned;
}
/** A filter answer's options, as the journeys edit them. */
type WireOptions = { filter: { options: Array<Record<string, unknown>> } };
const slider = (page: Page) => page.locator('.pkg-most-popular-container .pkg-slider');
const disabled = (page: Page) =>
  slider(page)
    .locator('.pkg-slider__prev, .pkg-slider__next')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled')));
const slides = (page: Page) => slider(page).locator('.pkg-slider__item').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

describe('collection page rules (Chromium)', () => {
  it('[S2.24] [S4.16] [S5.7] [S4.22] [S4.3] [F8.4] the collection page: header with title, photo, description and breadcrumb, the in-collection search (trimmed, lowercased, page 1), the toolbar and pagination; the most-popular slider navigation; the suggestion dropdown\'s lifecycle; a term with nothing at all says so', async () => {
    const w = await openWatched(harness(), '/collections/fitness-equipment?limit=4&page=2', {
      settings: (s) => {
        // F8.4: no default products when nothing matches, so the dropdown has nothing to show.
        const search = (s.search ?? {}) as Record<string, unknown>;
        s.search = { ...search, suggest: { ...(search.suggest as object), enableDefaultResult: false } };
      },
    });
    const { page } = w;
    await settled(page);

    // S2.24: title, photo (the collection's image, demo data), description, breadcrumb.
    const header = page.locator('.pkg-collection-header');
    await header.locator('img').waitFor({ state: 'attached' });
    expect(await header.locator('h1').innerText()).toBe('Fitness Equipment');
    expect(await header.locator('img').getAttribute('src')).toBe('/cdn/shop/files/ug06-lb-0.jpg');
    expect(await header.locator('.pkg-collection-header__description').innerText()).toBe('Fitness Equipment from the Luma Gear range.');
    expect(await header.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').allInnerTexts()).toEqual(['Home']);
    // The in-collection search box, sort and limit dropdowns, the display toggle, numbered pagination.
    const inCollection = page.getByRole('searchbox', { name: 'Search in this collection' });
    await inCollection.waitFor();
    expect(await page.getByLabel('Sort By').count()).toBe(1);
    expect(await page.getByLabel('Show', { exact: true }).inputValue()).toBe('4');
    expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'List' }).count()).toBe(1);
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pages.locator('.pkg-pagination__page').evaluateAll((els) => els.map((e) => `${e.textContent} ${e.getAttribute('aria-current') ?? ''}`))).toEqual(['1 ', '2 page', '3 ']);
    expect(await titles(page)).toHaveLength(4);

    // S4.16, S5.7: the words, trimmed and lowercased, narrow the collection from page 1 through
    // the search endpoint; q goes in the address, the page leaves it.
    const n = w.listingCalls().length;
    await inCollection.fill('  SPRITE  ');
    await expect.poll(() => w.listingCalls().slice(n).some((u) => u.searchParams.get('q') === 'sprite')).toBe(true);
    const call = w.listingCalls().filter((u) => u.searchParams.get('q') === 'sprite').at(-1)!;
    expect([call.pathname, call.searchParams.get('page'), call.searchParams.get('incollection_search'), call.searchParams.get('event_type'), call.searchParams.get('collection_scope')]).toEqual(['/api/search', '1', 'true', 'incollection_search', '2031']);
    expect(w.listingCalls().slice(n).every((u) => u.searchParams.get('q') === 'sprite' || u.searchParams.get('q') === null)).toBe(true);
    await expect.poll(() => address(page)).toBe('/collections/fitness-equipment?limit=4&q=sprite');
    await expect.poll(() => titles(page)).toEqual(expect.arrayContaining(['Sprite Foam Yoga Brick', 'Sprite Foam Roller', 'Sprite Yoga Strap']));
    expect((await titles(page)).every((t) => t.includes('Sprite'))).toBe(true);

    // S4.22: the slider is there because the most-popular answer has products; at index 0,
    // previous is shut and next open (more products than the 4 visible).
    await slider(page).waitFor();
    expect(await slides(page)).toEqual(['1 / 10', '2 / 10', '3 / 10', '4 / 10']);
    expect(await disabled(page)).toEqual(['true', 'false']);
    // A shift blocks further shifts until it settles: both buttons shut in the same task as the click.
    const during = await slider(page)
      .locator('.pkg-slider__next')
      .evaluate(async (next) => {
        (next as HTMLButtonElement).click();
        await new Promise((r) => setTimeout(r, 0));
        const root = next.closest('.pkg-slider')!;
        return [...root.querySelectorAll('.pkg-slider__prev, .pkg-slider__next')].map((e) => e.getAttribute('aria-disabled'));
      });
    expect(during).toEqual(['true', 'true']);
    await expect.poll(() => disabled(page)).toEqual(['false', 'false']);
    expect((await slides(page))[0]).toBe('2 / 10');
    // The last position shuts next.
    for (let i = 2; i <= 6; i++) {
      await slider(page).locator('.pkg-slider__next').click();
      await expect.poll(() => slides(page).then((s) => s[0])).toBe(`${i + 1} / 10`);
      await expect.poll(() => disabled(page).then((d) => d[0])).toBe('false');
    }
    expect(await slides(page)).toEqual(['7 / 10', '8 / 10', '9 / 10', '10 / 10']);
    expect(await disabled(page)).toEqual(['false', 'true']);

    // S4.3: the dropdown is not in the page before a term; while the first answer is on its way,
    // the loading block; then the results (links to a collection and to pages); an empty box hides it.
    const box = searchBox(page);
    const dropdown = page.locator('.pkg-suggest__dropdown');
    expect(await dropdown.count()).toBe(0);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/suggest/, async (route) => {
      const res = await route.fetch();
      if (new URL(route.request().url()).searchParams.get('q') === 'luma') await held;
      await route.fulfill({ response: res });
    });
    await box.click();
    await box.fill('luma');
    await page.locator('.pkg-suggest__loading').waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);
    release();
    await page.getByRole('listbox').waitFor();
    expect(await page.locator('.pkg-suggest__loading').count()).toBe(0);
    const links = await page.getByRole('listbox').getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(links).toEqual(expect.arrayContaining(['/collections/yoga-new', '/pages/about-us']));
    await box.fill('');
    await expect.poll(() => dropdown.count()).toBe(0);

    // F8.4: a term with no products, suggestions, collections or pages (and no default products).
    await typeWordsAwaitingCalls(page, box, ['zzqqxx']);
    const message = page.locator('.pkg-suggest__message--empty');
    await expect.poll(() => message.innerText().catch(() => '')).toBe('Sorry, nothing found for "zzqqxx".');
    expect(await message.locator('strong, b').innerText()).toBe('zzqqxx');
    expect(await page.locator('.pkg-suggest__dropdown').getByRole('option').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S9.17] the most-popular slider under a real mouse drag: towards the shut start it gives 20% of a slide and stays; 40 px snaps back; 120 px to the left shows the next slide, and the drag opens no product', async () => {
    const page = await blankPage();
    await page.goto(`${harness().url}/collections/fitness-equipment`);
    await slider(page).waitFor();
    const track = slider(page).locator('.pkg-slider__track');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    const slideWidth = (await slider(page).locator('.pkg-slider__item').first().boundingBox())!.width;
    const shift = () => track.evaluate((t) => (t as HTMLElement).style.transform);
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 6 });
    };
    // Right at index 0: previous is shut, the track follows 20% of a slide's width only.
    await drag(200);
    expect(await shift()).toBe(`translateX(${slideWidth * 0.2}px)`);
    await page.mouse.up();
    expect(await shift()).toBe('');
    expect(await slides(page)).toEqual(['1 / 10', '2 / 10', '3 / 10', '4 / 10']);
    // 40 px to the left (under the 50 px threshold): the track follows, then snaps back.
    await drag(-40);
    expect(await shift()).toBe('translateX(-40px)');
    await page.mouse.up();
    expect(await shift()).toBe('');
    expect((await slides(page))[0]).toBe('1 / 10');
    // 120 px to the left: the next slide; the press was on a product link, and it opened nothing.
    await drag(-120);
    expect(await shift()).toBe(`translateX(-${Math.min(120, slideWidth)}px)`);
    await page.mouse.up();
    await expect.poll(() => slides(page).then((s) => s[0]), { timeout: 10_000 }).toBe('2 / 10');
    await expect.poll(() => disabled(page), { timeout: 10_000 }).toEqual(['false', 'false']);
    expect(new URL(page.url()).pathname).toBe('/collections/fitness-equipment');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S2.11] a product card\'s vendor links to /collections/vendors?q={vendor}, in the listing and in the most-popular slider; the link opens that vendor\'s page', async () => {
    const page = await blankPage();
    await page.goto(`${harness().url}/collections/fitness-equipment`);
    await settled(page);
    await slider(page).waitFor();
    const links = (scope: string) =>
      page.locator(`${scope} .pkg-product__vendor`).evaluateAll((els) => els.map((e) => [e.textContent, e.querySelector('a')?.getAttribute('href') ?? null]));
    for (const scope of ['.pkg-products-container', '.pkg-most-popular-container']) {
      const found = await links(scope);
      expect(found.length).toBeGreaterThan(0);
      for (const [vendor, href] of found) expect(href).toBe(`/collections/vendors?q=${encodeURIComponent(vendor!)}`);
    }
    // A vendor whose name has a space: its page lists its products only.
    const card = page.locator('.pkg-products-container .pkg-product__vendor-link').filter({ hasText: / / }).first();
    const vendor = await card.innerText();
    await card.click();
    await page.waitForURL((u) => u.pathname === '/collections/vendors' && u.searchParams.get('q') === vendor);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe(vendor);
    expect(new Set(await vendors(page))).toEqual(new Set([vendor]));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S4.22] a most-popular answer with no more products than the slider shows: no navigation', async () => {
    const page = await blankPage();
    // The shop's own answer, cut to 3 products, as a small collection's would be.
    await editJsonAnswers<{ products: unknown[] }>(page, /view=boost-pfs-most-popular/, (answer) => ({ ...answer, products: answer.products.slice(0, 3) }));
    await page.goto(`${harness().url}/collections/fitness-equipment`);
    await slider(page).waitFor();
    expect(await slides(page)).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    expect(await disabled(page)).toEqual(['true', 'true']);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S5.7] [S5.9] [S9.15] [S9.11] the search page panels: 25 a page, a collection photo at 200x (the size before the extension), a bad collection image left blank, page excerpts cut to 264 characters plus an ellipsis', async () => {
    const page = await harness().browser.newPage();
    // The photo is asked for at its sized name, which the shop answers.
    const photo = page.waitForResponse((r) => r.url().endsWith('/cdn/shop/files/mp03-black_main_200x.jpg'));
    // The shop's collections answer with one more collection whose image is a script URL.
    await editJsonAnswers<{ collections: unknown[] }>(page, /\/api\/search\/collections/, (answer) => ({ ...answer, collections: [...answer.collections, { id: 9, title: 'Bad image', handle: 'bad-image', image: { src: 'javascript:alert(1)//x.jpg' }, body_html: '' }] }));
    const panelCalls: URL[] = [];
    page.on('request', (r) => void (/\/api\/search\/(collections|pages)/.test(r.url()) && panelCalls.push(new URL(r.url()))));
    await page.goto(`${harness().url}/search?q=luma&tab=collections`);
    const panel = page.getByRole('tabpanel');
    await panel.locator('.pkg-search-panel__link[href="/collections/bad-image"]').waitFor();
    const items = await panel.locator('.pkg-search-panel__item, li').evaluateAll((els) =>
      els.filter((e) => e.querySelector('.pkg-search-panel__link')).map((e) => [e.querySelector('.pkg-search-panel__link')!.getAttribute('href'), e.querySelector('img')?.getAttribute('src') ?? '']),
    );
    // S5.9: the collection's photo (demo data) asked for at 200x; S5.7: the bad one blank, no script URL anywhere.
    expect(items).toEqual([
      ['/collections/yoga-new', '/cdn/shop/files/mp03-black_main_200x.jpg'],
      ['/collections/bad-image', ''],
    ]);
    expect(await page.locator('[src^="javascript"], [href^="javascript"]').count()).toBe(0);
    expect((await photo).status()).toBe(200);

    // S5.9: every page's text is longer than 264 characters: each excerpt is cut (at a word) plus "...".
    await page.getByRole('tab', { name: /Pages/ }).click();
    await panel.locator('.pkg-search-panel__excerpt').first().waitFor();
    const excerpts = await panel.locator('.pkg-search-panel__excerpt').allInnerTexts();
    expect(excerpts).toHaveLength(3);
    for (const e of excerpts) {
      expect(e.endsWith('...')).toBe(true);
      expect(e.length - 3).toBeLessThanOrEqual(264);
      expect(e.length - 3).toBeGreaterThan(264 * 0.8);
    }
    // S9.11: each panel asks for 25 a page.
    expect(panelCalls.map((u) => [u.pathname, u.searchParams.get('limit')])).toEqual([
      ['/api/search/collections', '25'],
      ['/api/search/pages', '25'],
    ]);
    expect(excerpts.some((e) => e.startsWith('With more than 230 stores spanning 43 states and growing, Luma is a nationally recognized active wear manufacturer'))).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S8.6] the theme product view answers bad JSON: a console warning, and the list shows the default cards instead', async () => {
    const page = await blankPage();
    const warned = warnings(page);
    await page.route(/view=boost-pfs-product-item/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"products": [' }));
    const asked = page.waitForRequest((r) => r.url().includes('view=boost-pfs-product-item'));
    // Watches is set to the theme's product view (S7.4).
    await page.goto(`${harness().url}/collections/watches`);
    await asked;
    await expect.poll(() => warned.join('\n')).toMatch(/\[@pkg\/core-filter\] Bad JSON from the product HTML fetch; the list is not rendered from it\./);
    await settled(page);
    await expect.poll(() => page.locator('.pkg-product-list[aria-busy="true"]').count()).toBe(0);
    expect(await page.locator('.pkg-products-container .boost-pfs-product-item').count()).toBe(0);
    expect((await titles(page)).length).toBeGreaterThan(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S7.4] the theme product view on a page of 24: handles asked in batches of 20 (20, then 4); the shop wraps its JSON in template comments, which are removed, and each item is the theme\'s html value', async () => {
    const page = await blankPage();
    await routeWithSettings(page, harness(), (s) => void (s.filter = { ...(s.filter as object), themeProductView: 'boost-pfs-product-item' }));
    const batches: number[] = [];
    // As a shop's template engine sends it: comments around (and inside) the JSON.
    await page.route(/view=boost-pfs-product-item/, async (route) => {
      batches.push(decodeURIComponent(new URL(route.request().url()).pathname).replace('/collections/all/', '').split('+').length);
      const res = await route.fetch();
      const body = (await res.text()).replace(/^\{/, '{<!-- products: -->');
      await route.fulfill({ response: res, body: `<!-- BEGIN template: collection.boost-pfs-product-item -->\n${body}\n<!-- END template -->` });
    });
    await page.goto(`${harness().url}/collections/all?limit=24`);
    await page.locator('.pkg-product-list__item .boost-pfs-product-item').nth(23).waitFor();
    expect(await page.locator('.pkg-product-list__item .boost-pfs-product-item').count()).toBe(24);
    expect(batches.sort((a, b) => b - a)).toEqual([20, 4]);
    expect(await page.locator('.pkg-products-container .pkg-product').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S3.3] [S4.17] [S8.7] the theme\'s item templates: each product fills in its fields (the price in the shop\'s format) for the display in force; a display without a template warns and shows the default cards', async () => {
    const page = await blankPage();
    const warned = warnings(page);
    let dropList = false;
    // The second load: the theme has no list template.
    await page.route((u) => u.origin === harness().url && u.pathname === '/collections/tanks-men' && !u.searchParams.has('view'), async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      await route.fulfill({ response: res, body: dropList ? html.replace(/<script type="text\/template" data-pkg-item-template="list">[\s\S]*?<\/script>/, '') : html });
    });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/filter').then((r) => r.json() as Promise<{ products: Array<{ title: string; vendor: string; product_type: string; handle: string; price_min: number }> }>);
    await page.goto(`${harness().url}/collections/tanks-men`);
    const { products } = await answer;
    const grid = page.locator('.pkg-products-container .theme-item--grid');
    await expect.poll(() => grid.count()).toBe(products.length);
    const read = (sel: string) =>
      page.locator(sel).evaluateAll((els) =>
        els.map((e) => ({ title: e.querySelector('.theme-item__title')?.textContent, vendor: e.querySelector('.theme-item__vendor')?.textContent, price: e.querySelector('.theme-item__price')?.textContent, href: e.querySelector('a')?.getAttribute('href') })),
      );
    const money = (n: number) => `$${n.toFixed(2)}`;
    // S3.3: {{product.title}}, {{product.vendor}}, {{product.price_min}} (the shop's money format), {{product.handle}}.
    expect(await read('.pkg-products-container .theme-item--grid')).toEqual(products.map((p) => ({ title: p.title, vendor: p.vendor, price: money(p.price_min), href: `/products/${p.handle}` })));
    expect(await page.locator('.pkg-products-container .theme-item__type').first().innerText()).toBe(products[0]!.product_type);
    expect(await page.locator('.pkg-products-container .pkg-product__title').count()).toBe(0);
    // S4.17: the list display takes the list template.
    await page.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => page.locator('.pkg-products-container .theme-item--list').count()).toBe(products.length);
    expect(await page.locator('.pkg-products-container .theme-item--grid').count()).toBe(0);
    expect(warned.join('\n')).not.toMatch(/Missing theme item template/);

    // S8.7: the same page without a list template, opened in the list display.
    dropList = true;
    await page.goto(`${harness().url}/collections/tanks-men?display=list`);
    await expect.poll(() => warned.join('\n')).toMatch(/\[@pkg\/core-filter\] Missing theme item template for display 'list'\./);
    await settled(page);
    expect(await titles(page)).toEqual(products.map((p) => p.title));
    expect(await page.locator('.pkg-products-container .theme-item').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[S9.5] the breakpoints: up to 767 px the mobile tree, from 768 px the desktop one (a tablet up to 1199 px shows the desktop tree too)', async () => {
    const page = await blankPage({ width: 767, height: 900 });
    await page.goto(`${harness().url}/collections/men`);
    await settled(page);
    // A theme rule that displays both containers at every width (the breakpoints are the owner's,
    // not the theme's): the one not shown on this device stays out of sight all the same.
    await page.addStyleTag({ content: '.collection > .pkg-mobile-only, .collection > .pkg-desktop-only { display: block }' });
    const shown = () =>
      page.evaluate(() => {
        const seen = (el: Element) => getComputedStyle(el).display !== 'none';
        return { desktop: seen(document.querySelector('.collection__sidebar')!), mobile: seen(document.querySelector('.pkg-tree-vertical.pkg-mobile-only')!) };
      });
    await expect.poll(shown).toEqual({ desktop: false, mobile: true });
    await page.getByRole('button', { name: /Filter/ }).first().waitFor();
    await page.setViewportSize({ width: 768, height: 900 });
    await expect.poll(shown).toEqual({ desktop: true, mobile: false });
    await page.locator('.collection__sidebar .pkg-filter-option').first().waitFor();
    await page.setViewportSize({ width: 1199, height: 900 });
    await page.setViewportSize({ width: 766, height: 900 });
    await expect.poll(shown).toEqual({ desktop: false, mobile: true });
    await page.setViewportSize({ width: 1199, height: 900 });
    await expect.poll(shown).toEqual({ desktop: true, mobile: false });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[F5.6] the Price slider over 16 and 19.99 (demo data) keeps 19.99, not 19.98; a slider step above the maximum falls back to 1', async () => {
    const page = await blankPage();
    // The owner's step for the price option is 50, above the maximum.
    await editJsonAnswers<WireOptions>(page, /\/api\/search\?/, (answer) => {
      for (const o of answer.filter.options) if (o.filterType === 'price') o.sliderStep = 50;
    });
    await page.goto(`${harness().url}/collections/fitness-equipment?q=lumaflex`);
    await settled(page);
    expect((await titles(page)).sort()).toEqual(['Harmony Lumaflex™ Strength Band Kit', 'Pursuit Lumaflex™ Tone Band', 'Quest Lumaflex™ Band']);
    const price = filterOption(page, 'Price');
    const thumbs = price.getByRole('slider');
    const bounds = () => thumbs.evaluateAll((els) => els.map((e) => [e.getAttribute('aria-valuemin'), e.getAttribute('aria-valuemax'), e.getAttribute('aria-valuenow')]));
    expect(await bounds()).toEqual([
      ['16', '19.99', '16'],
      ['16', '19.99', '19.99'],
    ]);
    expect(await price.locator('.pkg-range__input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['16', '19.99']);
    // One step up from 16 is 17: the step of 50 fell back to 1.
    await thumbs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => thumbs.first().getAttribute('aria-valuenow')).toBe('17');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[F3.6] [F3.8] how an option shows more values (none: all of them, no scroll box; scrollbar; view more; view more with a scrollbar; scrollbar when unset) and its columns (style2: two)', async () => {
    const page = await blankPage();
    // The owner's option settings, as the filter answer carries them.
    const set: Record<string, Record<string, unknown>> = {
      pf_v_vendor: { showMoreType: 'none', displayColumn: 'style2' },
      pf_t_material: { showMoreType: 'scrollbar', displayColumn: 'style1' },
      pf_t_climate: { showMoreType: 'viewmore_scrollbar' },
      pf_pt_product_type: { showMoreType: undefined },
    };
    const counts: Record<string, number> = {};
    await editJsonAnswers<WireOptions>(page, /\/api\/filter/, (answer) => {
      for (const o of answer.filter.options) {
        const id = o.filterOptionId as string;
        if (set[id]) Object.assign(o, set[id]);
        if (Array.isArray(o.values)) counts[id] = o.values.length;
      }
    });
    await page.goto(`${harness().url}/collections/men`);
    await settled(page);
    const look = (id: string) =>
      page.locator(`#pkg-filter-tree [data-option-id="${id}"]`).evaluate((el) => {
        const list = el.querySelector('.pkg-filter-option__values')!;
        const css = getComputedStyle(list);
        return { values: list.querySelectorAll('li').length, viewMore: [...el.querySelectorAll('button')].some((b) => /View more/.test(b.textContent ?? '')), scroll: css.overflowY === 'auto' && css.maxHeight === '320px', columns: css.display === 'grid' ? css.gridTemplateColumns.split(' ').length : 1 };
      });
    // none: every value, no view more, no scroll box; style2: two columns.
    expect(counts.pf_v_vendor).toBeGreaterThan(5);
    expect(await look('pf_v_vendor')).toEqual({ values: counts.pf_v_vendor, viewMore: false, scroll: false, columns: 2 });
    // scrollbar: a scroll box, no view more, its first 24 values, the rest once scrolled to its end; style1: one column.
    expect(counts.pf_t_material).toBeGreaterThan(24);
    expect(await look('pf_t_material')).toEqual({ values: 24, viewMore: false, scroll: true, columns: 1 });
    await page.locator('#pkg-filter-tree [data-option-id="pf_t_material"] .pkg-filter-option__values').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => look('pf_t_material').then((l) => l.values)).toBe(counts.pf_t_material);
    // Unset: scrollbar.
    expect(await look('pf_pt_product_type')).toMatchObject({ viewMore: false, scroll: true });
    // viewmore (the catalog's own setting): view more.
    expect(await look('pf_opt_size')).toMatchObject({ viewMore: true });
    // view more with a scrollbar: view more, then all values in a scroll box.
    expect(await look('pf_t_climate')).toMatchObject({ viewMore: true, scroll: true });
    expect((await look('pf_t_climate')).values).toBeLessThan(counts.pf_t_climate!);
    await filterOption(page, 'Climate').getByRole('button', { name: 'View more' }).click();
    await expect.poll(() => look('pf_t_climate')).toMatchObject({ values: counts.pf_t_climate, scroll: true });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('[F3.15] the filter call\'s parameters: an array per option id with its _and_condition, page, sort, collection_scope, all filters behind the pf_ prefix; a collection-tag parameter (pf_ct_) travels as tags', async () => {
    const w = await openWatched(harness(), '/collections/men?sort=title-ascending&page=2');
    // The owner's Climate option matches products with all the chosen values.
    await editJsonAnswers<WireOptions>(w.page, /\/api\/filter/, (answer) => {
      for (const o of answer.filter.options) if (o.filterOptionId === 'pf_t_climate') o.useAndCondition = true;
    });
    await w.page.reload();
    await settled(w.page);
    const climate = filterOption(w.page, 'Climate');
    const before = w.listingCalls().length;
    await climate.getByRole('checkbox').nth(0).check();
    await expect.poll(() => w.listingCalls().length).toBeGreaterThan(before);
    await settled(w.page);
    const n = w.listingCalls().length;
    await climate.getByRole('checkbox').nth(1).check();
    await expect.poll(() => w.listingCalls().length).toBeGreaterThan(n);
    await settled(w.page);
    const call = w.listingCalls().at(-1)!.searchParams;
    // The first two values of the option (sorted by key): All-weather, Cold, with the option's tag prefix.
    expect(call.getAll('pf_t_climate[]')).toEqual(['climate:All-weather', 'climate:Cold']);
    expect([call.get('pf_t_climate_and_condition'), call.get('page'), call.get('sort'), call.get('collection_scope')]).toEqual(['true', '1', 'title-ascending', '2001']);
    const filterKeys = [...call.keys()].filter((k) => k.includes('climate'));
    expect(filterKeys.every((k) => k.startsWith('pf_'))).toBe(true);
    await w.page.unrouteAll({ behavior: 'ignoreErrors' });
    await w.page.close();

    // A collection's tag in the address (the collection option's id with _ct_ for _c_): sent as a tag.
    const t = await openWatched(harness(), '/collections/men?pf_ct_collection=climate:Cool');
    await settled(t.page);
    const first = t.listingCalls()[0]!.searchParams;
    expect([first.getAll('tag'), [...first.keys()].some((k) => k.startsWith('pf_ct_'))]).toEqual([['climate:Cool'], false]);
    expect(first.get('tag_mode')).toMatch(/^[12]$/);
    expect(address(t.page)).toBe('/collections/men?pf_ct_collection=climate:Cool');
    await t.page.close();
  });

  it('the infinite list loads once its end comes within 700 px of the window\'s bottom (S9.6\'s trigger; its first scroll load of 24 is in the F3.6 journey, its sticky 300 px limit in the rules-reach journey)', async () => {
    // Infinite scroll (Women's Tops): a short window, the end of the first 12 products far below.
    const w = await openWatched(harness(), '/collections/tops-women', { viewport: { width: 1280, height: 600 } });
    const { page } = w;
    await settled(page);
    const distance = () => page.locator('.pkg-infinite-scroll').evaluate((e) => e.getBoundingClientRect().top - window.innerHeight);
    /** Scrolls so the list's end lies `px` below the window's bottom, once the page has handled the scroll. */
    const scrollToDistance = (px: number) =>
      page.evaluate(async (px) => {
        const end = document.querySelector('.pkg-infinite-scroll')!.getBoundingClientRect().top + window.scrollY;
        const scrolled = new Promise((r) => window.addEventListener('scroll', r, { once: true }));
        window.scrollTo(0, end - window.innerHeight - px);
        await scrolled;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, px);
    const calls = w.listingCalls().length;
    await scrollToDistance(720);
    expect(Math.round(await distance())).toBe(720);
    expect(w.listingCalls().length).toBe(calls);
    expect(await page.locator('.pkg-products-container .pkg-product').count()).toBe(12);
    await scrollToDistance(680);
    await expect.poll(() => w.listingCalls().length).toBe(calls + 1);
    expect(w.listingCalls().at(-1)!.searchParams.get('page')).toBe('2');
    await page.close();


  });
});
