// Back and Forward after every kind of change (S2.16): each history entry shows again exactly
// what it showed when it was left — address, title, selected values, refine-by, product count,
// page and scroll position — and the parameters the product does not own survive every step.
// Actions are dispatched without Playwright's scroll-into-view, so the scroll position a step
// leaves behind is the one the test chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { holdFilterAnswers, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const FOREIGN = 'utm_source=mail&preview_theme_id=7&theme_tab=b';

/** What one history entry shows. */
async function view(page: Page) {
  return page.evaluate(() => {
    const texts = (sel: string) => Array.from(document.querySelectorAll(sel), (e) => (e.textContent ?? '').trim());
    return {
      address: location.pathname + location.search,
      title: document.title,
      checked: Array.from(document.querySelectorAll<HTMLInputElement>('#pkg-filter-tree input[type=checkbox]:checked'), (e) => e.closest('label')?.textContent?.trim() ?? e.value),
      pressed: texts('#pkg-filter-tree [aria-pressed="true"]'),
      range: Array.from(document.querySelectorAll<HTMLInputElement>('#pkg-filter-tree .pkg-range__input'), (e) => e.value),
      refineBy: texts('.pkg-refine-by__value'),
      refineBlocks: document.querySelectorAll('.pkg-refine-by').length,
      total: document.querySelector('.pkg-toolbar__total')?.textContent ?? '',
      shown: document.querySelectorAll('.pkg-products-container .pkg-product').length,
      sort: document.querySelector<HTMLSelectElement>('.pkg-toolbar__sort select')?.value ?? '',
      currentPage: document.querySelector('.pkg-pagination__page--current')?.textContent ?? '',
      tab: document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '',
      scrollY: Math.round(window.scrollY),
    };
  });
}
type View = Awaited<ReturnType<typeof view>>;

/** Waits until no request is in flight and the listing (when its panel shows) has its products. */
const quiet = async (page: Page) => {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && (!document.querySelector('.pkg-products-container') || document.querySelector('.pkg-products-container .pkg-product')));
};

/** A click with no scrolling (the element's own click()). */
const press = (l: Locator) => l.evaluate((e) => (e as HTMLElement).click());

