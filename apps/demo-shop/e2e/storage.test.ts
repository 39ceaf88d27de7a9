// Storage that fails, in Chromium: disabled (every access to localStorage and sessionStorage
// throws, as in some privacy modes), full (every write throws QuotaExceededError) and corrupt
// (every key the packages use pre-seeded with broken JSON or wrong shapes). In each, filtering,
// search suggestions, recent searches and analytics keep working: what can be persisted is, what
// cannot degrades to this page's memory, and nothing throws into the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { detect, type Detector } from './hostile-detector';
import { settled, startHarness, total, totalChanges, totalText, type Harness, searchBox } from './harness';

/** The storage keys the packages use, with what a broken shop or an old version may have left there. */
const CORRUPT_LOCAL: Record<string, string> = {
  'pkg-suggest:recent-searches': '["hoodie", {"not": "a term"}, 42, null, "<script>x</script>", "tee"', // truncated JSON
  'pkg-analytics:pending': '[{"broken": true}, "x", 7]',
  'pkg-analytics:sid': 'not-a-uuid',
  'pkg-analytics:lease': '{"owner": ',
  'pkg-recently-viewed': '{"1": "not a list"}',
};
const CORRUPT_SESSION: Record<string, string> = {
  'pkg-core-filter:scroll': '{"url": "/collections/all", "position": "NaN"',
};

type Mode = 'disabled' | 'full' | 'corrupt';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/**
 * A page whose storage fails in `mode` from before the first script of every document, with
 * recent searches turned on in the shop's settings (S9.10; off by default).
 */
async function failingStoragePage(mode: Mode): Promise<{ page: Page; d: Detector }> {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const d = await detect(page, `storage ${mode}`);
  await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  await page.route(
    (u) => u.origin === h.url && !/^\/(?:api|assets|images)\//.test(u.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const html = await (await route.fetch()).text();
      const body = html.replace('"search":{', '"search":{"suggest":{"recentSearches":true},');
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    },
  );
  await page.addInitScript(
    ({ mode, local, session }) => {
      if (mode === 'disabled') {
        for (const name of ['localStorage', 'sessionStorage'] as const) {
          Object.defineProperty(window, name, {
            configurable: true,
            get() {
              throw new DOMException('The operation is insecure.', 'SecurityError');
            },
          });
        }
        return;
      }
      // A recent search stored before the storage filled up: reading still works.
      if (localStorage.getItem('pkg-suggest:recent-searches') === null) localStorage.setItem('pkg-suggest:recent-searches', mode === 'full' ? '["hoodie"]' : local['pkg-suggest:recent-searches']!);
      if (mode === 'full') {
        Storage.prototype.setItem = function setItem() {
          throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.", 'QuotaExceededError');
        };
        return;
      }
      // Corrupt: seeded once per test page (a marker in sessionStorage), so later writes stay.
      if (sessionStorage.getItem('__seeded') === null) {
        sessionStorage.setItem('__seeded', '1');
        for (const [k, v] of Object.entries(local)) localStorage.setItem(k, v);
        for (const [k, v] of Object.entries(session)) sessionStorage.setItem(k, v);
      }
    },
    { mode, local: CORRUPT_LOCAL, session: CORRUPT_SESSION },
  );
  return { page, d };
}

const recentShown = (page: Page) => page.locator('.pkg-suggest__option--recent').allInnerTexts();
const option = (page: Page, label: string) => page.locator('#pkg-filter-tree .pkg-filter-option').filter({ has: page.locator('.pkg-filter-option__toggle', { hasText: label }) });

/** What each mode keeps of the recent searches after 'jacket' was searched on an earlier page. */
const RECENT_AFTER: Record<Mode, string[]> = {
  // Nothing can be read or written: the list lives for one page only.
  disabled: [],
  // Reading works, writing does not: the list stored before the storage filled up stays as it was.
  full: ['hoodie'],
  // S5.4: a malformed stored list is treated as empty, then the new search is stored.
  corrupt: ['jacket'],
};
const MODES = ['disabled', 'full', 'corrupt'] as const;

describe('storage disabled, full or corrupt (Chromium)', () => {
  /** A different product per mode, so that each mode's analytics record is counted on its own. */
  let products: Array<{ id: string; handle: string }> = [];
  beforeAll(async () => {
    const res = await fetch(`${h.url}/api/filter?collection_scope=0&limit=${MODES.length}`);
    products = ((await res.json()) as { products: Array<{ id: number | string; handle: string }> }).products.map((p) => ({ id: String(p.id), handle: p.handle }));
  });

  for (const [n, mode] of MODES.entries()) {
    it(`[S5.4] ${mode}: filtering, suggestions, recent searches and analytics keep working; nothing throws`, async () => {
      const { page, d } = await failingStoragePage(mode);
      const done: string[] = [];

      // Filtering: a value click narrows the listing, the address follows.
      d.at(`${mode}: filtering`);
      await page.goto(`${h.url}/collections/all`);
      await settled(page);
      const all = await total(page);
      const before = await totalText(page);
      await option(page, 'Brand').getByRole('checkbox').first().check();
      await totalChanges(page, before);
      expect(await total(page)).toBeLessThan(all);
      expect(page.url()).toContain('pf_v_vendor=');
      done.push('filter');

      // Search: suggestions for a typed term, then Enter to the search page.
      d.at(`${mode}: search`);
      const box = searchBox(page);
      await box.click();
      await box.fill('');
      await box.pressSequentially('jacket', { delay: 10 });
      await page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').first().waitFor();
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'jacket');
      await settled(page);
      done.push('suggest', 'search');

      // Recent searches on the next page: what the storage could keep.
      d.at(`${mode}: recent searches`);
      await page.goto(`${h.url}/`);
      await searchBox(page).click();
      await page.waitForTimeout(150);
      expect(await recentShown(page), mode).toEqual(RECENT_AFTER[mode]);
      done.push(`recent ${JSON.stringify(RECENT_AFTER[mode])}`);

      // Analytics: a product view reaches the service exactly once.
      d.at(`${mode}: analytics`);
      const { id, handle } = products[n]!;
      const views = async () => (await h.analyticsRecords()).filter((r) => r.u === 'view_product' && String(r.pid) === id).length;
      const seen = await views();
      await page.goto(`${h.url}/products/${handle}`);
      await expect.poll(views, { timeout: 10_000 }).toBe(seen + 1);
      await d.quiet();
      await page.waitForTimeout(300);
      expect(await views()).toBe(seen + 1);
      done.push('analytics');

      if (mode === 'corrupt') {
        // The broken values were replaced or left alone, never trusted: the session id is a
        // fresh UUID and the pending list holds nothing unreadable.
        const stored = await page.evaluate(() => ({ sid: localStorage.getItem('pkg-analytics:sid'), pending: localStorage.getItem('pkg-analytics:pending'), recent: localStorage.getItem('pkg-suggest:recent-searches') }));
        expect(stored.sid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(stored.pending === null || stored.pending === '[]').toBe(true);
        expect(JSON.parse(stored.recent!)).toEqual(['jacket']);
      }
      console.log(`[storage] ${mode}: ${done.join(', ')}; findings ${d.findings.length}`);
      expect(d.findings).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
