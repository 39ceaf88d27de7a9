// Starts the demo shop on a free port and a headless Chromium (flags from scripts/chromium.mjs).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { launchOptions } from '../../../scripts/chromium.mjs';
import { startDemoShop, type CatalogName } from '../src/server.mjs';

export const artifactsDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'artifacts');

export interface Harness {
  url: string;
  browser: Browser;
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  analyticsRecords(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Starts the shop and the browser. `catalog` names one of catalogs.mjs's catalogs (default `luma`),
 * e.g. `luma-scaled:100000` or `luma-wide-option:10000` for the scale journeys.
 */
export async function startHarness(options: { catalog?: CatalogName; dataDir?: string; insightsToken?: string } = {}): Promise<Harness> {
  const shop = await startDemoShop({ port: 0, ...options, catalog: options.catalog ?? 'luma' });
  const browser = await chromium.launch(launchOptions as Parameters<typeof chromium.launch>[0]);
  mkdirSync(artifactsDir, { recursive: true });
  const pages: Page[] = [];
  return {
    url: shop.url,
    browser,
    async open(path, viewport = DESKTOP) {
      const page = await browser.newPage({ viewport });
      pages.push(page);
      page.on('pageerror', (e) => console.error(`[e2e] page error on ${path}: ${e.message}`));
      await page.goto(shop.url + path);
      return page;
    },
    async analyticsRecords() {
      const res = await fetch(`${shop.url}/api/analytics`);
      return (await res.json()) as Array<Record<string, unknown>>;
    },
    async close() {
      for (const p of pages) await p.close().catch(() => {});
      await browser.close();
      await shop.close();
    },
  };
}

/**
 * One shop and browser for the tests of a file: started before them, closed after them. Returns
 * the harness's getter (valid inside tests and hooks).
 */
export function sharedHarness(options: Parameters<typeof startHarness>[0] = {}): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(options);
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!h) throw new Error('[e2e] the shared harness is not started yet');
    return h;
  };
}

/** The header's instant-search box (the loader replaced the theme's plain form with it). */
export const searchBox = (page: Page) => page.locator('.site-header .pkg-search-box').getByRole('combobox');

/** The address bar's path and query, decoded for readable assertions. */
export const address = (page: Page) => {
  const u = new URL(page.url());
  return decodeURIComponent((u.pathname + u.search).replace(/\+/g, ' '));
};

/** Where the product count is shown: the toolbar, or on the search page the products panel's total line (S2.20). */
const TOTAL = '.pkg-toolbar__total, .pkg-search-panel--products .pkg-search-panel__total';
export const totalText = (page: Page) => page.locator(TOTAL).first().innerText();
/** The product count: `23 products`, or `Showing 1–12 of 25 results` on the search page. */
export const total = async (page: Page) => {
  const text = await totalText(page);
  const of = text.match(/of (\d+)/);
  return Number(of ? of[1] : (text.match(/\d+/)?.[0] ?? NaN));
};
export const titles = (page: Page) => page.locator('.pkg-products-container .pkg-product__title').allInnerTexts();
export const vendors = (page: Page) => page.locator('.pkg-products-container .pkg-product__vendor').allInnerTexts();

/** Waits until the listing shows products and no request is in flight. */
export async function settled(page: Page): Promise<void> {
  await page.locator('.pkg-products-container .pkg-product').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.pkg-product-list[aria-busy="true"]'));
  await searchSettled(page);
}

/**
 * Waits until the instant-search boxes' code (a theme file loaded once the page is idle after the
 * first answer, or when the shopper reaches a box) has mounted them, or could not be loaded; at
 * once on a page without boxes. A journey that types into the theme's own input starts after it.
 */
export async function searchSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => 'PkgLoader' in window);
  await page.evaluate(() => (window as unknown as { PkgLoader: { search: { ready?: Promise<void> } | null } }).PkgLoader.search?.ready);
}

/** Waits for the toolbar's total to differ from `before`. */
export async function totalChanges(page: Page, before: string): Promise<void> {
  await page.waitForFunction(([sel, b]) => document.querySelector(sel as string)?.textContent !== b, [TOTAL, before]);
  await settled(page);
}

/**
 * Routes the page's filter calls through, holding back the answers of those `hold` picks until
 * `release()`: an older request whose answer arrives after a newer one's. Counts the calls and
 * lists the held ones' URLs.
 */
export async function holdFilterAnswers(page: Page, hold: (url: URL) => boolean): Promise<{ release(): void; calls(): number; held(): string[] }> {
  let release!: () => void;
  const waiting = new Promise<void>((r) => (release = r));
  let calls = 0;
  const held: string[] = [];
  await page.route(/\/api\/filter/, async (route) => {
    calls++;
    const url = route.request().url();
    if (hold(new URL(url))) held.push(url);
    // A request the page aborts meanwhile has nothing left to answer.
    const real = await route.fetch().catch(() => null);
    if (held.includes(url)) await waiting;
    if (real) await route.fulfill({ response: real }).catch(() => {});
  });
  return { release, calls: () => calls, held: () => [...held] };
}

/**
 * Puts each word in the search box (one input event each, so a loaded machine's slow key presses
 * cannot split a word into several terms), waiting after each until its suggest call went out.
 */
