// Visual regression of the demo shop's main pages in the default theme: desktop (1280) and phone
// (390), light and dark (prefers-color-scheme, so the default follows the shopper's system). Each
// state is loaded once and captured in both schemes. Baselines: e2e/visual/baselines; update them
// with `UPDATE_SCREENSHOTS=1 pnpm --filter @apps/demo-shop exec vitest run e2e/visual.test.ts`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, settled, startHarness, type Harness } from './harness';
import { comparePngs, matchScreenshot, MAX_DIFF_RATIO } from './screenshots';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Captures the page as it is now in light, then dark; returns the failures. */
async function bothSchemes(page: Page, name: string): Promise<string[]> {
  const failures: string[] = [];
  await page.emulateMedia({ colorScheme: 'light' });
  failures.push(await matchScreenshot(page, `${name}--light`));
  await page.emulateMedia({ colorScheme: 'dark' });
  failures.push(await matchScreenshot(page, `${name}--dark`));
  return failures.filter(Boolean);
}

describe('the demo shop looks as its baselines (default theme, light and dark)', () => {
  it('the comparison finds a changed area and passes an identical capture, so a pass means something', async () => {
    const page = await h.open('/collections/men');
    await settled(page);
    const before = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const same = await comparePngs(h.browser, before, before);
    expect(same).toMatchObject({ differing: 0 });
    await page.evaluate(() => {
      (document.querySelector('.page-title') as HTMLElement).style.cssText = 'background:#f0f;padding:40px';
    });
    const after = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const changed = await comparePngs(h.browser, before, after);
    expect('differing' in changed && changed.differing / (changed.width * changed.height)).toBeGreaterThan(MAX_DIFF_RATIO);
  });

  it('desktop: a collection page, the search page and the suggestion dropdown', async () => {
    const collection = await h.open('/collections/men', DESKTOP);
    await settled(collection);
    const failures = await bothSchemes(collection, 'desktop-collection');
    const box = collection.locator('.site-header .pkg-search-box').getByRole('combobox');
    await box.click();
    await box.pressSequentially('jack');
    await collection.getByRole('listbox').waitFor();
    await collection.waitForFunction(() => !document.querySelector('.pkg-suggest__loading'));
    failures.push(...(await bothSchemes(collection, 'desktop-suggestions')));
    const search = await h.open('/search?q=jacket', DESKTOP);
    await settled(search);
    failures.push(...(await bothSchemes(search, 'desktop-search')));
    expect(failures).toEqual([]);
  });

  it('phone: a collection page, its filter drawer open, and the search page', async () => {
    const page = await h.open('/collections/women', PHONE);
    await settled(page);
    const failures = await bothSchemes(page, 'phone-collection');
    await page.locator('.pkg-mobile-tree__toggle').click();
    await page.locator('.pkg-mobile-tree__panel').waitFor();
    failures.push(...(await bothSchemes(page, 'phone-drawer')));
    const search = await h.open('/search?q=jacket', PHONE);
    await settled(search);
    failures.push(...(await bothSchemes(search, 'phone-search')));
    expect(failures).toEqual([]);
  });
});