/** Sets a React-controlled input or select the way typing does (then Enter), without scrolling. */
const setValue = async (l: Locator, value: string, enter = false) => {
  await l.evaluate((e, v) => {
    const el = e as HTMLInputElement | HTMLSelectElement;
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }, value);
  // A separate task, so the typed text is rendered before Enter reads it.
  if (enter) await l.evaluate((e) => e.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
};

/** Waits until `page` shows the recorded view `want` of history entry `i`, moved to by `how`. */
async function showsEntry(page: Page, want: View, i: number, how: string): Promise<void> {
  await page.waitForFunction((a) => location.pathname + location.search === a, want.address, { timeout: 10_000 }).catch(async () => {
    throw new Error(`${how} to entry ${i}: the address is ${await page.evaluate(() => location.pathname + location.search)}, not ${want.address}`);
  });
  await quiet(page);
  // Scroll is restored once the entry's products are shown.
  await expect.poll(async () => (await view(page)).scrollY, { message: `${how} to entry ${i}: scroll` }).toBe(want.scrollY);
  // The whole view, polled until the entry's answer is shown. The range boxes change in the same
  // commit as the listing, so a view recorded as soon as the page is quiet is the entry's own.
  await expect.poll(() => view(page), { message: `${how} to entry ${i}` }).toEqual(want);
}

/**
 * Runs the steps on `page`: before each, scrolls to a position of its own and records the view
 * (the entry the step leaves); after the last, records the final view. Then goes Back through
 * every entry and Forward again, comparing each view with the recorded one.
 */
async function journey(page: Page, steps: Array<[name: string, act: () => Promise<unknown>, replaces?: 'replaces the entry']>): Promise<View[]> {
  const seen: View[] = [];
  for (const [i, [name, act, replaces]] of steps.entries()) {
    await page.evaluate((y) => window.scrollTo(0, y), 150 + 170 * i);
    // A step that rewrites the current entry (load more) leaves no entry behind.
    if (!replaces) seen.push(await view(page));
    const before = await page.evaluate(() => location.pathname + location.search + (document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''));
    await act();
    await page.waitForFunction((b) => location.pathname + location.search + (document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '') !== b, before, { timeout: 10_000 }).catch(() => {
      throw new Error(`step "${name}" did not change the address`);
    });
    await quiet(page);
  }
  seen.push(await view(page));
  const at = (i: number, how: string) => showsEntry(page, seen[i]!, i, how);
  for (let i = seen.length - 2; i >= 0; i--) {
    await page.goBack({ waitUntil: 'commit' });
    await at(i, 'Back');
  }
  for (let i = 1; i < seen.length; i++) {
    await page.goForward({ waitUntil: 'commit' });
    await at(i, 'Forward');
  }
  for (const v of seen) expect(v.address, 'foreign parameters kept').toContain(FOREIGN);
  return seen;
}

const option = (page: Page, label: string) => page.locator('#pkg-filter-tree .pkg-filter-option').filter({ has: page.locator('.pkg-filter-option__toggle', { hasText: label }) });

describe('[S2.16] Back and Forward restore every history entry (Chromium)', () => {
  it('[S2.16, S2.19] on a collection page: list value, range, sort, page, clear one, multi-level tag, multi-level collection then a vendor, clear all', async () => {
    const page = await h.open(`/collections/all?${FOREIGN}`);
    await quiet(page);
    const refine = page.locator('#pkg-filter-tree .pkg-refine-by');
    const seen = await journey(page, [
      ['list value', () => press(option(page, 'Brand').getByRole('checkbox', { name: /Luma/ }))],
      ['range', () => setValue(option(page, 'Price').locator('.pkg-range__input').first(), '30', true)],
      ['sort', () => setValue(page.locator('.pkg-toolbar__sort select'), 'price-ascending')],
      ['page', () => press(page.locator('.pkg-pagination__page', { hasText: /^2$/ }).first())],
      ['clear one', () => press(refine.getByRole('button', { name: /Clear Brand: Luma/ }))],
      ['multi-level tag', () => press(option(page, 'Department').getByRole('button', { name: /^Gear/ }))],
      ['clear all', () => press(refine.locator('.pkg-refine-by__clear-all'))],
      ['multi-level collection', () => press(option(page, 'Collection').getByRole('link', { name: /^Bags/ }))],
      ['vendor after the collection', () => press(option(page, 'Brand').getByRole('checkbox').first())],
    ]);
    // The case: Collection › Bags then a vendor; the first Back shows Bags unfiltered.
    const bags = seen.at(-2)!;
    // Clear all keeps the sort (it is no filter).
    expect(bags.address).toBe(`/collections/bags?sort=price-ascending&${FOREIGN}`);
    expect(bags.title).toMatch(/^Bags/);
    expect(bags.total).toBe('14 products');
    expect([bags.refineBy, bags.checked, seen.at(-1)!.checked.length]).toEqual([[], [], 1]);
    expect(seen[0]!.title).toBe('All products – Luma');
    expect(seen[2]!.range[0]).toBe('30');
    expect(seen.map((v) => v.scrollY).filter((y) => y > 0).length).toBeGreaterThan(5);

    // Two quick Back moves, the first one's answer (Bags) held back until the second entry (clear
    // all) is shown: the later move's answer wins, and the superseded request is cancelled.
    let moves = 0;
    const hold = await holdFilterAnswers(page, (u) => u.searchParams.get('event_type') === 'history' && ++moves === 1);
    // The page cancels a request it no longer wants: the browser reports it failed (at the
    // latest when the held answer is let go; without the cancel it would be answered).
    const failed = page.waitForEvent('requestfailed', { predicate: (r) => r.url().includes('/api/filter'), timeout: 10_000 });
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction((a) => location.pathname + location.search === a, seen[8]!.address);
    await page.goBack({ waitUntil: 'commit' });
    await showsEntry(page, seen[7]!, 7, 'A quick second Back');
    hold.release();
    expect([(await failed).url()]).toEqual(hold.held());
    expect(hold.calls()).toBe(2);
    await page.close();
  });

  it('[S2.16, S4.13] with load more: a value, then more products', async () => {
    const page = await h.open(`/collections/gear?${FOREIGN}`);
    await quiet(page);
    const seen = await journey(page, [
      ['list value', () => press(option(page, 'Brand').getByRole('checkbox').first())],
      ['load more', () => press(page.locator('.pkg-pagination__load-more')), 'replaces the entry'],
    ]);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.address).toMatch(/page=2/);
    expect(seen[1]!.shown).toBeGreaterThan(12);
    await page.close();
  });

  it('[S2.16, S2.21] on the search page: the panel tab', async () => {
    const page = await h.open(`/search?q=luma&${FOREIGN}`);
    await quiet(page);
    // The tabs' counts are set by an effect after the answer's commit (useSearchPanels), so a quiet
    // page may still show "Products (0)": the first entry is recorded once the count is shown.
    await page.waitForFunction(() => /\((?!0\))\d+\)/.test(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''));
    const seen = await journey(page, [
      ['collections tab', () => press(page.getByRole('tab', { name: /Collections/ }))],
      ['products tab', () => press(page.getByRole('tab', { name: /Products/ }))],
    ]);
    expect(seen.map((v) => v.tab.replace(/\s*\(.*$/, ''))).toEqual(['Products', 'Collections', 'Products']);
    await page.close();
  });
});