export async function typeWordsAwaitingCalls(page: Page, box: Locator, words: readonly string[]): Promise<void> {
  for (const w of words) {
    const out = page.waitForRequest((r) => r.url().includes('/api/suggest') && new URL(r.url()).searchParams.get('q') === w);
    await box.fill(w);
    await out;
  }
}

/** The desktop tree's option titled `label` (its title may carry the applied count, "Brand (2)"). */
export const filterOption = (page: Page, label: string) =>
  page.locator('#pkg-filter-tree .pkg-filter-option').filter({ has: page.locator('.pkg-filter-option__toggle', { hasText: new RegExp(`^${label}(\\s*\\(\\d+\\))?$`) }) });

export const sortSelect = (page: Page) => page.locator('.pkg-toolbar__sort select');

/** The sort values the toolbar offers, other than the current one. */
export async function otherSorts(page: Page): Promise<string[]> {
  const current = await sortSelect(page).inputValue();
  return (await sortSelect(page).locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).filter((v) => v !== current);
}

/** The first-page titles of /collections/all sorted by `sort`, loaded on a page of their own (photos skipped). */
export async function referenceTitles(h: Harness, sort: string): Promise<string[]> {
  const ref = await h.browser.newPage();
  await ref.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  await ref.goto(`${h.url}/collections/all?sort=${sort}`);
  await settled(ref);
  const out = await titles(ref);
  await ref.close();
  return out;
}

const SETTINGS_BLOCK = /(<script type="application\/json" id="pkg-settings">)([\s\S]*?)(<\/script>)/;

/**
 * Serves the shop's pages to `page` with `filter` merged into their settings block, the way a shop
 * owner would set it. Every page served this way must have a settings block.
 */
export async function routeWithFilterSettings(page: Page, h: Pick<Harness, 'url'>, filter: Record<string, unknown>): Promise<void> {
  await routeWithSettings(page, h, (settings) => {
    settings.filter = { ...(settings.filter as Record<string, unknown> | undefined), ...filter };
  });
}

/** Like routeWithFilterSettings, with any change of the whole settings block (`edit` changes it in place). */
export async function routeWithSettings(page: Page, h: Pick<Harness, 'url'>, edit: (settings: Record<string, unknown>) => void): Promise<void> {
  await page.route(
    (u) => u.origin === h.url && !/^\/(?:api|assets|images)\//.test(u.pathname) && !u.searchParams.has('view'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = await res.text();
      const m = SETTINGS_BLOCK.exec(html);
      if (!m) throw new Error(`[e2e] no settings block on ${route.request().url()}`);
      const settings = JSON.parse(m[2]!) as Record<string, unknown>;
      edit(settings);
      const json = JSON.stringify(settings).replace(/</g, '\\u003c');
      await route.fulfill({ response: res, body: html.replace(SETTINGS_BLOCK, `$1${json}$3`) });
    },
  );
}

/**
 * Answers `page`'s requests matching `pattern` with the shop's own JSON answer as `edit` changes
 * it (in place or by returning a new one): a shop's data in a shape the demo's catalogue has not.
 */
export async function editJsonAnswers<T = Record<string, unknown>>(page: Page, pattern: RegExp, edit: (answer: T) => T | void): Promise<void> {
  await page.route(pattern, async (route) => {
    const res = await route.fetch();
    const answer = (await res.json()) as T;
    await route.fulfill({ response: res, json: edit(answer) ?? answer });
  });
}

/** The API calls (`/api/...`) a page made, as URLs, kept from before its first load. */
export interface Watched {
  page: Page;
  /** Every `/api/` request so far, in order. */
  calls: URL[];
  /** The `/api/filter` and `/api/search` calls so far. */
  listingCalls(): URL[];
  /** The last listing call's parameter `name` (all values for repeated keys). */
  last(name: string): string | null;
}

/**
 * Opens `path` in a new page that records its `/api/` calls from the start, with photos answered
 * empty (faster; the journeys here do not look at them) and, if given, the settings edited.
 */
export async function openWatched(h: Harness, path: string, options: { settings?: (s: Record<string, unknown>) => void; viewport?: { width: number; height: number }; photos?: boolean } = {}): Promise<Watched> {
  const page = await h.browser.newPage({ viewport: options.viewport ?? DESKTOP });
  page.on('pageerror', (e) => console.error(`[e2e] page error on ${path}: ${e.message}`));
  if (!options.photos) await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  if (options.settings) await routeWithSettings(page, h, options.settings);
  const calls: URL[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) calls.push(u);
  });
  await page.goto(h.url + path);
  const listingCalls = () => calls.filter((u) => u.pathname === '/api/filter' || u.pathname === '/api/search');
  return {
    page,
    calls,
    listingCalls,
    last(name) {
      const l = listingCalls().at(-1);
      if (!l) return null;
      const all = l.searchParams.getAll(name).concat(l.searchParams.getAll(`${name}[]`));
      return all.length ? all.join(',') : null;
    },
  };
}

// axe-core in the page (WCAG 2 A/AA rules plus best practices).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe on the page as it is now (or on the part `within` selects); one readable line per violation. */
export async function violations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: Document | { include: string[] }, o: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] })).violations;
  }, within);
  return found.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
